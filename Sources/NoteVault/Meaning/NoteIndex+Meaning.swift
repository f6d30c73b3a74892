import Dispatch
import Foundation
import Synchronization

/// How far the embedding of a vault has come.
public struct EmbeddingProgress: Sendable, Equatable {
    /// Notes given their vectors in this run so far.
    public var embedded: Int
    /// Notes that had none when the run started.
    public var pending: Int
    /// Notes in the index.
    public var notes: Int
}

/// Meaning search over the index: the notes' vectors (``IndexSchema/passages``), computed for
/// the notes that have none, and the notes nearest a text.
extension NoteIndex {
    /// How many notes have no vectors yet, and how many notes there are.
    public func embeddingCounts(for model: EmbeddingModel) throws(VaultError) -> (pending: Int, notes: Int) {
        try read { store in
            // Another model's vectors count as none.
            if try store.passageModel() != PassageCutter.standard.recipe {
                let notes = try store.embeddingCounts().notes
                return (notes, notes)
            }
            return try store.embeddingCounts()
        }
    }

    /// Embeds every note that has no vectors, `batch` notes per transaction, so that a run
    /// stopped at any moment (`kill -9` too) keeps what it committed and the next run goes on
    /// from there; the index stays readable and writable between batches, and word search never
    /// waits for it. A note changed while it was embedded is left for the next run.
    /// - Parameters:
    ///   - threads: How many notes are embedded at once (each on a thread of its own).
    ///   - lowPriority: Those threads run at nice 19.
    ///   - progress: Called after each batch; returning `false` stops the run there.
    /// - Returns: How far it came.
    @discardableResult
    public func embedPending(
        with model: EmbeddingModel, batch: Int = 32, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        lowPriority: Bool = false, progress: (EmbeddingProgress) -> Bool = { _ in true }
    ) throws(VaultError) -> EmbeddingProgress {
        let cutter = PassageCutter.standard
        _ = try connection.write { store in try store.usePassageModel(PassageCutter.standard.recipe) }
        let counts = try read { store in try store.embeddingCounts() }
        var state = EmbeddingProgress(embedded: 0, pending: counts.pending, notes: counts.notes)
        var after: Int64 = 0
        while true {
            let notes = try read { store in try store.pendingNotes(after: after, limit: batch) }
            guard let last = notes.last else { break }
            after = last.id
            let passages = Self.embed(notes, cutter: cutter, model: model, threads: threads, lowPriority: lowPriority)
            let saved = try connection.write { store in try store.save(passages) }
            if case .written(let count) = saved { state.embedded += count }
            if !progress(state) { break }
        }
        return state
    }

    /// The passages of `notes` with their vectors, computed `threads` at a time.
    private static func embed(_ notes: [PendingNote], cutter: PassageCutter, model: EmbeddingModel, threads: Int, lowPriority: Bool) -> [StoredPassage] {
        var work: [(note: PendingNote, ordinal: Int, text: String)] = []
        for note in notes {
            for (ordinal, text) in cutter.passages(title: note.title, body: note.body).enumerated() {
                work.append((note, ordinal, text))
            }
        }
        let texts = work.map(\.text)
        let vectors = EmbeddingBatch.run(texts, model: model, tokenLimit: cutter.tokenLimit, threads: threads, lowPriority: lowPriority)
        return zip(work, vectors).map { item, vector in
            StoredPassage(noteID: item.note.id, contentHash: item.note.contentHash, ordinal: item.ordinal, vector: PassageVector(vector))
        }
    }

    /// The notes whose passages are nearest `text` in meaning, best first, with their scores
    /// (a dot product of unit vectors: 1 is the same meaning); at most `limit`, and only notes
    /// in `allowed` when it is given.
    package func nearest(to text: String, model: EmbeddingModel, limit: Int, allowed: Set<Int64>? = nil) throws(VaultError) -> [(noteID: Int64, score: Float)] {
        let query = model.embed(text, as: .query)
        return try read { store in
            guard try store.passageModel() == PassageCutter.standard.recipe else { return [] }
            return try nearestNotes(in: store, to: query, limit: limit, floor: -.infinity, allowed: allowed)
        }
    }
}

/// Embeds texts on several threads at once with one model (its calls may run concurrently).
enum EmbeddingBatch {
    /// - Parameter lowPriority: Each thread runs at nice 19 (the watcher's embedding behind the
    ///   user's back). The threads are the batch's own, never the shared pool's, whose threads
    ///   would keep the priority.
    static func run(_ texts: [String], model: EmbeddingModel, tokenLimit: Int, threads: Int, lowPriority: Bool = false) -> [[Float]] {
        var vectors = [[Float]](repeating: [], count: texts.count)
        let lanes = max(1, min(threads, texts.count))
        let next = Atomic<Int>(0)
        vectors.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            // Each lane takes the next text not yet taken, so a lane given long texts does not
            // hold the others up; each element is written by the one lane that took its index.
            let lane: @Sendable () -> Void = {
                if lowPriority { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19) }  // this thread only, on Linux
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < texts.count else { return }
                    out[index] = model.embed(texts[index], as: .passage, tokenLimit: tokenLimit)
                }
            }
            if lanes == 1 && !lowPriority {
                lane()
                return
            }
            let done = DispatchSemaphore(value: 0)
            for number in 0..<lanes {
                let thread = Thread {
                    lane()
                    done.signal()
                }
                thread.name = "enote embed \(number)"
                thread.start()
            }
            for _ in 0..<lanes { done.wait() }
        }
        return vectors
    }
}
