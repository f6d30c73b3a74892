import Foundation
import Testing

/// Tasks in the editor (RELIABILITY row 114): a code action marks the task under the cursor done
/// or open again with the same library call as `enote task done` (the editor applies the edit;
/// the server writes nothing), and a task date that is not a day is a diagnostic where it is
/// written.
@Suite struct LspTaskTests {
    @Test("toggle the task under the cursor: one character changes, on the text as typed")
    func toggle() throws {
        let (vault, client) = try LspRenameTests.start()
        let text = "---\ntitle: Задачи\n---\n😀 日本\n- [ ] купить 牛乳 📅 2026-12-01\n  - [x] done\n"
        try vault.write("todo.md", text)
        let uri = vault.url("todo.md").absoluteString
        client.open(uri, text)
        let before = try vault.bytes("todo.md")

        let actions = LspCodeActionTests.actions(client, uri, line: 4, character: 7)
        let mark = try #require(actions.first { $0["title"] as? String == "Mark the task done" }, "\(actions)")
        #expect(try vault.bytes("todo.md") == before, "the server writes nothing")
        try LspCodeActionTests.apply(mark, to: vault)
        #expect(try vault.text("todo.md") == text.replacingOccurrences(of: "- [ ] купить", with: "- [x] купить"))

        let nested = LspCodeActionTests.actions(client, uri, line: 5, character: 0)
        #expect(nested.contains { $0["title"] as? String == "Mark the task open again" }, "\(nested)")
        #expect(!LspCodeActionTests.actions(client, uri, line: 3, character: 0).contains { ($0["title"] as? String)?.hasPrefix("Mark the task") == true })
    }

    @Test("with task_done_date the action also writes ✅ and the day")
    func doneDate() throws {
        let (vault, client) = try LspRenameTests.start()
        try vault.write(".enote/config", "task_done_date = true\n")
        let text = "- [ ] call\n"
        try vault.write("todo.md", text)
        let uri = vault.url("todo.md").absoluteString
        client.open(uri, text)
        let mark = try #require(LspCodeActionTests.actions(client, uri, line: 0, character: 0).first { $0["title"] as? String == "Mark the task done" })
        try LspCodeActionTests.apply(mark, to: vault)
        #expect(try vault.text("todo.md").range(of: #"^- \[x\] call ✅ \d{4}-\d{2}-\d{2}\n$"#, options: .regularExpression) != nil)
    }

    @Test("a task date that is not a day is a diagnostic from the signifier on")
    func badDate() throws {
        let (vault, client) = try LspDiagnosticsTests.start()
        let uri = vault.root.appendingPathComponent("todo.md").absoluteString
        client.open(uri, "# План\n- [ ] 日本 📅 2026-02-30\n```\n- [ ] 📅 never\n```\n")
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(LspDiagnosticsTests.codes(diagnostics) == ["taskDate"], "\(diagnostics)")
        #expect(LspDiagnosticsTests.range(diagnostics[0]) == [1, "- [ ] 日本 ".utf16.count, 1, "- [ ] 日本 📅 2026-02-30".utf16.count])
        #expect((diagnostics[0]["message"] as? String)?.contains("\"2026-02-30\" after 📅 is not a date") == true)
    }
}
