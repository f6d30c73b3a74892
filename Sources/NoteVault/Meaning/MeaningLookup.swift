/// The notes nearest a search in meaning, on their way while the search ranks its words.
///
/// ``NoteIndex/search(_:filter:limit:exact:early:)`` starts one when the index holds vectors,
/// embedding the query on another thread. A front end that starts a process for one search (the
/// CLI) starts it earlier, with ``started(for:limit:in:)``, which asks the vault's running
/// watcher first (``NearestChannel``): the watcher has the model warm and answers on the other
/// core while the command opens the vault and ranks the words. When no watcher answers, the
/// query is embedded in this process after all.
public final class MeaningLookup: Sendable {
    /// The text whose meaning is looked up (``SearchQuery/meaningText``).
    public let text: String
    private let asked: NearestRequest?
    private let local: QueryVector?

    private init(text: String, asked: NearestRequest?, local: QueryVector?) {
        self.text = text
        self.asked = asked
        self.local = local
    }

    /// Starts looking up the notes nearest `query` in meaning for a search of at most `limit`
    /// results in `vault`, or `nil` when the query asks for exactness or meaning search is
    /// turned off (`ENOTE_MODEL=off`). When the index turns out to hold no vectors the lookup is
    /// not used: its work is the cost of starting early.
    public static func started(for query: SearchQuery, limit: Int, in vault: Vault) -> MeaningLookup? {
        guard let text = query.meaningText, !EmbeddingModel.isTurnedOff() else { return nil }
        let count = NoteIndex.nearestCount(limit: limit)
        if let asked = NearestRequest.send(text, count: count, floor: EmbeddingModel.nearFloor, recipe: PassageCutter.standard.recipe, to: vault) {
            return MeaningLookup(text: text, asked: asked, local: nil)
        }
        return MeaningLookup(text: text, asked: nil, local: QueryVector(text))
    }

    /// Starts embedding `text` in this process.
    convenience init(embedding text: String) {
        self.init(text: text, asked: nil, local: QueryVector(text))
    }

    /// The `count` notes nearest the text, none below `floor`, best first, read in `store`'s
    /// transaction of `index`; `nil` when meaning search is off. Waits for the watcher's answer
    /// or the vector.
    func nearest(count: Int, floor: Float, index: NoteIndex, store: IndexStore) throws -> [(noteID: Int64, score: Float)]? {
        if let asked, count <= asked.count, let answer = asked.answer() {
            return Array(answer.prefix(count))
        }
        // No watcher, or it could not answer: embed here (started now if it was not before).
        guard let vector = (local ?? QueryVector(text)).wait() else { return nil }
        return try index.nearestNotes(in: store, to: vector, limit: count, floor: floor)
    }
}
