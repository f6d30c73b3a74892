import Dispatch
import Synchronization

/// A search's vector, computed on another thread while its words are ranked: the model's few
/// tens of milliseconds (and, the first time in a process, mapping the model) overlap the
/// search by words instead of adding to it.
///
/// ``NoteIndex/search(_:filter:limit:exact:early:)`` starts one when the index holds vectors. A
/// front end that starts a process for one search (the CLI) starts it earlier, with
/// ``started(for:)``, so that it also overlaps opening the vault and synchronising the index.
public final class QueryVector: Sendable {
    /// The text embedded (``SearchQuery/meaningText``).
    public let text: String
    private let done = DispatchSemaphore(value: 0)
    private let vector = Mutex<[Float]?>(nil)

    /// Starts embedding `query`'s meaning text now, or `nil` when the query asks for exactness
    /// or meaning search is turned off (`ENOTE_MODEL=off`). When the vault turns out to hold no
    /// vectors the vector is not used: its work on the other thread is the cost of starting early.
    public static func started(for query: SearchQuery) -> QueryVector? {
        guard let text = query.meaningText, !EmbeddingModel.isTurnedOff() else { return nil }
        return QueryVector(text)
    }

    /// Starts embedding `text` as a query with the installed model (``EmbeddingModel/installed``).
    init(_ text: String) {
        self.text = text
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
