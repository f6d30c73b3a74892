import CEmbed

/// A passage's unit vector as the index keeps it: each number as a signed byte, scaled so the
/// largest in magnitude is ±127, and the scale as a 32-bit float before them. 388 bytes for the
/// model's 384 numbers, a quarter of 32-bit floats; the dot products it gives differ from the
/// floats' by well under the gaps that order notes.
struct PassageVector: Sendable, Equatable {
    /// The stored form: the scale (little-endian float), then one byte per number.
    let bytes: [UInt8]

    init(_ vector: [Float]) {
        let largest = vector.reduce(Float(0)) { max($0, abs($1)) }
        let scale = largest > 0 ? largest / 127 : 1
        var bytes = withUnsafeBytes(of: scale.bitPattern.littleEndian) { Array($0) }
        bytes.reserveCapacity(4 + vector.count)
        for value in vector {
            bytes.append(UInt8(bitPattern: Int8(clamping: Int((value / scale).rounded()))))
        }
        self.bytes = bytes
    }
}

/// Every stored passage vector of an index in one block, with its note's id, for a search by
/// meaning: the query's vector against each row, in one pass.
struct PassageMatrix: Sendable {
    private(set) var noteIDs: [Int64] = []
    private(set) var scales: [Float] = []
    private(set) var values: [Int8] = []
    private(set) var dimension = 0

    var count: Int { noteIDs.count }

    /// Adds one stored vector (``PassageVector/bytes``); a row of another length than the first
    /// is skipped (it cannot be compared).
    mutating func append(noteID: Int64, bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 4 else { return }
        let dimension = bytes.count - 4
        if self.dimension == 0 { self.dimension = dimension }
        guard dimension == self.dimension else { return }
        let raw = UnsafeRawPointer(base)
        noteIDs.append(noteID)
        scales.append(Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))))
        values.append(contentsOf: UnsafeBufferPointer(start: (raw + 4).assumingMemoryBound(to: Int8.self), count: dimension))
    }

    /// The numbers of row `row`, scaled back.
    func row(_ row: Int) -> [Float] {
        let scale = scales[row]
        return values[(row * dimension)..<((row + 1) * dimension)].map { Float($0) * scale }
    }

    /// The best passage's score for each note, the best notes first: at most `limit` of them,
    /// none below `floor`, `allowed` (when given) the only notes that may be returned. Rows below
    /// the floor are left out before the notes are sorted, so a search sorts the few near notes,
    /// not the vault.
    func nearest(to query: [Float], limit: Int, floor: Float = -.infinity, allowed: Set<Int64>? = nil) -> [(noteID: Int64, score: Float)] {
        guard dimension > 0, query.count == dimension, limit > 0 else { return [] }
        var scores = [Float](repeating: 0, count: noteIDs.count)
        query.withUnsafeBufferPointer { q in
            values.withUnsafeBufferPointer { v in
                scales.withUnsafeBufferPointer { s in
                    scores.withUnsafeMutableBufferPointer { out in
                        enote_embed_scores(q.baseAddress, v.baseAddress, s.baseAddress, noteIDs.count, Int32(dimension), out.baseAddress)
                    }
                }
            }
        }
        var nearest = NearestNotes(floor: floor, allowed: allowed)
        for (row, id) in noteIDs.enumerated() { nearest.add(noteID: id, score: scores[row]) }
        return nearest.best(limit)
    }
}
