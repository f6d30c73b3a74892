import Foundation
import NoteVault
import Synchronization

/// Hands the vault's changes to every open page: each page's event stream subscribes, and the
/// live watcher publishes the notes it indexed.
package final class ChangeFeed: Sendable {
    /// One batch of changes: the notes that came, changed or went; as JSON, `{"paths":[…]}`.
    package struct Event: Sendable, Equatable, Encodable {
        package var paths: [String]
    }

    private let subscribers = Mutex<[UUID: AsyncStream<Event>.Continuation]>([:])

    package init() {}

    /// A stream of the events published from now on; it ends when the page goes.
    package func subscribe() -> AsyncStream<Event> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Sends `event` to every subscriber.
    package func publish(_ event: Event) {
        let continuations = subscribers.withLock { Array($0.values) }
        for continuation in continuations { continuation.yield(event) }
    }

    /// How many pages listen (for tests and the log).
    package var subscriberCount: Int { subscribers.withLock { $0.count } }
}
