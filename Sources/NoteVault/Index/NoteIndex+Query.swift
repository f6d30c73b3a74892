import Foundation
import GRDB

/// A page of search results.
public struct SearchResults: Sendable {
    /// The best matches, title matches first, then by relevance.
    public var notes: [IndexedNote]
    /// How many notes match in all (before the limit).
    public var total: Int
}

extension NoteIndex {
    /// The notes that pass `filter`, in `sort` order.
    public func list(_ filter: NoteFilter, sort: NoteSort, limit: Int? = nil) throws(VaultError) -> [IndexedNote] {
        let (condition, arguments) = filter.sql()
        var sql = "SELECT \(IndexedNote.columns) FROM notes n WHERE \(condition) ORDER BY \(sort.sql)"
        var values = arguments
        if let limit {
            sql += " LIMIT ?"
            values += [limit]
        }
        return try read { db in
            try Row.fetchAll(db, sql: sql, arguments: values).map(IndexedNote.init(row:))
        }
    }

    /// How many notes pass `filter`.
    public func count(_ filter: NoteFilter) throws(VaultError) -> Int {
        let (condition, arguments) = filter.sql()
        return try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM notes n WHERE \(condition)", arguments: arguments) ?? 0
        }
    }

    /// Every note's path and title, for resolving what a user typed.
    public func candidates() throws(VaultError) -> [NoteResolver.Candidate] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT path, title FROM notes").map { row in
                let path: Data = row[0]
                return NoteResolver.Candidate(path: NotePath(bytes: [UInt8](path)), title: row[1])
            }
        }
    }

    /// Whether a note with exactly this path is indexed.
    public func contains(_ path: NotePath) throws(VaultError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM notes WHERE path = ?)", arguments: [Data(path.bytes)]) ?? false
        }
    }

    /// Notes matching `query` and `filter`: title matches first, then by bm25 relevance (title
    /// weighted ten times the body), each with a snippet around the match.
    /// - Parameters:
    ///   - query: The parsed query.
    ///   - filter: The same filters `list` takes.
    ///   - limit: How many results to return.
    public func search(_ query: SearchQuery, filter: NoteFilter, limit: Int) throws(VaultError) -> SearchResults {
        let (condition, filterArguments) = filter.sql()
        return try read { db in
            // The FROM and WHERE shared by the page and the count; every value is bound.
            var from = "notes n"
            var conditions: [String] = []
            var whereArguments: StatementArguments = []
            if let positive = query.positiveExpression {
                from = "notes_fts JOIN notes n ON n.id = notes_fts.rowid"
                conditions.append("notes_fts MATCH ?")
                whereArguments += [positive]
            }
            if let negative = query.negativeExpression {
                conditions.append("n.id NOT IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)")
                whereArguments += [negative]
            }
            conditions.append(condition)
            whereArguments += filterArguments
            let whereClause = conditions.joined(separator: " AND ")

            var selectArguments: StatementArguments = []
            var scoreColumn = "0.0"
            var titleColumn = "0"
            if let titleExpression = query.titleExpression {
                scoreColumn = "bm25(notes_fts, 10.0, 1.0, 2.0)"
                titleColumn = "n.id IN (SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?)"
                selectArguments += [titleExpression]
            }
            let sql = """
                SELECT \(IndexedNote.columns), \(scoreColumn) AS score, \(titleColumn) AS title_hit
                FROM \(from) WHERE \(whereClause)
                ORDER BY title_hit DESC, score ASC, n.updated_at DESC LIMIT ?
                """
            let rows = try Row.fetchAll(db, sql: sql, arguments: selectArguments + whereArguments + [limit])
            let total = rows.count < limit
                ? rows.count
                : try Int.fetchOne(db, sql: "SELECT count(*) FROM \(from) WHERE \(whereClause)", arguments: whereArguments) ?? rows.count

            let snippets = query.positiveExpression == nil ? nil : try SnippetBuilder(query: query, db: db)
            let body = try db.makeStatement(sql: "SELECT body FROM notes_fts WHERE rowid = ?")
            var notes: [IndexedNote] = []
            for row in rows {
                var note = IndexedNote(row: row)
                note.score = row["score"]
                note.titleMatches = row["title_hit"]
                if let snippets, let text = try String.fetchOne(body, arguments: [note.id]) {
                    note.snippet = snippets.snippet(of: text)
                }
                notes.append(note)
            }
            return SearchResults(notes: notes, total: total)
        }
    }
}
