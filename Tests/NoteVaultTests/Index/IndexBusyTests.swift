import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY row 11: another process holds the index for a while. The index waits for it and
/// tries again; a locked index is in use, not damaged, so it is never moved aside and rebuilt
/// under its holder, and no "database is locked" reaches the user.
@Suite("NoteIndex while another process holds it")
struct IndexBusyTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        for number in 0..<5 {
            try sandbox.write("note-\(number).md", VaultSandbox.noteText(title: "Note \(number)", body: "text \(number)\n"))
        }
    }

    /// Builds the index, closes it, and changes one note so that the next sync has to write.
    private func prepare() throws -> String {
        let index = try sandbox.openIndex()
        try index.database.close()
        try sandbox.write("note-2.md", VaultSandbox.noteText(title: "Note 2", body: "changed while the index was busy\n"))
        return NoteIndex.databasePath(for: try sandbox.vault())
    }

    @Test func aWriteThatOutlastsOneBusyTimeoutIsTriedAgain() throws {
        // Given another connection in a write transaction for 0.5 s, and a busy timeout of 0.25 s
        // (one attempt gives up while it is held; four attempts outlast it)
        let path = try prepare()
        let holder = try IndexLockHolder(path: path, mode: .writeTransaction, holdFor: 0.5)
        defer { holder.finish() }

        // When the index brings itself up to date (it must write)
        let messages = Messages()
        let index = try NoteIndex.open(try sandbox.vault(), busyTimeout: 0.25) { messages.append($0) }
        let report = try index.synchronize()

        // Then it waited, tried again and wrote the change, without rebuilding anything
        #expect(report.updated == 1)
        #expect(messages.lines.isEmpty)
        #expect(try index.found("changed") == ["note-2.md"])
        #expect(try index.isIntact(notes: 5))
    }

    @Test func anIndexLockedAgainstReadersIsNeverRebuiltUnderItsHolder() throws {
        // Given another connection that holds the index exclusively (nobody may read it)
        let path = try prepare()
        let inode = try #require(inodeNumber(path))
        let holder = try IndexLockHolder(path: path, mode: .exclusive, holdFor: 30)

        // When a command opens it, with a busy timeout of 0.1 s
        let messages = Messages()
        var failure: String?
        var isIndexError = false
        let vault = try sandbox.vault()
        do throws(VaultError) {
            _ = try NoteIndex.open(vault, busyTimeout: 0.1) { messages.append($0) }
        } catch {
            failure = error.description
            if case .index = error { isIndexError = true }
        }
        holder.finish()

        // Then it says the index is busy, and the file is left alone for its holder
        let message = try #require(failure, "opening a locked index must fail, not rebuild it")
        #expect(message.contains("the index \(path) is busy"), "\(message)")
        #expect(isIndexError, "an index failure is VaultError.index, not a value the user typed")
        #expect(message.contains("Try again when it has finished"), "\(message)")
        #expect(!message.contains("locked"), "\(message)")
        #expect(messages.lines.isEmpty, "\(messages.lines)")
        #expect(inodeNumber(path) == inode, "the index file was replaced")
        #expect(!FileManager.default.fileExists(atPath: path + ".corrupt"))

        // And once the holder is gone, the same index opens without a rebuild
        let index = try NoteIndex.open(try sandbox.vault()) { messages.append($0) }
        #expect(try index.synchronize().updated == 1)
        #expect(messages.lines.isEmpty, "\(messages.lines)")
    }

    private func inodeNumber(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }
}
