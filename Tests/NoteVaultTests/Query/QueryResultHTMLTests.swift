import Foundation
import Testing

@testable import NoteVault

/// `QueryHTML`: a block's outcome drawn as inert HTML, every value escaped, for `enote serve`
/// and `enote export --html` alike.
@Suite("Query views as HTML")
struct QueryResultHTMLTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(
            "projects/alpha.md",
            VaultSandbox.noteText(title: "Alpha", body: "- [ ] write the plan 📅 2026-11-20\n", extra: ["status: todo", "rating: 8"]))
        try sandbox.write("projects/beta.md", VaultSandbox.noteText(title: "Beta", body: "Text\n", extra: ["status: done", "rating: 5"]))
        try sandbox.write(
            "projects/hostile.md",
            VaultSandbox.noteText(title: "Hostile <b>", body: "Text\n", extra: ["status: \"<script>alert(1)</script>\"", "rating: 1"]))
        try sandbox.write("other.md", VaultSandbox.noteText(title: "Other", body: "Text\n"))
    }

    func run(_ text: String) throws -> QueryResult {
        let query = try QueryParser.parse(text, language: .enote)
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone)
        options.timeLimit = 30
        return try sandbox.openIndex().run(query, options: options)
    }

    func drawer(links: Bool = true, interactive: Bool = false) -> QueryHTML {
        var drawer = QueryHTML(
            today: CalendarDay(year: 2026, month: 11, day: 18)!, locale: Locale(identifier: "en_GB"),
            link: { path, line in links ? "/n/\(path.description)" + (line.map { "#L\($0)" } ?? "") : nil }, text: { $0.description })
        drawer.interactive = interactive
        return drawer
    }

    @Test("a table has a row per note, its link and its values, in the query's order")
    func table() throws {
        let html = drawer().html(try run("table status, rating from folder projects where rating > 2 sort rating desc"))
        #expect(html.contains("<th>Note</th><th>status</th><th>rating</th>"))
        let alpha = try #require(html.range(of: "<tr data-path=\"projects/alpha.md\"><td><a href=\"/n/projects/alpha.md\">Alpha</a></td><td>todo</td><td>8</td></tr>"))
        let beta = try #require(html.range(of: "<tr data-path=\"projects/beta.md\"><td><a href=\"/n/projects/beta.md\">Beta</a></td><td>done</td><td>5</td></tr>"))
        #expect(alpha.lowerBound < beta.lowerBound)
        #expect(!html.contains("hostile"))
    }

    @Test(
        "a hostile front matter value or title is text, never markup, in every view",
        arguments: ["table status from folder projects", "list status from folder projects", "board by status from folder projects"])
    func escapes(_ text: String) throws {
        let html = drawer(interactive: true).html(try run(text))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Hostile &lt;b&gt;"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
    }

    @Test("without links a note's title is plain text")
    func noLinks() throws {
        let html = drawer(links: false).html(try run("list from folder projects"))
        #expect(!html.contains("<a "))
        #expect(html.contains("<span class=\"note-title\">Alpha</span>"))
    }

    @Test("a board has a lane per value and cards that name their note, revision and key")
    func board() throws {
        let result = try run("board by status from folder projects")
        let html = drawer(interactive: true).html(result)
        #expect(html.contains("<div class=\"query-board\" data-key=\"status\">"))
        for value in ["todo", "done"] { #expect(html.contains("data-value=\"\(value)\" data-type=\"text\"")) }
        let alpha = try #require(result.rows.first { $0.path.description == "projects/alpha.md" })
        let revision = try #require(alpha.revision).description
        #expect(html.contains("data-path=\"projects/alpha.md\" data-revision=\"\(revision)\" data-key=\"status\""))
        #expect(html.contains("draggable=\"true\""))
        #expect(html.contains("class=\"card-move\""))
        let inert = drawer().html(result)
        #expect(!inert.contains("draggable") && !inert.contains("<select"))
        // Notes without the key have their own lane.
        let numbers = drawer().html(try run("board by rating"))
        #expect(numbers.contains("data-value=\"\" data-type=\"null\""))
        #expect(numbers.contains("data-value=\"8\" data-type=\"value\""))
    }

    @Test("a calendar is a month's grid with each note on its day")
    func calendar() throws {
        let html = drawer().html(try run("calendar from folder projects"))
        #expect(html.contains("data-month=\"2026-11\""))
        #expect(html.contains("November 2026"))
        let day = try #require(html.range(of: "<td class=\"day has-entries\" data-day=\"2026-11-20\">"))
        let cell = html[day.lowerBound...]
        let end = try #require(cell.range(of: "</td>"))
        let text = String(cell[..<end.lowerBound])
        #expect(text.contains("<a href=\"/n/projects/alpha.md#L"))
        #expect(text.contains("write the plan — Alpha"))
        #expect(html.contains("<td class=\"day today\" data-day=\"2026-11-18\">"))
        // Thirty days, and weeks that start on Monday (2026-11-01 is a Sunday).
        #expect(html.components(separatedBy: "data-day=\"2026-11-").count - 1 == 30)
        #expect(html.contains("<tbody><tr><td class=\"outside\"></td><td class=\"outside\"></td><td class=\"outside\"></td><td class=\"outside\"></td><td class=\"outside\"></td><td class=\"outside\"></td><td class=\"day\" data-day=\"2026-11-01\">"))
        var other = drawer()
        other.month = CalendarDay(year: 2026, month: 12, day: 1)
        other.monthLink = { "?month=\($0.description.prefix(7))" }
        let december = other.html(try run("calendar from folder projects"))
        #expect(!december.contains("has-entries"))
        #expect(december.contains("Dates in other months: 1"))
        #expect(december.contains("href=\"?month=2026-11\""))
        #expect(december.contains("href=\"?month=2027-01\""))
    }

    @Test("tasks are a checkbox list, each with its note's link and line")
    func tasks() throws {
        let html = drawer().html(try run("tasks from folder projects"))
        #expect(html.contains("<li class=\"task\" data-path=\"projects/alpha.md\" data-line=\""))
        #expect(html.contains("<input type=\"checkbox\" class=\"task-box\" disabled"))
        #expect(html.contains("<span class=\"task-text\">write the plan</span>"))
        #expect(html.contains("<span class=\"due\">2026-11-20</span>"))
    }

    @Test(
        "a block that cannot be read or run says so in its place, with the place",
        arguments: [(false, "The query has a mistake: line 3, column 7: oops"), (true, "The query cannot run: line 3, column 7: oops")])
    func failure(_ unsupported: Bool, _ expected: String) {
        let error = NoteQueryError("oops", line: 3, column: 7, isUnsupported: unsupported)
        let html = drawer().block(.failure(error), index: 2, line: 3, language: .dataview)
        #expect(html == "<div class=\"query-view\" data-block=\"2\" data-line=\"3\" data-language=\"dataview\" data-view=\"error\"><p class=\"query-error\">\(expected)</p></div>")
    }

    @Test("an empty result says nothing matches, and a warning is shown beside it")
    func emptyAndWarnings() throws {
        let html = drawer().html(try run("list from [[nowhere]]"))
        #expect(html.contains("<p class=\"query-warning\">[[nowhere]] names no note</p>"))
        #expect(html.contains("<p class=\"query-empty\">Nothing matches the query</p>"))
    }
}

/// `enote export --html`: a note's query blocks drawn in place, by the same renderer, with no
/// script and notes named as text.
@Suite("Exported query views")
struct QueryExportTests {
    @Test("a table block exports its rows, escaped, and no script")
    func exportsTable() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("projects/alpha.md", VaultSandbox.noteText(title: "Alpha", extra: ["status: todo", "rating: 8"]))
        try sandbox.write("projects/evil.md", VaultSandbox.noteText(title: "Evil", extra: ["status: \"<script>alert(1)</script>\"", "rating: 2"]))
        try sandbox.write("dash.md", VaultSandbox.noteText(title: "Dash", body: "Intro\n\n```enote\ntable status, rating from folder projects sort rating desc\n```\n"))
        let vault = try sandbox.vault()
        let index = try sandbox.openIndex()
        let note = try vault.read(NotePath(trusted: "dash.md"))
        let html = NoteExporter(vault: vault).html(note, embedImages: false, outputFolder: nil, index: index)
        #expect(html.contains("<tr data-path=\"projects/alpha.md\"><td><span class=\"note-title\">Alpha</span></td><td>todo</td><td>8</td></tr>"))
        #expect(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("language-enote"))
        #expect(!html.contains("<a href"))
        let plain = NoteExporter(vault: vault).html(note, embedImages: false, outputFolder: nil)
        #expect(plain.contains("<pre><code class=\"language-enote\">"))
    }
}
