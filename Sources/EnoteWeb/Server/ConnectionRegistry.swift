import NIOCore
import Synchronization

/// The server's open connections, and which of them are idle (no request being read or
/// answered), so that a flood of connections that never ask anything cannot crowd out the
/// people using the server.
///
/// Beyond ``evictAbove`` connections, each new one closes the connection that has been idle the
/// longest; at ``capacity`` the server stops accepting until one closes (Hummingbird's
/// `MaximumAvailableConnections`), so it never runs out of descriptors for the index and the
/// notes. Together with the idle timeout, which closes a silent connection or one whose request
/// head is still not complete, a client who asks something gets an answer even while thousands
/// of connections are held open.
package final class ConnectionRegistry: Sendable {
    private struct Connection {
        var channel: any Channel
        /// Requests read and not yet answered.
        var requests = 0
        /// When it last became idle (a number that only grows), while it is idle.
        var idleSince: UInt64?
    }

    private struct State {
        var connections: [ObjectIdentifier: Connection] = [:]
        /// Idle connections in the order they became idle, with the mark they had then; an entry
        /// whose connection has been busy since (another mark, or none) is skipped.
        var idleOrder: [(id: ObjectIdentifier, mark: UInt64)] = []
        var idleStart = 0
        var nextMark: UInt64 = 0
    }

    /// The most connections the server accepts at once.
    package let capacity: Int
    /// The number of connections above which a new one closes the longest idle one.
    package let evictAbove: Int
    private let state = Mutex(State())

    package init(capacity: Int) {
        self.capacity = max(capacity, 2)
        self.evictAbove = max(1, self.capacity * 3 / 4)
    }

    /// The connections open now.
    package var count: Int { state.withLock { $0.connections.count } }

    /// A connection was accepted; beyond ``evictAbove`` the longest idle one is closed.
    package func opened(_ channel: any Channel) {
        let evicted: (any Channel)? = state.withLock { state in
            let id = ObjectIdentifier(channel)
            state.connections[id] = Connection(channel: channel)
            Self.markIdle(id, in: &state)
            guard state.connections.count > evictAbove else { return nil }
            return Self.longestIdle(besides: id, in: &state)
        }
        evicted?.close(promise: nil)
    }

    /// A request head arrived on `channel`.
    package func requestStarted(on channel: any Channel) {
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            guard var connection = state.connections[id] else { return }
            connection.requests += 1
            connection.idleSince = nil
            state.connections[id] = connection
        }
    }

    /// An answer on `channel` was written to its end.
    package func requestEnded(on channel: any Channel) {
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            guard var connection = state.connections[id] else { return }
            connection.requests = max(0, connection.requests - 1)
            state.connections[id] = connection
            if connection.requests == 0 { Self.markIdle(id, in: &state) }
        }
    }

    /// `channel` closed.
    package func closed(_ channel: any Channel) {
        _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    private static func markIdle(_ id: ObjectIdentifier, in state: inout State) {
        state.nextMark += 1
        state.connections[id]?.idleSince = state.nextMark
        state.idleOrder.append((id, state.nextMark))
        if state.idleStart > 1_024, state.idleStart * 2 > state.idleOrder.count {
            state.idleOrder.removeFirst(state.idleStart)
            state.idleStart = 0
        }
    }

    /// Takes the connection idle the longest (not `newest`) out of the idle order.
    private static func longestIdle(besides newest: ObjectIdentifier, in state: inout State) -> (any Channel)? {
        var skipped: [(id: ObjectIdentifier, mark: UInt64)] = []
        defer { state.idleOrder.append(contentsOf: skipped) }
        while state.idleStart < state.idleOrder.count {
            let entry = state.idleOrder[state.idleStart]
            state.idleStart += 1
            guard let connection = state.connections[entry.id], connection.idleSince == entry.mark else { continue }
            if entry.id == newest {
                skipped.append(entry)
                continue
            }
            state.connections[entry.id]?.idleSince = nil
            return connection.channel
        }
        return nil
    }
}
