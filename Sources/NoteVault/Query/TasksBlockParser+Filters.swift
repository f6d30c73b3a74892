import Foundation

/// The filters of a Tasks block, as conditions over a task's row (``QueryRow``: `completed`,
/// `due`, `scheduled`, `start`, `completion`, `priority`, `tags`, `text`, `description`,
/// `path`, `folder`, `file.name`).
extension TasksBlockParser.Builder {
    typealias Problem = TasksBlockParser.Problem

    /// The filters enote reads, for a message about a line that is none of them.
    static let filterSummary =
        "done, not done, due|scheduled|starts|done|happens (before|after|on|in|on or before|on or after) DATE, has|no due|scheduled|start|done|happens date, has|no tags, is recurring, is not recurring, priority is (above|below|not)? highest|high|medium|none|low|lowest, status.type is TODO|DONE, is (not) blocked|blocking, has|no id, has|no depends on, path|filename|folder|root|description|tags|heading|id (includes|does not include|regex matches|regex does not match) TEXT, (A) AND|OR|XOR (B), NOT (A), sort by …, group by …, limit N, hide|show …, explain"

    /// One filter line (not a Boolean combination).
    func filter(_ line: String) throws(Problem) -> QueryExpression {
        let words = TasksBlockParser.Words(line)
        let lower = words.lower
        let phrase = lower.joined(separator: " ")
        switch phrase {
        case "done": return .field(["completed"])
        case "not done": return .not(.field(["completed"]))
        case "is recurring": return Self.recurring
        case "is not recurring": return .not(Self.recurring)
        case "has tags": return .binary(.greater, .call("length", [.field(["tags"])]), .literal(.number(0)))
        case "no tags": return .binary(.equal, .call("length", [.field(["tags"])]), .literal(.number(0)))
        case "is blocked": return .field(["blocked"])
        case "is not blocked": return .not(.field(["blocked"]))
        case "is blocking": return .field(["blocking"])
        case "is not blocking": return .not(.field(["blocking"]))
        case "has id": return .binary(.notEqual, .field(["id"]), .literal(.null))
        case "no id": return .binary(.equal, .field(["id"]), .literal(.null))
        case "has depends on": return .binary(.greater, .call("length", [.field(["dependson"])]), .literal(.number(0)))
        case "no depends on": return .binary(.equal, .call("length", [.field(["dependson"])]), .literal(.number(0)))
        case "exclude sub-items":
            throw .unsupported("exclude sub-items: enote's task rows do not say whether a task is nested")
        default: break
        }
        guard let first = lower.first else { throw .error("an empty filter") }
        // has|no X date
        if (first == "has" || first == "no"), lower.count == 3, lower[2] == "date" {
            let present = first == "has"
            switch lower[1] {
            case "due", "scheduled", "start", "done":
                let field = QueryExpression.field([Self.dateField(lower[1])])
                return .binary(present ? .notEqual : .equal, field, .literal(.null))
            case "happens":
                let each = Self.happensFields.map { QueryExpression.binary(present ? .notEqual : .equal, .field([$0]), .literal(.null)) }
                return each.dropFirst().reduce(each[0]) { .binary(present ? .or : .and, $0, $1) }
            case "created", "cancelled":
                throw .unsupported("enote does not read \(lower[1]) dates (➕, ❌) of tasks")
            default:
                break
            }
        }
        if lower.count == 4, lower[1] == "date", lower[2] == "is", lower[3] == "invalid" {
            throw .unsupported("\(line): a date that cannot be read is a problem of the note, not a task field")
        }
        if ["due", "scheduled", "starts", "done", "happens", "created", "cancelled"].contains(first), lower.count > 1 {
            return try dateFilter(first, words: words)
        }
        if first == "priority" {
            return try priorityFilter(words)
        }
        if first == "status.type" {
            return try statusTypeFilter(words)
        }
        if let filter = try textFilter(words) { return filter }
        throw .error("\"\(line)\" is not a Tasks instruction enote knows; it reads: \(Self.filterSummary)")
    }

    // MARK: - Dates

    static let happensFields = ["due", "scheduled", "start"]

    static func dateField(_ word: String) -> String {
        switch word {
        case "starts", "start": "start"
        case "done": "completion"
        default: word
        }
    }

    /// `due before 2026-12-01`, `starts in next week`, `happens on or after today`.
    func dateFilter(_ keyword: String, words: TasksBlockParser.Words) throws(Problem) -> QueryExpression {
        if keyword == "created" || keyword == "cancelled" {
            throw .unsupported("enote does not read \(keyword) dates (➕, ❌) of tasks")
        }
        var index = 1
        var relation = DateRelation.in
        for candidate in DateRelation.allCases where words.has(candidate.rawValue, at: index) {
            relation = candidate
            index += candidate.rawValue.split(separator: " ").count
            break
        }
        let dateText = words.rest(from: index)
        guard !dateText.isEmpty else {
            throw .error("write a date after \(words.lower[0..<index].joined(separator: " ")), for example \(keyword) before 2026-12-01 or \(keyword) this week")
        }
        let range = try TasksDates.range(dateText, today: today)
        func condition(_ field: String) -> QueryExpression { relation.condition(.field([field]), range) }
        switch keyword {
        case "happens":
            // Any of the three dates, each only where the task has it.
            let each = Self.happensFields.map { field in
                QueryExpression.binary(.and, .binary(.notEqual, .field([field]), .literal(.null)), condition(field))
            }
            return each.dropFirst().reduce(each[0]) { .binary(.or, $0, $1) }
        case "starts":
            // Tasks keeps a task without a start date in every `starts` filter: nothing stops
            // it from being worked on.
            return .binary(.or, .binary(.equal, .field(["start"]), .literal(.null)), condition("start"))
        default:
            let field = Self.dateField(keyword)
            return .binary(.and, .binary(.notEqual, .field([field]), .literal(.null)), condition(field))
        }
    }

    // MARK: - Priority and status

    static let priorityNames = ["highest", "high", "medium", "none", "low", "lowest"]

    /// `priority = "high"`, or `priority = null` for none.
    static func priorityIs(_ name: String) -> QueryExpression {
        .binary(.equal, .field(["priority"]), .literal(name == "none" ? .null : .text(name)))
    }

    func priorityFilter(_ words: TasksBlockParser.Words) throws(Problem) -> QueryExpression {
        var lower = Array(words.lower.dropFirst())
        guard lower.first == "is" else { throw .error("write priority is (above|below|not)? highest|high|medium|none|low|lowest") }
        lower.removeFirst()
        var relation = "is"
        if let word = lower.first, ["above", "below", "not"].contains(word) {
            relation = word
            lower.removeFirst()
        }
        guard lower.count == 1, let rank = Self.priorityNames.firstIndex(of: lower[0]) else {
            throw .error("write priority is (above|below|not)? highest|high|medium|none|low|lowest")
        }
        let names: [String] =
            switch relation {
            case "above": Array(Self.priorityNames[..<rank])
            case "below": Array(Self.priorityNames[(rank + 1)...])
            default: [lower[0]]
            }
        guard let firstName = names.first else { return .literal(.bool(false)) }
        let any = names.dropFirst().reduce(Self.priorityIs(firstName)) { .binary(.or, $0, Self.priorityIs($1)) }
        return relation == "not" ? .not(any) : any
    }

    func statusTypeFilter(_ words: TasksBlockParser.Words) throws(Problem) -> QueryExpression {
        let lower = Array(words.lower.dropFirst())
        let negated = lower.count == 3 && lower[0] == "is" && lower[1] == "not"
        guard (lower.count == 2 && lower[0] == "is") || negated, let type = lower.last else {
            throw .error("write status.type is TODO or status.type is not DONE")
        }
        let done: Bool
        switch type {
        case "todo": done = false
        case "done": done = true
        case "in_progress", "on_hold", "cancelled", "non_task":
            throw .unsupported("enote reads only [ ] and [x] tasks, so it knows the status types TODO and DONE, not \(type.uppercased())")
        default:
            throw .error("status.type is one of TODO, DONE, IN_PROGRESS, ON_HOLD, CANCELLED, NON_TASK; not \(type)")
        }
        let isDone = done ? QueryExpression.field(["completed"]) : .not(.field(["completed"]))
        return negated ? .not(isDone) : isDone
    }

    static let recurring = QueryExpression.call("contains", [.field(["text"]), .literal(.text("🔁"))])

    // MARK: - Text

    /// The Tasks folder of a task's note: `a/b/` (with its slash), `/` at the root.
    static let folderExpression = QueryExpression.call(
        "choice",
        [
            .binary(.equal, .field(["folder"]), .literal(.text(""))), .literal(.text("/")),
            .binary(.plus, .field(["folder"]), .literal(.text("/"))),
        ])

    /// The first folder of a task's note with its slash (`Work/`), `/` at the root.
    static let rootExpression = QueryExpression.call(
        "choice",
        [
            .binary(.equal, .field(["folder"]), .literal(.text(""))), .literal(.text("/")),
            .binary(.plus, .index(.call("split", [.field(["folder"]), .literal(.text("/"))]), .literal(.number(0))), .literal(.text("/"))),
        ])

    /// The heading above a task, empty when there is none (Tasks' `heading`).
    static let headingExpression = QueryExpression.call("default", [.field(["heading"]), .literal(.text(""))])

    /// Tasks' names of the two statuses enote reads: `[ ]` is Todo, `[x]` Done.
    static let statusName = QueryExpression.call("choice", [.field(["completed"]), .literal(.text("Done")), .literal(.text("Todo"))])

    /// The task's id, empty when it has none (Tasks' `id`).
    static let idExpression = QueryExpression.call("default", [.field(["id"]), .literal(.text(""))])

    /// The file name with its extension, as Tasks' `filename` says it.
    static let fileNameExpression = QueryExpression.binary(.plus, .field(["file", "name"]), .literal(.text(".md")))

    /// `path includes X`, `tags do not include #x`, `description regex matches /re/i`; `nil`
    /// when the line is no text filter.
    func textFilter(_ words: TasksBlockParser.Words) throws(Problem) -> QueryExpression? {
        let lower = words.lower
        guard let field = lower.first, lower.count > 1 else { return nil }
        let known = ["path", "filename", "folder", "root", "description", "tag", "tags", "heading", "status.name", "recurrence", "id"]
        guard known.contains(field) else { return nil }
        var index = 1
        var negated = false
        var regex = false
        if words.has("regex matches", at: 1) {
            regex = true
            index = 3
        } else if words.has("regex does not match", at: 1) {
            regex = true
            negated = true
            index = 5
        } else if words.has("includes", at: 1) || words.has("include", at: 1) {
            index = 2
        } else if words.has("does not include", at: 1) || words.has("do not include", at: 1) {
            negated = true
            index = 4
        } else {
            throw .error("write \(field) includes TEXT, \(field) does not include TEXT or \(field) regex matches /re/")
        }
        switch field {
        case "recurrence":
            throw .unsupported("enote does not read recurrence rules (🔁) beyond is recurring")
        default: break
        }
        let value = words.rest(from: index)
        let subject: QueryExpression =
            switch field {
            case "path": .field(["path"])
            case "filename": Self.fileNameExpression
            case "folder": Self.folderExpression
            case "root": Self.rootExpression
            case "description": .field(["description"])
            case "heading": Self.headingExpression
            case "id": Self.idExpression
            case "status.name": Self.statusName
            default: .field(["tags"])
            }
        let isTags = field == "tag" || field == "tags"
        let test: QueryExpression
        if regex {
            var pattern = try TasksRegex.pattern(value)
            // Each tag on its own line, so that ^ and $ hold to one tag.
            if isTags { pattern = "(?m)" + pattern }
            let text = isTags ? QueryExpression.call("join", [.field(["tags"]), .literal(.text("\n"))]) : subject
            test = .call("regextest", [.literal(.text(pattern)), text])
        } else {
            guard !value.isEmpty else { throw .error("write the text to look for after \(words.lower[0..<index].joined(separator: " "))") }
            // For tags, any tag holding the text (`#` is part of each tag).
            test = .call("icontains", [subject, .literal(.text(value))])
        }
        return negated ? .not(test) : test
    }
}

/// How a date filter compares: Tasks' words.
enum DateRelation: String, CaseIterable {
    // Longest first, so that `on or before` is not read as `on`.
    case onOrBefore = "on or before", onOrAfter = "on or after", inOrBefore = "in or before", inOrAfter = "in or after"
    case before, after, on, `in`

    /// The condition on `field` (a date, never nothing: the caller checks that) for `range`.
    func condition(_ field: QueryExpression, _ range: TasksDates.DayRange) -> QueryExpression {
        switch self {
        case .before: return TasksDates.compare(field, .less, range.start)
        case .after: return TasksDates.compare(field, .greater, range.end)
        case .onOrBefore, .inOrBefore: return TasksDates.compare(field, .lessOrEqual, range.end)
        case .onOrAfter, .inOrAfter: return TasksDates.compare(field, .greaterOrEqual, range.start)
        case .on, .in:
            if range.start == range.end { return TasksDates.compare(field, .equal, range.start) }
            return .binary(
                .and, TasksDates.compare(field, .greaterOrEqual, range.start), TasksDates.compare(field, .lessOrEqual, range.end))
        }
    }
}

/// A Tasks regular expression, `/pattern/flags`, as the pattern enote's `regextest` runs.
enum TasksRegex {
    /// The longest pattern enote runs (the evaluator's bound).
    static let maximumLength = QueryEvaluator.regexPatternLimit - 8

    static func pattern(_ text: String) throws(TasksBlockParser.Problem) -> String {
        guard text.count >= 2, text.first == "/", let close = text.lastIndex(of: "/"), close != text.startIndex else {
            throw .error("write a regular expression between slashes, for example regex matches /^Plan/i; found \"\(text)\"")
        }
        var pattern = String(text[text.index(after: text.startIndex)..<close])
        let flags = text[text.index(after: close)...]
        var inline = ""
        for flag in flags {
            switch flag {
            case "i": inline += "i"
            case "m": inline += "m"
            case "s": inline += "s"
            case "u", "g", "d", "v", "y": break
            default:
                throw .error("\(String(flag)) is not a flag of a regular expression; the flags are i, m, s, u and g")
            }
        }
        if !inline.isEmpty { pattern = "(?\(inline))" + pattern }
        guard !pattern.isEmpty else { throw .error("the regular expression is empty") }
        guard pattern.count <= maximumLength else {
            throw .unsupported("the regular expression is longer than the \(String(maximumLength)) characters enote runs")
        }
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw .error("\(text) is not a regular expression enote can read")
        }
        return pattern
    }
}
