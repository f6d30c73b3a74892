import EnoteTestSupport
import Foundation
import Testing

/// RELIABILITY row 10 through the binary: a note that Emacs (its `.#note.md` lock, a dangling
/// symbolic link) or vim (its `.note.md.swp`) has open is left alone by `edit`, `set` and `rm`,
/// which say who has it and that `--force` goes ahead; with `--force` they do, and the editor's
/// lock or swap file is never touched.
@Suite struct OpenElsewhereTests {
    enum Holder: String, CaseIterable, Sendable {
        case emacs, vim
    }

    enum Change: String, CaseIterable, Sendable {
        case edit, set, rm
    }

    /// Puts the editor's lock or swap file beside `garden.md`.
    private static func open(_ vault: TemporaryVault, in holder: Holder) throws {
        switch holder {
        case .emacs:
            // Emacs: a link whose target names user, host, pid and boot time; it points nowhere.
            try FileManager.default.createSymbolicLink(atPath: vault.url(".#garden.md").path, withDestinationPath: "me@laptop.4242:1700000000")
        case .vim:
            try vault.write(".garden.md.swp", bytes: [0x62, 0x30, 0x56, 0x49, 0x4D, 0x20, 0x39])
        }
    }

    private static func run(_ change: Change, force: Bool, in vault: TemporaryVault, editor: String) throws -> EnoteProcess.Result {
        let extra = force ? ["--force"] : []
        switch change {
        case .edit: return try vault.run(["edit", "garden"] + extra, environment: ["EDITOR": editor])
        case .set: return try vault.run(["set", "garden", "--color", "blue"] + extra)
        case .rm: return try vault.run(["rm", "garden"] + extra)
        }
    }

    @Test(arguments: Holder.allCases, Change.allCases)
    func aNoteOpenInAnotherEditorNeedsForce(_ holder: Holder, _ change: Change) throws {
        // Given garden.md open in Emacs or vim
        let vault = try TemporaryVault()
        try Self.open(vault, in: holder)
        let before = try vault.tree()
        let marker = vault.base.appendingPathComponent("editor-ran").path
        let editor = try vault.script("editor", "touch '\(marker)'; printf 'Added in enote edit.\\n' >> \"$1\"")

        // When the change runs without --force, it refuses, says who has the note, and changes nothing
        let refused = try Self.run(change, force: false, in: vault, editor: editor)
        let who = holder == .emacs ? "Emacs (pid 4242)" : "vim"
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("enote: garden.md is open in \(who); close it there first, or pass --force"), "\(refused)")
        #expect(try vault.tree() == before)
        #expect(!FileManager.default.fileExists(atPath: marker), "the editor was started")

        // When it runs with --force, it goes ahead, and the lock or swap file stays as it was
        let forced = try Self.run(change, force: true, in: vault, editor: editor)
        #expect(forced.status == 0, "\(forced)")
        switch change {
        case .edit: #expect(try vault.text("garden.md").hasSuffix("Added in enote edit.\n"))
        case .set: #expect(try vault.text("garden.md").contains("color: blue"))
        case .rm: #expect(!vault.exists("garden.md") && vault.exists(".trash/garden.md"))
        }
        let lockName = holder == .emacs ? ".#garden.md" : ".garden.md.swp"
        #expect(try vault.tree()[lockName] == before[lockName])
    }
}
