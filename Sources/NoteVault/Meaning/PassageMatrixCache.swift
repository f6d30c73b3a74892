import Synchronization

/// The vectors of an index kept in memory between searches, for a process that answers many
/// (`enote mcp`, `enote serve`, the language server): a search by meaning then scores the rows
/// it holds instead of reading 10,000 notes' vectors from SQLite each time.
///
/// One matrix for a whole session, whichever of its connections read it; it is used only while
/// it is known to be current: read by the same connection, which has seen no commit since
/// (``IndexStore/changeStamp()``). Anything else reads the vectors again.
final class PassageMatrixCache: Sendable {
    /// When a matrix was read: by which connection (``IndexConnection/identity``), and that
    /// connection's ``IndexStore/changeStamp()`` then.
    struct Stamp: Equatable {
        var connection: Int
        var dataVersion: Int64
        var ownChanges: Int
    }

    private let kept = Mutex<(stamp: Stamp, matrix: PassageMatrix)?>(nil)

    /// The matrix read at `stamp`, or the one `read` gives (then kept in its place).
    func matrix(at stamp: Stamp, read: () throws -> PassageMatrix) rethrows -> PassageMatrix {
        if let kept = kept.withLock({ $0 }), kept.stamp == stamp { return kept.matrix }
        let matrix = try read()
        kept.withLock { $0 = (stamp, matrix) }
        return matrix
    }
}

extension NoteIndex {
    /// The notes whose passages are nearest `vector` (a query's unit vector), read in `store`'s
    /// transaction: from the session's matrix when it keeps one (``vectorCache``), otherwise
    /// straight from the rows, without a copy. See ``NearestNotes`` for `limit`, `floor` and
    /// `allowed`.
    func nearestNotes(in store: IndexStore, to vector: [Float], limit: Int, floor: Float, allowed: Set<Int64>? = nil) throws -> [(noteID: Int64, score: Float)] {
        if let vectorCache {
            let changes = try store.changeStamp()
            let stamp = PassageMatrixCache.Stamp(connection: connection.identity, dataVersion: changes.dataVersion, ownChanges: changes.ownChanges)
            return try vectorCache.matrix(at: stamp) { try store.passageVectors() }.nearest(to: vector, limit: limit, floor: floor, allowed: allowed)
        }
        var nearest = NearestNotes(floor: floor, allowed: allowed)
        try vector.withUnsafeBufferPointer { query in
            try store.forEachPassageVector { id, bytes in nearest.add(noteID: id, bytes: bytes, query: query) }
        }
        return nearest.best(limit)
    }
}
