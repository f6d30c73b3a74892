import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Keeps a ``VaultWatcher`` running for a long-running front end (`enote serve`, `enote mcp`):
/// the one rule for when a server watches the vault itself.
///
/// - The first watcher is made by ``start()`` on the caller's thread, so that it takes its
///   inotify instance before anything else the server makes (the session's change stream can do
///   without one; the watcher polls without one).
/// - When another process watches the vault (`enote watch`), this one does not; it takes over
///   when that one ends.
/// - When the watcher stops on an error (its index could not be written, `.enote/` was removed),
///   it is made again once it can be: after ``retry`` seconds, then twice as long each time it
///   fails again, up to ``longestRetry`` (a start reads the whole index).
///
/// Each problem is said once, through `say`, and so is the watcher's return.
public final class WatcherKeeper: Sendable {
    /// How long after a failure the watcher is made again, at first.
    public static let retry: Double = 1
    /// The longest wait between two attempts.
    public static let longestRetry: Double = 30
    /// How often it checks whether another process's watcher still runs.
    public static let otherWatcherCheck: Double = 2

    private let vault: Vault
    private let options: VaultWatcher.Options
    private let say: @Sendable (String) -> Void
    private let current = Mutex<VaultWatcher?>(nil)
    private let stopped = Atomic<Bool>(false)
    /// Signalled by ``stop()``: ends a wait between attempts at once.
    private let wake = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - vault: The vault to watch.
    ///   - options: The watcher's options (its role decides about expiry and automatic sync).
    ///   - say: Receives a line for each problem, once, and for the watcher's return.
    public init(vault: Vault, options: VaultWatcher.Options, say: @escaping @Sendable (String) -> Void) {
        self.vault = vault
        self.options = options
        self.say = say
    }

    /// Makes the first watcher here, then runs and keeps one on a thread of its own; returns at
    /// once. Call once.
    public func start() {
        var state = State()
        let first = attempt(&state)
        let thread = Thread { [self, state] in keep(first: first, state: state) }
        thread.name = "enote watcher"
        thread.start()
    }

    /// Stops the watcher (it finishes its current step) and ends the thread that keeps it.
    public func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        current.withLock { $0?.stop() }
        wake.signal()
    }

    /// What the keeping thread remembers between attempts.
    private struct State {
        /// The problem said last and not yet over, if any.
        var problem: String?
        /// How long to wait before the next attempt after a failure.
        var wait = WatcherKeeper.retry
    }

    /// The keeping thread: runs the watcher, and makes a new one when it stops on its own.
    private func keep(first: VaultWatcher?, state: State) {
        var watcher = first
        var state = state
        while !stopped.load(ordering: .sequentiallyConsistent) {
            if let running = watcher {
                let began = monotonicSeconds()
                do throws(VaultError) {
                    try running.run()
                } catch {
                    tell(error.message.text + " (the watcher stopped; it starts again once it can)", &state)
                }
                current.withLock { $0 = nil }
                watcher = nil
                // A watcher that ran a good while failed anew: try again soon. One that failed
                // at once will again: wait longer each time.
                state.wait = monotonicSeconds() - began > Self.longestRetry ? Self.retry : min(state.wait * 2, Self.longestRetry)
                continue
            }
            let pause = state.problem == nil ? Self.otherWatcherCheck : state.wait
            if wake.wait(timeout: .now() + pause) == .success { break }
            watcher = attempt(&state)
            if watcher == nil, state.problem != nil { state.wait = min(state.wait * 2, Self.longestRetry) }
        }
    }

    /// Makes a watcher, or says why none was made; `nil` also when another process watches.
    private func attempt(_ state: inout State) -> VaultWatcher? {
        do throws(VaultWatcher.StartError) {
            let watcher = try VaultWatcher(vault: vault, options: options)
            let kept = current.withLock { current -> Bool in
                guard !stopped.load(ordering: .sequentiallyConsistent) else { return false }
                current = watcher
                return true
            }
            guard kept else { return nil }
            if state.problem != nil {
                say("watching the vault again")
                state.problem = nil
            }
            return watcher
        } catch .alreadyRunning {
            // `enote watch` keeps the index live (and decides about expiry and sync).
            state.problem = nil
            state.wait = Self.retry
            return nil
        } catch {
            tell(error.message.text, &state)
            return nil
        }
    }

    /// Says `line` unless it is the problem already said.
    private func tell(_ line: String, _ state: inout State) {
        guard line != state.problem else { return }
        say(line)
        state.problem = line
    }
}
