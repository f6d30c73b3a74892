import Foundation
import GRDB

/// The statements a language server's completion reads.
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
}
