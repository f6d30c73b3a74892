import Foundation
import GRDB

/// Reads and writes against the index, and what they do when the database is busy, damaged or
/// cannot be written.
extension NoteIndex {
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
    func read<T>(_ body: (Database) throws -> T) throws(VaultError) -> T {
        var attempt = 0
        var healed = false
        while true {
            attempt += 1
            do {
                return try database.read(body)
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
                    throw .invalidInput("the index could not be read (\(IndexError.describe(error))); run `enote index --rebuild`")
                }
            }
        }
    }

    /// Runs a write transaction.
    ///
    /// A busy database is tried again like a read; a damaged one is rebuilt from the notes
    /// (``WriteOutcome/rebuilt(_:)``); one that cannot be written (disk full, read-only, I/O
    /// error) is copied into memory for the rest of the command and the write runs there.
    func write<T>(_ body: (Database) throws -> T) throws(VaultError) -> WriteOutcome<T> {
        var attempt = 0
        var movedToMemory = false
        while true {
            attempt += 1
            do {
                return .written(try database.write(body))
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
                    throw .invalidInput("the index could not be updated (\(IndexError.describe(error))); run `enote index --rebuild`")
                }
            }
        }
    }

    /// `PRAGMA quick_check`: whether SQLite finds the file sound.
    public func quickCheck() -> Bool {
        (try? database.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) == "ok"
    }
}
