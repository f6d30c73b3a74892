import CEnoteFTS
import Foundation
import GRDB

/// The vault's SQLite index (`.enote/index.sqlite`): a disposable cache of the note files that
/// lets `list` and `search` answer without reading them.
///
/// Opening it checks that the file is a database of the current schema; a missing, corrupt or
/// older index is moved aside and rebuilt from the files, with one line of explanation, and so is
/// one that any later statement finds damaged (`SQLITE_CORRUPT`). Before answering, a command
/// brings the index up to date with ``synchronize(progress:)``, which re-reads only the files
/// whose size, times or inode changed.
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
    /// The database connection (replaced when a bulk build swaps in a new file, when a damaged
    /// file is rebuilt, or by a copy in memory when the file cannot be written).
    var database: DatabaseQueue
    /// Where the database file is.
    public let path: String
    /// Why this command keeps the index in memory instead of saving it to ``path`` (a read-only
    /// vault, a full disk), or `nil` when changes are saved as usual.
    public internal(set) var unsavedReason: LocalizedMessage?

    /// The page cache size this index's connections use, in KiB.
    let cacheKiB: Int
    /// How long one attempt waits for another connection's lock, in seconds.
    let busyTimeout: Double
    /// How many times an attempt that found the database busy is repeated.
    static let busyRetries = 3
    /// What the ranking function shares with a search: the rows it scored in the last ranked
    /// query (its match count), and while a search runs, the rows to put last and the notes'
    /// body lengths.
    let rankCounter: UnsafeMutablePointer<EnoteRankCounter>
    /// Receives one line when the index is rebuilt or kept in memory.
    let inform: (String) -> Void
    /// Whether an index that cannot be saved may be kept in memory (not for a watcher, whose
    /// index other commands read from the file).
    let memoryFallback: Bool
    /// Whether a rebuild after damage is under way (damage found during it is not healed again).
    var isHealing = false
    /// How many times damage found after opening made this index rebuild itself.
    var rebuilds = 0
    /// The file the connection has open (device and inode), to see when another process
    /// replaced it; `nil` for a copy in memory.
    var openedFile: FileIdentity?

    /// A file as the file system knows it, whatever its name.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        /// The file at `path` now, or `nil` when there is none.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    init(
        vault: Vault, database: DatabaseQueue, path: String, cacheKiB: Int, busyTimeout: Double,
        rankCounter: UnsafeMutablePointer<EnoteRankCounter>, memoryFallback: Bool, inform: @escaping (String) -> Void
    ) {
        self.vault = vault
        self.database = database
        self.path = path
        self.cacheKiB = cacheKiB
        self.busyTimeout = busyTimeout
        self.rankCounter = rankCounter
        self.memoryFallback = memoryFallback
        self.inform = inform
        self.openedFile = FileIdentity(path: path)
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
    ///
    /// An index that is only busy (another process holds a lock on it) is never rebuilt: the
    /// open waits and tries again. An index that cannot be written (a read-only vault, a full
    /// disk) is copied into memory for this command, brought up to date there and not saved.
    /// - Parameters:
    ///   - vault: The vault.
    ///   - cacheKiB: SQLite's page cache in KiB (a long-running watcher keeps it small).
    ///   - busyTimeout: How long each attempt waits for another process's lock, in seconds; an
    ///     attempt that runs out is repeated ``busyRetries`` times.
    ///   - memoryFallback: Keep an index that cannot be saved in memory for this process; when
    ///     false (a watcher, whose index other commands read from the file), fail instead.
    ///   - inform: Receives one line whenever the index is rebuilt or kept in memory, and why.
    public static func open(
        _ vault: Vault, cacheKiB: Int = 65536, busyTimeout: Double = 5, memoryFallback: Bool = true,
        inform: @escaping (String) -> Void = { _ in }
    ) throws(VaultError) -> NoteIndex {
        let path = databasePath(for: vault)
        let counter = UnsafeMutablePointer<EnoteRankCounter>.allocate(capacity: 1)
        counter.initialize(to: EnoteRankCounter(rows: 0, hidden: nil, hiddenLimit: 0, hiddenRows: 0, lengths: nil, lengthLimit: 0, averageLength: 0))
        func make(_ queue: DatabaseQueue) -> NoteIndex {
            NoteIndex(
                vault: vault, database: queue, path: path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, rankCounter: counter,
                memoryFallback: memoryFallback, inform: inform)
        }
        func inMemory(because reason: LocalizedMessage, copying source: String?) throws(VaultError) -> NoteIndex {
            guard memoryFallback else {
                counter.deallocate()
                throw unsavable(path: path, reason: explained(reason, folder: vault.stateFolder))
            }
            do throws(VaultError) {
                return make(try inMemoryCopy(of: source, cacheKiB: cacheKiB, counter: counter)).keptInMemory(because: reason)
            } catch {
                counter.deallocate()
                throw error
            }
        }
        // SQLite opens the index and its journals by path, following links: a link there (a
        // vault can carry one) would have it read and write a file elsewhere. The index is a
        // cache, so the links go and it is built again.
        let links = linkedFiles(path)
        if !links.isEmpty {
            inform(
                Localization.text(
                    "enote: \(links[0]) is a symbolic link, which enote does not follow; rebuilding the index from the notes (they are not touched)"))
            for link in links { _ = unlink(link) }
            guard linkedFiles(path).isEmpty else {
                counter.deallocate()
                throw .linkedStateFile(links[0])
            }
        }
        if let reason = unsavableReason(vault, path: path) {
            return try inMemory(because: reason, copying: path)
        }
        let exists = FileManager.default.fileExists(atPath: path)
        if exists {
            switch check(path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: counter) {
            case .ok(let queue):
                return make(queue)
            case .unusable(let reason):
                inform(Localization.text("enote: \(reason); rebuilding it from the notes (they are not touched)"))
                moveAside(path)
            case .cannotSave(let reason):
                return try inMemory(because: reason, copying: path)
            case .busy:
                counter.deallocate()
                throw busyError(path: path, busyTimeout: busyTimeout)
            }
        }
        if !exists {
            inform(Localization.text("enote: building the index (.enote/index.sqlite) from the notes"))
        }
        do {
            return make(try createDatabase(at: path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: counter))
        } catch {
            if case .cannotSave(let reason) = IndexError.Kind(error) {
                return try inMemory(because: reason, copying: nil)
            }
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
        case cannotSave(LocalizedMessage)
        case busy
    }

    private static func check(_ path: String, cacheKiB: Int, busyTimeout: Double, counter: UnsafeMutablePointer<EnoteRankCounter>) -> CheckResult {
        if !linkedFiles(path).isEmpty { return .unusable("the index is a symbolic link") }
        var attempt = 0
        while true {
            attempt += 1
            do {
                let queue = try DatabaseQueue(path: path, configuration: configuration(cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: counter))
                if let problem = try schemaProblem(queue) { return .unusable(problem) }
                return .ok(queue)
            } catch {
                switch IndexError.Kind(error) {
                case .busy:
                    // Another process holds the file (a long write, an exclusive lock): it is
                    // in use, not damaged, so wait again rather than rebuild it under them.
                    if attempt <= busyRetries { continue }
                    return .busy
                case .cannotSave(let reason):
                    return .cannotSave(reason)
                case .corrupt, .other:
                    return .unusable(IndexError.unusableReason(error))
                }
            }
        }
    }

    /// Why the database in `queue` is not an index of the current schema, or `nil` when it is.
    static func schemaProblem(_ queue: DatabaseQueue) throws -> LocalizedMessage? {
        let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard version == IndexSchema.version else {
            // Every enote index sets user_version: 0 is an empty file or another program's database.
            if version == 0 {
                let tables = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0 }
                return tables == 0 ? "the index is empty" : "the index is not an enote index"
            }
            return version < IndexSchema.version ? "the index is from an older version of enote" : "the index is from a newer version of enote"
        }
        let tables = try queue.read { db in
            try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        }
        return tables.isSuperset(of: ["notes", "fields", "notes_fts", "meta"]) ? nil : "the index is incomplete"
    }

    static func configuration(
        bulk: Bool = false, cacheKiB: Int = 65536, busyTimeout: Double = 5, counter: UnsafeMutablePointer<EnoteRankCounter>? = nil
    ) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        nonisolated(unsafe) let counter = counter
        configuration.prepareDatabase { db in
            db.add(tokenizer: CJKBigramTokenizer.self)
            db.add(collation: OrderKey.collation)
            let code = enote_register_rank(UnsafeMutableRawPointer(mutating: FTS5.api(db)), counter)
            guard code == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not register enote_rank") }
            if bulk {
                // A file nobody else sees yet: no journal, no fsync, a large cache.
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY")
            } else if !db.configuration.readonly {
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
        database = try DatabaseQueue(path: path, configuration: Self.configuration(cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: rankCounter))
        openedFile = FileIdentity(path: path)
    }

    /// Opens the index file again when another process replaced it (a command that found it
    /// damaged and rebuilt it, `enote index --rebuild`) or removed it, so that a long-running
    /// process (the watcher) does not go on writing to a file no one else reads.
    /// - Returns: Whether the connection now has another file open; its content may be behind
    ///   the notes, so the caller compares the whole vault with it.
    public func reopenIfReplaced() throws(VaultError) -> Bool {
        guard unsavedReason == nil, let opened = openedFile, FileIdentity(path: path) != opened else { return false }
        let replacement: DatabaseQueue
        switch Self.check(path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: rankCounter) {
        case .ok(let queue):
            replacement = queue
        case .busy:
            return false  // the new file is being made: look again at the next step
        case .unusable, .cannotSave:
            do {
                Self.moveAside(path)
                replacement = try Self.createDatabase(at: path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: rankCounter)
            } catch {
                throw .invalidInput("could not create the index at \(path): \(IndexError.describe(error))")
            }
        }
        try? database.close()
        database = replacement
        openedFile = FileIdentity(path: path)
        return true
    }

    /// Creates an empty index at `path`. The schema is made in a private file that is then
    /// linked into place, so that no other process ever opens a half-made index (which it would
    /// take for an old one and rebuild, leaving this process, a watcher say, writing to a deleted
    /// file); when another process installed one first, that one is used.
    static func createDatabase(at path: String, cacheKiB: Int, busyTimeout: Double, counter: UnsafeMutablePointer<EnoteRankCounter>) throws -> DatabaseQueue {
        let building = path + "-new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { moveAside(building, keep: false) }
        let empty = try DatabaseQueue(path: building, configuration: configuration(cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: counter))
        try empty.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        try empty.write { db in try IndexSchema.create(db) }
        try empty.close()
        if link(building, path) != 0, errno != EEXIST {
            // No hard links on this file system: a rename still installs only a whole file.
            guard rename(building, path) == 0 else { throw SystemError("rename", path: path) }
        }
        return try DatabaseQueue(path: path, configuration: configuration(cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: counter))
    }

    /// The index file and the journals SQLite keeps beside it that are symbolic links.
    static func linkedFiles(_ path: String) -> [String] {
        ["", "-wal", "-shm", "-journal"].map { path + $0 }.filter { file in
            var status = stat()
            return lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
        }
    }

    /// Moves a broken index to `index.sqlite.corrupt` (for a bug report) and removes its WAL.
    static func moveAside(_ path: String, keep: Bool = true) {
        let manager = FileManager.default
        try? manager.removeItem(atPath: path + ".corrupt")
        if keep {
            try? manager.moveItem(atPath: path, toPath: path + ".corrupt")
        }
        try? manager.removeItem(atPath: path)
        try? manager.removeItem(atPath: path + "-wal")
        try? manager.removeItem(atPath: path + "-shm")
    }

    /// The error for an index that cannot be saved where it may not be kept in memory.
    static func unsavable(path: String, reason: LocalizedMessage) -> VaultError {
        .invalidInput("the index \(path) cannot be saved (\(reason)); free some space or make the vault writable, then run the command again")
    }

    /// The error for an index another process kept locked through every attempt.
    static func busyError(path: String, busyTimeout: Double) -> VaultError {
        let seconds = busyTimeout * Double(busyRetries + 1)
        let waited = seconds < 10 ? String(format: "%.1f", seconds) : String(Int(seconds.rounded()))
        return .invalidInput(
            "the index \(path) is busy: another program held it through \(waited) s of waiting; nothing was changed. Try again when it has finished")
    }
}
