import Foundation

/// One thing a query looks at: a note with its front matter, or a task with its note.
struct QueryRow {
    var note: IndexedNote
    /// The note's front matter values, by key lowercased.
    var fields: [String: QueryValue]
    /// For a task query, the task; its own names (`due`, `text`) come before the note's.
    var task: NoteTask?
    /// The values written as a `[[link]]`, as written, by key lowercased: a value reads as the
    /// note it names, and a board lane of it is written back as the link (see
    /// ``QueryResult/Row/groupSpelling``).
    var linkSpellings: [String: String] = [:]

    /// The value of a field as a query names it (`status`, `file.name`, `due.month`).
    func value(of path: [String], context: QueryContext) -> QueryValue {
        let names = path.map { $0.lowercased() }
        guard let first = names.first else { return .null }
        if first == "this" {
            guard let this = context.this else { return .null }
            return this.value(of: Array(path.dropFirst()), context: context)
        }
        if let task, let value = Self.taskValue(task, named: first, context: context) {
            return Self.member(value, names.dropFirst(), context: context)
        }
        if first == "file", names.count > 1 {
            if names[1] == "frontmatter" {
                guard names.count > 2 else { return .null }
                return Self.member(fields[names[2]] ?? .null, names.dropFirst(3), context: context)
            }
            return Self.member(fileValue(names[1], context: context), names.dropFirst(2), context: context)
        }
        if first == "file" { return .link(note.path) }
        // Front matter first (a key `status` is the note's own), then enote's built-ins.
        if let value = fields[first] ?? builtIn(first, context: context) {
            return Self.member(value, names.dropFirst(), context: context)
        }
        return .null
    }

    /// enote's names for what every note has.
    private func builtIn(_ name: String, context: QueryContext) -> QueryValue? {
        switch name {
        case "title": .text(note.title)
        case "description": .text(note.description)
        case "color", "colour": .text(note.color.description)
        case "created": .date(note.created)
        case "updated": .date(note.updated)
        case "destroy", "expires": note.destroy.map(QueryValue.date) ?? .null
        case "tags": .list(note.tags.map(QueryValue.text))
        case "path": .text(note.path.description)
        case "name": .text(note.path.queryName)
        case "folder": .text(note.path.parent?.description ?? "")
        case "order": note.order.map(QueryValue.text) ?? .null
        default: nil
        }
    }

    /// Dataview's `file.*` names.
    private func fileValue(_ name: String, context: QueryContext) -> QueryValue {
        switch name {
        case "name": .text(note.path.queryName)
        case "path": .text(note.path.description)
        case "folder": .text(note.path.parent?.description ?? "")
        case "link": .link(note.path)
        case "ext": .text("md")
        case "title": .text(note.title)
        case "ctime", "cday": name == "cday" ? Self.day(note.created, context) : .date(note.created)
        case "mtime", "mday": name == "mday" ? Self.day(note.updated, context) : .date(note.updated)
        case "tags", "etags": .list(note.tags.map { .text("#" + $0) })
        case "outlinks": .list(note.links.map(QueryValue.text))
        case "day": QueryValue.parseDate(String(note.path.queryName.prefix(10)), timeZone: context.timeZone).map(QueryValue.date) ?? .null
        case "size": .null
        default: .null
        }
    }

    /// A task's own names: Dataview's (`completed`, `completion`, `text`) and Tasks' (`done`,
    /// `description`).
    private static func taskValue(_ task: NoteTask, named name: String, context: QueryContext) -> QueryValue? {
        func day(_ day: CalendarDay?) -> QueryValue { day.map { .date($0.start(in: context.timeZone)) } ?? .null }
        return switch name {
        case "text": .text(task.text)
        case "description": .text(task.summary)
        case "completed", "checked", "fullycompleted": .bool(task.isDone)
        case "status": .text(task.isDone ? "x" : " ")
        case "due": day(task.due)
        case "scheduled": day(task.scheduled)
        case "start": day(task.start)
        case "completion", "done": day(task.completed)
        case "priority": task.priority.map { .text($0.rawValue) } ?? .null
        case "tags": .list(task.tags.map { .text("#" + $0) })
        case "line": .number(Double(task.line))
        case "path": .text(task.path.description)
        case "folder": .text(task.path.parent?.description ?? "")
        // Tasks' heading, id and dependencies (`blocked`, `blocking` over the whole vault).
        case "heading": task.heading.map(QueryValue.text) ?? .null
        case "id": task.id.map(QueryValue.text) ?? .null
        case "dependson": .list(task.dependsOn.map(QueryValue.text))
        case "blocked": .bool(context.taskDependencies.isBlocked(task))
        case "blocking": .bool(context.taskDependencies.isBlocking(task))
        default: nil
        }
    }

    private static func day(_ date: Date, _ context: QueryContext) -> QueryValue {
        .date(CalendarDay(date, in: context.timeZone).start(in: context.timeZone))
    }

    /// `due.month`, `title.length`: a member of a value.
    static func member(_ value: QueryValue, _ names: ArraySlice<String>, context: QueryContext) -> QueryValue {
        guard let name = names.first else { return value }
        let next: QueryValue
        switch value {
        case .date(let date):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = context.timeZone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            next = switch name {
            case "year": .number(Double(parts.year ?? 0))
            case "month": .number(Double(parts.month ?? 0))
            case "day": .number(Double(parts.day ?? 0))
            case "hour": .number(Double(parts.hour ?? 0))
            case "minute": .number(Double(parts.minute ?? 0))
            case "second": .number(Double(parts.second ?? 0))
            // Dataview counts Monday as 1.
            case "weekday": .number(Double(((parts.weekday ?? 1) + 5) % 7 + 1))
            default: .null
            }
        case .duration(let seconds):
            next = switch name {
            case "seconds": .number(seconds)
            case "minutes": .number(seconds / 60)
            case "hours": .number(seconds / 3600)
            case "days": .number(seconds / 86_400)
            case "weeks": .number(seconds / 604_800)
            default: .null
            }
        case .text(let text) where name == "length": next = .number(Double(text.count))
        case .list(let values) where name == "length": next = .number(Double(values.count))
        case .list(let values):
            // `file.tasks.text`: a member of each element.
            next = .list(values.map { member($0, [name], context: context) })
        default: next = .null
        }
        return member(next, names.dropFirst(), context: context)
    }

    /// A front matter value as written, typed as YAML would read it: numbers, booleans and
    /// dates as themselves, the rest as text; a key with several values (a list) as a list.
    static func typed(_ raw: String, timeZone: TimeZone) -> QueryValue {
        let text = raw.trimmingCharacters(in: .whitespaces)
        switch text.lowercased() {
        case "true", "yes": return .bool(true)
        case "false", "no": return .bool(false)
        case "", "null", "~": return .null
        default: break
        }
        if let number = Double(text), number.isFinite, text.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true, !text.hasSuffix(".") {
            return .number(number)
        }
        if text.first?.isNumber == true, let date = QueryValue.parseDate(text, timeZone: timeZone) { return .date(date) }
        if isLink(text) { return .text(String(text.dropFirst(2).dropLast(2))) }
        return .text(raw)
    }

    /// Whether a front matter value, trimmed, is written as a `[[link]]`.
    static func isLink(_ text: String) -> Bool { text.hasPrefix("[[") && text.hasSuffix("]]") && text.count > 4 }
}

extension NotePath {
    /// The file name without `.md`: Dataview's `file.name`, what a `[[link]]` names.
    var queryName: String {
        let name = fileName
        for suffix in [".md", ".markdown"] where name.lowercased().hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }
}
