import Foundation
import GRDB

/// Reads and writes against the index, and what they do when the database is busy, damaged or
/// cannot be written.
///
/// Opening the index checks only what is cheap (the header, `user_version`, the table set), so
/// that a command that changes nothing stays as fast as a walk of the folder. Damage deeper in
/// the file shows up when a statement reads a broken page: SQLite then fails with
/// `SQLITE_CORRUPT`, and ``read(_:)`` and ``write(_:)`` move the file aside and rebuild it from
/// the notes on the spot (``refill``), with one line of explanation. The commands that may take
/// their time (`enote index`, `enote doctor`, the start of `enote watch`) also run SQLite's
/// `PRAGMA quick_check` through ``verify()``, which reads every page.
extension IndexConnection {
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
    /// with one line through `inform`, and the read runs again on the new one.
    func read<T>(_ body: (IndexStore) throws -> T) throws(VaultError) -> T {
        var attempt = 0
        var healed = false
        while true {
            attempt += 1
            do {
                return try database.read { db in try body(IndexStore(db)) }
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
                    try heal(reason: IndexError.unusableReason(error))
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

    /// `PRAGMA quick_check`: whether SQLite finds the file sound.
    func quickCheck() -> Bool {
        (try? database.read { db in try IndexStore(db).quickCheck() }) == ["ok"]
    }

    /// Whether damage found by a statement may be healed now: not while a rebuild is under way,
    /// and not in a copy in memory (which has no file to rebuild).
    var canHeal: Bool { !isHealing && unsavedReason == nil }

    /// Moves the damaged file aside (to `index.sqlite.corrupt`), creates a new one and fills it
    /// from the notes (``refill``). The notes are only read.
    /// - Parameter reason: What is wrong, as in "the index is corrupt".
    /// - Returns: What filling the new index found.
    @discardableResult
    func heal(reason: LocalizedMessage) throws(VaultError) -> SyncReport {
        inform(Localization.text("enote: \(reason); rebuilding it from the notes (they are not touched)"))
        isHealing = true
        rebuilds += 1
        defer { isHealing = false }
        try? database.close()
        Self.moveAside(path)
        do {
            install(try Self.createDatabase(at: path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: rankCounter), file: FileIdentity(path: path))
        } catch {
            guard case .cannotSave(let saveProblem) = IndexError.Kind(error), memoryFallback else {
                throw .index("could not create the index at \(path): \(IndexError.describe(error))")
            }
            install(try Self.emptyInMemory(cacheKiB: cacheKiB, counter: rankCounter), file: nil)
            keptInMemory(because: saveProblem)
        }
        return try refill()
    }

    /// Reads every page of the index (`PRAGMA quick_check`) and rebuilds it from the notes when
    /// SQLite finds anything wrong; see ``NoteIndex/verify()``.
    /// - Returns: Whether the index was rebuilt.
    @discardableResult
    func verify() throws(VaultError) -> Bool {
        guard unsavedReason == nil else { return false }
        let before = rebuilds
        let problems = try read { store in try store.quickCheck() }
        // A read that meets a broken page rebuilds the index before it returns.
        if rebuilds != before { return true }
        guard problems == ["ok"] else {
            try heal(reason: "the index is corrupt")
            return true
        }
        return false
    }
}
