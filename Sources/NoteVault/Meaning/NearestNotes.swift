import CEmbed

/// The notes nearest a query, gathered one passage at a time: each note's best passage score,
/// none below the floor, only the allowed notes. The one home of the rule that ranks notes by
/// their passages, for a matrix held in memory and for vectors read straight from the index.
struct NearestNotes {
    /// Scores below it are left out as they come, so that only the few near notes are sorted.
    let floor: Float
    /// The only notes that may be returned, when given.
    let allowed: Set<Int64>?
    private var scores: [Int64: Float] = [:]

    init(floor: Float = -.infinity, allowed: Set<Int64>? = nil) {
        self.floor = floor
        self.allowed = allowed
    }

    /// Counts one passage of note `noteID` with its score.
    mutating func add(noteID: Int64, score: Float) {
        guard score >= floor, allowed?.contains(noteID) ?? true, score > scores[noteID] ?? -.infinity else { return }
        scores[noteID] = score
    }

    /// Counts one stored passage vector (``PassageVector/bytes``) against the unit vector
    /// `query`; a vector of another dimension is skipped (it cannot be compared).
    mutating func add(noteID: Int64, bytes: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<Float>) {
        guard let base = bytes.baseAddress, bytes.count == query.count + 4, !query.isEmpty else { return }
        let raw = UnsafeRawPointer(base)
        var scale = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
        var score: Float = 0
        enote_embed_scores(query.baseAddress, (raw + 4).assumingMemoryBound(to: Int8.self), &scale, 1, Int32(query.count), &score)
        add(noteID: noteID, score: score)
    }

    /// The best `limit` notes, best first (ties by id, so the order never depends on a hash).
    func best(_ limit: Int) -> [(noteID: Int64, score: Float)] {
        guard limit > 0 else { return [] }
        return scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).map { ($0.key, $0.value) }
    }
}
