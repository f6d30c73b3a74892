import Foundation
import Testing

@testable import NoteVault

/// `Vault.setTask`: one marker byte through the durable writer, refused (nothing written) when
/// the line holds no task, the note changed since the revision shown, or an editor has it open
/// (RELIABILITY rows 110 and 111).
@Suite("Marking a task done")
struct TaskToggleTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "todo.md")
    let original = "---\ntitle: Todo\nupdated: 2020-01-01T00:00:00Z\n---\n- [ ] milk 📅 2026-12-01\r\n  - [x] eggs ✅ 2026-11-01\n> - [ ] quoted\n"

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("todo.md", original)
    }

    /// The offsets at which two byte arrays of the same length differ.
    static func differences(_ old: [UInt8]?, _ new: [UInt8]?) -> [Int] {
        guard let old, let new, old.count == new.count else { return [-1] }
        return old.indices.filter { old[$0] != new[$0] }
    }

    @Test("done and open again change exactly one byte each; updated is not stamped")
    func oneByte() throws {
        let vault = try sandbox.vault()
        let before = sandbox.bytes("todo.md")
        guard case .changed(_, let task) = try vault.setTask(in: path, line: 5, done: true) else { Issue.record("not changed"); return }
        #expect(task.isDone)
        let done = sandbox.bytes("todo.md")
        #expect(Self.differences(before, done).count == 1)
        #expect(sandbox.text("todo.md") == original.replacingOccurrences(of: "- [ ] milk", with: "- [x] milk"))
        _ = try vault.setTask(in: path, line: 5, done: false)
        #expect(sandbox.text("todo.md") == original)
        _ = try vault.setTask(in: path, line: 7, done: true)
        #expect(Self.differences(before, sandbox.bytes("todo.md")).count == 1, "a task in a quote")
    }

    @Test("a task already as asked is left alone")
    func unchanged() throws {
        let vault = try sandbox.vault()
        guard case .unchanged = try vault.setTask(in: path, line: 6, done: true) else { Issue.record("written"); return }
        #expect(sandbox.text("todo.md") == original)
    }

    @Test("with task_done_date, done adds ✅ and the day, open removes it")
    func doneDate() throws {
        try sandbox.write(".enote/config", "task_done_date = true\n")
        let vault = try sandbox.vault()
        _ = try vault.setTask(in: path, line: 5, done: true)
        #expect(sandbox.text("todo.md") == original.replacingOccurrences(of: "- [ ] milk 📅 2026-12-01", with: "- [x] milk 📅 2026-12-01 ✅ 2026-11-18"))
        _ = try vault.setTask(in: path, line: 6, done: false)
        #expect(sandbox.text("todo.md")?.contains("  - [ ] eggs\n") == true)
        _ = try vault.setTask(in: path, line: 5, done: false)
        _ = try vault.setTask(in: path, line: 6, done: true)
        #expect(sandbox.text("todo.md") == original.replacingOccurrences(of: "✅ 2026-11-01", with: "✅ 2026-11-18"))
    }

    @Test("a line that holds no task: refused with status 3, nothing written", arguments: [1, 4, 8, 99])
    func noTask(_ line: Int) throws {
        let vault = try sandbox.vault()
        let error = #expect(throws: VaultError.self) { try vault.setTask(in: self.path, line: line, done: true) }
        #expect(error?.kind == .race)
        if case .taskNotFound = error {} else { Issue.record("\(String(describing: error))") }
        #expect(sandbox.text("todo.md") == original)
    }

    @Test("a task line edited by hand since it was listed: the line now holds other text, and that task is what changes")
    func editedByHand() throws {
        let vault = try sandbox.vault()
        let revision = try vault.read(path).revision
        try sandbox.write("todo.md", original.replacingOccurrences(of: "- [ ] milk", with: "Milk is bought.\n- [ ] milk"))
        // With the revision the page showed: refused, nothing written.
        let error = #expect(throws: VaultError.self) { try vault.setTask(in: self.path, line: 5, done: true, revision: revision) }
        #expect(error?.kind == .race)
        #expect(sandbox.text("todo.md")?.contains("Milk is bought.\n- [ ] milk") == true)
        // Without one (the command line names a line): line 5 is now plain text.
        #expect(throws: VaultError.self) { try vault.setTask(in: self.path, line: 5, done: true) }
        #expect(sandbox.text("todo.md")?.contains("Milk is bought.\n- [ ] milk") == true)
    }

    @Test("a note open in vim or in enote edit is refused, and nothing is written", arguments: ["vim", "enote edit"])
    func openElsewhere(_ editor: String) throws {
        let vault = try sandbox.vault()
        var claim: EditClaim?
        if editor == "vim" {
            try sandbox.write(".todo.md.swp", "swap")
        } else {
            claim = try EditClaim.acquire(path, in: vault)
        }
        defer { claim?.release() }
        let error = #expect(throws: VaultError.self) { try vault.setTask(in: self.path, line: 5, done: true) }
        if case .openElsewhere = error {} else { Issue.record("\(String(describing: error))") }
        #expect(sandbox.text("todo.md") == original)
        _ = try vault.setTask(in: path, line: 5, done: true, force: true)
        #expect(sandbox.text("todo.md") != original, "--force writes anyway")
    }

    @Test("toggle edits are byte ranges an editor can apply")
    func edits() throws {
        let content = NoteContent(bytes: Array("- [ ] a\n".utf8), path: "n.md")
        let task = try #require(TaskExtractor.tasks(in: content, path: NotePath(trusted: "n.md")).first)
        #expect(task.toggleEdits(done: true, stampDay: nil) == [ByteEdit(range: 3..<4, bytes: Array("x".utf8))])
        #expect(task.toggleEdits(done: true, stampDay: CalendarDay("2026-12-01")).last == ByteEdit(range: 7..<7, bytes: Array(" ✅ 2026-12-01".utf8)))
        #expect(task.toggleEdits(done: false, stampDay: nil).isEmpty)
    }
}
