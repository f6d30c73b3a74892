import Foundation
import Testing

/// The code action "move the selection into a new note": a CreateFile for a note named as
/// `enote new` names it, the selection as its content, and the selection replaced by a link in
/// the form the document already uses. Applied as an editor applies it, then checked by enote
/// itself and by the server's own diagnostics.
@Suite struct LspExtractTests {
    /// The extract action for a selection given in `encoding` columns, if offered.
    static func extract(_ client: LspClient, _ uri: String, from start: [Int], to end: [Int]) -> [String: Any]? {
        let range = ["start": ["line": start[0], "character": start[1]], "end": ["line": end[0], "character": end[1]]]
        let response = client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]])
        let actions = response?["result"] as? [[String: Any]] ?? []
        return actions.first { $0["kind"] as? String == "refactor.extract" }
    }

    /// Applies the action: the CreateFile makes an empty file, then every TextEdit is applied.
    static func apply(_ action: [String: Any], to vault: TemporaryVault, encoding: String) throws -> String {
        let edit = try #require(action["edit"] as? [String: Any])
        let changes = try #require(edit["documentChanges"] as? [[String: Any]])
        let create = try #require(changes.first { $0["kind"] as? String == "create" })
        let uri = try #require(create["uri"] as? String)
        let url = try #require(URL(string: uri))
        #expect(!FileManager.default.fileExists(atPath: url.path), "the new note must not overwrite \(url.path)")
        try Data().write(to: url)
        try LspRenameTests.apply(["documentChanges": changes.filter { $0["kind"] == nil }], to: vault, encoding: encoding)
        return String(url.path.dropFirst(vault.root.path.count + 1))
    }

    static func columns(_ text: String, _ encoding: String) -> Int {
        encoding == "utf-8" ? text.utf8.count : text.utf16.count
    }

    @Test(arguments: [("utf-16", "[[kyoto]]"), ("utf-8", "[[kyoto]]"), ("utf-16", "[Киото](../kyoto.md)"), ("utf-8", "[Киото](../kyoto.md)")])
    func theSelectionBecomesANewNoteAndALink(encoding: String, existingLink: String) throws {
        let (vault, client) = try LspRenameTests.start(encoding: encoding)
        let before = "Утро 😀 日本: "
        let text = "---\ntitle: День\n---\nСм. \(existingLink)\n\(before)Храм 清水寺 — красиво\nТекст про храм 😀.\nКонец\n"
        try vault.write("trips/day.md", text)
        let uri = vault.url("trips/day.md").absoluteString
        client.open(uri, text)
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)

        let action = try #require(
            Self.extract(client, uri, from: [4, Self.columns(before, encoding)], to: [5, Self.columns("Текст про храм 😀.", encoding)]))
        #expect(action["title"] as? String == "Move the selection into a new note")
        let created = try Self.apply(action, to: vault, encoding: encoding)
        #expect(created == "trips/храм-清水寺-красиво.md")

        let note = try vault.text(created)
        #expect(note.hasPrefix("---\ntitle: Храм 清水寺 — красиво\ncreated: "), "\(note)")
        #expect(note.hasSuffix("---\nХрам 清水寺 — красиво\nТекст про храм 😀.\n"), "\(note)")
        let shown = try vault.run("show", created, "--json")
        #expect(shown.status == 0 && shown.stdout.contains("Храм 清水寺 — красиво"), "\(shown)")

        let after = try vault.text("trips/day.md")
        let expectedLink = existingLink.hasPrefix("[[") ? "[[храм-清水寺-красиво]]" : "[Храм 清水寺 — красиво]("
        #expect(after.hasPrefix("---\ntitle: День\n---\nСм. \(existingLink)\n\(before)\(expectedLink)"), "\(after)")
        #expect(after.hasSuffix(")\nКонец\n") || after.hasSuffix("]]\nКонец\n"), "\(after)")

        // The editor tells the server about the new file and sends the edited text: the link resolves.
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": vault.url(created).absoluteString, "type": 1]]])
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": after]]])
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func noActionForAnEmptySelectionOrOneInTheFrontMatter() throws {
        let (vault, client) = try LspRenameTests.start()
        let text = "---\ntitle: 日本 😀\ncolor: red\n---\n😀 Текст 日本\n"
        try vault.write("note.md", text)
        let uri = vault.url("note.md").absoluteString
        client.open(uri, text)
        #expect(Self.extract(client, uri, from: [4, 2], to: [4, 2]) == nil)
        #expect(Self.extract(client, uri, from: [1, 0], to: [2, 5]) == nil)
        #expect(Self.extract(client, uri, from: [2, 0], to: [4, 4]) == nil)
        #expect(Self.extract(client, uri, from: [4, 0], to: [4, "😀 Текст".utf16.count]) != nil)
    }

    @Test func aTakenNameGetsTheNextFreeOneAndHeadingMarksLeaveTheTitle() throws {
        let (vault, client) = try LspRenameTests.start()
        try vault.write("храм-清水寺.md", "# Занято\n")
        let text = "# Kyoto\n## Храм 清水寺 😀 ##\nТекст\n"
        try vault.write("note.md", text)
        let uri = vault.url("note.md").absoluteString
        client.open(uri, text)
        let action = try #require(Self.extract(client, uri, from: [1, 0], to: [3, 0]))
        let created = try Self.apply(action, to: vault, encoding: "utf-16")
        #expect(created == "храм-清水寺-2.md")
        let note = try vault.text(created)
        #expect(note.hasPrefix("---\ntitle: Храм 清水寺 😀\n"), "\(note)")
        #expect(note.hasSuffix("---\n## Храм 清水寺 😀 ##\nТекст\n"), "\(note)")
        #expect(try vault.text("храм-清水寺.md") == "# Занято\n")
        // No link in the document yet: a Markdown link, relative to the note.
        #expect(try vault.text("note.md").hasPrefix("# Kyoto\n[Храм 清水寺 😀]("))
    }
}
