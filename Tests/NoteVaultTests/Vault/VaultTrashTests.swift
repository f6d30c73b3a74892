import Foundation
import Testing

@testable import NoteVault

/// `.trash/`: removing keeps structure and every version; the log remembers where a note came
/// from; restoring never replaces.
@Suite("Vault trash")
struct VaultTrashTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("work/2026/plan.md", "plan v1\n")
        try sandbox.write("groceries.md", "eggs\n")
    }

    private let plan = NotePath(trusted: "work/2026/plan.md")

    @Test("moving to the trash keeps the sub-folder structure and the bytes")
    func keepsStructure() throws {
        let vault = try sandbox.vault()

        let entry = try vault.trash.move(plan, reason: .removed)

        #expect(entry.trashedPath == "work/2026/plan.md")
        #expect(entry.originalPath == "work/2026/plan.md")
        #expect(entry.reason == .removed)
        #expect(entry.date == VaultSandbox.now)
        #expect(!sandbox.exists("work/2026/plan.md"))
        #expect(sandbox.text(".trash/work/2026/plan.md") == "plan v1\n")
        #expect(!vault.scan().notes.contains { $0.path == plan }, "a trashed note is not a note")
    }

    @Test("a second note of the same name in the trash gets -2, then -3; no version lost")
    func collisions() throws {
        let vault = try sandbox.vault()
        var trashed: [String] = []
        for version in 1...3 {
            try sandbox.write("work/2026/plan.md", "plan v\(version)\n")
            trashed.append(try vault.trash.move(plan, reason: .removed).trashedPath)
        }

        #expect(trashed == ["work/2026/plan.md", "work/2026/plan-2.md", "work/2026/plan-3.md"])
        #expect(sandbox.text(".trash/work/2026/plan.md") == "plan v1\n")
        #expect(sandbox.text(".trash/work/2026/plan-2.md") == "plan v2\n")
        #expect(sandbox.text(".trash/work/2026/plan-3.md") == "plan v3\n")
    }

    @Test("trashEntries reads the log: original path and reason for each")
    func entriesFromLog() throws {
        let vault = try sandbox.vault()
        try vault.trash.move(plan, reason: .expired)
        try sandbox.write("work/2026/plan.md", "plan v2\n")
        try vault.trash.move(plan, reason: .emptied)
        try vault.trash.move(NotePath(trusted: "groceries.md"), reason: .removed)

        let entries = vault.trash.entries()

        let byTrashed = Dictionary(uniqueKeysWithValues: entries.map { ($0.trashedPath, $0) })
        #expect(byTrashed.keys.sorted() == ["groceries.md", "work/2026/plan-2.md", "work/2026/plan.md"])
        #expect(byTrashed["work/2026/plan.md"]?.reason == .expired)
        #expect(byTrashed["work/2026/plan-2.md"]?.reason == .emptied)
        #expect(byTrashed["work/2026/plan-2.md"]?.originalPath == "work/2026/plan.md")
        #expect(byTrashed["groceries.md"]?.originalPath == "groceries.md")
        #expect(entries.allSatisfy { $0.date == VaultSandbox.now })
    }

    @Test("a file put in the trash by hand is listed with its own path")
    func entryWithoutLog() throws {
        try sandbox.write(".trash/by-hand.md", "x\n")
        let vault = try sandbox.vault()

        let entries = vault.trash.entries()

        #expect(entries.map(\.trashedPath) == ["by-hand.md"])
        #expect(entries.first?.originalPath == "by-hand.md")
    }

    @Test("restore puts the note back where it was, recreating its folders")
    func restoreRecreatesFolders() throws {
        let vault = try sandbox.vault()
        let entry = try vault.trash.move(plan, reason: .removed)
        try FileManager.default.removeItem(atPath: sandbox.path("work"))

        let restored = try vault.trash.restore(entry)

        #expect(restored == plan)
        #expect(sandbox.text("work/2026/plan.md") == "plan v1\n")
        #expect(!sandbox.exists(".trash/work/2026/plan.md"))
        #expect(vault.trash.entries().isEmpty)
    }

    @Test("restore beside the original when its name is taken again, never replacing it")
    func restoreBeside() throws {
        let vault = try sandbox.vault()
        let entry = try vault.trash.move(plan, reason: .removed)
        try sandbox.write("work/2026/plan.md", "a new plan\n")

        let restored = try vault.trash.restore(entry)

        #expect(restored.description == "work/2026/plan-2.md")
        #expect(sandbox.text("work/2026/plan.md") == "a new plan\n")
        #expect(sandbox.text("work/2026/plan-2.md") == "plan v1\n")
    }

    @Test("restore refuses a log entry whose origin leaves the vault")
    func restoreRefusesEscape() throws {
        let vault = try sandbox.vault()
        var entry = try vault.trash.move(plan, reason: .removed)
        entry.originalPath = "../outside/plan.md"

        #expect(throws: VaultError.self) { try vault.trash.restore(entry) }
        #expect(sandbox.outsideContents().isEmpty)
        #expect(sandbox.text(".trash/work/2026/plan.md") == "plan v1\n")
    }

    @Test("emptyTrash deletes everything in the trash and counts the notes")
    func empty() throws {
        let vault = try sandbox.vault()
        try vault.trash.move(plan, reason: .removed)
        try vault.trash.move(NotePath(trusted: "groceries.md"), reason: .removed)
        try sandbox.writeAbsolute(sandbox.outside + "/keep.md", Array("keep\n".utf8))
        try sandbox.symlink("../../outside", at: ".trash/link")

        #expect(try vault.deleteTrashContents() == 2)

        // Only the trash's own .gitignore stays, keeping it out of git (issue 23 item 15).
        #expect(sandbox.names(in: ".trash") == [".gitignore"])
        #expect(vault.trash.entries().isEmpty)
        #expect(sandbox.outsideContents() == ["keep.md"], "a link in the trash is removed, not what it points to")
    }

    @Test("a .trash that is a link out of the vault is neither filled nor emptied")
    func trashFolderIsALink() throws {
        try sandbox.writeAbsolute(sandbox.outside + "/precious.md", Array("not yours\n".utf8))
        try sandbox.symlink("../outside", at: ".trash")
        let vault = try sandbox.vault()

        #expect(throws: VaultError.self) { try vault.deleteTrashContents() }
        #expect(throws: VaultError.self) { try vault.trash.move(NotePath(trusted: "groceries.md"), reason: .removed) }

        #expect(sandbox.outsideContents() == ["precious.md"])
        #expect(sandbox.text("groceries.md") == "eggs\n")
        #expect(vault.trash.entries().isEmpty)
    }

    @Test("emptying a vault that has no trash yet deletes nothing")
    func emptyWithoutTrash() throws {
        #expect(try sandbox.vault().deleteTrashContents() == 0)
        #expect(sandbox.text("groceries.md") == "eggs\n")
    }

    @Test("trashing a symbolic link is refused; the link stays")
    func trashLink() throws {
        try sandbox.symlink("groceries.md", at: "alias.md")
        let vault = try sandbox.vault()

        #expect(throws: VaultError.self) { try vault.trash.move(NotePath(trusted: "alias.md"), reason: .removed) }
        #expect(try sandbox.status("alias.md").kind == .symbolicLink)
    }

    @Test("a missing note is 'not found'")
    func trashMissing() throws {
        let vault = try sandbox.vault()
        #expect {
            try vault.trash.move(NotePath(trusted: "nope.md"), reason: .removed)
        } throws: { error in
            guard case .noteNotFound = error as? VaultError else { return false }
            return true
        }
    }

    @Test("a note whose name is not UTF-8 is trashed and restored under the same bytes")
    func invalidUTF8Name() throws {
        let name: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".md".utf8)
        try sandbox.makeFolder("latin")
        try sandbox.write(bytesNamed: name, in: "latin", "latin-1 text\n")
        let path = NotePath(bytes: Array("latin/".utf8) + name)
        let vault = try sandbox.vault()

        let entry = try vault.trash.move(path, reason: .removed)
        #expect(entry.originalPath == "latin/bad\\xFF.md")
        #expect(vault.trash.entries() == [entry])
        let restored = try vault.trash.restore(entry)

        #expect(restored == path)
        #expect(try vault.read(path).content.bodyText == "latin-1 text\n")
        #expect(vault.trash.entries().isEmpty)
    }

    @Test("no RENAME_NOREPLACE: the trash still never replaces an earlier version")
    func trashWithoutNoReplace() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.failEvery(.renameNoReplace, with: EINVAL)
        let vault = try sandbox.vault(fileSystem: fileSystem)
        try vault.trash.move(plan, reason: .removed)
        try sandbox.write("work/2026/plan.md", "plan v2\n")

        let second = try vault.trash.move(plan, reason: .removed)

        #expect(second.trashedPath == "work/2026/plan-2.md")
        #expect(sandbox.text(".trash/work/2026/plan.md") == "plan v1\n")
        #expect(sandbox.text(".trash/work/2026/plan-2.md") == "plan v2\n")
    }

    @Test("moving to the trash from a revision refuses a note changed since (a conflict) and leaves it; the current revision moves it")
    func trashFromRevision() throws {
        let vault = try sandbox.vault()
        let path = NotePath(trusted: "groceries.md")
        let shown = try vault.read(path).revision
        try sandbox.write("groceries.md", "eggs\nmilk\n")
        do {
            _ = try vault.trash.move(path, reason: .removed, from: shown)
            Issue.record("a note changed since the revision was trashed")
        } catch {
            #expect(error.kind == .race, "\(error)")
            #expect(!error.isConflictCopy)
        }
        #expect(sandbox.text("groceries.md") == "eggs\nmilk\n")
        #expect(vault.trash.entries().isEmpty)
        _ = try vault.trash.move(path, reason: .removed, from: try vault.read(path).revision)
        #expect(!sandbox.exists("groceries.md"))
        #expect(sandbox.text(".trash/groceries.md") == "eggs\nmilk\n")
    }
}
