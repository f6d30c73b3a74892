import Dispatch
import Foundation
import Synchronization

/// Work that runs behind the watcher: on a thread of its own (started at the first ``wake()``),
/// at nice 19, with an index connection of its own. The watcher only wakes it and never waits
/// for it; one run answers every wake-up so far. ``BackgroundEmbedder`` (meaning search) and
/// ``BackgroundExtractor`` (text in pictures and PDFs) are the two.
final class BackgroundJob: Sendable {
    private struct State {
        var started = false
        var stopping = false
    }

    private let vault: Vault
    private let name: String
    private let openFailed: @Sendable (VaultError) -> Void
    private let body: @Sendable (NoteIndex, _ keepGoing: @escaping () -> Bool) -> Void
    private let state = Mutex(State())
    private let signal = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - name: The thread's name.
    ///   - openFailed: Told when the index could not be opened (the next wake-up tries again).
    ///   - body: One run; it returns when its work is done or `keepGoing()` says stop.
    init(
        vault: Vault, name: String, openFailed: @escaping @Sendable (VaultError) -> Void,
        body: @escaping @Sendable (NoteIndex, _ keepGoing: @escaping () -> Bool) -> Void
    ) {
        self.vault = vault
        self.name = name
        self.openFailed = openFailed
        self.body = body
    }

    /// Asks for a run: the thread (started on the first call) runs once more after the run it
    /// is on.
    func wake() {
        let start = state.withLock { state -> Bool in
            guard !state.started, !state.stopping else { return false }
            state.started = true
            return true
        }
        if start {
            let thread = Thread { [self] in
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)  // this thread only, on Linux
                // A thread that could not open the index ends unseen: the next wake-up starts
                // another, and only a thread that ran tells `stop()` it finished.
                if work() { finished.signal() }
            }
            thread.name = name
            thread.start()
        }
        signal.signal()
    }

    /// Stops the thread at the run's next stopping point, and waits for it; again, returns at once.
    func stop() {
        let running = state.withLock { state -> Bool in
            state.stopping = true
            return state.started
        }
        guard running else { return }
        signal.signal()
        finished.wait()
        finished.signal()  // for the next call
    }

    private var stopping: Bool { state.withLock { $0.stopping } }

    /// Runs at each wake-up until stopped. Returns `false` when the index could not be opened
    /// (and `started` is false again), `true` when stopped.
    private func work() -> Bool {
        let index: NoteIndex
        do {
            index = try NoteIndex.open(vault, cacheKiB: 2048, memoryFallback: false)
        } catch {
            openFailed(error)
            return state.withLock { state in
                // Stopped meanwhile: `stop()` waits for this thread's word.
                if state.stopping { return true }
                state.started = false
                return false
            }
        }
        while true {
            signal.wait()
            while signal.wait(timeout: .now()) == .success {}  // one run answers every signal so far
            if stopping { return true }
            _ = try? index.reopenIfReplaced()
            body(index) { !self.stopping }
        }
    }
}
