import CEnoteSystem
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// How threads of a watcher's own process ask it to catch up: the same question as
/// ``CatchUpChannel``'s `sync`, without a socket.
///
/// A server that runs its own watcher (``WatcherKeeper``) asks before every read; over the
/// socket each ask cost a connection, a credentials check and a lock-file lookup. Here a caller
/// queues itself and wakes the watcher's loop through an eventfd; the loop catches up once for
/// every caller waiting then and answers them all. A caller waits at most
/// ``CatchUpChannel/timeout``, as a command waits on the socket, and then goes on without the
/// watcher (the session walks). Once the watcher has stopped, every ask is answered `false` at
/// once.
final class OwnProcessCatchUp: Sendable {
    /// One caller waiting for the answer.
    private final class Waiter: Sendable {
        let answer = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)

        func resume(_ value: Bool) {
            answer.withLock { $0 = value }
            done.signal()
        }
    }

    private struct State {
        var waiters: [ObjectIdentifier: Waiter] = [:]
        var closed = false
    }

    /// Wakes the watcher's loop (`EFD_CLOEXEC | EFD_NONBLOCK`); the loop polls it.
    let signal: Int32
    private let state = Mutex(State())

    init() {
        signal = enote_eventfd()
    }

    deinit {
        if signal >= 0 { close(signal) }
    }

    /// Asks the watcher to catch up and waits for its answer, at most `timeout` seconds.
    /// - Returns: `true` when the watcher answered that the index is current.
    func ask(timeout: Double = CatchUpChannel.timeout) -> Bool {
        guard signal >= 0 else { return false }
        let waiter = Waiter()
        let id = ObjectIdentifier(waiter)
        let queued = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.waiters[id] = waiter
            return true
        }
        guard queued else { return false }
        enote_eventfd_signal(signal)
        if waiter.done.wait(timeout: .now() + timeout) == .timedOut {
            // Unless answered meanwhile, the caller goes on without the watcher.
            state.withLock { _ = $0.waiters.removeValue(forKey: id) }
        }
        return waiter.answer.withLock { $0 } ?? false
    }

    /// On the watcher's loop: runs `catchUp` once for every caller waiting now and answers them
    /// with its result (`false` when it throws; the error is rethrown).
    func answer(_ catchUp: () throws(VaultError) -> Bool) throws(VaultError) {
        _ = enote_eventfd_drain(signal)
        let waiting = state.withLock { state -> [Waiter] in
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        guard !waiting.isEmpty else { return }
        var current = false
        defer { for waiter in waiting { waiter.resume(current) } }
        current = try catchUp()
    }

    /// The watcher stopped: answers every caller waiting `false`, and every later one at once.
    func finish() {
        let waiting = state.withLock { state -> [Waiter] in
            state.closed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.resume(false) }
    }
}
