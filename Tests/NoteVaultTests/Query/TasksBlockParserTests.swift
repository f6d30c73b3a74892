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
}
