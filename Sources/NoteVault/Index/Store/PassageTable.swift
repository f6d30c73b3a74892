import Foundation
import GRDB

/// The `passages` table: the meaning-search vectors of the notes, one row per passage
/// (``PassageCutter``) of a note, written by the embedding job (``NoteIndex/embedPending(with:batch:progress:)``)
/// and read whole by a search by meaning.
///
/// - `note_id`, `ordinal`: the note's id and the passage's place in it (0: its title and opening);
/// - `content_hash`: the note's `content_hash` when it was embedded; a row is written only while
///   the note still has that hash, so a note edited during its embedding is embedded again;
/// - `vector`: the passage's unit vector as bytes (``PassageVector``: 384 signed bytes and a
///   scale, 388 bytes).
///
/// A note's rows go when the note goes (with `secure_delete`, like its text) and when what it
/// says changes (its new text is then pending), so a note with no row is one to embed. The
/// model the vectors came from is in `meta` (`passage_model`); vectors of another model are
/// dropped before any is written or compared.
extension IndexSchema {
    static let passages = IndexTable(
        name: "passages",
        create: """
            CREATE TABLE passages (
                note_id INTEGER NOT NULL,
                ordinal INTEGER NOT NULL,
                content_hash INTEGER NOT NULL,
                vector BLOB NOT NULL,
                PRIMARY KEY (note_id, ordinal)
            ) WITHOUT ROWID
            """)

    /// The `meta` key naming the model of every vector in `passages`.
    static let passageModelKey = "passage_model"
}

/// The statement that drops a note's passages, for ``IndexWriter`` (a note deleted, or its
/// content changed).
struct PassageEraser {
    private var delete: RawStatement

    init(_ db: Database) throws {
        delete = try RawStatement(db, sql: "DELETE FROM passages WHERE note_id = ?")
    }

    mutating func delete(id: Int64) throws {
        delete.reset()
        delete.bind(id)
        try delete.run()
    }
}
