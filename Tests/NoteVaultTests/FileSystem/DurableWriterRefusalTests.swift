import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 6: links and odd files are refused, never silently turned into regular files;
/// permissions survive a rewrite; creating never replaces.
@Suite("DurableWriter: refusals and permissions")
struct DurableWriterRefusalTests {
    let sandbox: VaultSandbox
    let text = VaultSandbox.noteText(title: "Plan")

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("plan.md", text)
    }

    private func setColor(_ path: String, in vault: Vault) -> VaultError? {
        do {
            try vault.updateFrontMatter(of: NotePath(trusted: path), [.set(.color, "red")])
            return nil
        } catch {
            return error
        }
    }

    @Test("a note that is a symbolic link is not written through, and stays a link")
    func symbolicLinkNote() throws {
        try sandbox.symlink("plan.md", at: "link.md")
        let vault = try sandbox.vault()

        let error = try #require(setColor("link.md", in: vault))

        guard case .path(let pathError) = error else { Issue.record("\(error)"); return }
        #expect(pathError.rule == .symbolicLink)
        #expect(error.description.contains("\"link.md\" is a symbolic link"), "\(error)")
        #expect(try sandbox.status("link.md").kind == .symbolicLink)
        #expect(sandbox.text("plan.md") == text)
    }

    @Test("the writer itself refuses a link in place of the note, even with a valid snapshot")
    func writerRefusesSwappedInLink() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(NotePath(trusted: "plan.md")).snapshot
        try sandbox.writeAbsolute(sandbox.outside + "/secret.md", Array("secret\n".utf8))
        // Swap the note for a link to outside the vault after it was read.
        #expect(rename(sandbox.path("plan.md"), sandbox.path("old.md")) == 0)
        try sandbox.symlink("../outside/secret.md", at: "plan.md")

        #expect(throws: DurableWriter.WriteError.symbolicLink(NotePath(trusted: "plan.md"))) {
            try sandbox.writer(vault).replace(NotePath(trusted: "plan.md"), with: Array("ours\n".utf8), expecting: snapshot)
        }
        #expect(try sandbox.status("plan.md").kind == .symbolicLink)
        #expect(FileManager.default.contents(atPath: sandbox.outside + "/secret.md") == Data("secret\n".utf8))
        #expect(sandbox.tempFiles().isEmpty)
    }

    @Test("a link leaving the vault is neither read nor written")
    func linkOutOfVault() throws {
        try sandbox.writeAbsolute(sandbox.outside + "/id.md", Array("private\n".utf8))
        try sandbox.symlink("../outside/id.md", at: "key.md")
        let vault = try sandbox.vault()

        #expect(throws: VaultError.self) { try vault.read(NotePath(trusted: "key.md")) }
        #expect(setColor("key.md", in: vault) != nil)
        #expect(FileManager.default.contents(atPath: sandbox.outside + "/id.md") == Data("private\n".utf8))
    }

    @Test("a hard-linked note (nlink 2) is left alone")
    func hardLinkedNote() throws {
        try sandbox.hardLink("plan.md", "twin.md")
        let vault = try sandbox.vault()

        let error = try #require(setColor("plan.md", in: vault))

        guard case .write(.hardLinked(let path, let count)) = error else { Issue.record("\(error)"); return }
        #expect(path.description == "plan.md" && count == 2)
        #expect(error.description.contains("has 2 hard links"), "\(error)")
        #expect(try sandbox.status("plan.md").inode == sandbox.status("twin.md").inode, "still one file")
        #expect(try sandbox.status("plan.md").linkCount == 2)
        #expect(sandbox.text("plan.md") == text)
        #expect(sandbox.tempFiles().isEmpty)
    }

    @Test("a folder named x.md is not a note to write, rewrite or trash")
    func folderNamedLikeANote() throws {
        try sandbox.makeFolder("x.md")
        try sandbox.write("x.md/inside.md", "kept\n")
        let vault = try sandbox.vault()
        let xPath = NotePath(trusted: "x.md")

        #expect(setColor("x.md", in: vault) != nil)
        let snapshot = try vault.readWithSnapshot(NotePath(trusted: "plan.md")).snapshot
        #expect(throws: DurableWriter.WriteError.notRegularFile(xPath)) {
            try sandbox.writer(vault).replace(xPath, with: Array("ours\n".utf8), expecting: snapshot)
        }
        #expect(throws: DurableWriter.WriteError.exists(xPath)) {
            try sandbox.writer(vault).create(xPath, with: Array("ours\n".utf8))
        }
        var trashError: VaultError?
        do { try vault.trash.move(xPath, reason: .removed) } catch { trashError = error }
        let message = try #require(trashError).description
        #expect(message.contains("x.md is not a regular file"), "\(message)")

        #expect(try sandbox.status("x.md").kind == .directory)
        #expect(sandbox.text("x.md/inside.md") == "kept\n")
        #expect(sandbox.tempFiles().isEmpty)
    }

    @Test("permissions survive a rewrite", arguments: [0o600, 0o640, 0o644, 0o444] as [mode_t])
    func modeKept(mode: mode_t) throws {
        try sandbox.write("plan.md", text, mode: mode)
        let vault = try sandbox.vault()

        #expect(setColor("plan.md", in: vault) == nil)

        #expect(try sandbox.status("plan.md").mode == mode)
        #expect(sandbox.text("plan.md")?.contains("color: red\n") == true)
    }

    @Test("create never replaces an existing file, link or folder", arguments: ["file", "dangling link", "folder"])
    func createNeverReplaces(kind: String) throws {
        let path = NotePath(trusted: "taken.md")
        switch kind {
        case "file": try sandbox.write("taken.md", "theirs\n")
        case "dangling link": try sandbox.symlink("../outside/new.md", at: "taken.md")
        default: try sandbox.makeFolder("taken.md")
        }
        let before = try sandbox.status("taken.md")
        let vault = try sandbox.vault()

        #expect(throws: DurableWriter.WriteError.exists(path)) {
            try sandbox.writer(vault).create(path, with: Array("ours\n".utf8))
        }

        let after = try sandbox.status("taken.md")
        #expect(after.inode == before.inode && after.kind == before.kind)
        if kind == "file" { #expect(sandbox.text("taken.md") == "theirs\n") }
        #expect(sandbox.outsideContents().isEmpty, "nothing was written through the link")
        #expect(sandbox.tempFiles().isEmpty)
        #expect(DurableWriter.WriteError.exists(path).description.contains("already exists; nothing was overwritten"))
    }

    @Test("create applies the mode it is given (less the umask)")
    func createMode() throws {
        let vault = try sandbox.vault()
        try sandbox.writer(vault).create(NotePath(trusted: "private.md"), with: Array("x\n".utf8), mode: 0o600)
        #expect(try sandbox.status("private.md").mode == 0o600)
    }

    @Test("Vault.create beside a hand-written file of the same name picks the next free name")
    func vaultCreateBesideExisting() throws {
        try sandbox.write("groceries.md", "hand-written\n")
        let vault = try sandbox.vault()

        let note = try vault.create(NewNote(title: "Groceries", body: "Eggs"))

        #expect(note.path.description == "groceries-2.md")
        #expect(sandbox.text("groceries.md") == "hand-written\n")
    }
}
