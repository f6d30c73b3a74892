import Foundation
import GRDB

/// A note waiting for its vectors: what the embedding job reads of it.
struct PendingNote: Sendable {
    var id: Int64
    /// Its `content_hash` when read; the vectors are kept only if it still has it.
    var contentHash: Int64
    var title: String
    /// Its body as plain text (as indexed for words).
    var body: String
}

/// One passage's vector, ready to store.
struct StoredPassage: Sendable {
    var noteID: Int64
    var contentHash: Int64
    var ordinal: Int
    var vector: PassageVector
}

/// The meaning-search vectors (``IndexSchema/passages``).
extension IndexStore {
    /// Makes `model` the model of the stored vectors: when another model's vectors are there,
    /// they are all dropped first (they are never compared with this one's).
    func usePassageModel(_ model: String) throws {
        let stored = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [IndexSchema.passageModelKey])
        guard stored != model else { return }
        try db.execute(sql: "DELETE FROM passages")
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [IndexSchema.passageModelKey, model])
    }

    /// The model of the stored vectors, if any were written.
    func passageModel() throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [IndexSchema.passageModelKey])
    }

    /// Whether the index holds vectors made by `recipe` (``PassageCutter/recipe``): only then
    /// is a search's own vector worth computing.
    func holdsVectors(of recipe: String) throws -> Bool {
        guard try passageModel() == recipe else { return false }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM passages)") ?? false
    }

    /// Up to `limit` notes without vectors whose id is above `id`, by id, each with the first
    /// 4,000 characters of its body (more than any passage reads: ``PassageCutter``).
    func pendingNotes(after id: Int64, limit: Int) throws -> [PendingNote] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT n.id, n.content_hash, f.title, substr(f.body, 1, 4000) FROM notes n JOIN notes_fts f ON f.rowid = n.id
                WHERE n.id > ? AND NOT EXISTS (SELECT 1 FROM passages p WHERE p.note_id = n.id)
                ORDER BY n.id LIMIT ?
                """,
            arguments: [id, limit]
        ).map { row in PendingNote(id: row[0], contentHash: row[1], title: row[2] ?? "", body: row[3] ?? "") }
    }

    /// How many notes have no vectors, and how many notes there are.
    func embeddingCounts() throws -> (pending: Int, notes: Int) {
        let notes = try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") ?? 0
        let embedded = try Int.fetchOne(db, sql: "SELECT count(DISTINCT note_id) FROM passages") ?? 0
        return (max(notes - embedded, 0), notes)
    }

    /// Writes `passages`, each only while its note still has the content it was cut from.
    /// - Returns: How many notes got their vectors.
    func save(_ passages: [StoredPassage]) throws -> Int {
        var insert = try RawStatement(
            db, sql: "INSERT OR REPLACE INTO passages (note_id, ordinal, content_hash, vector) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM notes WHERE id = ? AND content_hash = ?)")
        var notes = Set<Int64>()
        for passage in passages {
            insert.reset()
            insert.bind(passage.noteID)
            insert.bind(Int64(passage.ordinal))
            insert.bind(passage.contentHash)
            insert.bind(blob: passage.vector.bytes)
            insert.bind(passage.noteID)
            insert.bind(passage.contentHash)
            try insert.run()
            if db.changesCount > 0 { notes.insert(passage.noteID) }
        }
        return notes.count
    }

    /// Every stored vector with its note's id, in one read.
    func passageVectors() throws -> PassageMatrix {
        var matrix = PassageMatrix()
        var statement = try RawStatement(db, sql: "SELECT note_id, vector FROM passages")
        statement.reset()
        while try statement.step() {
            matrix.append(noteID: statement.integer(0), bytes: statement.blob(1))
        }
        return matrix
    }

    /// Hands every stored vector with its note's id to `visit`, in one read, without copying
    /// them (the bytes are SQLite's, valid only during the call).
    func forEachPassageVector(_ visit: (Int64, UnsafeBufferPointer<UInt8>) -> Void) throws {
        var statement = try RawStatement(db, sql: "SELECT note_id, vector FROM passages")
        statement.reset()
        while try statement.step() {
            visit(statement.integer(0), statement.blob(1))
        }
    }

    /// What tells whether the vectors may have changed since this connection last read them:
    /// `PRAGMA data_version` (it changes when another connection commits) and the rows this
    /// connection has changed itself. Equal stamps on one connection mean the same vectors.
    func changeStamp() throws -> (dataVersion: Int64, ownChanges: Int) {
        (try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0, db.totalChangesCount)
    }

    /// The vector of a note's first passage, as numbers, or `nil` when it has none.
    func passageVector(ofNote id: Int64) throws -> [Float]? {
        var statement = try RawStatement(db, sql: "SELECT note_id, vector FROM passages WHERE note_id = ? ORDER BY ordinal LIMIT 1")
        statement.reset()
        statement.bind(id)
        guard try statement.step() else { return nil }
        var matrix = PassageMatrix()
        matrix.append(noteID: id, bytes: statement.bytes(1))
        return matrix.count == 1 ? matrix.row(0) : nil
    }
}
