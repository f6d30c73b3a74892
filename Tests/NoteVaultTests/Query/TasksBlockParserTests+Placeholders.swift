import Foundation
import Testing

@testable import NoteVault

/// Tasks blocks' placeholders and presets, headings and dependencies, and the lines enote
/// cannot run or read.
extension TasksBlockParserTests {
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
