/// A query a person saves in a note or types at `enote query`: which notes (or tasks) to take,
/// which to keep, in what order, grouped how, and how to show them. Read from enote's own
/// language, from Dataview's DQL (``QueryParser``) or from an Obsidian Tasks block
/// (``TasksBlockParser``); run by ``NoteIndex/run(_:context:)``.
public struct NoteQuery: Sendable, Equatable {
    /// The language a query was written in.
    public enum Language: String, Sendable, Codable, CaseIterable {
        /// A code block named `enote`, or `enote query 'TEXT'`.
        case enote
        /// A code block named `dataview` (DQL, without JavaScript).
        case dataview
        /// A code block named `tasks` (Obsidian Tasks' instructions).
        case tasks
    }

    /// How the results are shown; a front end draws each its own way.
    public enum View: Sendable, Equatable {
        /// One line a note (`LIST`, or `LIST expression` to show a value beside it).
        case list(QueryExpression?)
        /// A row a note, a column each expression (`TABLE a, b AS "B"`); the title always first.
        case table([QueryColumn])
        /// The tasks of the notes, one row a task.
        case tasks
        /// Cards grouped by the value of one front matter key; moving a card writes that key.
        case board(key: String)
        /// A month of days: due dates of tasks, daily notes and destroy dates (and the dates of
        /// `key` when given).
        case calendar(key: String?)
    }

    public var language: Language
    public var view: View
    /// Which notes to take before ``condition``: a folder, a tag, links, combined with
    /// `and`/`or`/`not`. `nil` takes every note.
    public var source: QuerySource?
    /// What a note (or, for ``View/tasks``, a task) must satisfy to be kept.
    public var condition: QueryExpression?
    /// The order, most significant first; without one, notes come as `enote list` gives them
    /// and tasks by due date.
    public var sort: [QuerySortKey] = []
    /// Rows with the same value of this expression are shown together, under it.
    public var groupBy: QueryExpression?
    /// At most this many rows (for a grouped query: rows in all).
    public var limit: Int?
    /// Whether to leave out the note column (`TABLE WITHOUT ID`).
    public var withoutID = false
    /// Instructions of the language that change only how results look in the app they come
    /// from (`hide backlinks`, `short mode`, `explain`), kept so a front end can say they were
    /// read and set aside rather than dropped in silence.
    public var displayHints: [String] = []

    public init(language: Language, view: View) {
        self.language = language
        self.view = view
    }
}

/// One column of a table: what it shows and what it is called.
public struct QueryColumn: Sendable, Equatable {
    public var expression: QueryExpression
    /// The heading: the `AS` name, else the expression as written.
    public var name: String

    public init(expression: QueryExpression, name: String) {
        self.expression = expression
        self.name = name
    }
}

/// One key of a sort.
public struct QuerySortKey: Sendable, Equatable {
    public var expression: QueryExpression
    public var descending: Bool

    public init(expression: QueryExpression, descending: Bool) {
        self.expression = expression
        self.descending = descending
    }
}

/// Which notes a query takes: the `FROM` of Dataview, the `from` of enote's language.
public indirect enum QuerySource: Sendable, Equatable {
    /// Notes with this tag or one nested under it (`#work`).
    case tag(String)
    /// Notes in this folder or under it (`"projects"`, `folder projects`); a path naming one
    /// note takes that note.
    case folder(String)
    /// Notes that link to the note this names (`[[Plan]]`, `links to Plan`).
    case linksTo(String)
    /// Notes the note this names links to (`outgoing([[Plan]])`, `linked from Plan`).
    case linkedFrom(String)
    case and(QuerySource, QuerySource)
    case or(QuerySource, QuerySource)
    case not(QuerySource)
}

extension NoteQuery {
    /// The deepest expression a query may hold: evaluating is recursive, and a chain of
    /// thousands of `or` (or a Tasks block of a thousand lines) must be refused, not overflow
    /// the stack of a server's thread.
    static let maximumDepth = 256

    /// Refuses a query whose expressions are deeper than ``maximumDepth``.
    /// - Throws: ``NoteQueryError`` saying so.
    func checkDepth() throws(NoteQueryError) {
        var expressions = [condition, groupBy].compactMap { $0 } + sort.map(\.expression)
        switch view {
        case .list(let expression): expressions += [expression].compactMap { $0 }
        case .table(let columns): expressions += columns.map(\.expression)
        case .tasks, .board, .calendar: break
        }
        for expression in expressions where expression.depth > Self.maximumDepth {
            throw NoteQueryError(
                "the query has more than \(String(Self.maximumDepth)) conditions or operations in a row; split it or use FROM", line: 1, column: 1)
        }
    }
}
