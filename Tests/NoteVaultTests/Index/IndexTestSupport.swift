import Foundation
import GRDB
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Helpers for the index suites: open an index on a sandboxed vault, ask it questions in one
/// line, and reach below the API (file times, the fingerprint rows) where a test must set up a
/// situation that the clock alone cannot produce reliably.
extension VaultSandbox {
    /// Opens the vault's index and brings it up to date, as every command does; `messages`
    /// receives what `inform` says.
    func openIndex(messages: Messages? = nil) throws -> NoteIndex {
        try vault().freshCommandIndex(messages: messages)
    }

    /// Sets a vault file's modification time (nanoseconds since 1970), leaving its access time.
    func setModified(_ relative: String, nanoseconds: Int64) throws {
        var times = [
            timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2),  // UTIME_OMIT: keep the access time
            timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000)),
        ]
        guard utimensat(AT_FDCWD, path(relative), &times, 0) == 0 else { throw SystemError("utimensat", path: relative) }
    }

    /// Sets a vault file's modification time to a date.
    func setModified(_ relative: String, to date: Date) throws {
        try setModified(relative, nanoseconds: Int64(date.timeIntervalSince1970) * 1_000_000_000)
    }

    /// Rewrites a file in place (same inode: `O_TRUNC` and `write`), the way many editors save.
    func overwriteInPlace(_ relative: String, _ text: String) throws {
        let descriptor = open(path(relative), O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw SystemError("open", path: relative) }
        defer { close(descriptor) }
        try SystemFileSystem().writeAll(descriptor, Array(text.utf8), path: relative)
    }

    /// Every note file's bytes (everything outside `.enote/`), to prove the index never writes them.
    func noteBytes() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for relative in FileManager.default.subpaths(atPath: root) ?? [] where !relative.hasPrefix(".enote") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path(relative), isDirectory: &isFolder), !isFolder.boolValue {
                result[relative] = bytes(relative)
            }
        }
        return result
    }
}

extension Vault {
    /// The index as a one-shot command holds it: its session's one connection, brought up to
    /// date first; `messages` receives what `inform` says.
    func freshCommandIndex(messages: Messages? = nil) throws -> NoteIndex {
        let session = try VaultSession(vault: self, role: .command) { messages?.append($0) }
        try session.fresh()
        return session.commandIndex()
    }
}

/// Collects the lines an index passes to `inform`.
final class Messages: @unchecked Sendable {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

extension NoteIndex {
    /// The paths a query finds, best first.
    func found(_ text: String, limit: Int = 50, filter configure: (inout NoteFilter) -> Void = { _ in }) throws -> [String] {
        try results(text, limit: limit, filter: configure).notes.map(\.path.description)
    }

    /// The results of a query with a filter at the sandbox's fixed time.
    func results(_ text: String, limit: Int = 50, filter configure: (inout NoteFilter) -> Void = { _ in }) throws -> SearchResults {
        var filter = NoteFilter(now: VaultSandbox.now)
        configure(&filter)
        return try search(SearchQuery(parsing: text), filter: filter, limit: limit)
    }

    /// The paths `list` returns.
    func listed(
        _ key: VaultConfig.SortKey = .updated, reverse: Bool = false, limit: Int? = nil,
        filter configure: (inout NoteFilter) -> Void = { _ in }
    ) throws -> [String] {
        var filter = NoteFilter(now: VaultSandbox.now)
        configure(&filter)
        return try list(filter, sort: NoteSort(key: key, reverse: reverse), limit: limit).map(\.path.description)
    }

    /// The connection's database, to reach below the store.
    var database: DatabaseQueue { connection.database }

    /// Runs `body` on the connection's database inside a read of the index.
    func readDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try read { store in try body(store.db) }
    }

    /// How many rows each of the index's tables holds.
    func rowCounts() throws -> [String: Int] {
        try database.read { db in
            var counts: [String: Int] = [:]
            for table in ["notes", "files", "notes_fts", "fields", "meta"] {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")
            }
            return counts
        }
    }

    /// Whether the index's tables are all there, hold one row per note each, agree on which
    /// row is which note's, and pass SQLite's check.
    func isIntact(notes expected: Int) throws -> Bool {
        let counts = try rowCounts()
        let agreeing = try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM files f JOIN notes n ON n.id = f.note_id AND n.path = f.path JOIN notes_fts t ON t.rowid = n.id")
        }
        return quickCheck() && counts["notes"] == expected && counts["files"] == expected && counts["notes_fts"] == expected
            && agreeing == expected
    }

    /// Runs SQL on the index's connection (to set up a situation below the API).
    func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try database.write { db in try db.execute(sql: sql, arguments: arguments) }
    }
}

/// The sandbox's fixed "now" shifted by a number of days.
func day(_ offset: Double) -> Date { VaultSandbox.now.addingTimeInterval(offset * 86_400) }

/// A date as front matter writes it (UTC).
func stamp(_ date: Date) -> String { NoteDate.stamp(date, in: VaultSandbox.timeZone) }
