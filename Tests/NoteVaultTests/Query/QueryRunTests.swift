import Foundation
import Testing

@testable import NoteVault

/// Queries run over a real index: sources, conditions on front matter and built-ins, words in
/// the text, sorting, grouping, limits, tasks, boards and calendars (RELIABILITY row 195).
@Suite("Queries over the index")
struct QueryRunTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(
            "projects/alpha.md",
            VaultSandbox.noteText(
                title: "Alpha", body: "Budget planning for the garden.\n\n- [ ] write the plan 📅 2026-11-20 #work\n- [x] kick off ✅ 2026-11-10\n",
                extra: ["status: active", "rating: 8", "due: 2026-12-05", "tags: [work, q1]"]))
        try sandbox.write(
            "projects/beta.md",
            VaultSandbox.noteText(
                title: "Beta", body: "Links to [[alpha]]. Buying apples.\n\n- [ ] review 📅 2026-11-17\n",
                extra: ["status: Done", "rating: 5", "tags: [work]"]))
        try sandbox.write("archive/gamma.md", VaultSandbox.noteText(title: "Gamma", body: "Old budgets.\n", extra: ["status: active", "rating: 10", "tags: [archive]"]))
        try sandbox.write("2026-11-18.md", VaultSandbox.noteText(title: "Daily", body: "- [ ] call 📅 2026-11-18\n", extra: ["destroy: 2026-11-30"]))
    }

    func run(_ text: String, language: NoteQuery.Language = .enote, note: NotePath? = nil) throws -> QueryResult {
        let query = try QueryParser.parse(text, language: language, note: note)
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone, note: note)
        options.timeLimit = 30
        return try sandbox.openIndex().run(query, options: options)
    }

    func paths(_ text: String, language: NoteQuery.Language = .enote) throws -> [String] {
        try run(text, language: language).rows.map(\.path.description).sorted()
    }

    @Test(
        "sources take the notes they name",
        arguments: [
            ("list from #work", ["projects/alpha.md", "projects/beta.md"]),
            ("list from folder projects", ["projects/alpha.md", "projects/beta.md"]),
            ("list from \"projects/alpha\"", ["projects/alpha.md"]),
            ("list from #work and not #q1", ["projects/beta.md"]),
            ("list from #q1 or folder archive", ["archive/gamma.md", "projects/alpha.md"]),
            ("list from not folder projects", ["2026-11-18.md", "archive/gamma.md"]),
            ("list from [[Alpha]]", ["projects/beta.md"]),
            ("list from links to alpha", ["projects/beta.md"]),
            ("list from linked from beta", ["projects/alpha.md"]),
        ] as [(String, [String])])
    func sources(_ text: String, _ expected: [String]) throws {
        #expect(try paths(text) == expected)
    }

    @Test(
        "conditions compare front matter and built-ins as Dataview does",
        arguments: [
            ("list where status = \"done\"", ["projects/beta.md"]),
            ("list where status != \"done\" and rating > 6", ["archive/gamma.md", "projects/alpha.md"]),
            ("list where rating >= 5 and rating < 9", ["projects/alpha.md", "projects/beta.md"]),
            ("list where due > 2026-12-01", ["projects/alpha.md"]),
            ("list where tags contains \"q1\"", ["projects/alpha.md"]),
            ("list where not status = \"active\"", ["2026-11-18.md", "projects/beta.md"]),
            ("list where destroy < today + 30d", ["2026-11-18.md"]),
            ("list where title = \"gamma\" or name = \"beta\"", ["archive/gamma.md", "projects/beta.md"]),
            ("list where text contains \"budget\"", ["archive/gamma.md", "projects/alpha.md"]),
            ("list where text contains \"apple\" or rating = 10", ["archive/gamma.md", "projects/beta.md"]),
            ("list where nosuchkey = 1", []),
        ] as [(String, [String])])
    func conditions(_ text: String, _ expected: [String]) throws {
        #expect(try paths(text) == expected)
    }

    @Test("Dataview's file fields, functions and date arithmetic")
    func dataviewFields() throws {
        #expect(try paths("LIST WHERE file.folder = \"projects\" AND contains(file.tags, \"#q1\")", language: .dataview) == ["projects/alpha.md"])
        #expect(try paths("LIST WHERE file.day = date(2026-11-18)", language: .dataview) == ["2026-11-18.md"])
        #expect(try paths("LIST WHERE rating > 4 AND length(file.name) = 4", language: .dataview) == ["projects/beta.md"])
        let table = try run("TABLE WITHOUT ID file.name AS \"Name\", rating * 2 AS \"Double\" FROM \"projects\" SORT rating DESC", language: .dataview)
        #expect(table.columns == ["Name", "Double"])
        #expect(table.rows.map(\.values) == [[.text("alpha"), .number(16)], [.text("beta"), .number(10)]])
    }

    @Test("sort, limit and total")
    func sortAndLimit() throws {
        let result = try run("table rating where rating != null sort rating desc limit 2")
        #expect(result.rows.map(\.title) == ["Gamma", "Alpha"])
        #expect(result.total == 3)
    }

    @Test("group by keeps rows under their value, groups in order, nothing last")
    func groups() throws {
        let result = try run("list group by status")
        #expect(result.groups == [.text("active"), .text("Done"), .null])
        #expect(result.rows.map(\.title) == ["Alpha", "Gamma", "Beta", "Daily"] || result.rows.map(\.title) == ["Gamma", "Alpha", "Beta", "Daily"])
    }

    @Test("task queries keep tasks with their note's path and line")
    func tasks() throws {
        let result = try run("tasks from #work where !completed sort due")
        #expect(result.rows.compactMap(\.task).map { "\($0.path):\($0.line)" } == ["projects/beta.md:10", "projects/alpha.md:11"])
        let due = try run("TASK WHERE due <= date(today) AND !completed", language: .dataview)
        #expect(Set(due.rows.compactMap(\.task).map(\.summary)) == ["review", "call"])
    }

    @Test("a board puts each card in its key's lane")
    func board() throws {
        let result = try run("board by status from folder projects")
        #expect(result.groups == [.text("active"), .text("Done")])
        #expect(result.rows.map(\.group) == [.text("active"), .text("Done")])
    }

    @Test("a calendar shows due dates, daily notes, destroy dates and a key's dates")
    func calendar() throws {
        let result = try run("calendar due")
        let entries = result.calendar.map { "\($0.day) \($0.kind.rawValue) \($0.path)" }
        #expect(entries.contains("2026-11-18 daily 2026-11-18.md"))
        #expect(entries.contains("2026-11-30 destroy 2026-11-18.md"))
        #expect(entries.contains("2026-12-05 key projects/alpha.md"))
        #expect(entries.contains("2026-11-20 due projects/alpha.md"))
        #expect(entries == entries.sorted { $0.prefix(10) <= $1.prefix(10) } || entries.map { $0.prefix(10) } == entries.map { $0.prefix(10) }.sorted())
    }

    @Test("this names the note the query is written in")
    func this() throws {
        let result = try run("LIST WHERE rating > this.rating", language: .dataview, note: NotePath(trusted: "projects/beta.md"))
        #expect(result.rows.map(\.title).sorted() == ["Alpha", "Gamma"])
    }

    @Test("a link to no note is said beside the empty result")
    func missingLink() throws {
        let result = try run("list from [[Nowhere]]")
        #expect(result.rows.isEmpty)
        #expect(result.warnings.map(\.text) == ["[[Nowhere]] names no note"])
    }

    @Test("values are shown as written in the note")
    func rawValues() throws {
        let result = try run("table status from folder projects sort title")
        #expect(result.rows.map(\.values) == [[.text("active")], [.text("Done")]])
    }

    @Test("a run past its time limit stops with an error")
    func timeLimit() throws {
        for number in 0..<600 { try sandbox.write("many/n\(number).md", VaultSandbox.noteText(title: "N\(number)")) }
        let query = try QueryParser.parse("list where title contains \"N\"")
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone)
        options.timeLimit = 0
        #expect(throws: NoteQueryError.self) { try sandbox.openIndex().run(query, options: options) }
    }

    @Test("a query reads a note's links and description only when it names them, and then has them")
    func columnsNamed() throws {
        try sandbox.write("projects/delta.md", VaultSandbox.noteText(title: "Delta", body: "See [the plan](alpha.md) first, [then][b].\n\n[b]: beta.md\n"))
        let named = try run("table file.outlinks, description from folder projects sort file.name")
        #expect(named.rows.map(\.path.description) == ["projects/alpha.md", "projects/beta.md", "projects/delta.md"])
        // A reference link counts once, not again for its definition.
        #expect(named.rows[2].values[0].elements.map(\.displayText) == ["alpha.md", "beta.md"], "\(named.rows[2].values)")
        // A wikilink is an outlink as Dataview counts it.
        #expect(named.rows[1].values[0].elements.map(\.displayText) == ["alpha"], "\(named.rows[1].values)")
        #expect(try run("list from folder projects where econtains(file.outlinks, \"alpha\")").rows.map(\.path.description) == ["projects/beta.md"])
        #expect(named.rows[1].values[1].displayText.contains("Links to"), "\(named.rows[1].values)")
        let bare = try run("table file.name from folder projects sort file.name")
        #expect(bare.rows.map { $0.values.map(\.displayText) } == [["alpha"], ["beta"], ["delta"]])
    }

    @Test("this is the note the block is in, with its own values, even when the query's folder leaves it out")
    func thisOutsideTheFilter() throws {
        try sandbox.write("dash.md", VaultSandbox.noteText(title: "Dash", body: "[[alpha]]\n", extra: ["status: active"]))
        let note = NotePath(trusted: "dash.md")
        #expect(try run("list from folder projects where status = this.status", note: note).rows.map(\.path.description) == ["projects/alpha.md"])
        #expect(try run("list from folder archive where econtains(this.file.outlinks, \"alpha\")", note: note).rows.map(\.path.description) == ["archive/gamma.md"])
    }

    @Test("a board lane of a [[link]] keeps the link's spelling only for the cards whose first value it is")
    func linkLaneSpelling() throws {
        try sandbox.write("p/a.md", VaultSandbox.noteText(title: "A", extra: ["project: [misc, \"[[Alpha]]\"]"]))
        try sandbox.write("p/b.md", VaultSandbox.noteText(title: "B", extra: ["project: misc"]))
        try sandbox.write("p/c.md", VaultSandbox.noteText(title: "C", extra: ["project: \"[[Alpha]]\""]))
        let result = try run("board by project from folder p")
        let spellings = Dictionary(uniqueKeysWithValues: result.rows.map { ($0.path.description, $0.groupSpelling) })
        #expect(spellings == ["p/a.md": nil, "p/b.md": nil, "p/c.md": "[[Alpha]]"])
        #expect(result.rows.first { $0.path.description == "p/a.md" }?.group == .text("misc"))
    }

    @Test("a note's blocks run within one time for the page: once it is spent, the blocks left say so at their lines without running")
    func pageTimeLimit() throws {
        try sandbox.write(
            "board.md", "# Board\n\n```enote\nlist from folder projects\n```\n\nText.\n\n```dataview\nLIST FROM \"archive\"\n```\n")
        let vault = try sandbox.vault()
        let index = try sandbox.openIndex()
        let blocks = try vault.queryBlocks(of: NotePath(trusted: "board.md"), today: CalendarDay(VaultSandbox.now, in: VaultSandbox.timeZone))
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone, note: NotePath(trusted: "board.md"))
        options.timeLimit = 30
        let spent = QueryBlockOutcome.run(blocks, index: index, options: options, pageLimit: 0)
        #expect(spent.count == 2)
        for (outcome, line) in zip(spent, [3, 9]) {
            guard case .failure(let error) = outcome else {
                Issue.record("block at line \(line) ran past the page's time")
                continue
            }
            #expect(error.line == line)
            #expect(error.message.text.contains("took longer than 0 s together"), "\(error.message.text)")
        }
        // A block that reaches its own limit says so, not the page's, even with a page bound.
        var short = options
        short.timeLimit = 0
        for number in 0..<600 { try sandbox.write("projects/many/n\(number).md", VaultSandbox.noteText(title: "N\(number)")) }
        let fresh = try sandbox.openIndex()
        guard case .failure(let own) = QueryBlockOutcome.run(Array(blocks.prefix(1)), index: fresh, options: short, pageLimit: 10).first else {
            Issue.record("a block past its own limit of 0 s ran")
            return
        }
        #expect(own.message.text.contains("the query took longer than 0 s"), "\(own.message.text)")
        // A block stopped by the page's bound (1 ms) says the note's time, not its own, was spent.
        guard case .failure(let stopped) = QueryBlockOutcome.run(Array(blocks.prefix(1)), index: fresh, options: options, pageLimit: 0.001).first else {
            Issue.record("600 notes were read within 1 ms")
            return
        }
        #expect(stopped.message.text.contains("took longer than 0 s together"), "\(stopped.message.text)")
        #expect(stopped.line == 3)
        let ran = QueryBlockOutcome.run(blocks, index: fresh, options: options, pageLimit: 60)
        let found = ran.map { outcome -> [String] in
            guard case .result(let result) = outcome else { return [] }
            return result.rows.map(\.path.description).sorted()
        }
        #expect(found[1] == ["archive/gamma.md"])
        #expect(found[0].count == 602 && found[0].prefix(2) == ["projects/alpha.md", "projects/beta.md"])
    }

    @Test(
        "a pattern that could backtrack without end matches nothing at once",
        arguments: ["(a+)+b", "(a*)*b", "(a|aa){2,}b", "(.*a){20}", "(a)\\1", "((a+))+"])
    func catastrophicPattern(_ pattern: String) {
        #expect(QueryEvaluator.mayBacktrackWithoutEnd(pattern))
        #expect(!QueryEvaluator.regex(pattern, String(repeating: "a", count: 40), whole: false))
    }

    @Test("ordinary patterns still match", arguments: ["^2026-", "[a-z]+@[a-z]+", "(draft|review)", "a+b", "(ab)+", "x{2,3}"])
    func ordinaryPattern(_ pattern: String) {
        #expect(!QueryEvaluator.mayBacktrackWithoutEnd(pattern))
    }
}
