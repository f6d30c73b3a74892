import Foundation
import GRDB

/// The task query: `tasks` joined to `notes`, the note filter's conditions and the task's, every
/// value bound.
extension IndexStore {
    /// The tasks `query` keeps, by due date (none last), note path and line.
    func tasks(_ query: TaskQuery) throws -> [NoteTask] {
        var (condition, arguments) = query.notes.sql()
        var conditions = [condition]
        switch query.status {
        case .open: conditions.append("t.done = 0")
        case .done: conditions.append("t.done = 1")
        case .all: break
        }
        if let due = query.due {
            let days = due.days(from: query.today)
            conditions.append("t.due IS NOT NULL")
            if let from = days.from {
                conditions.append("t.due >= ?")
                arguments += [from.description]
            }
            if let before = days.before {
                conditions.append("t.due < ?")
                arguments += [before.description]
            }
        }
        for tag in query.tags {
            // The tag itself or one nested under it.
            let key = NoteTag.normalize(tag)
            conditions.append("(instr(t.tag_keys, ?) > 0 OR instr(t.tag_keys, ?) > 0)")
            arguments += [" \(key) ", " \(key)/"]
        }
        var sql = """
            SELECT n.path, n.title, t.line, t.done, t.text, t.summary, t.due, t.scheduled, t.start, t.completed, t.priority, \
            t.parent_line, t.tags, t.problems, n.hash FROM tasks t JOIN notes n ON n.id = t.note_id \
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY t.due IS NULL, t.due, n.path, t.line
            """
        if let limit = query.limit {
            sql += " LIMIT ?"
            arguments += [limit]
        }
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.task(in:))
    }

    /// The tasks of one note, in line order.
    func tasks(in path: NotePath) throws -> [NoteTask] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT n.path, n.title, t.line, t.done, t.text, t.summary, t.due, t.scheduled, t.start, t.completed, t.priority, \
                t.parent_line, t.tags, t.problems, n.hash FROM files f JOIN notes n ON n.id = f.note_id JOIN tasks t ON t.note_id = n.id \
                WHERE f.path = ? ORDER BY t.line
                """, arguments: [Data(path.bytes)]
        ).map(Self.task(in:))
    }

    private static func task(in row: Row) -> NoteTask {
        let path: Data = row[0]
        let day = { (index: Int) -> CalendarDay? in (row[index] as String?).flatMap(CalendarDay.init) }
        let parent: Int? = row[11]
        var task = NoteTask(
            path: NotePath(bytes: [UInt8](path)), line: row[2], text: row[4], summary: row[5], isDone: row[3], due: day(6), scheduled: day(7),
            start: day(8), completed: day(9), priority: (row[10] as String?).flatMap(NoteTask.Priority.init(rawValue:)),
            tags: StringArrayColumn.decode(row[12]), parentLine: parent, problems: DiagnosticsColumn.decode(row[13]), noteTitle: row[1])
        task.noteRevision = NoteRevision(hash: ContentHash(value: UInt64(bitPattern: row[14] as Int64)))
        return task
    }
}
