import Foundation
import Synchronization

extension VaultSession {
    /// The changes to the vault's notes as they happen, by any process (a watcher, a command, an
    /// editor's save indexed by `enote watch`, this server's own writes): the one change detector
    /// every long-running front end uses.
    ///
    /// A thread of the session's own reads the index's change record every `interval` seconds
    /// (two small queries; SQLite work never runs on Swift's cooperative threads) and yields what
    /// changed; the thread ends when the stream's consumer stops iterating. Nothing is yielded
    /// while nothing changes. The stream tells what changed after this call returned.
    public func changeStream(every interval: Double = 0.25) -> AsyncStream<IndexChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: IndexChanges.self, bufferingPolicy: .unbounded)
        let stopped = StopFlag()
        continuation.onTermination = { _ in stopped.stop() }
        // Taken here, not when the thread first runs: a change made meanwhile is not missed.
        let start = try? changeToken()
        let thread = Thread { [self] in
            var token = start
            while !stopped.isStopped {
                Thread.sleep(forTimeInterval: interval)
                guard let last = token else {
                    token = try? changeToken()
                    continue
                }
                guard let (changes, next) = try? self.changes(since: last) else { continue }
                token = next
                if !changes.isEmpty { continuation.yield(changes) }
            }
            continuation.finish()
        }
        thread.name = "enote changes"
        thread.start()
        return stream
    }
}

/// A flag one thread sets and another reads.
private final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func stop() { value.store(true, ordering: .relaxed) }
    var isStopped: Bool { value.load(ordering: .relaxed) }
}
