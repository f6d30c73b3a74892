import Foundation
import Testing

@testable import NoteVault

/// Tasks blocks' sort, group, limit and layout lines.
extension TasksBlockParserTests {
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
}
