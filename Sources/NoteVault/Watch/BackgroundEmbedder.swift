import Dispatch
import Foundation
import Synchronization

/// Gives changed notes their meaning-search vectors behind the watcher: on a thread of its own,
/// at a low priority, with an index connection of its own, a few notes per transaction. The
/// watcher only tells it that notes changed (``notesChanged()``) and never waits for it, so a
/// saved note is searchable by its words as soon as it is today, and by meaning a moment later.
/// Without the model (``EmbeddingModel/installed``) it does nothing.
final class BackgroundEmbedder: Sendable {
    private struct State {
        var started = false
        var stopping = false
    }

    private let vault: Vault
    private let log: @Sendable (LocalizedMessage) -> Void
    private let trouble: @Sendable (LocalizedMessage) -> Void
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Notes per transaction: small, so that the watcher's own writes never wait long for one.
    static let batch = 8
    /// Runs that embed at least this many notes are logged.
    static let worthALogLine = 100

    /// - Parameters:
    ///   - log: Receives the lines of the watcher's log.
    ///   - trouble: Receives the lines that say something went wrong (a server shows those).
    init(vault: Vault, log: @escaping @Sendable (LocalizedMessage) -> Void, trouble: @escaping @Sendable (LocalizedMessage) -> Void) {
        self.vault = vault
        self.log = log
        self.trouble = trouble
    }

    /// Says notes changed: the thread (started on the first call, when the model is there)
    /// embeds every note without vectors.
    func notesChanged() {
        guard case .success(let model) = EmbeddingModel.installed else { return }
        let start = state.withLock { state -> Bool in
            guard !state.started, !state.stopping else { return false }
            state.started = true
            return true
        }
        if start {
            let thread = Thread { [self] in
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)  // this thread only, on Linux
                // A thread that could not open the index ends unseen: the next change starts
                // another, and only a thread that ran tells `stop()` it finished.
                if work(with: model) { finished.signal() }
            }
            thread.name = "enote embed"
            thread.start()
        }
        wake.signal()
    }

    /// Stops the thread after the batch it is on, and waits for it; again, returns at once.
    func stop() {
        let running = state.withLock { state -> Bool in
            state.stopping = true
            return state.started
        }
        guard running else { return }
        wake.signal()
        finished.wait()
        finished.signal()  // for the next call
    }

    private var stopping: Bool { state.withLock { $0.stopping } }

    /// Embeds at each wake-up until stopped. Returns `false` when the index could not be
    /// opened (and `started` is false again), `true` when stopped.
    private func work(with model: EmbeddingModel) -> Bool {
        let index: NoteIndex
        do {
            index = try NoteIndex.open(vault, cacheKiB: 2048, memoryFallback: false)
        } catch {
            trouble("meaning search: the index could not be opened to embed notes (\(error.message)); embedding is tried again at the next change")
            return state.withLock { state in
                // Stopped meanwhile: `stop()` waits for this thread's word.
                if state.stopping { return true }
                state.started = false
                return false
            }
        }
        while true {
            wake.wait()
            while wake.wait(timeout: .now()) == .success {}  // one run answers every signal so far
            if stopping { return true }
            let started = Date()
            do {
                _ = try index.reopenIfReplaced()
                let done = try index.embedPending(with: model, batch: Self.batch, lowPriority: true) { _ in !self.stopping }
                // A long run (a vault's first embedding, a large pull) is worth a line of the
                // log; a saved note's own vector is not.
                if done.embedded >= Self.worthALogLine {
                    let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
                    log("embedded \(count: done.embedded) notes for meaning search in \(seconds) s")
                }
            } catch {
                trouble("meaning search: notes could not be embedded (\(error.message)); they are found by their words, and embedding is tried again at the next change")
            }
        }
    }
}
