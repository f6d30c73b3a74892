import Foundation
import GRDB

/// Another connection to an index file that holds a lock on it from a thread of its own, the way
/// a second enote process (a watcher in a long transaction, a sqlite3 shell) would.
///
/// For example:
///
/// ```swift
/// let holder = try IndexLockHolder(path: index.path, mode: .writeTransaction, holdFor: 1)
/// defer { holder.finish() }
/// ```
final class IndexLockHolder: @unchecked Sendable {
    /// Which lock the other connection holds.
    enum Mode: Sendable {
        /// `BEGIN IMMEDIATE`: other writers wait; readers go on (WAL).
        case writeTransaction
        /// `PRAGMA locking_mode = EXCLUSIVE` after a write: nobody else may even read.
        case exclusive
    }

    private let holding = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var failure: String?

    /// Opens `path` and takes the lock; returns once it is held. The lock is let go after
    /// `seconds`, or at ``finish()``, whichever comes first.
    init(path: String, mode: Mode, holdFor seconds: Double) throws {
        let queue = try DatabaseQueue(path: path)
        Thread.detachNewThread { [self] in
            do {
                try queue.writeWithoutTransaction { db in
                    if mode == .exclusive {
                        try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                    }
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    try db.execute(sql: "UPDATE meta SET value = value")
                    if mode == .exclusive { try db.execute(sql: "COMMIT") }
                    holding.signal()
                    _ = release.wait(timeout: .now() + seconds)
                    if mode == .writeTransaction { try db.execute(sql: "COMMIT") }
                }
                try queue.close()
            } catch {
                lock.withLock { failure = "\(error)" }
                holding.signal()
            }
            finished.signal()
        }
        holding.wait()
        if let failure = lock.withLock({ failure }) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "could not hold the index: \(failure)"])
        }
    }

    /// Lets go of the lock (if it is still held) and waits until the connection is closed.
    func finish() {
        release.signal()
        finished.wait()
    }
}
