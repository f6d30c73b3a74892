import CEnoteFTS
import Foundation
import GRDB

/// The vault's SQLite index (`.enote/index.sqlite`): a disposable cache of the note files that
/// lets `list` and `search` answer without reading them.
///
/// Opening it checks that the file is a database of the current schema; a missing, corrupt or
/// older index is moved aside and rebuilt from the files, with one line of explanation. Before
/// answering, a command brings the index up to date with ``synchronize(progress:)``, which
/// re-reads only the files whose size, times or inode changed.
///
/// For example:
///
/// ```swift
/// let index = try NoteIndex.open(vault) { message in print(message) }
/// try index.synchronize()
/// let recent = try index.list(NoteFilter(now: Date()), sort: .init(key: .updated), limit: 20)
/// ```
public final class NoteIndex: @unchecked Sendable {
    /// The vault this index describes.
    public let vault: Vault
    /// The database connection (replaced when a bulk build swaps in a new file).
    private(set) var database: DatabaseQueue
    /// Where the database file is.
    public let path: String

    /// The page cache size this index's connections use, in KiB.
    let cacheKiB: Int
    /// How many rows the ranking function scored in the last ranked query (its match count).
    let rankCounter: UnsafeMutablePointer<EnoteRankCounter>

    private init(vault: Vault, database: DatabaseQueue, path: String, cacheKiB: Int, rankCounter: UnsafeMutablePointer<EnoteRankCounter>) {
        self.vault = vault
        self.database = database
        self.path = path
        self.cacheKiB = cacheKiB
        self.rankCounter = rankCounter
    }

    deinit {
        try? database.close()
        rankCounter.deallocate()
    }

    /// The database file of a vault.
    public static func databasePath(for vault: Vault) -> String {
        vault.stateFolder + "/index.sqlite"
    }

    /// Opens the index of `vault`, rebuilding it when it is missing, corrupt or of an older
    /// schema.
    /// - Parameters:
    ///   - vault: The vault.
    ///   - inform: Receives one line whenever the index is rebuilt, and why.
    ///   - cacheKiB: SQLite's page cache in KiB (a long-running watcher keeps it small).
    public static func open(_ vault: Vault, cacheKiB: Int = 65536, inform: (String) -> Void = { _ in }) throws(VaultError) -> NoteIndex {
        let path = databasePath(for: vault)
        let exists = FileManager.default.fileExists(atPath: path)
        let counter = UnsafeMutablePointer<EnoteRankCounter>.allocate(capacity: 1)
        counter.initialize(to: EnoteRankCounter(rows: 0))
        if exists {
            switch check(path, cacheKiB: cacheKiB, counter: counter) {
            case .ok(let queue):
                return NoteIndex(vault: vault, database: queue, path: path, cacheKiB: cacheKiB, rankCounter: counter)
            case .unusable(let reason):
                inform(Localization.text("enote: \(reason); rebuilding it from the notes (they are not touched)"))
                moveAside(path)
            }
        }
        if !exists {
            inform(Localization.text("enote: building the index (.enote/index.sqlite) from the notes"))
        }
        do {
            let queue = try createDatabase(at: path, cacheKiB: cacheKiB, counter: counter)
            let index = NoteIndex(vault: vault, database: queue, path: path, cacheKiB: cacheKiB, rankCounter: counter)
            return index
        } catch {
            counter.deallocate()
            throw .invalidInput("could not create the index at \(path): \(IndexError.describe(error))")
        }
    }

    /// Deletes the index and builds it again from the files.
    public static func rebuild(_ vault: Vault) throws(VaultError) -> NoteIndex {
        moveAside(databasePath(for: vault), keep: false)
        return try open(vault)
    }

    // MARK: - Opening

    private enum CheckResult {
        case ok(DatabaseQueue)
        case unusable(LocalizedMessage)
    }

    private static func check(_ path: String, cacheKiB: Int, counter: UnsafeMutablePointer<EnoteRankCounter>) -> CheckResult {
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration(cacheKiB: cacheKiB, counter: counter))
            let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
            guard version == IndexSchema.version else {
                // Every enote index sets user_version: 0 is an empty file or another program's database.
                if version == 0 {
                    let tables = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0 }
                    return .unusable(tables == 0 ? "the index is empty" : "the index is not an enote index")
                }
                return .unusable(version < IndexSchema.version ? "the index is from an older version of enote" : "the index is from a newer version of enote")
            }
            let tables = try queue.read { db in
                try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
            }
            guard tables.isSuperset(of: ["notes", "fields", "notes_fts", "meta"]) else { return .unusable("the index is incomplete") }
            return .ok(queue)
        } catch {
            return .unusable(IndexError.unusableReason(error))
        }
    }

    static func configuration(bulk: Bool = false, cacheKiB: Int = 65536, counter: UnsafeMutablePointer<EnoteRankCounter>? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        nonisolated(unsafe) let counter = counter
        configuration.prepareDatabase { db in
            db.add(tokenizer: CJKBigramTokenizer.self)
            let code = enote_register_rank(UnsafeMutableRawPointer(mutating: FTS5.api(db)), counter)
            guard code == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not register enote_rank") }
            if bulk {
                // A file nobody else sees yet: no journal, no fsync, a large cache.
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY")
            } else {
                try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -\(cacheKiB)")
            }
        }
        configuration.label = "enote.index"
        return configuration
    }

    /// Swaps a freshly built database file in for the current one.
    func replaceDatabase(with builtPath: String) throws {
        try database.close()
        let manager = FileManager.default
        try? manager.removeItem(atPath: path + "-wal")
        try? manager.removeItem(atPath: path + "-shm")
        guard rename(builtPath, path) == 0 else { throw SystemError("rename", path: path) }
        database = try DatabaseQueue(path: path, configuration: Self.configuration(cacheKiB: cacheKiB, counter: rankCounter))
    }

    /// Creates an empty index at `path`. The schema is made in a private file that is then
    /// linked into place, so that no other process ever opens a half-made index (which it would
    /// take for an old one and rebuild, leaving this process, a watcher say, writing to a deleted
    /// file); when another process installed one first, that one is used.
    private static func createDatabase(at path: String, cacheKiB: Int, counter: UnsafeMutablePointer<EnoteRankCounter>) throws -> DatabaseQueue {
        let building = path + "-new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { moveAside(building, keep: false) }
        let empty = try DatabaseQueue(path: building, configuration: configuration(cacheKiB: cacheKiB, counter: counter))
        try empty.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        try empty.write { db in try IndexSchema.create(db) }
        try empty.close()
        if link(building, path) != 0, errno != EEXIST {
            // No hard links on this file system: a rename still installs only a whole file.
            guard rename(building, path) == 0 else { throw SystemError("rename", path: path) }
        }
        return try DatabaseQueue(path: path, configuration: configuration(cacheKiB: cacheKiB, counter: counter))
    }

    /// Moves a broken index to `index.sqlite.corrupt` (for a bug report) and removes its WAL.
    private static func moveAside(_ path: String, keep: Bool = true) {
        let manager = FileManager.default
        try? manager.removeItem(atPath: path + ".corrupt")
        if keep {
            try? manager.moveItem(atPath: path, toPath: path + ".corrupt")
        }
        try? manager.removeItem(atPath: path)
        try? manager.removeItem(atPath: path + "-wal")
        try? manager.removeItem(atPath: path + "-shm")
    }

    /// Runs a read against the database, turning corruption into a clear error.
    func read<T>(_ body: (Database) throws -> T) throws(VaultError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw .invalidInput("the index could not be read (\(IndexError.describe(error))); run `enote index --rebuild`")
        }
    }

    /// Runs a write transaction.
    func write<T>(_ body: (Database) throws -> T) throws(VaultError) -> T {
        do {
            return try database.write(body)
        } catch let error as VaultError {
            throw error
        } catch {
            throw .invalidInput("the index could not be updated (\(IndexError.describe(error))); run `enote index --rebuild`")
        }
    }

    /// `PRAGMA quick_check`: whether SQLite finds the file sound.
    public func quickCheck() -> Bool {
        (try? database.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) == "ok"
    }
}

/// Turns SQLite errors into words for messages (never SQL text).
enum IndexError {
    static func describe(_ error: Error) -> LocalizedMessage {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_CORRUPT: return "the database file is corrupt"
            case .SQLITE_NOTADB: return "the file is not a database"
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_READONLY: return "the database is read-only"
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "the database is busy"
            case .SQLITE_IOERR: return "an I/O error occurred"
            case .SQLITE_CANTOPEN: return "the database file cannot be opened"
            case .SQLITE_PERM: return "permission denied"
            default: return "SQLite error \(error.resultCode.rawValue)"
            }
        }
        return "\(error)"
    }

    static func unusableReason(_ error: Error) -> LocalizedMessage {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: return "the index is not a database file"
            case .SQLITE_CORRUPT: return "the index is corrupt"
            default: return "the index cannot be opened (\(describe(error)))"
            }
        }
        return "the index cannot be opened"
    }
}
