import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The real system calls: opening beneath a folder never leaves it and never follows a link;
/// reading refuses what is not a regular file or is too large.
@Suite("SystemFileSystem and FileReader")
struct SystemFileSystemTests {
    let sandbox: VaultSandbox
    let fileSystem = SystemFileSystem()

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("work/plan.md", "plan\n")
        try sandbox.writeAbsolute(sandbox.outside + "/secret.md", Array("secret\n".utf8))
    }

    private func openError(_ path: String) throws -> Int32? {
        let vault = try sandbox.vault()
        do {
            let descriptor = try fileSystem.open(Array(path.utf8), beneath: vault.rootDescriptor, flags: O_RDONLY, mode: 0)
            fileSystem.close(descriptor)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("opening beneath the root refuses to leave it", arguments: ["../outside/secret.md", "work/../../outside/secret.md"])
    func openRefusesParent(path: String) throws {
        #expect(try openError(path) == EXDEV)
    }

    @Test("an absolute path is not beneath the root")
    func openRefusesAbsolute() throws {
        #expect(try openError(sandbox.outside + "/secret.md") == EXDEV)
    }

    @Test("a symbolic link in any component is not followed")
    func openRefusesLinks() throws {
        try sandbox.symlink("../outside", at: "evil")
        try sandbox.symlink("work/plan.md", at: "alias.md")
        #expect(try openError("evil/secret.md") == ELOOP)
        #expect(try openError("alias.md") == ELOOP)
        #expect(try openError("work/plan.md") == nil)
    }

    @Test("readFile returns the bytes with the status they were read with")
    func readFile() throws {
        let vault = try sandbox.vault()
        let snapshot = try fileSystem.readFile(Array("work/plan.md".utf8), beneath: vault.rootDescriptor)
        #expect(snapshot.bytes == Array("plan\n".utf8))
        #expect(snapshot.status.size == 5 && snapshot.status.kind == .regular)
        #expect(snapshot.hash == ContentHash(Array("plan\n".utf8)))
        #expect(snapshot.status.inode == (try sandbox.status("work/plan.md")).inode)
    }

    @Test("readFile refuses a folder and a file over the limit")
    func readFileRefusals() throws {
        let vault = try sandbox.vault()
        #expect(throws: SystemError.self) {
            try fileSystem.readFile(Array("work".utf8), beneath: vault.rootDescriptor)
        }
        do {
            _ = try fileSystem.readFile(Array("work/plan.md".utf8), beneath: vault.rootDescriptor, limit: 4)
            Issue.record("a 5-byte file passed a 4-byte limit")
        } catch {
            #expect(error.code == EFBIG)
        }
    }

    @Test("readAll reads past its size hint")
    func readAllGrows() throws {
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        try sandbox.writeAbsolute(sandbox.path("big.md"), big)
        let descriptor = open(sandbox.path("big.md"), O_RDONLY)
        defer { close(descriptor) }
        #expect(try fileSystem.readAll(descriptor, sizeHint: 10, path: "big.md") == big)
    }

    @Test(
        "error messages say what failed, where and why",
        arguments: [
            (SystemError("fsync", path: "n.md", code: EIO), "could not persist n.md: input/output error (fsync, EIO)"),
            (SystemError("write", path: "n.md", code: ENOSPC), "could not write n.md: no space left on device (write, ENOSPC)"),
            (SystemError("rename", path: "n.md", code: EXDEV), "could not replace n.md: invalid cross-device link (rename, EXDEV)"),
            (SystemError("open", path: "n.md", code: ELOOP), "could not open n.md: too many levels of symbolic links (open, ELOOP)"),
        ])
    func systemErrorText(error: SystemError, expected: String) {
        #expect(error.description == expected)
    }

    @Test("temp names are hidden and recognised; notes are not")
    func tempNames() {
        let temp = DurableWriter.tempName(for: Array("plan.md".utf8))
        #expect(temp.first == UInt8(ascii: "."))
        #expect(DurableWriter.isTempName(temp))
        #expect(DurableWriter.tempName(for: Array("plan.md".utf8)) != temp, "a fresh random part each time")
        for name in ["plan.md", ".plan.md.swp", ".enote", ".tmp", "x.enote-1.tmp"] {
            #expect(!DurableWriter.isTempName(Array(name.utf8)), "\(name)")
        }
    }
}
