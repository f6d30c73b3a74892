import Foundation
import Testing

/// A note whose destroy time passes while `enote edit` has it open, with a real `enote watch`
/// running: the note is not destroyed under the editor, and text that arrives already past its
/// destroy date (the saved note, a conflict copy) is never destroyed without the user being told.
@Suite("enote edit while the destroy time passes")
struct EditExpiryTests {
    let vault: TemporaryVault
    let watcher: WatchProcess

    /// A vault with `due.md`, due a few seconds from now, and a watcher running on it.
    init() throws {
        vault = try TemporaryVault(sample: false)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let soon = formatter.string(from: Date().addingTimeInterval(3))
        try vault.write("due.md", "---\ntitle: Due\ndestroy: \(soon)\n---\nOriginal text.\n")
        watcher = try WatchProcess(vault)
        try watcher.waitUntilWatching()
    }

    /// An editor that types a line, then waits until the destroy time has passed and the
    /// watcher has had time to act, noting whether the note was still in the vault; `extra`
    /// runs last.
    private func editor(extra: String = "") throws -> String {
        try vault.script(
            "slow-editor.sh",
            """
            printf 'Typed while it was due.\\n' >> "$1"
            sleep 5
            if [ -f "\(vault.root.path)/due.md" ]; then echo present; else echo gone; fi > "\(vault.base.path)/during-edit"
            \(extra)
            """)
    }

    @Test("the watcher leaves a note being edited alone, and saving a note past its destroy date says so")
    func noteBeingEditedIsNotDestroyed() throws {
        defer { watcher.kill() }
        let result = try vault.run(["edit", "due"], environment: ["EDITOR": try editor()])

        let during = try String(contentsOfFile: vault.base.path + "/during-edit", encoding: .utf8)
        #expect(during == "present\n", "the note vanished under the editor; watcher:\n\(watcher.stderr)")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("due.md"), "\(result)")
        #expect(result.stderr.contains("has passed, so the next expiry pass destroys it"), "the user is told: \(result)")
        #expect(result.stderr.contains("enote set due.md --destroy DATE"), "\(result)")
        #expect(watcher.stderr.contains("kept due.md: it is open in enote edit (pid "), "\(watcher.stderr)")
        // Nothing typed is lost: the note has it (or the trash, once a later pass took it).
        let text = (try? vault.text("due.md")) ?? (try? vault.text(".trash/due.md")) ?? ""
        #expect(text.contains("Typed while it was due."), "\(text)")
    }

    @Test("a conflict copy of a note past its destroy date is saved without that date, and the message says so")
    func conflictCopyDoesNotInheritAPastDestroyDate() throws {
        defer { watcher.kill() }
        // Another program changes the note while it is being edited.
        let result = try vault.run(
            ["edit", "due"], environment: ["EDITOR": try editor(extra: #"printf 'Changed elsewhere.\n' >> "\#(vault.root.path)/due.md""#)])

        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("the version on disk is kept and yours was saved as due.conflict-"), "\(result)")
        #expect(result.stderr.contains("had passed, so the copy was saved without one"), "\(result)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.hasPrefix("due.conflict-") }
        #expect(copies.count == 1, "\(copies)")
        // Give the watcher time to see the copy: it is not destroyed.
        usleep(1_500_000)
        let copy = try #require(copies.first)
        let text = try vault.text(copy)
        #expect(text.contains("Typed while it was due.") && !text.contains("destroy:"), "\(text)")
        #expect(!watcher.stderr.contains("expired \(copy)"), "\(watcher.stderr)")
    }
}
