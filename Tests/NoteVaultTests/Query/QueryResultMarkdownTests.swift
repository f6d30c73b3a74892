import Foundation
import Testing

@testable import NoteVault

/// Query results as Markdown (``QueryResult/markdown(_:)``), over a real index: lists, tables with
/// escaped cells, tasks, boards, calendars, links in both styles, the row limit.
@Suite("Query results as Markdown")
struct QueryResultMarkdownTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(
            "projects/alpha.md",
            VaultSandbox.noteText(
                title: "Alpha", body: "Plan.\n\n- [ ] write the plan 📅 2026-11-20 #work\n- [x] kick off ✅ 2026-11-10\n",
                extra: ["status: active", "note: \"a | b\"", "tags: [work]"]))
        try sandbox.write("projects/beta gamma.md", VaultSandbox.noteText(title: "Beta [draft]", body: "Beta.\n", extra: ["status: done", "tags: [work]"]))
        try sandbox.write("archive/old.md", VaultSandbox.noteText(title: "Old", body: "Old.\n", extra: ["status: active"]))
    }

    func run(_ text: String, language: NoteQuery.Language = .enote) throws -> QueryResult {
        let query = try QueryParser.parse(text, language: language)
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone)
        options.timeLimit = 30
        return try sandbox.openIndex().run(query, options: options)
    }

    @Test func aListIsOneWikilinkANote() throws {
        let markdown = try run("list from #work sort file.name").markdown()
        #expect(markdown == "- [[projects/alpha]]\n- [[projects/beta gamma]]\n", "\(markdown)")
    }

    @Test func markdownLinksAreRelativeToTheNoteTheyAreWrittenIn() throws {
        let options = QueryResult.MarkdownOptions(linkStyle: .markdown, from: NotePath(trusted: "projects/dash.md"))
        let markdown = try run("list from #work sort file.name").markdown(options)
        #expect(markdown == "- [Alpha](alpha.md)\n- [Beta \\[draft\\]](beta%20gamma.md)\n", "\(markdown)")
    }

    @Test func wikilinksAreAsShortAsLeadThereAlone() throws {
        let index = try sandbox.openIndex()
        let resolver = try index.resolver(forWikilinks: ["alpha", "beta gamma"])
        let options = QueryResult.MarkdownOptions(rowLimit: 10, linkStyle: .wikilink, from: NotePath(trusted: "dash.md"), resolver: resolver)
        let markdown = try run("list from #work sort file.name").markdown(options)
        #expect(markdown == "- [[alpha]]\n- [[beta gamma]]\n", "\(markdown)")
    }

    @Test func aTableIsAPipeTableWithItsCellsEscaped() throws {
        let markdown = try run("table status, note from #work sort file.name").markdown()
        let lines = markdown.split(separator: "\n").map(String.init)
        #expect(lines[0] == "| Note | status | note |", "\(markdown)")
        #expect(lines[1] == "| --- | --- | --- |")
        #expect(lines[2] == "| [[projects/alpha]] | active | a \\| b |", "\(markdown)")
        #expect(lines[3].hasPrefix("| [[projects/beta gamma]] | done |"), "\(markdown)")
        #expect(lines.count == 4)
    }

    @Test func tasksAreCheckboxesWithTheirNote() throws {
        let markdown = try run("tasks from #work sort line").markdown()
        #expect(markdown.contains("- [ ] write the plan 📅 2026-11-20 #work ([[projects/alpha]])"), "\(markdown)")
        #expect(markdown.contains("- [x] kick off ✅ 2026-11-10 ([[projects/alpha]])"), "\(markdown)")
    }

    @Test func aBoardIsAHeadingALane() throws {
        let markdown = try run("board by status sort file.name").markdown()
        #expect(markdown.contains("### active\n\n- [[projects/alpha]]\n- [[archive/old]]\n"), "\(markdown)")
        #expect(markdown.contains("### done\n\n- [[projects/beta gamma]]\n"), "\(markdown)")
    }

    @Test func aCalendarIsAListOfDays() throws {
        let markdown = try run("calendar from #work").markdown()
        #expect(markdown.contains("- 2026-11-20\n  - due: write the plan #work ([[projects/alpha]])"), "\(markdown)")
    }

    @Test func pastTheLimitTheRestAreCounted() throws {
        let result = try run("list sort file.name")
        #expect(result.rows.count == 3)
        let markdown = result.markdown(QueryResult.MarkdownOptions(rowLimit: 2))
        #expect(markdown == "- [[projects/alpha]]\n- [[projects/beta gamma]]\n\n… 1 more\n", "\(markdown)")
    }

    @Test func anEmptyResultSaysSo() throws {
        let markdown = try run("list where status = \"nothing\"").markdown()
        #expect(markdown == "nothing matches the query\n")
    }

    @Test func aLongCellIsCutAndALineBreakKeptInItsCell() throws {
        try sandbox.write("long.md", VaultSandbox.noteText(title: "Long", body: "x\n", extra: ["status: \"\(String(repeating: "y", count: 500))\""]))
        let result = try run("table status where file.name = \"long\"")
        let markdown = result.markdown()
        #expect(markdown.contains(String(repeating: "y", count: 300) + "…"), "\(markdown)")
        #expect(!markdown.contains(String(repeating: "y", count: 301)))
    }
}
