import Foundation
import Testing

@testable import NoteVault

/// The note a paging reader keeps (``NoteTextCache``) is never older than the file: a rewrite of
/// the same size, even one that sets the modification time back, is read again.
@Suite struct NoteTextCacheTests {
    let sandbox: VaultSandbox
    let vault: Vault
    let cache = NoteTextCache()
    let path = NotePath(trusted: "long.md")

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("long.md", "---\ntitle: Long\n---\nfirst version of the text\n")
        vault = try Vault(root: sandbox.root)
    }

    func setModified(_ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: sandbox.path("long.md"))
    }

    @Test func aNoteUnchangedIsTheSameTextAndItsBodyStartsAfterTheFrontMatter() throws {
        try setModified(Date(timeIntervalSinceNow: -60))
        let first = try cache.text(path, in: vault)
        let second = try cache.text(path, in: vault)
        #expect(second.bytes == first.bytes && second.revision == first.revision)
        #expect(String(decoding: first.bytes[first.bodyStart...], as: UTF8.self) == "first version of the text\n")
        #expect(first.revision == (try vault.read(path)).revision)
    }

    /// The size and the modification time are the same after the rewrite here; the
    /// status-change time, which a write always moves, tells it apart (and a file changed
    /// within the racy window is read again anyway).
    @Test(arguments: [false, true])
    func aRewriteOfTheSameSizeIsReadAgain(oldTimes: Bool) throws {
        let old = Date(timeIntervalSinceNow: -60)
        if oldTimes { try setModified(old) }
        let first = try cache.text(path, in: vault)
        try sandbox.write("long.md", "---\ntitle: Long\n---\nother version of the text\n")
        try setModified(oldTimes ? old : Date())
        let second = try cache.text(path, in: vault)
        #expect(second.bytes != first.bytes)
        #expect(second.revision == (try vault.read(path)).revision)
    }

    @Test func anotherNoteIsNotTheKeptOne() throws {
        try sandbox.write("other.md", "other\n")
        _ = try cache.text(path, in: vault)
        #expect(try cache.text(NotePath(trusted: "other.md"), in: vault).bytes == Array("other\n".utf8))
    }
}
