import Foundation
import GRDB

/// What the index keeps of a note beyond its own rows, and how it lets go of it when the note is
/// destroyed for good (``NoteIndex/forgetDestroyed(_:)``).
///
/// A note's rows go when it leaves the vault, and every connection deletes with
/// `secure_delete` on (``applyPragmas(bulk:cacheKiB:)``), so SQLite overwrites their bytes
/// with zeros rather than leaving them in free space. Three things outlive the rows: the
/// move tracker's memory of the departed note (its path and title), the change log's rows naming
/// its path, and the words only it held (in `words`, and in FTS5's segments, which drop a
/// deleted note's terms only when they are merged).
extension IndexStore {
    /// Removes every trace of the notes once at `paths`: the move tracker's rows, the change log
    /// up to the last row naming one of them (a reader behind that point is told to look at
    /// everything again, as when the log was trimmed), FTS5's segments merged into one without
    /// the deleted terms, and the words no note holds any more.
    func forget(_ paths: [NotePath]) throws {
        for path in paths {
            let bytes = Data(path.bytes)
            try db.execute(sql: "DELETE FROM departed WHERE path = ?", arguments: [bytes])
            try db.execute(sql: "DELETE FROM arrivals WHERE path = ?", arguments: [bytes])
            try db.execute(sql: "DELETE FROM moves WHERE old_path = ? OR new_path = ?", arguments: [bytes, bytes])
            if let last = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM changes WHERE path = ?", arguments: [bytes]) {
                try db.execute(sql: "DELETE FROM changes WHERE seq <= ?", arguments: [last])
            }
        }
        try db.execute(sql: "INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
        try WordTable.keepOnlyIndexed(db)
    }
}
