import Foundation
import Testing

@testable import NoteVault

/// `enote edit` in the library: Done saves and stamps `updated`, Cancel changes nothing,
/// emptied goes to the trash, a change on disk meanwhile keeps both versions; another editor's
/// lock or swap file stops it unless forced (row 10).
@Suite("Vault.edit and EditorLockDetector")
struct VaultEditTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "work/plan.md")
    let original = VaultSandbox.noteText(title: "Plan", body: "Original body.\n", extra: ["color: blue"])

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("work/plan.md", original)
    }

    private func editor(_ script: String) throws -> EditorSession {
        let file = try sandbox.script("editor", script)
        return EditorSession(command: EditorCommand(arguments: ["/bin/sh", file]), environment: sandbox.editorEnvironment)
    }

    private func edit(_ script: String, force: Bool = false) throws -> Result<EditResult, VaultError> {
        let vault = try sandbox.vault()
        let session = try editor(script)
        do {
            return .success(try vault.edit(path, with: session, force: force))
        } catch {
            return .failure(error)
        }
    }

    @Test("Done: the edited text is saved with `updated` stamped; only that line differs from what was typed")
    func done() throws {
        let result = try edit("sed 's/Original body./Edited body./' \"$1\" > \"$1.new\" && cat \"$1.new\" > \"$1\"")

        guard case .success(.saved(let note, let warnings)) = result else { Issue.record("\(result)"); return }
        #expect(warnings.isEmpty)
        let expected = original.replacingOccurrences(of: "Original body.", with: "Edited body.")
            .replacingOccurrences(of: "updated: 2020-01-01T00:00:00Z", with: "updated: \(VaultSandbox.stamp)")
        #expect(sandbox.text("work/plan.md") == expected)
        #expect(note.content.metadata.updated?.resolved(in: VaultSandbox.timeZone) == VaultSandbox.now)
        #expect(sandbox.tempFiles(in: "work").isEmpty)
    }

    @Test("Done on a note without front matter: the text as typed, no block added (the note never had `updated`)")
    func doneWithoutFrontMatter() throws {
        try sandbox.write("work/plan.md", "Just text\n")
        let result = try edit("printf 'Just more text\\n' > \"$1\"")

        guard case .success(.saved(let note, _)) = result else { Issue.record("\(result)"); return }
        #expect(sandbox.text("work/plan.md") == "Just more text\n")
        #expect(note.title == "Just more text")
    }

    @Test("front matter broken by the edit is saved as typed, with a warning, never rewritten")
    func brokenFrontMatter() throws {
        let broken = "---\ntitle: \"unterminated\nupdated: 2020-01-01T00:00:00Z\n---\nBody\n"
        let result = try edit("printf '%s' '\(broken)' > \"$1\"")

        guard case .success(.saved(_, let warnings)) = result else { Issue.record("\(result)"); return }
        #expect(!warnings.isEmpty)
        #expect(sandbox.text("work/plan.md") == broken)
    }

    @Test(
        "unchanged and cancelled edits change nothing",
        arguments: [
            ("true", "unchanged"),
            ("exit 1", "cancelled"),
            ("printf 'half-typed' > \"$1\"; exit 3", "cancelled"),
        ])
    func nothingChanges(script: String, kind: String) throws {
        let before = try sandbox.status("work/plan.md")
        let result = try edit(script)

        switch (result, kind) {
        case (.success(.unchanged(let note)), "unchanged"):
            #expect(note.path == path)
        case (.success(.cancelled(let status, let copy)), "cancelled"):
            #expect(status != 0)
            if let copy { #expect(FileManager.default.contents(atPath: copy) == Data("half-typed".utf8)) }
        default:
            Issue.record("\(result)")
        }
        #expect(sandbox.text("work/plan.md") == original)
        #expect(try sandbox.status("work/plan.md").fingerprint == before.fingerprint)
    }

    @Test("all text deleted: the note goes to the trash as 'emptied', its last text kept there", arguments: [": > \"$1\"", "printf '\\n  \\n\\t' > \"$1\""])
    func emptied(script: String) throws {
        let result = try edit(script)

        guard case .success(.trashed(let entry)) = result else { Issue.record("\(result)"); return }
        #expect(entry.reason == .emptied)
        #expect(entry.originalPath == "work/plan.md")
        #expect(!sandbox.exists("work/plan.md"))
        #expect(sandbox.text(".trash/work/plan.md") == original)
    }

    @Test("the editor removing its file is not an emptied note: nothing is trashed")
    func editorRemovedItsFile() throws {
        let result = try edit("rm \"$1\"")

        guard case .success(.cancelled) = result else { Issue.record("\(result)"); return }
        #expect(sandbox.text("work/plan.md") == original)
        #expect(!sandbox.exists(".trash"))
    }

    @Test("the note changed on disk during the edit: conflict, theirs in the note, ours in a conflict copy")
    func conflictDuringEdit() throws {
        let external = "---\ntitle: Plan\n---\nSaved by another editor meanwhile.\n"
        let result = try edit(
            """
            printf '%s' '\(external)' > "$VAULT/work/plan.md"
            printf '%s\\n' '---' 'title: Plan' 'updated: 2020-01-01T00:00:00Z' '---' 'Our edit.' > "$1"
            """)

        guard case .failure(let error) = result, case .write(.conflict(let conflicted, let copy?)) = error else {
            Issue.record("expected a conflict with a copy, got \(result)")
            return
        }
        #expect(conflicted == path)
        #expect(error.kind == .race)
        #expect(copy.parent?.description == "work" && copy.fileName.hasPrefix("plan.conflict-"))
        #expect(sandbox.text("work/plan.md") == external, "theirs kept")
        #expect(sandbox.text(copy.description) == "---\ntitle: Plan\nupdated: \(VaultSandbox.stamp)\n---\nOur edit.\n", "ours kept")
        #expect(sandbox.tempFiles(in: "work").isEmpty)
    }

    @Test(
        "the note (or its folder) removed during the edit: the typed text is kept in a conflict copy",
        arguments: [
            "rm \"$VAULT/work/plan.md\"",
            "rm -r \"$VAULT/work\"",
        ])
    func removedDuringEdit(removal: String) throws {
        let result = try edit("\(removal)\nprintf 'Typed while it vanished.\\n' > \"$1\"")

        guard case .failure(let error) = result, case .conflictCopy(path, let copy, noteRemoved: true, destroyRemoved: nil) = error else {
            Issue.record("expected a conflict with a copy, got \(result)")
            return
        }
        #expect(error.kind == .race)
        #expect(
            error.message.english == "work/plan.md was removed while you were editing it; your text was saved as \(copy)",
            "never 'the version on disk is kept'")
        #expect(copy.parent?.description == "work")
        #expect(sandbox.text(copy.description)?.hasSuffix("Typed while it vanished.\n") == true)
        #expect(!sandbox.exists("work/plan.md"), "not recreated behind the remover's back")
    }

    @Test("the conflict copy of a private note is private too")
    func conflictCopyMode() throws {
        try sandbox.write("work/plan.md", original, mode: 0o600)
        let result = try edit("printf 'theirs\\n' > \"$VAULT/work/plan.md\"; printf 'ours\\n' > \"$1\"")

        guard case .failure(.write(.conflict(_, let copy?))) = result else { Issue.record("\(result)"); return }
        #expect(try sandbox.status(copy.description).mode == 0o600)
        #expect(try sandbox.status("work/plan.md").mode == 0o600)
    }

    @Test("emptied while another editor changed the note: nothing is trashed")
    func emptiedConflict() throws {
        let result = try edit("printf 'theirs\\n' > \"$VAULT/work/plan.md\"; : > \"$1\"")

        guard case .failure(.write(.conflict(path, nil))) = result else { Issue.record("\(result)"); return }
        #expect(sandbox.text("work/plan.md") == "theirs\n")
        #expect(!sandbox.exists(".trash"))
    }

    @Test("a note that is not text is not opened in the editor")
    func notText() throws {
        try sandbox.writeAbsolute(sandbox.path("work/plan.md"), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])
        let marker = sandbox.base + "/ran"
        let result = try edit("touch '\(marker)'")

        guard case .failure(.notEditable) = result else { Issue.record("\(result)"); return }
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    // MARK: - Open in another editor (row 10)

    @Test(
        "Emacs's .#note.md link names the pid in its target",
        arguments: [
            ("user@host.1234:5678", Optional<Int32>.some(1234)),
            ("me@laptop.example.com.4321:1700000000", 4321),
            ("user@host.99", 99),
            ("garbage", nil),
        ])
    func emacsLock(target: String, pid: Int32?) throws {
        try sandbox.symlink(target, at: "work/.#plan.md")
        let vault = try sandbox.vault()

        let holder = try #require(EditorLockDetector.holder(of: path, in: vault))

        #expect(holder.editor == "Emacs" && holder.pid == pid)
        if let pid { #expect(holder.description == "Emacs (pid \(pid))") }
    }

    @Test("vim's swap files", arguments: [".plan.md.swp", ".plan.md.swo", ".plan.md.swn"])
    func vimSwap(name: String) throws {
        try sandbox.write("work/" + name, "swap")
        let vault = try sandbox.vault()
        #expect(EditorLockDetector.holder(of: path, in: vault) == .init(editor: "vim", pid: nil, swapFile: "work/" + name))
    }

    @Test("no lock or swap file beside the note (or one for another note): no holder")
    func noHolder() throws {
        try sandbox.write("work/.other.md.swp", "swap")
        try sandbox.symlink("user@host.1:2", at: ".#plan.md")
        let vault = try sandbox.vault()
        #expect(EditorLockDetector.holder(of: path, in: vault) == nil)
    }

    @Test("edit and set refuse a note open elsewhere, unless forced")
    func openElsewhere() throws {
        try sandbox.symlink("user@host.1234:5678", at: "work/.#plan.md")

        let refused = try edit("printf 'x\\n' > \"$1\"")
        guard case .failure(let error) = refused, case .openElsewhere(path, let holder) = error else {
            Issue.record("\(refused)")
            return
        }
        #expect(holder == "Emacs (pid 1234)")
        #expect(error.description == "work/plan.md is open in Emacs (pid 1234)")
        #expect(error.message.remedy == .closeEditorOrForce)
        #expect(sandbox.text("work/plan.md") == original)

        let vault = try sandbox.vault()
        #expect(throws: VaultError.self) { try vault.updateFrontMatter(of: path, [.set(.color, "red")]) }
        #expect(sandbox.text("work/plan.md") == original)

        guard case .success(.saved) = try edit("printf 'forced\\n' > \"$1\"", force: true) else {
            Issue.record("force did not save")
            return
        }
        #expect(sandbox.text("work/plan.md") == "forced\n")
        try vault.updateFrontMatter(of: path, [.set(.color, "red")], force: true)
        #expect(try sandbox.status("work/.#plan.md").kind == .symbolicLink, "the lock link is never touched")
    }
}
