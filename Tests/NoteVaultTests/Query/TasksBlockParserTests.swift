import Foundation
import Testing

@testable import NoteVault

/// Obsidian Tasks blocks read into queries over tasks: each instruction family, the errors
/// (with their lines), what is marked unsupported, and the placeholders.
@Suite("Tasks blocks read into queries")
struct TasksBlockParserTests {
    /// A Sunday: `this week` is 2026-11-23 … 2026-11-29, `next month` December.
    static let today = CalendarDay("2026-11-29")!

    static func parse(_ text: String, note: String? = "Work/Projects/Plan.md") throws(NoteQueryError) -> NoteQuery {
        try TasksBlockParser.parse(text, note: note.map { NotePath(trusted: $0) }, today: today)
    }

    static func condition(_ text: String, note: String? = "Work/Projects/Plan.md") throws -> QueryExpression? {
        try parse(text, note: note).condition
    }

    /// The error a block gives; fails the test when it reads.
    static func failure(_ text: String, note: String? = "Work/Projects/Plan.md") -> NoteQueryError? {
        do {
            let query = try parse(text, note: note)
            Issue.record("expected an error, read \(query)")
            return nil
        } catch {
            return error
        }
    }

    // Expression shorthands.
    static func field(_ name: String) -> QueryExpression { .field(name.split(separator: ".").map(String.init)) }
    static func text(_ value: String) -> QueryExpression { .literal(.text(value)) }
    static func day(_ value: String) -> QueryExpression { .call("date", [.literal(.text(value))]) }
    static let null = QueryExpression.literal(.null)
    static func and(_ a: QueryExpression, _ b: QueryExpression) -> QueryExpression { .binary(.and, a, b) }
    static func or(_ a: QueryExpression, _ b: QueryExpression) -> QueryExpression { .binary(.or, a, b) }
    static func has(_ name: String) -> QueryExpression { .binary(.notEqual, field(name), null) }
    /// `date(base) ± seconds`, as relative days are written.
    static func shifted(_ base: String, _ seconds: Double) -> QueryExpression {
        seconds >= 0 ? .binary(.plus, day(base), .literal(.duration(seconds))) : .binary(.minus, day(base), .literal(.duration(-seconds)))
    }

    // MARK: - Status

    @Test("done and not done, without case", arguments: [
        ("done", QueryExpression.field(["completed"])),
        ("not done", .not(.field(["completed"]))),
        ("NOT DONE", .not(.field(["completed"]))),
        ("  Done  ", .field(["completed"])),
        ("status.type is TODO", .not(.field(["completed"]))),
        ("status.type is not DONE", .not(.field(["completed"]))),
        ("is recurring", .call("contains", [.field(["text"]), .literal(.text("🔁"))])),
    ])
    func status(line: String, expected: QueryExpression) throws {
        let query = try Self.parse(line)
        #expect(query.language == .tasks)
        #expect(query.view == .tasks)
        #expect(query.condition == expected)
    }

    @Test("Filter lines are all required: each line narrows what the others keep")
    func linesAreAnded() throws {
        let query = try Self.parse("not done\n\npath includes Work\n# a comment\ndue before 2026-12-01\n")
        let notDone = QueryExpression.not(Self.field("completed"))
        let path = QueryExpression.call("icontains", [Self.field("path"), Self.text("Work")])
        let due = Self.and(Self.has("due"), .binary(.less, Self.field("due"), Self.day("2026-12-01")))
        #expect(query.condition == Self.and(Self.and(notDone, path), due))
    }

    // MARK: - Dates

    @Test("Absolute dates: a task without the date is never kept", arguments: [
        ("due before 2026-12-01", "due", QueryOperator.less),
        ("due after 2026-12-01", "due", .greater),
        ("due on 2026-12-01", "due", .equal),
        ("due 2026-12-01", "due", .equal),
        ("due on or before 2026-12-01", "due", .lessOrEqual),
        ("DUE ON OR AFTER 2026-12-01", "due", .greaterOrEqual),
        ("scheduled before 2026-12-01", "scheduled", .less),
        ("done on 2026-12-01", "completion", .equal),
    ])
    func absoluteDates(line: String, fieldName: String, op: QueryOperator) throws {
        let expected = Self.and(Self.has(fieldName), .binary(op, Self.field(fieldName), Self.day("2026-12-01")))
        #expect(try Self.condition(line) == expected)
    }

    @Test("A range of two dates: in takes both ends, before the first, after the last")
    func absoluteRange() throws {
        let due = Self.field("due")
        let inRange = Self.and(.binary(.greaterOrEqual, due, Self.day("2026-12-01")), .binary(.lessOrEqual, due, Self.day("2026-12-07")))
        #expect(try Self.condition("due 2026-12-01 2026-12-07") == Self.and(Self.has("due"), inRange))
        #expect(try Self.condition("due in 2026-12-07 2026-12-01") == Self.and(Self.has("due"), inRange))
        #expect(try Self.condition("due before 2026-12-01 2026-12-07") == Self.and(Self.has("due"), .binary(.less, due, Self.day("2026-12-01"))))
        #expect(try Self.condition("due after 2026-12-01 2026-12-07") == Self.and(Self.has("due"), .binary(.greater, due, Self.day("2026-12-07"))))
        #expect(
            try Self.condition("due in or before 2026-12-01 2026-12-07") == Self.and(Self.has("due"), .binary(.lessOrEqual, due, Self.day("2026-12-07"))))
    }

    @Test("Days counted from today stay relative, compared with half a day's margin", arguments: [
        ("due before today", QueryExpression.binary(.less, .field(["due"]), shifted("today", -43_200))),
        ("due on or before today", .binary(.less, .field(["due"]), shifted("today", 43_200))),
        ("due after tomorrow", .binary(.greater, .field(["due"]), shifted("today", 86_400 + 43_200))),
        ("due on or after yesterday", .binary(.greater, .field(["due"]), shifted("today", -86_400 - 43_200))),
        (
            "due today",
            .binary(.and, .binary(.greater, .field(["due"]), shifted("today", -43_200)), .binary(.less, .field(["due"]), shifted("today", 43_200)))
        ),
        ("due before in 7 days", .binary(.less, .field(["due"]), shifted("today", 7 * 86_400 - 43_200))),
        ("due before in two weeks", .binary(.less, .field(["due"]), shifted("today", 14 * 86_400 - 43_200))),
        ("due after 3 days ago", .binary(.greater, .field(["due"]), shifted("today", -3 * 86_400 + 43_200))),
    ])
    func relativeDays(line: String, comparison: QueryExpression) throws {
        #expect(try Self.condition(line) == Self.and(Self.has("due"), comparison))
    }

    @Test("Week ranges follow the week the query runs in (date(sow)); this month and this year their words")
    func relativeRanges() throws {
        let due = Self.field("due")
        let thisWeek = Self.and(.binary(.greater, due, Self.shifted("sow", -43_200)), .binary(.less, due, Self.shifted("sow", 6 * 86_400 + 43_200)))
        #expect(try Self.condition("due this week") == Self.and(Self.has("due"), thisWeek))
        #expect(try Self.condition("due in this week") == Self.and(Self.has("due"), thisWeek))
        #expect(try Self.condition("due before this week") == Self.and(Self.has("due"), .binary(.less, due, Self.shifted("sow", -43_200))))
        #expect(try Self.condition("due after this week") == Self.and(Self.has("due"), .binary(.greater, due, Self.shifted("sow", 6 * 86_400 + 43_200))))
        #expect(try Self.condition("due before next week") == Self.and(Self.has("due"), .binary(.less, due, Self.shifted("sow", 7 * 86_400 - 43_200))))
        #expect(try Self.condition("due after last week") == Self.and(Self.has("due"), .binary(.greater, due, Self.shifted("sow", -86_400 + 43_200))))
        let thisMonth = Self.and(.binary(.greater, due, Self.shifted("som", -43_200)), .binary(.less, due, Self.shifted("eom", 43_200)))
        #expect(try Self.condition("due this month") == Self.and(Self.has("due"), thisMonth))
        #expect(try Self.condition("due before this year") == Self.and(Self.has("due"), .binary(.less, due, Self.shifted("soy", -43_200))))
    }

    @Test("Ranges the date words do not reach are counted from today", arguments: [
        ("due next month", "2026-12-01", "2026-12-31"),
        ("due last month", "2026-10-01", "2026-10-31"),
        ("due this quarter", "2026-10-01", "2026-12-31"),
        ("due next quarter", "2027-01-01", "2027-03-31"),
        ("due last year", "2025-01-01", "2025-12-31"),
        ("due 2026-W49", "2026-11-30", "2026-12-06"),
        ("due 2026-W01", "2025-12-29", "2026-01-04"),
        ("due 2024-02", "2024-02-01", "2024-02-29"),
        ("due 2026-Q1", "2026-01-01", "2026-03-31"),
        ("due 2025", "2025-01-01", "2025-12-31"),
    ])
    func absoluteRanges(line: String, start: String, end: String) throws {
        let due = Self.field("due")
        let range = Self.and(.binary(.greaterOrEqual, due, Self.day(start)), .binary(.lessOrEqual, due, Self.day(end)))
        #expect(try Self.condition(line) == Self.and(Self.has("due"), range))
    }

    @Test("in 2 months is the same day two months on")
    func monthsAhead() throws {
        #expect(try Self.condition("due on in 3 months") == Self.and(Self.has("due"), .binary(.equal, Self.field("due"), Self.day("2027-02-28"))))
    }

    @Test("starts keeps tasks without a start date, as Tasks does; happens takes any of three dates")
    func startsAndHappens() throws {
        let start = Self.field("start")
        #expect(
            try Self.condition("starts before 2026-12-01")
                == Self.or(.binary(.equal, start, Self.null), .binary(.less, start, Self.day("2026-12-01"))))
        let each = ["due", "scheduled", "start"].map { name in
            Self.and(Self.has(name), .binary(.less, Self.field(name), Self.day("2026-12-01")))
        }
        #expect(try Self.condition("happens before 2026-12-01") == Self.or(Self.or(each[0], each[1]), each[2]))
    }

    @Test("has and no dates, tags", arguments: [
        ("has due date", QueryExpression.binary(.notEqual, .field(["due"]), .literal(.null))),
        ("no due date", .binary(.equal, .field(["due"]), .literal(.null))),
        ("has scheduled date", .binary(.notEqual, .field(["scheduled"]), .literal(.null))),
        ("no start date", .binary(.equal, .field(["start"]), .literal(.null))),
        ("has done date", .binary(.notEqual, .field(["completion"]), .literal(.null))),
        ("has tags", .binary(.greater, .call("length", [.field(["tags"])]), .literal(.number(0)))),
        ("no tags", .binary(.equal, .call("length", [.field(["tags"])]), .literal(.number(0)))),
    ])
    func presence(line: String, expected: QueryExpression) throws {
        #expect(try Self.condition(line) == expected)
    }

    @Test("no happens date: none of the three")
    func noHappens() throws {
        let each = ["due", "scheduled", "start"].map { QueryExpression.binary(.equal, Self.field($0), Self.null) }
        #expect(try Self.condition("no happens date") == Self.and(Self.and(each[0], each[1]), each[2]))
    }

    // MARK: - Priority

    static func priority(_ name: String?) -> QueryExpression {
        .binary(.equal, .field(["priority"]), name.map { .literal(.text($0)) } ?? .literal(.null))
    }

    @Test("Priorities, in Tasks' order (none between medium and low)", arguments: [
        ("priority is high", priority("high")),
        ("priority is none", priority(nil)),
        ("priority is not none", .not(priority(nil))),
        ("priority is above medium", .binary(.or, priority("highest"), priority("high"))),
        ("priority is above none", .binary(.or, .binary(.or, priority("highest"), priority("high")), priority("medium"))),
        ("priority is below none", .binary(.or, priority("low"), priority("lowest"))),
        ("Priority Is Below Low", priority("lowest")),
        ("priority is above highest", .literal(.bool(false))),
    ])
    func priorities(line: String, expected: QueryExpression) throws {
        #expect(try Self.condition(line) == expected)
    }

    // MARK: - Text

    @Test("Text filters: part of the text, without case", arguments: [
        ("path includes Work/Plan", QueryExpression.call("icontains", [.field(["path"]), .literal(.text("Work/Plan"))])),
        ("path does not include Archive", .not(.call("icontains", [.field(["path"]), .literal(.text("Archive"))]))),
        ("description includes buy  milk", .call("icontains", [.field(["description"]), .literal(.text("buy  milk"))])),
        ("tags include #home", .call("icontains", [.field(["tags"]), .literal(.text("#home"))])),
        ("tag includes home", .call("icontains", [.field(["tags"]), .literal(.text("home"))])),
        ("tags do not include #todo", .not(.call("icontains", [.field(["tags"]), .literal(.text("#todo"))]))),
        ("filename includes Plan.md", .call("icontains", [TasksBlockParser.Builder.fileNameExpression, .literal(.text("Plan.md"))])),
        ("folder includes Work/", .call("icontains", [TasksBlockParser.Builder.folderExpression, .literal(.text("Work/"))])),
        ("root includes Work", .call("icontains", [TasksBlockParser.Builder.rootExpression, .literal(.text("Work"))])),
    ])
    func textFilters(line: String, expected: QueryExpression) throws {
        #expect(try Self.condition(line) == expected)
    }

    @Test("Regular expressions between slashes, with their flags", arguments: [
        ("description regex matches /^Buy/", QueryExpression.call("regextest", [.literal(.text("^Buy")), .field(["description"])])),
        ("path regex matches /Work\\/Plan/i", .call("regextest", [.literal(.text("(?i)Work\\/Plan")), .field(["path"])])),
        ("description regex does not match /x|y/", .not(.call("regextest", [.literal(.text("x|y")), .field(["description"])]))),
        (
            "tag regex matches /#book$/i",
            .call("regextest", [.literal(.text("(?m)(?i)#book$")), .call("join", [.field(["tags"]), .literal(.text("\n"))])])
        ),
    ])
    func regularExpressions(line: String, expected: QueryExpression) throws {
        #expect(try Self.condition(line) == expected)
    }

    @Test("A regular expression that cannot be read is an error, not unsupported", arguments: [
        "description regex matches case", "description regex matches /[123/", "description regex matches /case/&", "path regex matches //",
    ])
    func badRegularExpressions(line: String) throws {
        let error = try #require(Self.failure("not done\n" + line))
        #expect(error.line == 2)
        #expect(!error.isUnsupported)
    }

    // MARK: - Boolean combinations

    static let a = QueryExpression.not(.field(["completed"]))
    static let b = QueryExpression.call("icontains", [.field(["path"]), .literal(.text("x"))])
    static let c = QueryExpression.binary(.notEqual, .field(["due"]), .literal(.null))

    @Test("Boolean combinations as Tasks writes them", arguments: [
        ("(not done) AND (path includes x)", QueryExpression.binary(.and, a, b)),
        ("(not done) OR (path includes x)", .binary(.or, a, b)),
        ("NOT (path includes x)", .not(b)),
        ("not (path includes x)", .not(b)),
        ("(not done) AND NOT (path includes x)", .binary(.and, a, .not(b))),
        ("(not done) OR NOT (path includes x)", .binary(.or, a, .not(b))),
        ("(not done) XOR (path includes x)", .binary(.or, .binary(.and, a, .not(b)), .binary(.and, .not(a), b))),
        ("[not done] and [path includes x]", .binary(.and, a, b)),
        ("{not done} OR {path includes x}", .binary(.or, a, b)),
        ("\"not done\" OR \"path includes x\"", .binary(.or, a, b)),
        // AND binds tighter than OR.
        ("(not done) OR (path includes x) AND (has due date)", .binary(.or, a, .binary(.and, b, c))),
        ("( (not done) OR (path includes x) ) AND (has due date)", .binary(.and, .binary(.or, a, b), c)),
    ])
    func booleans(line: String, expected: QueryExpression) throws {
        #expect(try Self.condition(line) == expected)
    }

    @Test("A filter may hold brackets of its own")
    func bracketsInFilter() throws {
        let maybe = QueryExpression.call("icontains", [.field(["description"]), .literal(.text("(maybe)"))])
        let perhaps = QueryExpression.call("icontains", [.field(["description"]), .literal(.text("(perhaps)"))])
        #expect(try Self.condition("(description includes (maybe)) OR (description includes (perhaps))") == .binary(.or, maybe, perhaps))
    }

    @Test("Broken Boolean lines are errors on their line", arguments: [
        "(tags includes #xx) AND (tags includes #yy))", "(tags includes #xx) AND (tags includes #yy", "(done) BUT (not done)", "(done) AND",
        "() OR (done)", "(done) AND (hello world)",
    ])
    func brokenBooleans(line: String) throws {
        let error = try #require(Self.failure("# first\n" + line))
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.length == line.count)
        #expect(!error.isUnsupported)
    }

    @Test("Nesting is bounded: a deep combination is an error, not a crash")
    func deepNesting() throws {
        let line = String(repeating: "(", count: 200) + "done" + String(repeating: ")", count: 200)
        let error = try #require(Self.failure(line))
        #expect(error.line == 1)
    }

    @Test("A trailing backslash continues the line; an error points at its first line")
    func continuation() throws {
        let query = try Self.parse("(not done) OR    \\\n    (path includes x)\nlimit 3")
        #expect(query.condition == .binary(.or, Self.a, Self.b))
        #expect(query.limit == 3)
        let error = try #require(Self.failure("not done\n(done) OR \\\n  (hello)"))
        #expect(error.line == 2)
        let lines = TasksBlockParser.logicalLines("description includes \\\\\nexplain")
        #expect(lines.map(\.text) == ["description includes \\", "explain"])
    }

    // MARK: - Sort, group, limit, layout

    static let rank = TasksBlockParser.priorityRank

    @Test("sort by: keys and reverse; dates put the tasks without one last", arguments: [
        ("sort by path", [QuerySortKey(expression: .field(["path"]), descending: false)]),
        ("sort by description reverse", [QuerySortKey(expression: .field(["description"]), descending: true)]),
        ("sort by filename", [QuerySortKey(expression: .field(["file", "name"]), descending: false)]),
        ("sort by status", [QuerySortKey(expression: .field(["completed"]), descending: false)]),
        ("sort by priority", [QuerySortKey(expression: rank, descending: false)]),
        ("sort by tag 2", [QuerySortKey(expression: .index(.field(["tags"]), .literal(.number(1))), descending: false)]),
        (
            "sort by due",
            [
                QuerySortKey(expression: .binary(.equal, .field(["due"]), .literal(.null)), descending: false),
                QuerySortKey(expression: .field(["due"]), descending: false),
            ]
        ),
        (
            "SORT BY DONE REVERSE",
            [
                QuerySortKey(expression: .binary(.equal, .field(["completion"]), .literal(.null)), descending: true),
                QuerySortKey(expression: .field(["completion"]), descending: true),
            ]
        ),
    ])
    func sorting(line: String, expected: [QuerySortKey]) throws {
        let query = try Self.parse(line)
        #expect(query.sort == expected)
        #expect(query.condition == nil)
    }

    @Test("Several sort lines: the first is the most significant")
    func severalSorts() throws {
        let query = try Self.parse("sort by path\nsort by description reverse")
        #expect(query.sort.map(\.expression) == [.field(["path"]), .field(["description"])])
        #expect(query.sort.map(\.descending) == [false, true])
    }

    @Test("group by: one key, or several as a list", arguments: [
        ("group by path", QueryExpression.field(["path"])),
        ("group by folder", TasksBlockParser.Builder.folderExpression),
        ("group by filename", .field(["file", "name"])),
        ("group by due", .field(["due"])),
        ("group by tags", .field(["tags"])),
        ("group by status", .call("choice", [.field(["completed"]), .literal(.text("Done")), .literal(.text("Todo"))])),
        ("group by status.type", .call("choice", [.field(["completed"]), .literal(.text("DONE")), .literal(.text("TODO"))])),
        ("group by happens", TasksBlockParser.happens),
        ("group by folder\ngroup by due", .list([TasksBlockParser.Builder.folderExpression, .field(["due"])])),
    ])
    func grouping(block: String, expected: QueryExpression) throws {
        #expect(try Self.parse(block).groupBy == expected)
    }

    @Test("limit: of tasks, and per group as a hint", arguments: [
        ("limit 10", 10 as Int?, 0),
        ("limit to 7 tasks", 7, 0),
        ("LIMIT 0", 0, 0),
        ("limit groups 5", nil, 1),
        ("limit groups to 3 tasks", nil, 1),
    ])
    func limits(line: String, limit: Int?, hints: Int) throws {
        let query = try Self.parse(line)
        #expect(query.limit == limit)
        #expect(query.displayHints.count == hints)
    }

    @Test("Bad limits are errors", arguments: ["limit", "limit x", "limit -1", "limit 10 tasks please", "limit 99999999"])
    func badLimits(line: String) throws {
        let error = try #require(Self.failure(line))
        #expect(!error.isUnsupported)
    }

    @Test("Layout lines are read and set aside as hints, in order")
    func layout() throws {
        let block = """
            not done
            hide backlinks
            Short Mode
            explain
            ignore global query
            show tree
            hide task count
            full mode
            show urgency
            view list
            """
        let query = try Self.parse(block)
        #expect(query.displayHints == Array(block.split(separator: "\n").dropFirst().map(String.init)))
        #expect(query.condition == Self.a)
    }

    // MARK: - Placeholders and presets

    @Test("Placeholders are the note the block is in", arguments: [
        ("Work/Projects/Plan.md", "{{query.file.path}}", "Work/Projects/Plan.md"),
        ("Work/Projects/Plan.md", "{{query.file.pathWithoutExtension}}", "Work/Projects/Plan"),
        ("Work/Projects/Plan.md", "{{query.file.folder}}", "Work/Projects/"),
        ("Work/Projects/Plan.md", "{{query.file.filename}}", "Plan.md"),
        ("Work/Projects/Plan.md", "{{ query.file.filenameWithoutExtension }}", "Plan"),
        ("Work/Projects/Plan.md", "{{query.file.root}}", "Work/"),
        ("Plan.md", "{{query.file.folder}}", "/"),
        ("Plan.md", "{{query.file.root}}", "/"),
        ("Plan.md", "x{{! a comment }}", "x"),
    ])
    func placeholders(note: String, placeholder: String, value: String) throws {
        #expect(try Self.condition("description includes " + placeholder, note: note) == .call("icontains", [.field(["description"]), .literal(.text(value))]))
    }

    @Test("A daily note's name as a date")
    func dailyNote() throws {
        let query = try Self.parse("happens on {{query.file.filenameWithoutExtension}}", note: "Daily/2026-12-01.md")
        let each = ["due", "scheduled", "start"].map { name in
            Self.and(Self.has(name), .binary(.equal, Self.field(name), Self.day("2026-12-01")))
        }
        #expect(query.condition == Self.or(Self.or(each[0], each[1]), each[2]))
    }

    @Test("Placeholders enote does not fill are unsupported; without a note, an error", arguments: [
        ("group by {{query.file.property('level')}}", true),
        ("path includes {{query.file.path.toUpperCase()}}", true),
        ("path includes {{4 + 6}}", true),
        ("filename includes {{query.file.fileName}}", true),
        ("{{preset.my_own}}", true),
        ("path includes {{query.file.path", false),
    ])
    func otherPlaceholders(line: String, unsupported: Bool) throws {
        let error = try #require(Self.failure("not done\n" + line))
        #expect(error.line == 2)
        #expect(error.isUnsupported == unsupported)
    }

    @Test("A placeholder in a block outside a note is an error")
    func placeholderWithoutNote() throws {
        let error = try #require(Self.failure("path includes {{query.file.path}}", note: nil))
        #expect(!error.isUnsupported)
    }

    @Test("Tasks' built-in presets")
    func presets() throws {
        #expect(try Self.condition("preset this_file") == .call("icontains", [.field(["path"]), .literal(.text("Work/Projects/Plan.md"))]))
        #expect(try Self.condition("{{preset.this_file}}") == .call("icontains", [.field(["path"]), .literal(.text("Work/Projects/Plan.md"))]))
        #expect(
            try Self.condition("preset this_folder_only")
                == .binary(.equal, TasksBlockParser.Builder.folderExpression, .literal(.text("Work/Projects/"))))
        #expect(try Self.condition("not ({{preset.this_folder}})") == .not(.call("icontains", [TasksBlockParser.Builder.folderExpression, .literal(.text("Work/Projects/"))])))
        let everything = try Self.parse("preset hide_everything")
        #expect(everything.displayHints.count == 16)
        #expect(everything.condition == nil)
        let error = try #require(Self.failure("preset daily_note_overdue"))
        #expect(error.isUnsupported)
    }

    // MARK: - Unsupported and wrong lines

    // MARK: - Heading and dependencies

    static let heading = QueryExpression.call("default", [.field(["heading"]), .literal(.text(""))])
    static let id = QueryExpression.call("default", [.field(["id"]), .literal(.text(""))])
    static let dependsOnCount = QueryExpression.call("length", [.field(["dependson"])])

    @Test("heading and id filters read as text filters over the task's heading and id", arguments: [
        ("heading includes Inbox", QueryExpression.call("icontains", [heading, .literal(.text("Inbox"))])),
        ("HEADING DOES NOT INCLUDE Some Words", .not(.call("icontains", [heading, .literal(.text("Some Words"))]))),
        ("heading regex matches /^Plan/i", .call("regextest", [.literal(.text("(?i)^Plan")), heading])),
        ("heading regex does not match /x$/", .not(.call("regextest", [.literal(.text("x$")), heading]))),
        ("id includes abc", .call("icontains", [id, .literal(.text("abc"))])),
        ("(not done) AND (heading includes Inbox)", .binary(.and, .not(.field(["completed"])), .call("icontains", [heading, .literal(.text("Inbox"))]))),
    ])
    func headingFilters(line: String, expected: QueryExpression) throws {
        #expect(try Self.condition(line) == expected)
    }

    @Test("dependency filters name the task's id, what it depends on, and the vault's blocking state", arguments: [
        ("is blocked", QueryExpression.field(["blocked"])),
        ("is not blocked", .not(.field(["blocked"]))),
        ("is blocking", .field(["blocking"])),
        ("Is Not Blocking", .not(.field(["blocking"]))),
        ("has id", .binary(.notEqual, .field(["id"]), .literal(.null))),
        ("no id", .binary(.equal, .field(["id"]), .literal(.null))),
        ("has depends on", .binary(.greater, dependsOnCount, .literal(.number(0)))),
        ("no depends on", .binary(.equal, dependsOnCount, .literal(.number(0)))),
    ])
    func dependencyFilters(line: String, expected: QueryExpression) throws {
        #expect(try Self.condition(line) == expected)
    }

    @Test("sort and group by heading and id")
    func headingSortAndGroup() throws {
        #expect(try Self.parse("sort by heading").sort == [QuerySortKey(expression: Self.heading, descending: false)])
        #expect(try Self.parse("sort by id reverse").sort == [QuerySortKey(expression: Self.id, descending: true)])
        let group = try #require(try Self.parse("group by heading").groupBy)
        #expect(group == .call("choice", [.binary(.equal, Self.heading, .literal(.text(""))), .literal(.text("(No heading)")), Self.heading]))
        #expect(try Self.parse("group by id").groupBy == Self.id)
        #expect(try Self.parse("group by function task.heading").groupBy == .field(["heading"]))
        let statusName = QueryExpression.call("choice", [.field(["completed"]), .literal(.text("Done")), .literal(.text("Todo"))])
        #expect(try Self.parse("group by status.name").groupBy == statusName)
        #expect(try Self.condition("status.name includes todo") == .call("icontains", [statusName, .literal(.text("todo"))]))
        // Tasks itself sorts by neither of these: an error, not something enote lacks.
        #expect(Self.failure("sort by depends on")?.isUnsupported == false)
    }

    @Test("What enote has no data for, or what needs JavaScript, is unsupported at its line", arguments: [
        "filter by function task.due.moment?.isSame(moment(), 'day')",
        "sort by function task.description.length",
        "group by function task.file.path.toUpperCase()",
        "status.type is IN_PROGRESS",
        "created before today",
        "has created date",
        "due date is invalid",
        "sort by urgency",
        "group by urgency",
        "recurrence includes every week",
        "exclude sub-items",
        "due before next tuesday",
        "due on 25th May 2023",
    ])
    func unsupported(line: String) throws {
        let block = "not done\n\n" + line
        let error = try #require(Self.failure(block))
        #expect(error.isUnsupported, "\(error.message.english)")
        #expect(error.line == 3)
        #expect(error.column == 1)
        #expect(error.length == line.count)
    }

    @Test("A line that is no instruction is an error naming the instructions", arguments: [
        "hello", "due before banana", "priority is super", "sort by colour", "group by mood", "path contains x", "status.type is FOO",
    ])
    func notInstructions(line: String) throws {
        let error = try #require(Self.failure("# comment\n" + line))
        #expect(!error.isUnsupported)
        #expect(error.line == 2)
        #expect(!error.message.english.isEmpty)
    }

    @Test("The unknown-line message lists what enote reads")
    func unknownLineMessage() throws {
        let error = try #require(Self.failure("hello"))
        #expect(error.message.english.contains("not done"))
        #expect(error.message.english.contains("sort by"))
    }

    @Test("An empty block keeps every task; a huge one is refused")
    func sizes() throws {
        let empty = try Self.parse("\n# only a comment\n")
        #expect(empty.condition == nil)
        #expect(empty.sort.isEmpty)
        #expect(Self.failure(String(repeating: "not done\n", count: 3000)) != nil)
    }

    // MARK: - The vault's presets, the note's properties, property functions

    static func parse(_ text: String, presets: [String: String] = [:], properties: [String: String] = [:]) throws(NoteQueryError) -> NoteQuery {
        try TasksBlockParser.parse(
            text, context: TasksBlockParser.Context(note: NotePath(trusted: "Daily/2026-12-01.md"), today: today, presets: presets, properties: properties))
    }

    @Test("Presets saved in the vault's Tasks settings, before the built-in ones")
    func vaultPresets() throws {
        let presets = ["done_this_day": "# Done this day\ndone\ndone {{query.file.filenameWithoutExtension}}", "this_file": "not done"]
        let query = try Self.parse("preset done_this_day", presets: presets)
        let doneOn = Self.and(Self.has("completion"), .binary(.equal, Self.field("completion"), Self.day("2026-12-01")))
        #expect(query.condition == Self.and(Self.field("completed"), doneOn))
        #expect(try Self.parse("{{preset.this_file}}", presets: presets).condition == .not(Self.field("completed")))
        #expect(throws: NoteQueryError.self) { try Self.parse("preset other", presets: presets) }
    }

    @Test("{{query.file.property('key')}} is the note's property; several lines and continuations are read as instructions")
    func properties() throws {
        let properties = ["workdate": "2024-04-01", "instructions": "group by filename\n  # a comment\npath \\\n  includes Daily", "groupby": "group by happens"]
        let query = try Self.parse(
            "due before {{query.file.property('workdate')}}\n{{query.file.property(\"instructions\")}}", properties: properties)
        let path = QueryExpression.call("icontains", [Self.field("path"), Self.text("Daily")])
        #expect(query.condition == Self.and(Self.and(Self.has("due"), .binary(.less, Self.field("due"), Self.day("2024-04-01"))), path))
        #expect(query.groupBy == .field(["file", "name"]))
        let error = try #require(Self.failure("due before {{query.file.property('missing')}}"))
        #expect(error.isUnsupported)
    }

    @Test("A function that only names a task's property sorts and groups by it; other functions are unsupported", arguments: [
        ("sort by function task.lineNumber", [QuerySortKey(expression: .field(["line"]), descending: false)], nil as QueryExpression?),
        ("sort by function reverse task.lineNumber", [QuerySortKey(expression: .field(["line"]), descending: true)], nil),
        ("group by function task.file.path", [], .field(["path"])),
        ("group by function task.file.folder", [], TasksBlockParser.Builder.folderExpression),
        ("group by function task.due.format('YYYY-MM')", [], .call("dateformat", [.field(["due"]), .literal(.text("yyyy-MM"))])),
        ("group by function task.happens.format(\"YYYY MM DD\")", [], .call("dateformat", [TasksBlockParser.happens, .literal(.text("yyyy MM dd"))])),
        ("group by function 'One column'", [], .literal(.text("One column"))),
        ("view columns by function \"Sample column heading\"", [], .literal(.text("Sample column heading"))),
    ])
    func propertyFunctions(line: String, sort: [QuerySortKey], group: QueryExpression?) throws {
        let query = try Self.parse(line)
        #expect(query.sort == sort)
        #expect(query.groupBy == group)
    }

    @Test("filter by function is unsupported wherever it stands", arguments: [
        "filter by function task.urgency > 8", "(filter by function task.tags.join(',').includes('#xx')) AND (not done)",
        "[filter by function task.tags.length > 1] OR [done]", "sort by function task.due.format('dddd')",
    ])
    func functionsAnywhere(line: String) throws {
        let error = try #require(Self.failure(line))
        #expect(error.isUnsupported)
    }
}
