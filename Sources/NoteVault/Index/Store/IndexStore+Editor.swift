import Foundation
import GRDB

/// The statements a language server reads: the list of notes for completion, the notes with a
/// tag.
extension IndexStore {
    /// Every note's path, title and description, by title (lowercased), then as indexed.
    func noteSummaries() throws -> [NoteSummary] {
        // Through SQLite's C API: a hundred thousand rows read through GRDB's `Row` cost about
        // as much again as the query.
        var summaries: [NoteSummary] = []
        let statement = try RawStatement(db, sql: "SELECT path, title, description FROM notes ORDER BY title_key, id")
        while try statement.step() {
            guard let path = String(validating: statement.bytes(0), as: UTF8.self) else { continue }
            summaries.append(
                NoteSummary(
                    path: path, title: String(decoding: statement.bytes(1), as: UTF8.self),
                    description: String(decoding: statement.bytes(2), as: UTF8.self)))
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

    /// Every tag (normalised) with how many notes have it, without the spelling most notes use
    /// (``tagCounts()`` finds that with a subquery per tag: seven times the time at 200 tags).
    func tagUses() throws -> [String: Int] {
        var uses: [String: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT tag, count(DISTINCT note_id) FROM tags GROUP BY tag") { uses[row[0]] = row[1] }
        return uses
    }
}
