import Foundation
import GRDB

/// The `tasks` table: every task list item of every note (``TaskExtractor``), one row each,
/// filled with the note's other rows by ``TaskWriter`` and read by ``IndexStore``'s task query.
///
/// - `line`, `done`, `text` (as written), `summary` (without the fields read);
/// - `due`, `scheduled`, `start`, `completed`: days as `YYYY-MM-DD`, which sort as text;
/// - `priority` (``NoteTask/Priority``'s raw value), `parent_line` (the task it is nested under);
/// - `tags`: the task's tags as written, a JSON array; `tag_keys`: the same normalised
///   (``NoteTag/normalize(_:)``) between spaces (` work home/garden `), for the tag filter;
/// - `problems`: the diagnostics of its dates, a JSON array;
/// - `heading`: the nearest heading above the task; `task_id` (`🆔`) and `depends_on` (`⛔`,
///   the ids joined with commas, which no id holds), `NULL` when not written;
/// - `path`, `title`, `hash`: the note's, as in its `notes` row. They are copied, not joined:
///   every write of a note's row rewrites its tasks (``IndexWriter``), so the copy cannot
///   fall behind, and a task query reads no `notes` page (a thousand tasks due this week sit
///   in a thousand notes, each on a page of its own).
///
/// Tasks are found through `tasks_by_due` (`done`, `due`, then every column a task query
/// reads), a covering index: `enote tasks --due 7d` reads the few pages that hold the tasks it
/// lists, in order, and never the table. `tasks_by_note` finds a note's tasks.
extension IndexSchema {
    static let tasks = IndexTable(
        name: "tasks",
        create: """
            CREATE TABLE tasks (
                note_id INTEGER NOT NULL,
                line INTEGER NOT NULL,
                done INTEGER NOT NULL,
                text TEXT NOT NULL,
                summary TEXT NOT NULL,
                due TEXT,
                scheduled TEXT,
                start TEXT,
                completed TEXT,
                priority TEXT,
                parent_line INTEGER,
                tags TEXT NOT NULL,
                tag_keys TEXT NOT NULL,
                problems TEXT NOT NULL,
                heading TEXT,
                task_id TEXT,
                depends_on TEXT,
                path BLOB NOT NULL,
                title TEXT NOT NULL,
                hash INTEGER NOT NULL
            )
            """,
        indexes: """
            CREATE INDEX tasks_by_note ON tasks(note_id);
            CREATE INDEX tasks_by_due ON tasks(\(taskColumns.joined(separator: ", ")));
            """)

    /// The columns of `tasks_by_due`, in its order: what the task query filters on first, then
    /// everything it reads (``IndexStore/taskSelection``), so that it never reads the table.
    static let taskColumns = [
        "done", "due", "path", "line", "note_id", "tag_keys", "text", "summary", "scheduled", "start", "completed", "priority", "parent_line",
        "tags", "problems", "title", "hash", "heading", "task_id", "depends_on",
    ]
}

/// The prepared statements that write a note's rows in `tasks`, beside ``IndexWriter``'s note
/// row and in the same transaction.
struct TaskWriter {
    private var insert: RawStatement
    private var delete: RawStatement

    init(_ db: Database) throws {
        insert = try RawStatement(
            db,
            sql: """
                INSERT INTO tasks (note_id, line, done, text, summary, due, scheduled, start, completed, priority, parent_line, tags, \
                tag_keys, problems, heading, task_id, depends_on, path, title, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        delete = try RawStatement(db, sql: "DELETE FROM tasks WHERE note_id = ?")
    }

    /// Writes the rows of a note whose old rows (if any) were deleted, with the note's path,
    /// title and revision hash as its own row holds them.
    mutating func write(id: Int64, note: IndexRecord, tasks: [NoteTask]) throws {
        for task in tasks {
            insert.reset()
            insert.bind(id)
            insert.bind(Int64(task.line))
            insert.bind(task.isDone)
            insert.bind(task.text)
            insert.bind(task.summary)
            insert.bind(task.due?.description)
            insert.bind(task.scheduled?.description)
            insert.bind(task.start?.description)
            insert.bind(task.completed?.description)
            insert.bind(task.priority?.rawValue)
            insert.bind(task.parentLine.map { Double($0) })
            insert.bind(StringArrayColumn.encode(task.tags))
            insert.bind(Self.tagKeys(task.tags))
            insert.bind(DiagnosticsColumn.encode(task.problems))
            insert.bind(task.heading)
            insert.bind(task.id)
            insert.bind(task.dependsOn.isEmpty ? nil : task.dependsOn.joined(separator: ","))
            insert.bind(blob: note.path.bytes)
            insert.bind(note.note.title)
            insert.bind(note.hash.storedValue)
            try insert.run()
        }
    }

    /// Deletes a note's rows.
    mutating func delete(id: Int64) throws {
        delete.reset()
        delete.bind(id)
        try delete.run()
    }

    /// ` a b/c `: the normalised tags between spaces (a tag holds no space).
    static func tagKeys(_ tags: [String]) -> String {
        guard !tags.isEmpty else { return " " }
        return " " + tags.map(NoteTag.normalize).joined(separator: " ") + " "
    }
}
