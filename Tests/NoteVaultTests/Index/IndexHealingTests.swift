import Foundation
import GRDB
import Testing

@testable import NoteVault

/// The index is a cache: whatever happened to `.enote/index.sqlite`, the next open rebuilds it
/// from the notes with one line of explanation, the results are complete again, and the notes
/// themselves are never written.
@Suite("NoteIndex healing")
struct IndexHealingTests {
    enum Damage: String, CaseIterable, Sendable {
        case garbage, garbageWithStaleJournal, truncatedToHalf, truncatedToOnePage, truncatedInsideHeader
        case truncatedToZero, foreignDatabase, olderSchema, newerSchema, missingTable, deleted

        /// The line `inform` receives.
        var message: String {
            let rebuilding = "; rebuilding it from the notes (they are not touched)"
            switch self {
            case .garbage, .garbageWithStaleJournal: return "enote: the index is not a database file" + rebuilding
            case .truncatedToHalf, .truncatedToOnePage, .truncatedInsideHeader: return "enote: the index is corrupt" + rebuilding
            case .truncatedToZero: return "enote: the index is empty" + rebuilding
            case .foreignDatabase: return "enote: the index is not an enote index" + rebuilding
            case .olderSchema: return "enote: the index is from an older version of enote" + rebuilding
            case .newerSchema: return "enote: the index is from a newer version of enote" + rebuilding
            case .missingTable: return "enote: the index is incomplete" + rebuilding
            case .deleted: return "enote: building the index (.enote/index.sqlite) from the notes"
            }
        }
    }

    static let noteCount = 40

    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        for number in 0..<Self.noteCount {
            let words = number == 7 ? "apple orchard" : "filler text \(number)"
            try sandbox.write(
                "notes/note-\(number).md",
                VaultSandbox.noteText(
                    title: "Note \(number)", body: String(repeating: "\(words) ", count: 40) + "\n", extra: ["tags: [n\(number % 3)]"]))
        }
    }

    /// Builds the index and closes it, so every byte is in the main database file.
    private func buildAndClose() throws -> String {
        let index = try sandbox.openIndex()
        #expect(try index.isIntact(notes: Self.noteCount))
        try index.database.close()
        #expect(!FileManager.default.fileExists(atPath: index.path + "-wal"), "closing checkpoints the journal")
        return index.path
    }

    private func damage(_ path: String, _ damage: Damage) throws {
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        func truncate(to length: Int) throws {
            #expect(length < size)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(length))
            try handle.close()
        }
        func setUserVersion(_ version: Int) throws {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(version)") }
            try queue.close()
        }
        let garbage = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        switch damage {
        case .garbage:
            try garbage.write(to: URL(fileURLWithPath: path))
        case .garbageWithStaleJournal:
            try garbage.write(to: URL(fileURLWithPath: path))
            try Data(repeating: 0xA5, count: 4096).write(to: URL(fileURLWithPath: path + "-wal"))
            try Data(repeating: 0x5A, count: 32_768).write(to: URL(fileURLWithPath: path + "-shm"))
        case .truncatedToHalf: try truncate(to: size / 2)
        case .truncatedToOnePage: try truncate(to: 4096)
        case .truncatedInsideHeader: try truncate(to: 60)
        case .truncatedToZero: try truncate(to: 0)
        case .foreignDatabase:
            try FileManager.default.removeItem(atPath: path)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('theirs')") }
            try queue.close()
        case .olderSchema: try setUserVersion(IndexSchema.version - 1)
        case .newerSchema: try setUserVersion(IndexSchema.version + 1)
        case .missingTable:
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "DROP TABLE meta") }
            try queue.close()
        case .deleted:
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test(arguments: Damage.allCases)
    func rebuiltOnTheNextOpenWithOneLine(_ kind: Damage) throws {
        let path = try buildAndClose()
        try damage(path, kind)
        let notesBefore = sandbox.noteBytes()
        #expect(notesBefore.count == Self.noteCount)

        let messages = Messages()
        let index = try NoteIndex.open(try sandbox.vault()) { messages.append($0) }
        let report = try index.synchronize()

        #expect(messages.lines == [kind.message])
        #expect(report.added == Self.noteCount)
        #expect(try index.isIntact(notes: Self.noteCount))
        #expect(try index.listed().count == Self.noteCount)
        #expect(try index.found("apple") == ["notes/note-7.md"])
        #expect(try index.listed { $0.fields = [("tags", "n1")] }.count == 13)
        let version = try index.database.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        #expect(version == IndexSchema.version)
        #expect(sandbox.noteBytes() == notesBefore, "the notes are never written")

        // Healed: the next open is silent and finds nothing to do.
        try index.database.close()
        let quiet = Messages()
        let again = try NoteIndex.open(try sandbox.vault()) { quiet.append($0) }
        #expect(quiet.lines.isEmpty)
        #expect(try again.synchronize().changedAnything == false)
        #expect(try again.found("apple") == ["notes/note-7.md"])
    }

    @Test func garbageIsKeptAsideForABugReport() throws {
        let path = try buildAndClose()
        try damage(path, .garbage)
        let garbage = try Data(contentsOf: URL(fileURLWithPath: path))

        _ = try sandbox.openIndex()

        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt")) == garbage)
    }

    @Test func rebuildStartsOverSilently() throws {
        let path = try buildAndClose()
        try damage(path, .garbage)
        let notesBefore = sandbox.noteBytes()

        let index = try NoteIndex.rebuild(try sandbox.vault())
        let report = try index.synchronize()

        #expect(report.added == Self.noteCount)
        #expect(try index.isIntact(notes: Self.noteCount))
        #expect(!FileManager.default.fileExists(atPath: path + ".corrupt"), "--rebuild keeps nothing aside")
        #expect(sandbox.noteBytes() == notesBefore)
    }

    @Test func aBrokenNoteDoesNotBreakTheIndex() throws {
        try sandbox.writeAbsolute(sandbox.path("binary.md"), [0xFF, 0xFE, 0x00, 0x01, 0x80] + Array(repeating: 0, count: 100))
        try sandbox.write("bad-yaml.md", "---\ntitle: [unclosed\n---\nbody words\n")

        let index = try sandbox.openIndex()

        #expect(try index.isIntact(notes: Self.noteCount + 2))
        #expect(try index.found("body") == ["bad-yaml.md"])
        #expect(try index.found("binary") == ["binary.md"], "found by its file name")
    }
}
