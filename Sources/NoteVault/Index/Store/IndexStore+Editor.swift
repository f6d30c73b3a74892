import Foundation
import GRDB

/// The statements a language server reads: the list of notes for completion, the notes with a
/// tag.
extension IndexStore {
    /// Every note's path, title and description, by title (lowercased), then as indexed.
    func noteSummaries() throws -> [NoteSummary] {
        var summaries: [NoteSummary] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT path, title, description FROM notes ORDER BY title_key, id")
        while let row = try rows.next() {
            let path: Data = row[0]
            guard let text = String(data: path, encoding: .utf8) else { continue }
            summaries.append(NoteSummary(path: text, title: row[1], description: row[2]))
        }
        return summaries
    }

    /// The notes with the tag `tag` (normalised) or one nested under it (`tag/…`), by path.
    func notes(taggedWithin tag: String) throws -> [NotePath] {
        // `/` + 1 is `0`: the range holds every tag that starts with `tag/`.
        try Data.fetchAll(
            db,
            sql: """
                SELECT DISTINCT n.path FROM tags t JOIN notes n ON n.id = t.note_id \
                WHERE t.tag = ? OR (t.tag >= ? AND t.tag < ?) ORDER BY n.path
                """,
            arguments: [tag, tag + "/", tag + "0"]
        ).map { NotePath(bytes: [UInt8]($0)) }
    }
}
