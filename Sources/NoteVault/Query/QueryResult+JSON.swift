/// The stable JSON form of a query's result, the same from every front end.
extension QueryResult: Encodable {
    /// `language`, `view` (`list`, `table`, `tasks`, `board`, `calendar`), `columns` (the
    /// headings), `rows` (for a note query: each note's `path`, `title`, `values` in column
    /// order and `group`), `tasks` (for a task query: each task's `path`, `line`, `text`,
    /// `summary`, `done`, `due`, `scheduled`, `start`, `completed`, `priority`, `tags`, `group`),
    /// `groups`, `calendar` (each entry's `day`, `kind`, `path`, `title`, `line`, `text`),
    /// `total` (rows before the limit), `hints` (instructions read and set aside) and `warnings`,
    /// in this order.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(query.language.rawValue, forKey: "language")
        try json.encode(query.view.name, forKey: "view")
        try json.encode(columns, forKey: "columns")
        let isTasks = query.view == .tasks
        try json.encode(isTasks ? [] : rows.map { Row.JSON($0) }, forKey: "rows")
        try json.encode(isTasks ? rows.filter { $0.task != nil }.map { Row.JSON($0) } : [], forKey: "tasks")
        try json.encode(groups, forKey: "groups")
        try json.encode(calendar, forKey: "calendar")
        try json.encode(total, forKey: "total")
        try json.encode(query.displayHints, forKey: "hints")
        try json.encode(warnings.map(\.text), forKey: "warnings")
    }
}

extension QueryResult.Row {
    /// A row's JSON, the one shape every front end writes: a note's `path`, `title`, `values`
    /// (in column order) and `group`; a task's members (``NoteTask``'s JSON) and `group`.
    /// `compact` (for agents, who pay for every byte) leaves out a `group` the query has none
    /// of and keeps of a task its `path`, `line`, `text`, `done` and `due`.
    public struct JSON: Encodable, Sendable {
        public var row: QueryResult.Row
        public var compact: Bool

        public init(_ row: QueryResult.Row, compact: Bool = false) {
            self.row = row
            self.compact = compact
        }

        public func encode(to encoder: any Encoder) throws {
            var json = encoder.container(keyedBy: JSONKey.self)
            switch (row.task, compact) {
            case (let task?, false):
                try task.encodeMembers(into: &json)
            case (let task?, true):
                try json.encode(task.path.description, forKey: "path")
                try json.encode(task.line, forKey: "line")
                try json.encode(task.text, forKey: "text")
                try json.encode(task.isDone, forKey: "done")
                try json.encodeIfPresent(task.due?.description, forKey: "due")
            case (nil, _):
                try json.encode(row.path.description, forKey: "path")
                try json.encode(row.title, forKey: "title")
                try json.encode(row.values, forKey: "values")
            }
            if compact { try json.encodeIfPresent(row.group, forKey: "group") } else { try json.encode(row.group, forKey: "group") }
        }
    }
}

extension QueryResult.CalendarEntry: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(day.description, forKey: "day")
        try json.encode(kind.rawValue, forKey: "kind")
        try json.encode(path.description, forKey: "path")
        try json.encode(title, forKey: "title")
        try json.encode(line, forKey: "line")
        try json.encode(text, forKey: "text")
    }
}

extension NoteQueryError: Encodable {
    /// `message` (in the reader's language), `line`, `column`, `length` and `unsupported`.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(message.text, forKey: "message")
        try json.encode(line, forKey: "line")
        try json.encode(column, forKey: "column")
        try json.encode(length, forKey: "length")
        try json.encode(isUnsupported, forKey: "unsupported")
    }
}

extension NoteQuery.View {
    /// `list`, `table`, `tasks`, `board` or `calendar`.
    public var name: String {
        switch self {
        case .list: "list"
        case .table: "table"
        case .tasks: "tasks"
        case .board: "board"
        case .calendar: "calendar"
        }
    }
}
