import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 177: a write racing a move or a delete of its note (`enote mv`, another
/// program) says the note was moved or removed since it was read, writes nothing and creates
/// nothing under the old name; the moved note keeps every byte.
@Suite("DurableWriter: the note moved or removed since it was read")
struct DurableWriterGoneTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "notes/plan.md")
    let original = VaultSandbox.noteText(title: "Plan", body: "Original body.\n")

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.makeFolder("notes")
        try sandbox.write("notes/plan.md", original)
    }

    /// Renames a file or folder of the sandbox, as `enote mv` or another program would.
    private func move(_ from: String, to: String) {
        #expect(rename(sandbox.path(from), sandbox.path(to)) == 0)
    }

    /// The write's outcome, and that nothing was made under the old name.
    private func expectGone(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: DurableWriter.WriteError.gone(path), sourceLocation: sourceLocation) { try body() }
        #expect(!sandbox.exists("notes/plan.md"), sourceLocation: sourceLocation)
        #expect(sandbox.tempFiles(in: "notes").isEmpty, sourceLocation: sourceLocation)
    }

    @Test("the note renamed after it was read: moved or removed, nothing written, the moved note intact")
    func renamedAfterRead() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(path).snapshot
        move("notes/plan.md", to: "notes/moved.md")

        expectGone { try sandbox.writer(vault).replace(path, with: Array("ours\n".utf8), expecting: snapshot) }
        #expect(sandbox.text("notes/moved.md") == original)
    }

    @Test("the note's folder renamed after it was read: the same, and no folder is recreated")
    func folderRenamedAfterRead() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(path).snapshot
        move("notes", to: "archive")

        expectGone { try sandbox.writer(vault).replace(path, with: Array("ours\n".utf8), expecting: snapshot) }
        #expect(!sandbox.exists("notes"))
        #expect(sandbox.text("archive/plan.md") == original)
    }

    @Test("the note deleted after it was read: the same")
    func deletedAfterRead() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(path).snapshot
        #expect(unlink(sandbox.path("notes/plan.md")) == 0)

        expectGone { try sandbox.writer(vault).replace(path, with: Array("ours\n".utf8), expecting: snapshot) }
    }

    @Test("moved at the last instant, before the swap: the temp file goes, and the message says what happened", arguments: [false, true])
    func movedBeforeExchange(exchangeUnsupported: Bool) throws {
        let fileSystem = FaultyFileSystem()
        if exchangeUnsupported { fileSystem.failEvery(.exchange, with: EINVAL) }
        fileSystem.before(.exchange) { [self] in move("notes/plan.md", to: "notes/moved.md") }
        let vault = try sandbox.vault(fileSystem: fileSystem)

        var caught: VaultError?
        do {
            try vault.updateFrontMatter(of: path, [.set(.color, "red")])
        } catch {
            caught = error
        }

        guard case .write(.gone(path))? = caught else {
            Issue.record("expected the note to be reported gone, got \(String(describing: caught))")
            return
        }
        let error = try #require(caught)
        #expect(error.kind == .race)
        #expect(error.description.contains("was moved or removed since enote read it"), "\(error)")
        #expect(!error.description.contains("ENOENT") && !error.description.contains("stat"), "\(error)")
        #expect(!sandbox.exists("notes/plan.md"))
        #expect(sandbox.tempFiles(in: "notes").isEmpty)
        #expect(sandbox.text("notes/moved.md") == original)
    }

    @Test("an edit whose note went meanwhile is still kept, as a copy under the old name")
    func editKeptWhenNoteWent() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(path).snapshot
        move("notes/plan.md", to: "notes/moved.md")
        let ours = VaultSandbox.noteText(title: "Plan", body: "Edited by us.\n")

        var caught: VaultError?
        do {
            _ = try vault.replaceText(of: path, with: Array(ours.utf8), expecting: snapshot)
        } catch {
            caught = error
        }

        guard case .conflictCopy(_, let copy, true, _)? = caught else {
            Issue.record("expected a conflict copy for a removed note, got \(String(describing: caught))")
            return
        }
        #expect(sandbox.text(copy.description)?.hasSuffix("---\nEdited by us.\n") == true)
        #expect(sandbox.text("notes/moved.md") == original)
    }

    @Test("a page's save whose note was moved at the last instant keeps the person's text as a copy")
    func pageSaveKeptWhenNoteMoved() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.before(.exchange) { [self] in move("notes/plan.md", to: "notes/moved.md") }
        let vault = try sandbox.vault(fileSystem: fileSystem)
        let revision = NoteRevision(hash: ContentHash(Array(original.utf8)))

        var caught: VaultError?
        do {
            _ = try vault.save(NoteEdit(body: "Typed on the page.\n"), to: path, from: revision)
        } catch {
            caught = error
        }

        guard case .conflictCopy(_, let copy, true, _)? = caught else {
            Issue.record("expected a conflict copy for a removed note, got \(String(describing: caught))")
            return
        }
        #expect(sandbox.text(copy.description)?.hasSuffix("Typed on the page.\n") == true)
        #expect(sandbox.text("notes/moved.md") == original)
        #expect(sandbox.tempFiles(in: "notes").isEmpty)
    }
}
