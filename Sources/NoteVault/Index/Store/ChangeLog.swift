import Foundation
import GRDB

/// The index's record of which notes changed (`changes`): one row per note added, updated or
/// removed, in the order the writes committed, so that a long-running front end learns exactly
/// which notes another process (a watcher, a command, another server) changed since it last
/// looked (``NoteIndex/changes(since:)``).
///
/// Each index file has an epoch, a random number written when it is created (`meta`): a record
/// read from another file (after a rebuild, or healing) cannot be continued, and says that
/// everything may have changed. The table keeps the last ``kept`` rows; a reader further behind
/// than that is told the same, as is one behind a note destroyed for good, whose rows go
/// (``IndexStore/forget(_:)``).
struct ChangeLog {
    static let table = IndexTable(
        name: "changes",
        create: """
            CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, path BLOB NOT NULL);
            INSERT INTO meta (key, value) VALUES ('epoch', lower(hex(randomblob(8))));
            """)

    /// How many rows the table keeps.
    static let kept: Int64 = 4096

    private var insert: RawStatement
    private var written = false

    init(_ db: Database) throws {
        insert = try RawStatement(db, sql: "INSERT INTO changes (path) VALUES (?)")
    }

    /// Records that the note at `path` changed.
    mutating func record(_ path: NotePath) throws {
        insert.reset()
        insert.bind(blob: path.bytes)
        try insert.run()
        written = true
    }

    /// Drops the rows beyond the last ``kept``, once per transaction that wrote any.
    mutating func trim(_ db: Database) throws {
        guard written else { return }
        try db.execute(sql: "DELETE FROM changes WHERE seq <= (SELECT max(seq) FROM changes) - ?", arguments: [Self.kept])
        written = false
    }
}

/// Where an index file's record of changes stands: the file's epoch and its last change.
struct ChangePosition: Equatable, Sendable {
    var epoch: String
    var seq: Int64
}

extension IndexStore {
    /// The index file's epoch and the last change recorded in it.
    func changePosition() throws -> ChangePosition {
        let statement = try db.cachedStatement(
            sql: "SELECT (SELECT value FROM meta WHERE key = 'epoch'), \(Self.lastIssued)")
        guard let row = try Row.fetchOne(statement) else { return ChangePosition(epoch: "", seq: 0) }
        return ChangePosition(epoch: (row[0] as String?) ?? "", seq: (row[1] as Int64?) ?? 0)
    }

    /// The paths changed after `seq`, oldest first, at most `limit` rows, and whether rows
    /// after `seq` were already dropped (the reader is too far behind to be told exactly).
    func changedPaths(after seq: Int64, limit: Int) throws -> (rows: [(seq: Int64, path: NotePath)], truncated: Bool) {
        let next = (try Int64.fetchOne(db, sql: "SELECT \(Self.lastIssued)") ?? 0) + 1
        let oldest = try Int64.fetchOne(db, sql: "SELECT min(seq) FROM changes") ?? next
        let rows = try Row.fetchAll(db, sql: "SELECT seq, path FROM changes WHERE seq > ? ORDER BY seq LIMIT ?", arguments: [seq, limit]).map { row in
            let path: Data = row[1]
            return (seq: row[0] as Int64, path: NotePath(bytes: [UInt8](path)))
        }
        return (rows, oldest > seq + 1)
    }

    /// The last change number ever given (`AUTOINCREMENT` keeps it in `sqlite_sequence`), which
    /// stays when rows are dropped, the newest included (``forget(_:)``).
    private static let lastIssued =
        "coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), (SELECT max(seq) FROM changes), 0)"

}
