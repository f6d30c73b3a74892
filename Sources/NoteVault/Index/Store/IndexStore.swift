import Foundation
import GRDB

/// Where the package's SQL is: every statement that reads or writes the index goes through
/// this type or the helpers beside it in `Index/Store/` (``IndexSchema``, ``IndexWriter``,
/// ``FingerprintTable``, ``BodyLengthTable``, ``BodyReader``), and nothing outside that folder
/// sees a `Database`.
///
/// A store wraps one access of the connection: ``IndexConnection/read(_:)`` and
/// ``IndexConnection/write(_:)`` hand one to their closure, and it is valid only inside it.
/// Its methods speak the package's types (``NoteFilter``, ``NoteSort``, ``IndexedNote``,
/// ``NotePath``), never SQL text.
struct IndexStore {
    /// The connection during one access.
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    // MARK: - The connection

    /// The pragmas each new connection runs: a bulk build's private file needs no journal, no
    /// fsync and a large cache; a normal connection syncs at commits and uses `cacheKiB`.
    func applyPragmas(bulk: Bool, cacheKiB: Int) throws {
        // A deleted note's bytes are overwritten, never left in free pages: destroyed means gone.
        try db.execute(sql: "PRAGMA secure_delete = ON")
        if bulk {
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY")
        } else if !db.configuration.readonly {
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -\(cacheKiB)")
        }
    }

    /// Switches the file to write-ahead logging (outside a transaction).
    func useWriteAheadLog() throws {
        _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
    }

    /// Why the database is not an index of the current schema, or `nil` when it is.
    func schemaProblem() throws -> LocalizedMessage? {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version == IndexSchema.version else {
            // Every enote index sets user_version: 0 is an empty file or another program's database.
            if version == 0 {
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                return tables == 0 ? "the index is empty" : "the index is not an enote index"
            }
            return version < IndexSchema.version ? "the index is from an older version of enote" : "the index is from a newer version of enote"
        }
        let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        guard tables.isSuperset(of: IndexSchema.tables.map(\.name)) else { return "the index is incomplete" }
        // A field added to NoteColumns (or taken away) makes an index of the same version stale:
        // its columns tell.
        let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('notes') ORDER BY cid")
        let expected = NoteColumns.all.map(\.name)
        guard columns == expected else {
            if columns.count < expected.count { return "the index is from an older version of enote" }
            if columns.count > expected.count { return "the index is from a newer version of enote" }
            return "the index is incomplete"
        }
        return nil
    }

    /// SQLite's `PRAGMA quick_check`: `["ok"]`, or the problems it found.
    func quickCheck() throws -> [String] {
        try String.fetchAll(db, sql: "PRAGMA quick_check")
    }

    // MARK: - Notes

    /// The notes that pass `filter`, in `sort` order.
    func notes(_ filter: NoteFilter, sort: NoteSort, limit: Int?, columns: NoteColumnSubset = .all) throws -> [IndexedNote] {
        let (condition, arguments) = filter.sql()
        var sort = sort
        sort.onlyWithDestroyDate = filter.expiringWithin != nil
        var sql = "SELECT \(columns.selection) FROM notes n WHERE \(condition) ORDER BY \(sort.sql)"
        var values = arguments
        if let limit {
            sql += " LIMIT ?"
            values += [limit]
        }
        var notes: [IndexedNote] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: values)
        while let row = try rows.next() { notes.append(columns.note(in: row)) }
        return notes
    }

    /// How many notes pass `filter`.
    func count(_ filter: NoteFilter) throws -> Int {
        let (condition, arguments) = filter.sql()
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM notes n WHERE \(condition)", arguments: arguments) ?? 0
    }

    /// Every note's path and title.
    func candidates() throws -> [NoteResolver.Candidate] {
        try Row.fetchAll(db, sql: "SELECT path, title FROM notes").map { row in
            let path: Data = row[0]
            return NoteResolver.Candidate(path: NotePath(bytes: [UInt8](path)), title: row[1])
        }
    }

    /// The row of the note at `path`, if it is indexed.
    func note(at path: NotePath) throws -> IndexedNote? {
        // Through `files`, whose key is the path (notes.path has no index of its own).
        try Row.fetchOne(
            db, sql: "SELECT \(IndexedNote.columns) FROM files f JOIN notes n ON n.id = f.note_id WHERE f.path = ?", arguments: [Data(path.bytes)]
        )
        .map(IndexedNote.init(row:))
    }

    /// Whether any of `paths` is indexed with a destroy date at or before `now`.
    func anyDue(_ paths: [NotePath], at now: Date) throws -> Bool {
        let statement = try db.makeStatement(
            sql: "SELECT EXISTS (SELECT 1 FROM files f JOIN notes n ON n.id = f.note_id WHERE f.path = ? AND n.destroy_at <= ?)")
        for path in paths where try Bool.fetchOne(statement, arguments: [Data(path.bytes), now.timeIntervalSince1970]) == true {
            return true
        }
        return false
    }

    /// Whether a note with exactly this path is indexed.
    func contains(_ path: NotePath) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM files WHERE path = ?)", arguments: [Data(path.bytes)]) ?? false
    }

    // MARK: - Expiry

    /// The notes past their destroy date at `now`, soonest first: only their path and date.
    func dueNotes(at now: Date) throws -> [(path: NotePath, destroy: Date?)] {
        try Row.fetchAll(
            db, sql: "SELECT path, destroy_at FROM notes WHERE destroy_at <= ? ORDER BY destroy_at, id", arguments: [now.timeIntervalSince1970]
        ).map { row in
            let path: Data = row[0]
            let destroy: Double? = row[1]
            return (NotePath(bytes: [UInt8](path)), destroy.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// The notes among `paths` (all, in path order, when `nil`) whose destroy key is present
    /// but cannot be used.
    func unusableDestroyDates(among paths: [NotePath]?) throws -> [NotePath] {
        let states = "('\(IndexedNote.DestroyProblem.invalid.rawValue)', '\(IndexedNote.DestroyProblem.ambiguous.rawValue)')"
        guard let paths else {
            return try Data.fetchAll(db, sql: "SELECT path FROM notes WHERE destroy_state IN \(states) ORDER BY path").map { NotePath(bytes: [UInt8]($0)) }
        }
        let statement = try db.makeStatement(
            sql: "SELECT 1 FROM files f JOIN notes n ON n.id = f.note_id WHERE f.path = ? AND n.destroy_state IN \(states)")
        return try paths.filter { try Bool.fetchOne(statement, arguments: [Data($0.bytes)]) ?? false }
    }

    /// The soonest destroy date after `now`, if any.
    func nextDestroy(after now: Date) throws -> Date? {
        try Double.fetchOne(db, sql: "SELECT min(destroy_at) FROM notes WHERE destroy_at > ?", arguments: [now.timeIntervalSince1970])
            .map(Date.init(timeIntervalSince1970:))
    }

    // MARK: - Manual order

    /// The notes with an `order` key, in the order `list --sort order` shows them.
    func orderedNotes() throws -> [(path: NotePath, key: String)] {
        try Row.fetchAll(db, sql: "SELECT path, order_key FROM notes n WHERE order_key IS NOT NULL ORDER BY \(NoteSort(key: .order).sql)").map { row in
            let path: Data = row[0]
            return (NotePath(bytes: [UInt8](path)), row[1])
        }
    }
}
