import Foundation

/// Gives changed notes their meaning-search vectors behind the watcher (a ``BackgroundJob``), a
/// few notes per transaction. The watcher only tells it that notes changed (``notesChanged()``)
/// and never waits for it, so a saved note is searchable by its words as soon as it is today,
/// and by meaning a moment later. Without the model (``EmbeddingModel/installed``) it does
/// nothing.
final class BackgroundEmbedder: Sendable {
    private let job: BackgroundJob

    /// Notes per transaction: small, so that the watcher's own writes never wait long for one.
    static let batch = 8
    /// Runs that embed at least this many notes are logged.
    static let worthALogLine = 100

    /// - Parameters:
    ///   - log: Receives the lines of the watcher's log.
    ///   - trouble: Receives the lines that say something went wrong (a server shows those).
    init(vault: Vault, log: @escaping @Sendable (LocalizedMessage) -> Void, trouble: @escaping @Sendable (LocalizedMessage) -> Void) {
        job = BackgroundJob(
            vault: vault, name: "enote embed",
            openFailed: { error in
                trouble("meaning search: the index could not be opened to embed notes (\(error.message)); embedding is tried again at the next change")
            },
            body: { index, keepGoing in
                guard case .success(let model) = EmbeddingModel.installed else { return }
                let started = Date()
                do throws(VaultError) {
                    let done = try index.embedPending(with: model, batch: Self.batch, lowPriority: true) { _ in keepGoing() }
                    // A long run (a vault's first embedding, a large pull) is worth a line of the
                    // log; a saved note's own vector is not.
                    if done.embedded >= Self.worthALogLine {
                        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
                        log("embedded \(count: done.embedded) notes for meaning search in \(seconds) s")
                    }
                } catch {
                    trouble("meaning search: notes could not be embedded (\(error.message)); they are found by their words, and embedding is tried again at the next change")
                }
            })
    }

    /// Says notes changed: the job (started on the first call, when the model is there) embeds
    /// every note without vectors.
    func notesChanged() {
        guard case .success = EmbeddingModel.installed else { return }
        job.wake()
    }

    /// Stops the job after the batch it is on, and waits for it; again, returns at once.
    func stop() { job.stop() }
}
