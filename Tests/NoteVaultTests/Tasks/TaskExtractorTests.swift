import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The forms a task is written in, and the forms that look like one and are not (RELIABILITY
/// row 109): one table, each note read as the index reads it.
@Suite("Tasks read from notes")
struct TaskExtractorTests {
    /// What a test expects of one task: its line, done or not, its summary, and its due date.
    struct Expected: Equatable, CustomStringConvertible {
        var line: Int
        var done: Bool
        var summary: String
        var due: String?
        var parent: Int?

        init(_ line: Int, _ done: Bool, _ summary: String, due: String? = nil, parent: Int? = nil) {
            self.line = line
            self.done = done
            self.summary = summary
            self.due = due
            self.parent = parent
        }

        var description: String { "\(line) \(done ? "x" : " ") \(summary) \(due ?? "-") ^\(parent.map(String.init) ?? "-")" }
    }

    /// Reads `text` as the index does (one parse for links, tags and tasks).
    static func tasks(_ text: String, path: String = "note.md") -> [NoteTask] {
        let record = IndexRecord(
            path: NotePath(trusted: path), status: FileStatus(stat()), bytes: Array(text.utf8),
            timeZone: VaultSandbox.timeZone, racyAfter: 0)
        return record.tasks
    }

    static func expected(_ text: String) -> [Expected] {
        tasks(text).map { Expected($0.line, $0.isDone, $0.summary, due: $0.due?.description, parent: $0.parentLine) }
    }

    static let forms: [(name: String, text: String, tasks: [Expected])] = [
        ("open, done, DONE", "- [ ] a\n- [x] b\n- [X] c\n", [Expected(1, false, "a"), Expected(2, true, "b"), Expected(3, true, "c")]),
        ("every list marker", "* [ ] a\n\n+ [ ] b\n\n1. [ ] c\n2) [x] d\n", [Expected(1, false, "a"), Expected(3, false, "b"), Expected(5, false, "c"), Expected(6, true, "d")]),
        (
            "nested: a sub-task belongs to the nearest task above it",
            "- [ ] parent\n  - [ ] child\n    - a plain item\n      - [x] grandchild\n- [ ] next\n",
            [Expected(1, false, "parent"), Expected(2, false, "child", parent: 1), Expected(4, true, "grandchild", parent: 2), Expected(5, false, "next")]
        ),
        ("in a block quote", "> - [ ] quoted\n> - [x] done\n", [Expected(1, false, "quoted"), Expected(2, true, "done")]),
        ("in a callout", "> [!todo]\n> - [ ] inside\n", [Expected(2, false, "inside")]),
        ("quoted in a sentence", "He wrote \"- [ ] milk\" on the board.\n", []),
        ("in a fenced block", "```\n- [ ] not a task\n```\n~~~md\n- [x] nor this\n~~~\n- [ ] real\n", [Expected(7, false, "real")]),
        ("in an indented block", "Text.\n\n    - [ ] code\n\n- [ ] real\n", [Expected(5, false, "real")]),
        ("in a code span", "`- [ ] code` and `[ ]`\n\n- [ ] real `📅 2026-01-01` 📅 2026-02-02\n", [Expected(3, false, "real `📅 2026-01-01`", due: "2026-02-02")]),
        ("in an HTML block", "<div>\n- [ ] html\n</div>\n\n- [ ] real\n", [Expected(5, false, "real")]),
        ("in front matter", "---\ntitle: T\nitems:\n- [ ] not a task\n---\n- [ ] real\n", [Expected(6, false, "real")]),
        ("CRLF", "- [ ] a\r\n- [x] b 📅 2026-12-01\r\n", [Expected(1, false, "a"), Expected(2, true, "b", due: "2026-12-01")]),
        ("CR alone", "- [ ] a\r- [ ] b\r", [Expected(1, false, "a"), Expected(2, false, "b")]),
        ("a BOM", "\u{FEFF}- [ ] a\n", [Expected(1, false, "a")]),
        ("not tasks", "- [ ]no space\n- [y] other\n-[ ] no list\n- [x](link.md)\n- [ ]\n", [Expected(5, false, "")]),
        ("a tab after the marker", "- [ ]\tt\n", [Expected(1, false, "t")]),
        (
            "emoji dates and priority", "- [ ] t 📅 2026-12-01 ⏳ 2026-11-30 🛫 2026-11-29 ⏫\n",
            [Expected(1, false, "t", due: "2026-12-01")]
        ),
        ("emoji with a variation selector", "- [ ] t 📅\u{FE0F} 2026-12-01 ⏫\u{FE0F}\n", [Expected(1, false, "t", due: "2026-12-01")]),
        ("plain due", "- [ ] pay due:2026-12-01 now\n", [Expected(1, false, "pay now", due: "2026-12-01")]),
        ("Dataview's due:: is not read, nor reported", "- [ ] a [due:: 2026-12-01] due::2026-12-02\n", [Expected(1, false, "a [due:: 2026-12-01] due::2026-12-02")]),
        ("a date between words, punctuation after", "- [ ] pay (📅 2026-12-01), then rest\n", [Expected(1, false, "pay (), then rest", due: "2026-12-01")]),
        ("invalid dates keep the text", "- [ ] a 📅 2026-13-01\n- [ ] b due:friday\n- [ ] c 📅\n", [
            Expected(1, false, "a 📅 2026-13-01"), Expected(2, false, "b due:friday"), Expected(3, false, "c 📅"),
        ]),
        ("only the first line of a task", "- [ ] first 📅 2026-12-01\n  second 📅 2027-01-01\n", [Expected(1, false, "first", due: "2026-12-01")]),
        ("the first due date counts; a second stays in the text", "- [ ] t 📅 2026-12-01 due:2027-01-01\n", [Expected(1, false, "t due:2027-01-01", due: "2026-12-01")]),
    ]

    @Test("each form is read as it is written", arguments: forms)
    func form(_ name: String, _ text: String, _ tasks: [Expected]) {
        #expect(Self.expected(text) == tasks, "\(name)")
    }

    @Test("every field of a task")
    func fields() throws {
        let task = try #require(Self.tasks("- [x] ship it #work/q1 and #home 🔺 📅 2026-12-01 ⏳ 2026-11-30 🛫 2026-11-29 ✅ 2026-12-02 `#code`\n").first)
        #expect(task.text == "ship it #work/q1 and #home 🔺 📅 2026-12-01 ⏳ 2026-11-30 🛫 2026-11-29 ✅ 2026-12-02 `#code`")
        #expect(task.summary == "ship it #work/q1 and #home `#code`")
        #expect(task.isDone)
        #expect(task.due?.description == "2026-12-01")
        #expect(task.scheduled?.description == "2026-11-30")
        #expect(task.start?.description == "2026-11-29")
        #expect(task.completed?.description == "2026-12-02")
        #expect(task.priority == .highest)
        #expect(task.tags == ["work/q1", "home"])
        #expect(task.problems.isEmpty)
    }

    @Test("each priority", arguments: [("🔺", NoteTask.Priority.highest), ("⏫", .high), ("🔼", .medium), ("🔽", .low), ("⏬", .lowest)])
    func priority(_ emoji: String, _ priority: NoteTask.Priority) {
        #expect(Self.tasks("- [ ] t \(emoji)\n").first?.priority == priority)
    }

    @Test("a date that is not a day is a warning at its line and column, and the note keeps it")
    func invalidDates() throws {
        let text = "---\ntitle: T\n---\n- [ ] a 📅 2026-02-30\n- [ ] b ⏳ soon\n- [ ] c due:2026-1-1\n- [ ] d ✅\n"
        let record = IndexRecord(
            path: NotePath(trusted: "n.md"), status: FileStatus(stat()), bytes: Array(text.utf8),
            timeZone: VaultSandbox.timeZone, racyAfter: 0)
        let problems = record.tasks.flatMap(\.problems)
        #expect(problems.map(\.location) == ["n.md:4:9", "n.md:5:9", "n.md:6:9", "n.md:7:9"])
        #expect(problems.allSatisfy { $0.severity == .warning && $0.kind == .invalidValue })
        #expect(problems[0].message.english == "\"2026-02-30\" after 📅 is not a date; write the day as YYYY-MM-DD, such as 2026-12-01")
        #expect(problems[2].message.english == "\"2026-1-1\" after due: is not a date; write the day as YYYY-MM-DD, such as 2026-12-01")
        #expect(problems[3].message.english == "\"✅\" is not followed by a date; write the day after it as YYYY-MM-DD, such as 2026-12-01")
        #expect(record.note.diagnostics == problems, "reported with the note, as front matter values are")
        #expect(record.tasks.allSatisfy { $0.due == nil && $0.scheduled == nil && $0.completed == nil })
        #expect(Self.tasks("- [ ] a due::2026-12-02 (due:: x)\n").flatMap(\.problems).isEmpty)
    }

    @Test("a note's destroy date is not a task's date")
    func destroyIsNotDue() throws {
        let tasks = Self.tasks("---\ndestroy: 2026-12-01\ndue: 2026-12-02\n---\n- [ ] t\n")
        #expect(tasks.count == 1)
        #expect(tasks.first?.due == nil)
    }

    @Test("a long note's tasks keep their lines")
    func manyTasks() {
        let text = (1...500).map { "- [\($0 % 3 == 0 ? "x" : " ")] task \($0)" }.joined(separator: "\n") + "\n"
        let tasks = Self.tasks(text)
        #expect(tasks.count == 500)
        #expect(tasks.enumerated().allSatisfy { $0.element.line == $0.offset + 1 && $0.element.text == "task \($0.offset + 1)" })
    }

    @Test("days are read strictly", arguments: ["2026-02-29", "2026-00-10", "2026-12-32", "26-12-01", "2026-12-1", "2026/12/01", "２０２６-12-01"])
    func strictDays(_ text: String) {
        #expect(CalendarDay(text) == nil)
    }

    @Test("days count and format", arguments: [("2024-02-29", 1, "2024-03-01"), ("2026-12-31", 1, "2027-01-01"), ("2026-03-01", -1, "2026-02-28")])
    func dayArithmetic(_ day: String, _ add: Int, _ result: String) throws {
        #expect(try #require(CalendarDay(day)).adding(days: add).description == result)
    }
}
