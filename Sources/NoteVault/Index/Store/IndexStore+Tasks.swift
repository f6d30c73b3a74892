import Foundation
import GRDB

/// The task query: `tasks` alone, through its covering index, with the note filter's
/// conditions as lists of notes to keep or leave out and the task's own conditions, every
/// value bound.
extension IndexStore {
    /// What a task query reads, in the order ``task(in:)`` decodes it: only columns of
    /// `tasks_by_due` (``IndexSchema/taskColumns``), so the table itself is never read.
    static let taskSelection = """
        t.path, t.title, t.line, t.done, t.text, t.summary, t.due, t.scheduled, t.start, t.completed, t.priority, t.parent_line, t.tags, t.problems, \
        t.hash, t.heading, t.task_id, t.depends_on
        """

    /// The tasks `query` keeps, by due date (none last), note path and line.
    func tasks(_ query: TaskQuery) throws -> [NoteTask] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        // The note filter as the notes to leave out (those whose destroy date passed, a short
        // list found through an index) and the notes to keep, so no task reads a `notes` row.
        let (excluded, allowed) = query.notes.ftsRestrictions()
        if let excluded {
            conditions.append("t.note_id NOT IN (\(excluded.sql))")
            arguments += excluded.arguments
        }
        if let allowed {
            conditions.append("t.note_id IN (\(allowed.sql))")
            arguments += allowed.arguments
        }
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
            SELECT \(Self.taskSelection) FROM tasks t \
            WHERE \(conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")) ORDER BY t.due IS NULL, t.due, t.path, t.line
            """
        if let limit = query.limit {
            sql += " LIMIT ?"
            arguments += [limit]
        }
        return try Array(Row.fetchCursor(db, sql: sql, arguments: arguments).map(Self.task(in:)))
    }

    /// The tasks of one note, in line order.
    func tasks(in path: NotePath) throws -> [NoteTask] {
        try Array(
            Row.fetchCursor(
                db,
                sql: """
                    SELECT \(Self.taskSelection) FROM tasks t WHERE t.note_id = (SELECT f.note_id FROM files f WHERE f.path = ?) ORDER BY t.line
                    """, arguments: [Data(path.bytes)]
            ).map(Self.task(in:)))
    }

    /// What Tasks' `is blocked` and `is blocking` look at, over every task of the vault: the ids
    /// of the tasks not done, and the ids that tasks not done depend on.
    func taskDependencies() throws -> TaskDependencies {
        var dependencies = TaskDependencies()
        let rows = try Row.fetchCursor(
            db, sql: "SELECT t.done, t.task_id, t.depends_on FROM tasks t WHERE t.done = 0 AND (t.task_id IS NOT NULL OR t.depends_on IS NOT NULL)")
        while let row = try rows.next() {
            if let id = row[1] as String? { dependencies.openIDs.insert(id) }
            if let dependsOn = row[2] as String? {
                for id in dependsOn.split(separator: ",") { dependencies.awaitedIDs.insert(String(id)) }
            }
        }
        return dependencies
    }

    /// A task from a row of ``taskSelection``, decoded in place (a cursor's row lives only
    /// until the next step).
    private static func task(in row: Row) -> NoteTask {
        let day = { (index: Int) -> CalendarDay? in (row[index] as String?).flatMap(CalendarDay.init) }
        let path: Data = row[0]
        let parent: Int? = row[11]
        let tags: String = row[12]
        let problems: String = row[13]
        var task = NoteTask(
            path: NotePath(bytes: [UInt8](path)), line: row[2], text: row[4], summary: row[5],
            isDone: row[3], due: day(6), scheduled: day(7), start: day(8), completed: day(9),
            priority: (row[10] as String?).flatMap(NoteTask.Priority.init(rawValue:)), tags: StringArrayColumn.decode(tags), parentLine: parent,
            problems: DiagnosticsColumn.decode(problems), noteTitle: row[1])
        task.noteRevision = NoteRevision(hash: ContentHash(value: UInt64(bitPattern: row[14] as Int64)))
        task.heading = row[15]
        task.id = row[16]
        if let dependsOn = row[17] as String? { task.dependsOn = dependsOn.split(separator: ",").map(String.init) }
        return task
    }
}
