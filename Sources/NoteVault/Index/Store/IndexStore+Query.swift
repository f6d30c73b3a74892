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

    /// The front matter values whose key, lowercased, is in `keys`, of the notes `filter`
    /// keeps, by note id, in the order each note writes them. (Only those notes: a query over
    /// one folder of a 10,000-note vault read every note's values before, two thirds of its
    /// time.)
    func queryFields(keys: Set<String>, of filter: NoteFilter) throws -> [Int64: [QueryField]] {
        guard !keys.isEmpty else { return [:] }
        let (condition, arguments) = filter.sql()
        var fields: [Int64: [QueryField]] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT f.note_id, f.key, f.raw, f.list FROM notes n JOIN fields f ON f.note_id = n.id \
                WHERE \(condition) AND lower(f.key) IN (SELECT value FROM json_each(?)) ORDER BY f.note_id, f.rowid
                """,
            arguments: arguments + [Self.jsonArray(keys.sorted())])
        while let row = try rows.next() {
            fields[row[0], default: []].append(QueryField(key: row[1], raw: row[2], isList: row[3]))
        }
        return fields
    }

    /// Every link to a note or file the notes `filter` keeps write (wikilinks and Markdown
    /// links, not URLs), as its target is written, by note id, in the note's order: Dataview's
    /// `file.outlinks`.
    func linkTargets(of filter: NoteFilter) throws -> [Int64: [String]] {
        let (condition, arguments) = filter.sql()
        var targets: [Int64: [String]] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT l.note_id, l.target FROM notes n JOIN links l ON l.note_id = n.id WHERE \(condition) AND l.key <> '' AND l.kind <> 'definition' ORDER BY l.note_id, l.offset",
            arguments: arguments)
        while let row = try rows.next() { targets[row[0], default: []].append(row[1]) }
        return targets
    }

    /// The ids of the notes `filter` keeps.
    func noteIDs(_ filter: NoteFilter) throws -> Set<Int64> {
        let (condition, arguments) = filter.sql()
        return Set(try Int64.fetchAll(db, sql: "SELECT n.id FROM notes n WHERE \(condition)", arguments: arguments))
    }

}
