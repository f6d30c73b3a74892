import Foundation
import Testing

@testable import NoteVault

/// enote's query language and Dataview's DQL read into one ``NoteQuery``; every mistake points
/// at its place and says what would be valid (RELIABILITY row 195).
@Suite("Query parser")
struct QueryParserTests {
    @Test("a table with columns, a source, a condition, a sort, a group and a limit")
    func wholeQuery() throws {
        let query = try QueryParser.parse(
            """
            table status, due as "Due" from folder projects and not #archive
            where status != "done" and rating >= 4
            sort due desc, title
            group by status
            limit 20
            """)
        #expect(query.view == .table([
            QueryColumn(expression: .field(["status"]), name: "status"), QueryColumn(expression: .field(["due"]), name: "Due"),
        ]))
        #expect(query.source == .and(.folder("projects"), .not(.tag("archive"))))
        #expect(
            query.condition
                == .binary(
                    .and, .binary(.notEqual, .field(["status"]), .literal(.text("done"))), .binary(.greaterOrEqual, .field(["rating"]), .literal(.number(4)))))
        #expect(query.sort == [QuerySortKey(expression: .field(["due"]), descending: true), QuerySortKey(expression: .field(["title"]), descending: false)])
        #expect(query.groupBy == .field(["status"]))
        #expect(query.limit == 20)
    }

    @Test(
        "Dataview's examples read as DQL",
        arguments: [
            "LIST",
            "LIST FROM #games/mobas OR #games/crpg",
            "TABLE author, published, file.inlinks AS \"Mentions\" FROM #poems",
            "TABLE WITHOUT ID file.link AS \"Game\", rating FROM #games SORT rating DESC",
            "TASK WHERE !completed AND due <= date(today) + dur(1 week)",
            "LIST WHERE file.mtime >= date(today) - dur(7 days)",
            "TABLE date(now).year - published AS \"Age\" FROM #poems",
            "LIST FROM [[Plan]] AND -\"archive\"",
            "LIST FROM outgoing([[Plan]])",
            "LIST birthday WHERE birthday.month = date(now).month",
            "TABLE rating WHERE contains(file.tags, \"#book\") AND rating > 7 GROUP BY genre",
        ])
    func dataview(_ text: String) throws {
        _ = try QueryParser.parse(text, language: .dataview)
    }

    @Test(
        "a mistake names its line and column and what would be valid",
        arguments: [
            ("tabel status", 1, 1, "starts with LIST, TABLE"),
            ("table status\nwhere status =", 2, 15, "expected a value"),
            ("list from", 1, 10, "expected a source"),
            ("list where (a = 1", 1, 18, "expected )"),
            ("list limit -3", 1, 12, "LIMIT needs a whole number"),
            ("list limit lots", 1, 12, "LIMIT needs a whole number"),
            ("list where status = \"open", 1, 21, "no closing"),
            ("list where nosuch(1)", 1, 12, "there is no function nosuch()"),
            ("list where lower(1, 2)", 1, 12, "takes 1 arguments"),
            ("list limit 1 limit 2", 1, 14, "given twice"),
            ("list where a = 1 ;", 1, 18, "cannot start anything"),
            ("board", 1, 6, "expected the key"),
        ] as [(String, Int, Int, String)])
    func placedErrors(_ text: String, _ line: Int, _ column: Int, _ words: String) {
        do {
            _ = try QueryParser.parse(text)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.line == line && error.column == column, "\(text): \(error.line):\(error.column)")
            #expect(error.message.text.contains(words), "\(error.message.text)")
            #expect(!error.isUnsupported)
        }
    }

    @Test(
        "what enote does not run is marked unsupported, not wrong",
        arguments: [
            "TABLE x FLATTEN file.tasks AS t", "LIST WHERE any(file.tasks, (t) => !t.completed)", "LIST WHERE filter(file.tasks, t => t.completed)",
            "TABLE regexreplace(file.name, \"a\", \"b\")",
        ])
    func unsupported(_ text: String) {
        #expect {
            _ = try QueryParser.parse(text, language: .dataview)
        } throws: { error in
            (error as? NoteQueryError)?.isUnsupported == true
        }
    }

    @Test("enote's date words are dates; in DQL a bare word is a field")
    func dateWords() throws {
        #expect(try QueryParser.parse("list where due < today").condition == .binary(.less, .field(["due"]), .call("date", [.literal(.text("today"))])))
        #expect(try QueryParser.parse("LIST WHERE due < today", language: .dataview).condition == .binary(.less, .field(["due"]), .field(["today"])))
        #expect(try QueryParser.parse("list where updated > today - 7d").condition != nil)
    }

    @Test("a query longer than the bound is refused before any work")
    func huge() {
        let text = "list where " + Array(repeating: "a = 1", count: 5000).joined(separator: " or ")
        #expect(throws: NoteQueryError.self) { try QueryParser.parse(text) }
    }

    @Test("deeply nested parentheses are refused, not a stack overflow")
    func deepNesting() {
        let text = "list where " + String(repeating: "(", count: 3000) + "a" + String(repeating: ")", count: 3000)
        #expect(throws: NoteQueryError.self) { try QueryParser.parse(text) }
    }

    @Test("a block's error points at the note's line")
    func blockLines() throws {
        let note = "---\ntitle: Dash\n---\n# Dash\n\n```enote\ntable status\nwhere ==\n```\n\n> ```dataview\n> LIST\n> ```\n"
        let blocks = QueryBlock.blocks(in: note)
        #expect(blocks.map(\.language) == [.enote, .dataview])
        #expect(blocks.map(\.line) == [6, 11])
        guard case .failure(let error) = blocks[0].parse(note: nil) else {
            Issue.record("the broken block was read")
            return
        }
        #expect(error.line == 8)
        #expect(try blocks[1].parse(note: nil).get().view == .list(nil))
    }
}
