import Dispatch
import Synchronization

/// A search's vector, computed on another thread while its words are ranked: the model's few
/// tens of milliseconds (and, the first time in a process, mapping the model) overlap the
/// search by words instead of adding to it. What a ``MeaningLookup`` does when no watcher
/// answers for it.
final class QueryVector: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let vector = Mutex<[Float]?>(nil)

    /// Starts embedding `text` as a query with the installed model (``EmbeddingModel/installed``).
    init(_ text: String) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let made = try? EmbeddingModel.installed.get().embed(text, as: .query)
            vector.withLock { $0 = made }
            done.signal()
        }
    }

    /// The vector, once it is there (`nil` when meaning search is off); waits for it.
    func wait() -> [Float]? {
        done.wait()
        done.signal()
        return vector.withLock { $0 }
    }
}
