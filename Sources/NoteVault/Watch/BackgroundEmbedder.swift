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
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Notes per transaction: small, so that the watcher's own writes never wait long for one.
    static let batch = 8
    /// Runs that embed at least this many notes are logged.
    static let worthALogLine = 100

    init(vault: Vault, log: @escaping @Sendable (LocalizedMessage) -> Void) {
        self.vault = vault
        self.log = log
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
                work(with: model)
                finished.signal()
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

    private func work(with model: EmbeddingModel) {
        let index: NoteIndex
        do {
            index = try NoteIndex.open(vault, cacheKiB: 2048, memoryFallback: false)
        } catch {
            log("meaning search: the index could not be opened to embed notes (\(error.message)); notes are found by their words only")
            return
        }
        while true {
            wake.wait()
            while wake.wait(timeout: .now()) == .success {}  // one run answers every signal so far
            if stopping { return }
            let started = Date()
            do {
                _ = try index.reopenIfReplaced()
                let done = try index.embedPending(with: model, batch: Self.batch) { _ in !self.stopping }
                // A long run (a vault's first embedding, a large pull) is worth a line of the
                // log; a saved note's own vector is not.
                if done.embedded >= Self.worthALogLine {
                    let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
                    log("embedded \(count: done.embedded) notes for meaning search in \(seconds) s")
                }
            } catch {
                log("meaning search: notes could not be embedded (\(error.message)); they are found by their words, and embedding is tried again at the next change")
            }
        }
    }
}
