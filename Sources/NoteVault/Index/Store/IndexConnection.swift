import CEnoteFTS
import Foundation
import GRDB
import Synchronization

/// The life of the index's database connection: opening `.enote/index.sqlite` (or moving a
/// missing, corrupt or older one aside and creating it again), waiting out another process's
/// lock, healing damage found later, keeping a copy in memory when the file cannot be written,
/// swapping in a file built elsewhere, and opening the file again when another process replaced
/// it. Statements reach the database only through ``read(_:)`` and ``write(_:)``, which hand
/// them an ``IndexStore``.
///
/// Not `Sendable`: it belongs to one ``NoteIndex`` and is used on the thread that uses it.
final class IndexConnection {
    /// The database connection (replaced when a bulk build swaps in a new file, when a damaged
    /// file is rebuilt, or by a copy in memory when the file cannot be written).
    private(set) var database: DatabaseQueue
    /// Where the database file is.
    let path: String
    /// The vault's `.enote` folder, whose file system a full disk is checked on.
    let stateFolder: String
    /// Why this command keeps the index in memory instead of saving it to ``path``, or `nil`
    /// (set only by ``keptInMemory(because:)``).
    var unsavedReason: LocalizedMessage?
    /// The page cache size this index's connections use, in KiB.
    let cacheKiB: Int
    /// How long one attempt waits for another connection's lock, in seconds.
    let busyTimeout: Double
    /// How many times an attempt that found the database busy is repeated.
    static let busyRetries = 3
    /// What `enote_rank` shares with a search; every connection opened here registers it.
    let rankCounter: RankCounter
    /// Receives one line when the index is rebuilt or kept in memory.
    let inform: (String) -> Void
    /// Whether an index that cannot be saved may be kept in memory (not for a watcher, whose
    /// index other commands read from the file).
    let memoryFallback: Bool
    /// Fills a freshly created, empty index from the notes and says what it found. Set by the
    /// ``NoteIndex`` that owns this connection; called when damage forces a rebuild.
    var refill: () throws(VaultError) -> SyncReport = { SyncReport() }
    /// Whether a rebuild after damage is under way (damage found during it is not healed again).
    var isHealing = false
    /// How many times damage found after opening made this index rebuild itself.
    var rebuilds = 0
    /// The file the connection has open (device and inode), to see when another process
    /// replaced it; `nil` for a copy in memory.
    private var openedFile: FileIdentity?
    /// A number no other connection of this process has had, renewed when the connection is
    /// replaced: what a value read through it (``PassageMatrixCache``) is tied to.
    private(set) var identity = IndexConnection.nextIdentity()
    private static let identities = Atomic<Int>(0)

    private static func nextIdentity() -> Int {
        identities.add(1, ordering: .relaxed).newValue
    }

    private init(
        database: DatabaseQueue, path: String, stateFolder: String, cacheKiB: Int, busyTimeout: Double, rankCounter: RankCounter,
        memoryFallback: Bool, inform: @escaping (String) -> Void
    ) {
        self.database = database
        self.path = path
        self.stateFolder = stateFolder
        self.cacheKiB = cacheKiB
        self.busyTimeout = busyTimeout
        self.rankCounter = rankCounter
        self.memoryFallback = memoryFallback
        self.inform = inform
        self.openedFile = FileIdentity(path: path)
    }

    deinit {
        try? database.close()
    }

    /// Opens the index of `vault` at `path`; see ``NoteIndex/open(_:cacheKiB:busyTimeout:memoryFallback:inform:)``.
    static func open(
        _ vault: Vault, path: String, cacheKiB: Int, busyTimeout: Double, memoryFallback: Bool, inform: @escaping (String) -> Void
    ) throws(VaultError) -> IndexConnection {
        let counter = RankCounter()
        func make(_ queue: DatabaseQueue) -> IndexConnection {
            IndexConnection(
                database: queue, path: path, stateFolder: vault.stateFolder, cacheKiB: cacheKiB, busyTimeout: busyTimeout, rankCounter: counter,
                memoryFallback: memoryFallback, inform: inform)
        }
        func inMemory(because reason: LocalizedMessage, copying source: String?) throws(VaultError) -> IndexConnection {
            guard memoryFallback else { throw unsavable(path: path, reason: explained(reason, folder: vault.stateFolder)) }
            let connection = make(try inMemoryCopy(of: source, cacheKiB: cacheKiB, counter: counter))
            connection.keptInMemory(because: reason)
            return connection
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
            guard linkedFiles(path).isEmpty else { throw .linkedStateFile(links[0]) }
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
            throw .index("could not create the index at \(path): \(IndexError.describe(error))")
        }
    }

    // MARK: - Reading and writing

    /// How a write ended.
    enum WriteOutcome<T> {
        /// The transaction committed with this result.
        case written(T)
        /// The database was damaged, so the whole index was rebuilt from the notes instead (which
        /// made the write unnecessary); this is what the rebuild found.
        case rebuilt(SyncReport)
    }

    /// Runs a read against the database.
    ///
    /// A busy database is tried again (``busyRetries`` times, each waiting ``busyTimeout``); a
    /// damaged one (`SQLITE_CORRUPT`, `SQLITE_NOTADB`) is moved aside and rebuilt from the notes
    /// with one line through `inform`, and the read runs again on the new one. When another
    /// connection already healed the damaged file, the read runs again on its file instead
    /// (``healOrAdopt(reason:)``).
    func read<T>(_ body: (IndexStore) throws -> T) throws(VaultError) -> T {
        try reading { try database.read { db in try body(IndexStore(db)) } }
    }

    /// Runs a read of one statement, which SQLite runs in a transaction of its own, without the
    /// read transaction and read-only guard ``read(_:)`` sets around it (a few statements of
    /// their own): for a question a server asks before every answer, such as where the change
    /// record stands. Busy and damaged databases are dealt with as in ``read(_:)``.
    func readOneStatement<T>(_ body: (IndexStore) throws -> T) throws(VaultError) -> T {
        try reading { try database.unsafeRead { db in try body(IndexStore(db)) } }
    }

    /// Runs `run` with ``read(_:)``'s retries and healing.
    private func reading<T>(_ run: () throws -> T) throws(VaultError) -> T {
        var attempt = 0
        var healed = false
        while true {
            attempt += 1
            do {
                return try run()
            } catch let error as VaultError {
                throw error
            } catch {
                switch IndexError.Kind(error) {
                case .busy where attempt <= Self.busyRetries:
                    continue
                case .busy:
                    throw Self.busyError(path: path, busyTimeout: busyTimeout)
                case .corrupt where canHeal && !healed:
                    healed = true
                    try healOrAdopt(reason: IndexError.unusableReason(error))
                default:
                    throw .index(LocalizedMessage("the index could not be read (\(IndexError.describe(error)))", remedy: .rebuildIndex))
                }
            }
        }
    }

    /// Runs a write transaction.
    ///
    /// A busy database is tried again like a read; a damaged one is rebuilt from the notes
    /// (``WriteOutcome/rebuilt(_:)``); one that cannot be written (disk full, read-only, I/O
    /// error) is copied into memory for the rest of the command and the write runs there.
    func write<T>(_ body: (IndexStore) throws -> T) throws(VaultError) -> WriteOutcome<T> {
        var attempt = 0
        var movedToMemory = false
        var adopted = false
        while true {
            attempt += 1
            do {
                return .written(try database.write { db in try body(IndexStore(db)) })
            } catch let error as VaultError {
                throw error
            } catch {
                switch IndexError.Kind(error) {
                case .busy where attempt <= Self.busyRetries:
                    continue
                case .busy:
                    throw Self.busyError(path: path, busyTimeout: busyTimeout)
                case .corrupt where canHeal && !adopted:
                    // Another connection healed it already: the write runs on its file.
                    if let report = try healOrAdopt(reason: IndexError.unusableReason(error)) { return .rebuilt(report) }
                    adopted = true
                case .corrupt where canHeal:
                    return .rebuilt(try heal(reason: IndexError.unusableReason(error)))
                case .cannotSave(let reason) where memoryFallback && unsavedReason == nil && !movedToMemory:
                    movedToMemory = true
                    try moveToMemory(because: reason)
                default:
                    throw .index(LocalizedMessage("the index could not be updated (\(IndexError.describe(error)))", remedy: .rebuildIndex))
                }
            }
        }
    }

    /// Whether damage found by a statement may be healed now: not while a rebuild is under way,
    /// and not in a copy in memory (which has no file to rebuild).
    var canHeal: Bool { !isHealing && unsavedReason == nil }

    // MARK: - Opening

    private enum CheckResult {
        case ok(DatabaseQueue)
        case unusable(LocalizedMessage)
        case cannotSave(LocalizedMessage)
        case busy
    }

    private static func check(_ path: String, cacheKiB: Int, busyTimeout: Double, counter: RankCounter) -> CheckResult {
        if !linkedFiles(path).isEmpty { return .unusable("the index is a symbolic link") }
        var attempt = 0
        while true {
            attempt += 1
            do {
                let queue = try DatabaseQueue(path: path, configuration: configuration(cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: counter))
                if let problem = try queue.read({ db in try IndexStore(db).schemaProblem() }) { return .unusable(problem) }
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

    /// How every connection of the index is set up: the `enote` tokenizer, the order-key
    /// collation, `enote_rank` sharing `counter`, and the pragmas for a normal or a bulk
    /// (`bulk`: a private file being built) connection.
    static func configuration(bulk: Bool = false, cacheKiB: Int = 65536, busyTimeout: Double = 5, counter: RankCounter? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            db.add(tokenizer: CJKBigramTokenizer.self)
            db.add(collation: OrderKey.collation)
            let code = enote_register_rank(UnsafeMutableRawPointer(mutating: FTS5.api(db)), counter?.pointer)
            guard code == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not register enote_rank") }
            try IndexStore(db).applyPragmas(bulk: bulk, cacheKiB: cacheKiB)
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
        identity = Self.nextIdentity()
    }

    /// Opens the index file again when another process replaced it or removed it; see
    /// ``NoteIndex/reopenIfReplaced()``.
    func reopenIfReplaced() throws(VaultError) -> Bool {
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
                throw .index("could not create the index at \(path): \(IndexError.describe(error))")
            }
        }
        install(replacement, file: FileIdentity(path: path))
        return true
    }

    /// Whether the file at ``path`` is no longer the one this connection has open: another
    /// connection or process replaced it (healing damage, `enote index --rebuild`, a bulk build)
    /// or removed it. Never for a copy in memory.
    var fileReplaced: Bool {
        guard unsavedReason == nil, let openedFile else { return false }
        return FileIdentity(path: path) != openedFile
    }

    /// Opens the file now at ``path`` when another connection or process replaced the one this
    /// connection has open, so that damage it met in the old file is not healed a second time
    /// (which would move the new file aside under whoever made it).
    /// - Returns: Whether the connection now has the file in place open.
    func adoptReplacement() -> Bool {
        // Opening a path where no file is would create an empty one there: only a file in place.
        guard fileReplaced, let file = FileIdentity(path: path) else { return false }
        guard case .ok(let queue) = Self.check(path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: rankCounter) else { return false }
        install(queue, file: file)
        return true
    }

    /// Closes the current connection and uses `replacement` from now on; `file` is what it has
    /// open (`nil` for memory).
    func install(_ replacement: DatabaseQueue, file: FileIdentity?) {
        try? database.close()
        database = replacement
        openedFile = file
        identity = Self.nextIdentity()
    }

    /// Creates an empty index at `path`. The schema is made in a private file that is then
    /// linked into place, so that no other process ever opens a half-made index (which it would
    /// take for an old one and rebuild, leaving this process, a watcher say, writing to a deleted
    /// file); when another process installed one first, that one is used.
    static func createDatabase(at path: String, cacheKiB: Int, busyTimeout: Double, counter: RankCounter) throws -> DatabaseQueue {
        let building = path + "-new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { moveAside(building, keep: false) }
        let empty = try DatabaseQueue(path: building, configuration: configuration(cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: counter))
        try empty.writeWithoutTransaction { db in try IndexStore(db).useWriteAheadLog() }
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
        .index("the index \(path) cannot be saved (\(reason)); free some space or make the vault writable, then run the command again")
    }

    /// The error for an index another process kept locked through every attempt.
    static func busyError(path: String, busyTimeout: Double) -> VaultError {
        let seconds = busyTimeout * Double(busyRetries + 1)
        let waited = seconds < 10 ? String(format: "%.1f", seconds) : String(Int(seconds.rounded()))
        return .index(
            "the index \(path) is busy: another program held it through \(waited) s of waiting; nothing was changed. Try again when it has finished")
    }
}
