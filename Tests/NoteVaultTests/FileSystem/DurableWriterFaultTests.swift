import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY rows 3 and 4, and failed renames: a fault anywhere before the swap leaves the
/// note's bytes as they were, removes the temp file and is reported, never retried into success.
@Suite("DurableWriter: injected I/O faults")
struct DurableWriterFaultTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "work/plan.md")
    let original = VaultSandbox.noteText(title: "Plan", body: "Keep every byte of this.\n")

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("work/plan.md", original)
    }

    /// Sets the colour through `fileSystem`; returns the error, or `nil` on success.
    private func setColor(through fileSystem: FaultyFileSystem) throws -> VaultError? {
        let vault = try sandbox.vault(fileSystem: fileSystem)
        do {
            try vault.updateFrontMatter(of: path, [.set(.color, "red")])
            return nil
        } catch {
            return error
        }
    }

    private func systemError(_ error: VaultError?) -> SystemError? {
        if case .write(.system(let system)) = error { return system }
        return nil
    }

    private func expectOriginalKept(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sandbox.text("work/plan.md") == original, "the note's bytes are unchanged", sourceLocation: sourceLocation)
        #expect(sandbox.tempFiles(in: "work").isEmpty, "no temp file is left", sourceLocation: sourceLocation)
        #expect(sandbox.names(in: "work") == ["plan.md"], "nothing else appeared", sourceLocation: sourceLocation)
    }

    // MARK: - fsync (row 3)

    @Test("EIO from fsync of the temp file: reported, original kept, temp removed, not retried")
    func fsyncIOError() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.fsync, nth: 1, with: EIO)

        let error = try #require(try setColor(through: fileSystem), "a failed fsync is never a success")

        let system = try #require(systemError(error), "\(error)")
        #expect(system.call == "fsync")
        #expect(system.code == EIO)
        #expect(error.description.contains("could not persist work/plan.md"), "\(error)")
        #expect(error.description.contains("input/output error"), "\(error)")
        #expect(error.description.contains("EIO"), "\(error)")
        #expect(error.kind == .failure)
        expectOriginalKept()
        // Only the first fsync was made to fail: a retry would have succeeded and hidden it.
        #expect(fileSystem.count(.fsync) == 1)
        #expect(fileSystem.count(.exchange) == 0 && fileSystem.count(.rename) == 0, "no rename after a failed fsync")
    }

    @Test("EIO from the folder fsync after the swap is reported; the note holds the complete new text")
    func folderFsyncIOError() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.fsync, nth: 2, with: EIO)

        let error = try #require(try setColor(through: fileSystem))

        #expect(systemError(error)?.code == EIO, "\(error)")
        #expect(error.description.contains("could not persist"), "\(error)")
        let text = try #require(sandbox.text("work/plan.md"))
        #expect(text.contains("color: red\n") && text.hasSuffix("Keep every byte of this.\n"), "new bytes, whole")
        #expect(sandbox.tempFiles(in: "work").isEmpty)
    }

    // MARK: - write (row 4)

    @Test("ENOSPC in the middle of the temp write: message names the cause and the path; original kept")
    func writeNoSpace() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.limitWrites(to: 16)
        fileSystem.fail(.write, nth: 3, with: ENOSPC)

        let error = try #require(try setColor(through: fileSystem))

        #expect(systemError(error)?.code == ENOSPC, "\(error)")
        #expect(error.description.contains("no space left on device"), "\(error)")
        #expect(error.description.contains("work/plan.md"), "\(error)")
        #expect(fileSystem.count(.write) == 3, "two short writes landed before the failure")
        expectOriginalKept()
    }

    @Test("short writes alone are continued to the end")
    func shortWrites() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.limitWrites(to: 7)

        #expect(try setColor(through: fileSystem) == nil)

        let text = try #require(sandbox.text("work/plan.md"))
        #expect(text.hasPrefix("---\ntitle: Plan\nupdated: \(VaultSandbox.stamp)\n"))
        #expect(text.contains("color: red\n"))
        #expect(text.hasSuffix("---\nKeep every byte of this.\n"))
        #expect(fileSystem.count(.write) > 10)
    }

    @Test("ENOSPC while creating a note: nothing is created")
    func createNoSpace() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.failEvery(.write, with: ENOSPC)
        let vault = try sandbox.vault(fileSystem: fileSystem)
        let before = sandbox.names()

        #expect {
            try vault.create(NewNote(title: "Groceries", body: "Eggs"))
        } throws: { error in
            (error as? VaultError)?.description.contains("no space left on device") == true
        }

        #expect(sandbox.names() == before, "no note and no temp file")
    }

    // MARK: - rename

    @Test("the swap fails: original kept, temp removed, the note named", arguments: [EIO, EXDEV, EACCES])
    func exchangeFails(code: Int32) throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.exchange, with: code)

        let error = try #require(try setColor(through: fileSystem))

        #expect(systemError(error)?.code == code, "\(error)")
        #expect(error.description.contains("could not replace work/plan.md"), "\(error)")
        expectOriginalKept()
    }

    @Test("no RENAME_EXCHANGE on this file system: the plain-rename fallback writes the note", arguments: [EINVAL, ENOSYS])
    func exchangeUnsupported(code: Int32) throws {
        try sandbox.write("work/plan.md", original, mode: 0o600)
        let fileSystem = FaultyFileSystem()
        fileSystem.failEvery(.exchange, with: code)

        #expect(try setColor(through: fileSystem) == nil)

        let text = try #require(sandbox.text("work/plan.md"))
        #expect(text.contains("color: red\n"))
        #expect(text.contains("updated: \(VaultSandbox.stamp)\n"))
        #expect(text.hasSuffix("---\nKeep every byte of this.\n"))
        #expect(fileSystem.count(.rename) == 1)
        #expect(try sandbox.status("work/plan.md").mode == 0o600)
        #expect(sandbox.names(in: "work") == ["plan.md"])
    }

    @Test("the fallback rename fails too: original kept, temp removed")
    func fallbackRenameFails() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.failEvery(.exchange, with: EINVAL)
        fileSystem.fail(.rename, with: EIO)

        let error = try #require(try setColor(through: fileSystem))

        #expect(systemError(error)?.code == EIO, "\(error)")
        #expect(error.description.contains("work/plan.md"), "\(error)")
        expectOriginalKept()
    }

    @Test("no RENAME_NOREPLACE: creating still never replaces an existing file")
    func createWithoutNoReplace() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.failEvery(.renameNoReplace, with: EINVAL)
        let vault = try sandbox.vault(fileSystem: fileSystem)
        let writer = sandbox.writer(vault)

        #expect(throws: DurableWriter.WriteError.exists(path)) {
            try writer.create(path, with: Array("ours\n".utf8))
        }
        try writer.create(NotePath(trusted: "work/new.md"), with: Array("new\n".utf8))

        expectOriginalKeptBeside("new.md")
        #expect(sandbox.text("work/new.md") == "new\n")
    }

    private func expectOriginalKeptBeside(_ other: String) {
        #expect(sandbox.text("work/plan.md") == original)
        #expect(sandbox.names(in: "work") == [other, "plan.md"].sorted())
    }

    @Test("creating: a failed rename into place leaves nothing behind and names the note")
    func createRenameFails() throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.renameNoReplace, with: EIO)
        let vault = try sandbox.vault(fileSystem: fileSystem)

        #expect {
            try sandbox.writer(vault).create(NotePath(trusted: "work/new.md"), with: Array("new\n".utf8))
        } throws: { error in
            guard case .system(let system) = error as? DurableWriter.WriteError else { return false }
            return system.code == EIO && system.description.contains("work/new.md")
        }
        #expect(sandbox.names(in: "work") == ["plan.md"])
    }
}
