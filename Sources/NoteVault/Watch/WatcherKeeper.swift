import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Follows the vault for a long-running front end (`enote serve`, `enote mcp`): keeps its own
/// ``VaultWatcher`` running and hands out the session's change stream. The one rule for when a
/// server watches the vault itself:
///
/// - The watcher is made first, on the caller's thread, then the change stream: the watcher
///   takes its inotify instance before the stream does (the stream can do without one; the
///   watcher would have to poll the whole vault).
/// - When another process watches the vault (`enote watch`), the server does not: that watcher
///   keeps the index live and decides about expiry and sync. The server does not take over when
///   it ends either (a systemd unit restarting `enote watch` would find the lock held).
/// - When its own watcher stops on an error (its index could not be written, `.enote/` was
///   removed), it is made again once it can be: after ``Timings/retry`` seconds, then twice as
///   long each time it fails again, up to ``Timings/longestRetry`` (a start reads the whole
///   index and walks).
/// - While its own watcher runs, the session asks it to catch up in process, not over the
///   socket (``VaultSession/fresh(progress:)``).
///
/// Each problem is said once, through `say`; "watching the vault again" is said once a new
/// watcher has run for ``Timings/settled`` seconds.
public final class WatcherKeeper: Sendable {
    /// How long the keeper waits, in seconds. A test passes small values, so that it waits
    /// milliseconds where a server waits seconds.
    public struct Timings: Sendable, Equatable {
        /// How long after a failure the watcher is made again, at first.
        public var retry: Double
        /// The longest wait between two attempts.
        public var longestRetry: Double
        /// How long a new watcher must run before its return is said.
        public var settled: Double

        /// The server's timings: 1 s, up to 30 s, and 5 s.
        public init(retry: Double = 1, longestRetry: Double = 30, settled: Double = 5) {
            self.retry = retry
            self.longestRetry = longestRetry
            self.settled = settled
        }
    }

    private let session: VaultSession
    private let options: VaultWatcher.Options
    private let timings: Timings
    private let say: @Sendable (String) -> Void
    private let current = Mutex<VaultWatcher?>(nil)
    /// The problem said last and not over yet, if any.
    private let problem = Mutex<String?>(nil)
    private let stopped = Atomic<Bool>(false)
    /// Signalled by ``stop()``: ends a wait between attempts at once.
    private let wake = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - session: The front end's session; the watcher takes its role (whether it destroys
    ///     notes at their date and syncs is the role's rule).
    ///   - options: The watcher's other options (its log and trouble lines).
    ///   - timings: How long it waits between attempts, and before it says the watcher is back.
    ///   - say: Receives a line for each problem, once, and for the watcher's return.
    public init(
        session: VaultSession, options: VaultWatcher.Options = VaultWatcher.Options(), timings: Timings = Timings(),
        say: @escaping @Sendable (String) -> Void
    ) {
        self.session = session
        self.timings = timings
        var options = options
        options.role = session.role
        self.options = options
        self.say = say
    }

    /// What ``start()`` set going.
    public struct Following: Sendable {
        /// Whether this process watches the vault (`false`: another process does, or no watcher
        /// could be made and the keeper tries again).
        public let ownWatcher: Bool
        /// The session's change stream (``VaultSession/changeStream(every:)``).
        public let changes: AsyncStream<IndexChanges>
    }

    /// Makes the watcher here, then the change stream, and keeps the watcher running on a thread
    /// of its own; returns at once. Call once.
    public func start() -> Following {
        var wait = timings.retry
        let first = attempt(wait: &wait)
        let changes = session.changeStream()
        if first != .otherWatcher {
            let thread = Thread { [self, wait] in keep(wait: wait) }
            thread.name = "enote watcher"
            thread.start()
        }
        return Following(ownWatcher: first == .made, changes: changes)
    }

    /// Stops the watcher (it finishes its current step) and ends the thread that keeps it.
    public func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        current.withLock { $0?.stop() }
        session.useOwnWatcher(nil)
        wake.signal()
    }

    private enum Attempt: Equatable {
        case made, otherWatcher, failed
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    /// The keeping thread: runs the watcher, and makes a new one when it stops on its own.
    /// The watcher is held only by ``current`` and this loop's turn, so one that stopped is
    /// released (its lock, socket, inotify instance and connection closed) before the next.
    private func keep(wait: Double) {
        var wait = wait
        while !isStopped {
            if let watcher = current.withLock({ $0 }) {
                let began = monotonicSeconds()
                do throws(VaultError) {
                    try watcher.run()
                } catch {
                    let line: LocalizedMessage = "\(error.message) (the watcher stopped; it starts again once it can)"
                    tell(line.text)
                }
                current.withLock { $0 = nil }
                session.useOwnWatcher(nil)
                // One that ran a good while failed anew: try again soon. One that failed at
                // once will again: wait longer each time.
                wait = monotonicSeconds() - began > timings.longestRetry ? timings.retry : min(wait * 2, timings.longestRetry)
                continue
            }
            if wake.wait(timeout: .now() + wait) == .success { break }
            switch attempt(wait: &wait) {
            case .made, .failed: continue
            case .otherWatcher: return
            }
        }
    }

    /// Makes a watcher (``current``), or says why none was made.
    private func attempt(wait: inout Double) -> Attempt {
        do throws(VaultWatcher.StartError) {
            let watcher = try VaultWatcher(vault: session.vault, options: options)
            let kept = current.withLock { current -> Bool in
                guard !isStopped else { return false }
                current = watcher
                session.useOwnWatcher(watcher.ownProcess)
                return true
            }
            guard kept else { return .failed }
            sayReturnOnceSettled(watcher)
            return .made
        } catch .alreadyRunning(let pid) where pid == getpid() {
            // A watcher of this process that stopped still holds the lock: never the case
            // while each is released before the next is made; said, and tried again.
            let line: LocalizedMessage = "a watcher of this process still holds the watch lock"
            tell(line.text)
        } catch .alreadyRunning {
            // `enote watch` keeps the index live (and decides about expiry and sync).
            problem.withLock { $0 = nil }
            return .otherWatcher
        } catch {
            tell(error.message.text)
        }
        wait = min(wait * 2, timings.longestRetry)
        return .failed
    }

    /// Says "watching the vault again" once `watcher` has run for ``Timings/settled`` seconds after a
    /// problem was said: one that fails at once again says nothing new.
    private func sayReturnOnceSettled(_ watcher: VaultWatcher) {
        guard problem.withLock({ $0 }) != nil else { return }
        // Weakly: a watcher that stopped meanwhile is released at once (its lock with it).
        DispatchQueue.global().asyncAfter(deadline: .now() + timings.settled) { [self, weak watcher] in
            guard let watcher else { return }
            let running = current.withLock { $0 === watcher }
            guard running, !isStopped, problem.withLock({ $0 }) != nil else { return }
            problem.withLock { $0 = nil }
            let line: LocalizedMessage = "watching the vault again"
            say(line.text)
        }
    }

    /// Says `line` unless it is the problem already said.
    private func tell(_ line: String) {
        let new = problem.withLock { problem -> Bool in
            guard problem != line else { return false }
            problem = line
            return true
        }
        if new { say(line) }
    }
}
