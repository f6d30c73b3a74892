import Foundation

/// Reads an Obsidian Tasks block (a code block named `tasks`) into a ``NoteQuery`` over tasks.
///
/// Each line is one instruction, as the Tasks plugin reads them (keywords without case):
///
/// ```tasks
/// not done
/// due before next week
/// (path includes Work) OR (tags include #urgent)
/// sort by priority reverse
/// group by folder
/// limit 20
/// ```
///
/// - blank lines and lines starting with `#` are comments; a trailing `\` continues a line
///   (`\\` at the end is one backslash); `{{! … }}` is an inline comment;
/// - the placeholders `{{query.file.path}}`, `pathWithoutExtension`, `folder`, `filename`,
///   `filenameWithoutExtension` and `root` are filled in from the note the block is in;
/// - filters (every line must match): `done`, `not done`, dates (``TasksBlockParser/dateFilter``),
///   `has/no … date`, `has/no tags`, `is (not) recurring`, `priority is (above|below|not)? …`,
///   `status.type is (not)? TODO|DONE`, `path|filename|folder|root|description|tag|tags
///   (includes|does not include) TEXT` and `… regex (matches|does not match) /re/flags`, and
///   Boolean combinations of them (`(A) AND NOT (B)`, `NOT (A)`, `(A) XOR (B)`, delimited by
///   `()`, `[]`, `{}` or `""`);
/// - `sort by KEY [reverse]`, `group by KEY`, `limit N`, `limit to N tasks`, and the built-in
///   presets (`preset this_file`, `this_folder`, `this_folder_only`, `this_root`, `hide_…`);
/// - layout lines (`hide …`, `show …`, `short mode`, `explain`, `ignore global query`,
///   `limit groups N`, `view …`) only change how Obsidian draws the list: they are kept in
///   ``NoteQuery/displayHints``.
///
/// - the heading a task is under (`heading includes`, `sort|group by heading`) and dependencies
///   (`is (not) blocked`, `is (not) blocking`, `has|no id`, `id includes`, `has|no depends on`),
///   decided over every task of the vault as Tasks decides them.
///
/// What Tasks can say and enote has no data for (created and cancelled dates, custom
/// statuses, urgency) or that needs JavaScript (`filter by function`, a function that is more
/// than a task's property, a date's `format('YYYY-MM')` or a quoted text) is a
/// ``NoteQueryError`` marked unsupported, pointing at its line; a line that is no instruction
/// is an error that lists the instructions.
enum TasksBlockParser {
    /// The longest block read (as ``QueryLexer`` bounds a query).
    static let maximumLength = 16_384
    /// How deep Boolean combinations may nest, and presets may name presets.
    static let maximumDepth = 24

    /// The query `text` says; `note` is the note the block is written in (for the
    /// placeholders). Week, month, quarter and year ranges that enote's date words do not reach
    /// (`next month`, `2026-Q1`) are worked out from today.
    static func parse(_ text: String, note: NotePath?) throws(NoteQueryError) -> NoteQuery {
        try parse(text, note: note, today: CalendarDay(Date(), in: .current))
    }

    /// As ``parse(_:note:)``, with `today` the day ranges such as `next month` are counted from.
    static func parse(_ text: String, note: NotePath?, today: CalendarDay) throws(NoteQueryError) -> NoteQuery {
        try parse(text, context: Context(note: note, today: today))
    }

    /// What a block is read with besides its text: the note it is in, today, and what the vault
    /// and the note say that Tasks' placeholders and presets name.
    struct Context {
        /// The note the block is written in (for `{{query.file.…}}`).
        var note: NotePath?
        /// The day ranges such as `next month` are counted from.
        var today: CalendarDay
        /// Presets saved in the vault's Tasks settings (`.obsidian/plugins/obsidian-tasks-plugin/
        /// data.json`, key `presets`), by name: their instructions, one a line. They take the
        /// place of the built-in preset of the same name, as in Tasks.
        var presets: [String: String] = [:]
        /// The note's front matter values as text (a list as its lines), for
        /// `{{query.file.property('key')}}`; keys as written.
        var properties: [String: String] = [:]

        init(note: NotePath?, today: CalendarDay = CalendarDay(Date(), in: .current), presets: [String: String] = [:], properties: [String: String] = [:]) {
            self.note = note
            self.today = today
            self.presets = presets
            self.properties = properties
        }
    }

    /// The query `text` says, read with `context`.
    static func parse(_ text: String, context: Context) throws(NoteQueryError) -> NoteQuery {
        if text.utf8.count > maximumLength {
            throw NoteQueryError("the block is longer than \(String(maximumLength)) bytes; split it into several blocks", line: 1, column: 1)
        }
        var builder = Builder(context: context)
        for instruction in logicalLines(text) {
            do throws(Problem) {
                try builder.read(instruction.text, depth: 0)
            } catch {
                throw NoteQueryError(error.message, line: instruction.line, column: 1, length: instruction.length, isUnsupported: error.unsupported)
            }
        }
        return builder.query
    }

    /// Why one instruction cannot be read; the parser adds its line.
    struct Problem: Error {
        var message: LocalizedMessage
        var unsupported: Bool

        static func error(_ message: LocalizedMessage) -> Problem { Problem(message: message, unsupported: false) }
        static func unsupported(_ message: LocalizedMessage) -> Problem { Problem(message: message, unsupported: true) }
    }

    /// One instruction: physical lines joined where they end in `\`.
    struct Instruction: Equatable {
        var text: String
        /// The 1-based line it starts on.
        var line: Int
        /// The length of its first line, for an editor to underline.
        var length: Int
    }

    /// The instructions of `text`, continuation lines joined, comments and blank lines left out.
    static func logicalLines(_ text: String) -> [Instruction] {
        // Lines end as the query lexer's do (`\r\n` is one Character, so splitting at "\n"
        // alone would keep a CRLF note's block on one line).
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: QueryLexer.endsLine).map(String.init)
        var result: [Instruction] = []
        var pending: Instruction?
        for (index, raw) in lines.enumerated() {
            var line = raw
            // `\\` at the very end is one backslash; a single `\` continues the line.
            var continues = false
            if line.hasSuffix("\\\\") {
                line.removeLast()
            } else if line.hasSuffix("\\") {
                line.removeLast()
                continues = true
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var current = pending {
                current.text += (current.text.isEmpty || trimmed.isEmpty ? "" : " ") + trimmed
                pending = current
            } else {
                pending = Instruction(text: trimmed, line: index + 1, length: raw.count)
            }
            if !continues, let done = pending {
                pending = nil
                let text = done.text.trimmingCharacters(in: .whitespaces)
                if !text.isEmpty, !text.hasPrefix("#") { result.append(Instruction(text: text, line: done.line, length: done.length)) }
            }
        }
        if let done = pending {
            let text = done.text.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty, !text.hasPrefix("#") { result.append(Instruction(text: text, line: done.line, length: done.length)) }
        }
        return result
    }

    /// Tasks' built-in presets (its settings' defaults), by name: the lines each stands for.
    static let presets: [String: [String]] = [
        "this_file": ["path includes {{query.file.path}}"],
        "this_folder": ["folder includes {{query.file.folder}}"],
        "this_folder_only": ["filter by function task.file.folder === query.file.folder"],
        "this_root": ["root includes {{query.file.root}}"],
        "hide_date_fields": [
            "hide due date", "hide scheduled date", "hide start date", "hide created date", "hide done date", "hide cancelled date",
        ],
        "hide_non_date_fields": ["hide id", "hide depends on", "hide recurrence rule", "hide on completion", "hide priority"],
        "hide_query_elements": ["hide toolbar", "hide postpone button", "hide edit button", "hide backlinks", "hide task count"],
        "hide_everything": ["preset hide_date_fields", "preset hide_non_date_fields", "preset hide_query_elements"],
    ]

    /// What the instructions read so far make.
    struct Builder {
        let context: Context
        var note: NotePath? { context.note }
        var today: CalendarDay { context.today }
        var query = NoteQuery(language: .tasks, view: .tasks)
        private var groups: [QueryExpression] = []

        init(context: Context) {
            self.context = context
        }

        /// The lines of a preset: the vault's own, else Tasks' built-in one.
        func preset(_ name: String) -> [String]? {
            if let text = context.presets[name] ?? context.presets.first(where: { $0.key.lowercased() == name.lowercased() })?.value {
                return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            return TasksBlockParser.presets[name.lowercased()]
        }

        /// Reads one instruction (its placeholders not yet filled in).
        mutating func read(_ raw: String, depth: Int) throws(Problem) {
            guard depth <= TasksBlockParser.maximumDepth else { throw .error("presets name each other too deeply") }
            let filled = try fillPlaceholders(raw, depth: depth)
            // A placeholder (a preset, a property) may stand for several lines, continued or not.
            let lines = filled.contains("\n") ? TasksBlockParser.logicalLines(filled).map(\.text) : [filled]
            for line in lines where !line.isEmpty && !line.hasPrefix("#") {
                try readFilled(line, depth: depth)
            }
        }

        private mutating func readFilled(_ line: String, depth: Int) throws(Problem) {
            let words = Words(line)
            let lower = words.lower
            let first = lower.first ?? ""
            let second = lower.count > 1 ? lower[1] : ""
            if first == "preset" {
                guard lower.count == 2 else { throw .error("write preset NAME, for example preset this_file") }
                guard let lines = preset(words.original[1]) else {
                    throw .unsupported(
                        "preset \(words.original[1]) is neither one of Tasks' built-in presets (\(TasksBlockParser.presets.keys.sorted().joined(separator: ", "))) nor saved in the vault's Tasks settings"
                    )
                }
                for preset in lines { try read(preset, depth: depth + 1) }
                return
            }
            if (first == "sort" || first == "group") && second == "by" {
                if lower.count > 2, lower[2] == "function" {
                    // A function that only names a property of the task is that property.
                    var reverse = false
                    var index = 3
                    if lower.count > 3, lower[3] == "reverse" {
                        reverse = true
                        index = 4
                    }
                    guard let property = TasksBlockParser.taskProperty(words.rest(from: index)) else {
                        throw .unsupported("\(first) by function runs JavaScript, which enote does not run")
                    }
                    if first == "sort" {
                        query.sort.append(QuerySortKey(expression: property, descending: reverse))
                    } else {
                        groups.append(property)
                        query.groupBy = groups.count == 1 ? groups[0] : .list(groups)
                        if reverse { query.displayHints.append(line) }
                    }
                    return
                }
                if first == "sort" {
                    query.sort += try sortKeys(words)
                } else {
                    try addGroup(words, from: 2)
                }
                return
            }
            if first == "view" {
                // `view columns by KEY` groups as columns; `view list` is the usual list.
                if second == "columns", lower.count > 3, lower[2] == "by" {
                    if lower[3] == "function" {
                        // As group by function: only a function that names a property, or a constant.
                        guard let property = TasksBlockParser.taskProperty(words.rest(from: 4)) else {
                            throw .unsupported("view columns by function runs JavaScript, which enote does not run")
                        }
                        groups.append(property)
                        query.groupBy = groups.count == 1 ? groups[0] : .list(groups)
                    } else {
                        try addGroup(words, from: 3)
                    }
                }
                query.displayHints.append(line)
                return
            }
            if first == "limit" {
                try readLimit(words, line: line)
                return
            }
            if Self.isLayout(lower) {
                query.displayHints.append(line)
                return
            }
            try add(try condition(line, depth: depth))
        }

        /// A filter line, or a Boolean combination of filters.
        func condition(_ line: String, depth: Int) throws(Problem) -> QueryExpression {
            let words = Words(line)
            if words.has("filter by", at: 0) {
                // The one function a built-in preset (this_folder_only) writes: the same folder.
                let code = words.rest(from: 3).replacingOccurrences(of: " ", with: "")
                if words.has("function", at: 2), code == "task.file.folder===query.file.folder" {
                    return .binary(.equal, Self.folderExpression, .literal(.text(try placeholder("query.file.folder"))))
                }
                throw .unsupported("filter by function runs JavaScript, which enote does not run")
            }
            if BooleanLine.starts(line) {
                var boolean = try BooleanLine(line)
                return try boolean.expression(depth: depth) { (text, depth) throws(Problem) in try condition(text, depth: depth) }
            }
            return try filter(line)
        }

        private mutating func add(_ condition: QueryExpression) throws(Problem) {
            query.condition = query.condition.map { .binary(.and, $0, condition) } ?? condition
        }

        private mutating func addGroup(_ words: Words, from start: Int) throws(Problem) {
            guard words.lower.count > start else {
                throw .error("write group by and what to group by: \(TasksBlockParser.groupNames.joined(separator: ", "))")
            }
            var key = words.lower[start...].joined(separator: " ")
            if key.hasSuffix(" reverse") {
                key = String(key.dropLast(" reverse".count))
                query.displayHints.append(words.text)
            }
            groups.append(try TasksBlockParser.groupExpression(key, original: words.rest(from: start)))
            query.groupBy = groups.count == 1 ? groups[0] : .list(groups)
        }

        private mutating func readLimit(_ words: Words, line: String) throws(Problem) {
            var lower = words.lower.dropFirst()
            let perGroup = lower.first == "groups"
            if perGroup { lower = lower.dropFirst() }
            if lower.first == "to" { lower = lower.dropFirst() }
            if lower.count == 2, lower.last == "tasks" || lower.last == "task" { lower = lower.dropLast() }
            guard lower.count == 1, let number = Int(lower.first ?? ""), (0...1_000_000).contains(number) else {
                throw .error("write limit N, limit to N tasks or limit groups N, with N a whole number from 0 to 1000000")
            }
            if perGroup {
                // Per group, only a list drawn by groups can honour it.
                query.displayHints.append(line)
            } else {
                query.limit = number
            }
        }

        private static let layoutPhrases: Set<String> = [
            "short mode", "full mode", "short", "full", "explain", "ignore global query",
        ]

        /// Whether the words are a layout instruction: `hide …`, `show …`, `short mode`, `explain`.
        static func isLayout(_ lower: [String]) -> Bool {
            guard let first = lower.first else { return false }
            if first == "hide" || first == "show" { return lower.count > 1 }
            return layoutPhrases.contains(lower.joined(separator: " "))
        }
    }

    /// A line's words, lowercased, with where each starts in the line.
    struct Words {
        let text: String
        let original: [String]
        let lower: [String]
        private let starts: [String.Index]

        init(_ text: String) {
            self.text = text
            var original: [String] = []
            var starts: [String.Index] = []
            var index = text.startIndex
            while index < text.endIndex {
                if text[index].isWhitespace {
                    index = text.index(after: index)
                    continue
                }
                let start = index
                while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
                original.append(String(text[start..<index]))
                starts.append(start)
            }
            self.original = original
            self.lower = original.map { $0.lowercased() }
            self.starts = starts
        }

        /// The line as written from word `index` on (its own spaces kept).
        func rest(from index: Int) -> String {
            guard index < starts.count else { return "" }
            return String(text[starts[index]...]).trimmingCharacters(in: .whitespaces)
        }

        /// Whether the words from `index` are `phrase` (lowercase, one space between words).
        func has(_ phrase: String, at index: Int) -> Bool {
            let parts = phrase.split(separator: " ").map(String.init)
            guard index + parts.count <= lower.count else { return false }
            return Array(lower[index..<index + parts.count]) == parts
        }
    }
}
