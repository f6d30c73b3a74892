import Foundation
import GRDB

/// A second connection to a vault's `.enote/index.sqlite` that holds a write transaction
/// (`BEGIN IMMEDIATE`) from a thread of its own, as a watcher in a long transaction would, while
/// the test runs the `enote` binary.
final class IndexWriteHolder: @unchecked Sendable {
    private let holding = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var failure: String?
    private var released: Date?

    /// Takes the lock and returns once it is held; it is let go after `seconds` or at
    /// ``finish()``.
    init(path: String, holdFor seconds: Double) throws {
        let queue = try DatabaseQueue(path: path)
        Thread.detachNewThread { [self] in
            do {
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE; UPDATE meta SET value = value")
                    holding.signal()
                    _ = release.wait(timeout: .now() + seconds)
                    try db.execute(sql: "COMMIT")
                    lock.withLock { released = Date() }
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

    /// When the transaction was committed, if it was.
    var releasedAt: Date? { lock.withLock { released } }

    /// Lets go of the lock (if it is still held) and waits until the connection is closed.
    func finish() {
        release.signal()
        finished.wait()
    }
}
