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
        try json.encode(isTasks ? [] : rows.map(NoteRowJSON.init), forKey: "rows")
        try json.encode(isTasks ? rows.compactMap(TaskRowJSON.init) : [], forKey: "tasks")
        try json.encode(groups, forKey: "groups")
        try json.encode(calendar, forKey: "calendar")
        try json.encode(total, forKey: "total")
        try json.encode(query.displayHints, forKey: "hints")
        try json.encode(warnings.map(\.text), forKey: "warnings")
    }

    private struct NoteRowJSON: Encodable {
        var row: Row
        func encode(to encoder: any Encoder) throws {
            var json = encoder.container(keyedBy: JSONKey.self)
            try json.encode(row.path.description, forKey: "path")
            try json.encode(row.title, forKey: "title")
            try json.encode(row.values, forKey: "values")
            try json.encode(row.group, forKey: "group")
        }
    }

    private struct TaskRowJSON: Encodable {
        var task: NoteTask
        var group: QueryValue?
        init?(_ row: Row) {
            guard let task = row.task else { return nil }
            self.task = task
            group = row.group
        }
        func encode(to encoder: any Encoder) throws {
            var json = encoder.container(keyedBy: JSONKey.self)
            try task.encodeMembers(into: &json)
            try json.encode(group, forKey: "group")
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
