import Foundation
import GRDB

/// What a query reads besides the notes and tasks `list` and `tasks` read: the front matter
/// values as written, and the notes a filter keeps as ids.
extension IndexStore {
    /// One front matter value of a note as written.
    struct QueryField {
        var key: String
        var raw: String
        var isList: Bool
    }

    /// The front matter values of every note whose key, lowercased, is in `keys`, by note id,
    /// in the order the note writes them.
    func queryFields(keys: Set<String>) throws -> [Int64: [QueryField]] {
        guard !keys.isEmpty else { return [:] }
        var fields: [Int64: [QueryField]] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT note_id, key, raw, list FROM fields WHERE lower(key) IN (SELECT value FROM json_each(?)) ORDER BY rowid",
            arguments: [Self.jsonArray(keys.sorted())])
        while let row = try rows.next() {
            fields[row[0], default: []].append(QueryField(key: row[1], raw: row[2], isList: row[3]))
        }
        return fields
    }

    /// The ids of the notes `filter` keeps.
    func noteIDs(_ filter: NoteFilter) throws -> Set<Int64> {
        let (condition, arguments) = filter.sql()
        return Set(try Int64.fetchAll(db, sql: "SELECT n.id FROM notes n WHERE \(condition)", arguments: arguments))
    }

}
