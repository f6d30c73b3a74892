import Foundation
import GRDB

/// Recognises notes moved outside enote while an index update writes (``MoveTables``): each
/// note removed is remembered as a departure, each note added as an arrival, and when the
/// update finishes each departure is matched against the arrivals of the last ``window``
/// seconds. A move spread over several updates (the watcher applies a folder's events and a
/// file's separately; a note moved out and back in between two commands) is still found.
struct MoveTracker {
    /// How long a departure or an arrival waits for its other half, in seconds.
    static let window: Double = 600

    private let db: Database
    private let now: Double
    private var depart: RawStatement
    private var arrive: RawStatement
    private var forgetArrival: RawStatement
    private var forgetDeparture: RawStatement
    private var touched = false

    init(_ db: Database, now: Double = Date().timeIntervalSince1970) throws {
        self.db = db
        self.now = now
        depart = try RawStatement(
            db,
            sql: """
                INSERT OR REPLACE INTO departed (path, size, hash, inode, title, at) \
                SELECT f.path, n.size, n.hash, f.inode, n.title, ? FROM files f JOIN notes n ON n.id = f.note_id WHERE f.path = ?
                """)
        arrive = try RawStatement(db, sql: "INSERT OR REPLACE INTO arrivals (path, size, hash, inode, title, at) VALUES (?, ?, ?, ?, ?, ?)")
        forgetArrival = try RawStatement(db, sql: "DELETE FROM arrivals WHERE path = ?")
        forgetDeparture = try RawStatement(db, sql: "DELETE FROM departed WHERE path = ?")
    }

    /// Remembers the note at `path` as it is indexed, before its rows are deleted.
    mutating func departing(_ path: NotePath) throws {
        touched = true
        forgetArrival.reset()
        forgetArrival.bind(blob: path.bytes)
        try forgetArrival.run()
        depart.reset()
        depart.bind(now)
        depart.bind(blob: path.bytes)
        try depart.run()
    }

    /// Remembers a note just added.
    mutating func arrived(_ record: IndexRecord) throws {
        touched = true
        forgetDeparture.reset()
        forgetDeparture.bind(blob: record.path.bytes)
        try forgetDeparture.run()
        arrive.reset()
        arrive.bind(blob: record.path.bytes)
        arrive.bind(record.fingerprint.size)
        arrive.bind(record.hash.storedValue)
        arrive.bind(Int64(bitPattern: record.fingerprint.inode))
        arrive.bind(record.note.title)
        arrive.bind(now)
        try arrive.run()
    }

    /// Matches departures with arrivals and records the moves; forgets what is too old, and the
    /// moves undone (the old path is a note again) or lost (the new path is gone).
    mutating func finish() throws {
        guard touched else { return }
        let cutoff = now - Self.window
        try db.execute(sql: "DELETE FROM departed WHERE at < ?; DELETE FROM arrivals WHERE at < ?", arguments: [cutoff, cutoff])
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT d.path, a.path, 1 FROM departed d JOIN arrivals a ON a.hash = d.hash AND a.size = d.size \
                UNION ALL SELECT d.path, a.path, 0 FROM departed d JOIN arrivals a ON a.inode = d.inode AND a.title = d.title \
                WHERE NOT (a.hash = d.hash AND a.size = d.size)
                """)
        var candidates: [Data: (bytes: [Data], inode: [Data])] = [:]
        for row in rows {
            let old: Data = row[0]
            let new: Data = row[1]
            let sameBytes: Bool = row[2]
            if sameBytes { candidates[old, default: ([], [])].bytes.append(new) } else { candidates[old, default: ([], [])].inode.append(new) }
        }
        var claimed = Set<Data>()
        for (old, found) in candidates {
            // The same bytes are the stronger evidence; the inode counts only without them.
            let news = found.bytes.isEmpty ? found.inode : found.bytes
            let how = found.bytes.isEmpty ? "inode" : "content"
            if news.count == 1 {
                // A note moved again: its first move now ends where the second does (the path
                // in between was only a stop of the same note).
                try db.execute(sql: "UPDATE OR REPLACE moves SET new_path = ? WHERE new_path = ?", arguments: [news[0], old])
                if db.changesCount > 0 {
                    claimed.insert(news[0])
                    try db.execute(sql: "DELETE FROM departed WHERE path = ?", arguments: [old])
                    continue
                }
            }
            for new in news {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO moves (old_path, new_path, how, at) VALUES (?, ?, ?, ?)", arguments: [old, new, how, now])
                claimed.insert(new)
            }
            try db.execute(sql: "DELETE FROM departed WHERE path = ?", arguments: [old])
        }
        for new in claimed { try db.execute(sql: "DELETE FROM arrivals WHERE path = ?", arguments: [new]) }
        try db.execute(
            sql: """
                DELETE FROM moves WHERE old_path = new_path OR old_path IN (SELECT path FROM files) \
                OR (new_path NOT IN (SELECT path FROM files) AND new_path NOT IN (SELECT path FROM departed))
                """)
    }
}
