import EnoteTestSupport
import Foundation
import Testing

/// `enote query 'QUERY'`, `enote query NAME`, `enote query --in NOTE` and `--save NAME`, through
/// the binary (issue 39): a table in the terminal, the JSON form, the blocks of a note each with
/// its result or its error, errors with their place and status 1, saved queries.
@Suite("enote query")
struct QueryCommandTests {
    let vault: TemporaryVault

    /// The note of the blocks, with the line of each opening fence.
    static let dashboard = """
        ---
        title: Dashboard
        ---
        # Dashboard

        ```enote
        table status, rating from folder projects sort title
        ```

        ```dataview
        TABLE x FLATTEN file.tasks AS t
        ```

        ```dataview
        LIST WHERE any(file.tasks, (t) => !t.completed)
        ```

        ```enote
        table status
        where status =
        ```

        ```tasks
        not done
        path includes projects
        ```

        """
    /// The opening fences of ``dashboard``.
    static let fences = [6, 10, 14, 18, 23]

    init() throws {
        vault = try TemporaryVault(sample: false)
        try vault.write(
            "projects/alpha.md",
            "---\ntitle: Alpha\nstatus: active\nrating: 8\ntags: [work]\n---\nThe plan.\n\n- [ ] write the plan 📅 2026-11-20\n- [x] kick off\n")
        try vault.write("projects/beta.md", "---\ntitle: Beta\nstatus: done\nrating: 5\n---\nLinks to [[alpha]].\n")
        try vault.write("home.md", "---\ntitle: Home\nstatus: active\n---\n- [ ] water the garden\n")
        try vault.write("dashboard.md", Self.dashboard)
    }

    /// The files in `.enote/queries`.
    func savedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: vault.url(".enote/queries").path)) ?? []).sorted()
    }

    // MARK: - A query

    @Test("a table query prints a table: a heading line, then a row a note in order")
    func table() throws {
        let result = try vault.run("query", "table status, rating from folder projects sort title")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines == [["Title", "status", "rating"], ["Alpha", "active", "8"], ["Beta", "done", "5"]], "\(result)")
    }

    @Test("a list query lists the notes it keeps; a query that keeps none says so")
    func listAndNothing() throws {
        let list = try vault.run("query", "list where status = \"active\" sort title")
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["Title", "Alpha", "Home"], "\(list)")
        let none = try vault.run("query", "list where status = \"nothing like it\"")
        #expect(none.status == 0, "\(none)")
        #expect(none.stdout.isEmpty, "\(none)")
        #expect(none.stderr.contains("Nothing matches the query"), "\(none)")
    }

    @Test("--json: language, view, columns, rows with path, title, values and group, total")
    func json() throws {
        let result = try vault.run("query", "--json", "table status, rating from folder projects sort title limit 1")
        #expect(result.status == 0, "\(result)")
        #expect(JSONOutput.keyOrder(result.stdout, indent: "  ") == ["language", "view", "columns", "rows", "tasks", "groups", "calendar", "total", "hints", "warnings"])
        let object = try JSONOutput.object(result)
        #expect(object["language"] as? String == "enote")
        #expect(object["view"] as? String == "table")
        #expect(object["columns"] as? [String] == ["status", "rating"])
        #expect(object["total"] as? Int == 2, "total counts the rows before the limit")
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(Set(row.keys) == ["path", "title", "values", "group"])
        #expect(row["path"] as? String == "projects/alpha.md")
        #expect(row["title"] as? String == "Alpha")
        let values = try #require(row["values"] as? [Any])
        #expect(values.count == 2)
        #expect(values.first as? String == "active")
        #expect((values.last as? NSNumber)?.intValue == 8)
        #expect(row["group"] is NSNull)
        #expect((object["tasks"] as? [Any])?.isEmpty == true)
    }

    @Test("--json on a DQL query names its group for each row")
    func jsonGroups() throws {
        let result = try vault.run("query", "--json", "TABLE rating FROM \"projects\" GROUP BY status")
        #expect(result.status == 0, "\(result)")
        let object = try JSONOutput.object(result)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(Set(rows.compactMap { "\($0["path"] ?? ""):\($0["group"] ?? "")" }) == ["projects/alpha.md:active", "projects/beta.md:done"])
        #expect(object["groups"] as? [String] == ["active", "done"])
    }

    @Test("--json on a task query gives each task with its note's path and line")
    func jsonTasks() throws {
        let result = try vault.run("query", "--json", "tasks from folder projects where !completed")
        #expect(result.status == 0, "\(result)")
        let object = try JSONOutput.object(result)
        #expect(object["view"] as? String == "tasks")
        #expect((object["rows"] as? [Any])?.isEmpty == true)
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        #expect(tasks.count == 1, "\(result)")
        let task = try #require(tasks.first)
        #expect(task["path"] as? String == "projects/alpha.md")
        #expect(task["line"] as? Int == 9)
        #expect(task["summary"] as? String == "write the plan")
        #expect(task["done"] as? Bool == false)
        #expect(task["due"] as? String == "2026-11-20")
        for key in ["text", "scheduled", "start", "completed", "priority", "tags", "group"] {
            #expect(task.keys.contains(key), "\(key) in \(task)")
        }
    }

    @Test("an Obsidian Tasks block given with --language tasks runs as one")
    func tasksLanguage() throws {
        let result = try vault.run("query", "--json", "--language", "tasks", "not done\npath includes projects")
        #expect(result.status == 0, "\(result)")
        let object = try JSONOutput.object(result)
        #expect(object["language"] as? String == "tasks")
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        #expect(tasks.map { "\($0["path"] ?? ""):\($0["line"] ?? "")" } == ["projects/alpha.md:9"], "\(result)")
    }

    // MARK: - Errors

    @Test(
        "a query that cannot be read exits with status 1 and names its line and column",
        arguments: [
            ("table status where status =", "line 1, column 28"),
            ("tabel status", "line 1, column 1"),
            ("list\nwhere (a = 1", "line 2, column 13"),
            ("list where status = \"open", "line 1, column 21"),
        ])
    func badQuery(_ text: String, _ place: String) throws {
        let result = try vault.run("query", text)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(place), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test("--json on a bad query prints the error as an object on stdout, with status 1")
    func badQueryJSON() throws {
        let result = try vault.run("query", "--json", "table status where status =")
        #expect(result.status == 1, "\(result)")
        let object = try JSONOutput.object(result)
        #expect(Array(object.keys) == ["error"], "\(result)")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["line"] as? Int == 1)
        #expect(error["column"] as? Int == 28)
        #expect((error["length"] as? Int ?? 0) >= 1)
        #expect(error["unsupported"] as? Bool == false)
        #expect((error["message"] as? String)?.contains("expected a value") == true, "\(error)")
        #expect(result.stderr.contains("line 1, column 28"), "\(result)")
    }

    @Test("what enote does not run is refused as such, with status 1")
    func unsupportedQuery() throws {
        let result = try vault.run("query", "--json", "TABLE x FLATTEN file.tasks AS t")
        #expect(result.status == 1, "\(result)")
        let error = try #require(try JSONOutput.object(result)["error"] as? [String: Any])
        #expect(error["unsupported"] as? Bool == true, "\(error)")
        #expect(error["column"] as? Int == 9)
    }

    @Test("a huge query is refused with a message, not run")
    func hugeQuery() throws {
        let text = "list where " + Array(repeating: "a = 1", count: 4000).joined(separator: " or ")
        let result = try vault.run("query", text)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("line 1, column 1") && result.stderr.contains("16384"), "\(result)")
    }

    // MARK: - The blocks of a note

    @Test("--in NOTE --json: one element a block, with its line, language and result or error")
    func blocksJSON() throws {
        let result = try vault.run("query", "--in", "dashboard", "--json")
        #expect(result.status == 0, "\(result)")
        let blocks = try JSONOutput.array(result)
        #expect(blocks.compactMap { $0["line"] as? Int } == Self.fences, "\(result)")
        #expect(blocks.compactMap { $0["language"] as? String } == ["enote", "dataview", "dataview", "enote", "tasks"])
        for block in blocks {
            #expect((block["result"] == nil) != (block["error"] == nil), "a result or an error: \(block)")
        }
        // The table block.
        let table = try #require(blocks[0]["result"] as? [String: Any])
        #expect((table["rows"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == ["projects/alpha.md", "projects/beta.md"])
        // FLATTEN and a lambda: marked unsupported, at their place in the note.
        let flatten = try #require(blocks[1]["error"] as? [String: Any])
        #expect(flatten["unsupported"] as? Bool == true, "\(flatten)")
        #expect(flatten["line"] as? Int == 11)
        let lambda = try #require(blocks[2]["error"] as? [String: Any])
        #expect(lambda["unsupported"] as? Bool == true, "\(lambda)")
        #expect(lambda["line"] as? Int == 15)
        // A mistake: not unsupported, on the note's line.
        let mistake = try #require(blocks[3]["error"] as? [String: Any])
        #expect(mistake["unsupported"] as? Bool == false, "\(mistake)")
        #expect(mistake["line"] as? Int == 20)
        // The Tasks block.
        let tasks = try #require(blocks[4]["result"] as? [String: Any])
        #expect((tasks["tasks"] as? [[String: Any]])?.map { "\($0["path"] ?? ""):\($0["line"] ?? "")" } == ["projects/alpha.md:9"], "\(tasks)")
    }

    @Test("--in NOTE in the terminal: each block under its place, errors said in place")
    func blocksTerminal() throws {
        let result = try vault.run("query", "--in", "dashboard")
        #expect(result.status == 0, "\(result)")
        for fence in Self.fences {
            #expect(result.stdout.contains("dashboard.md:\(fence) ("), "\(fence) in \(result)")
        }
        #expect(result.stdout.contains("cannot run: line 11, column"), "\(result)")
        #expect(result.stdout.contains("error: line 20, column"), "\(result)")
        #expect(result.stdout.contains("Alpha") && result.stdout.contains("write the plan"), "\(result)")
    }

    @Test("--in a note without blocks says so; --json gives an empty array")
    func noBlocks() throws {
        let text = try vault.run("query", "--in", "home")
        #expect(text.status == 0, "\(text)")
        #expect(text.stderr.contains("has no query blocks"), "\(text)")
        let json = try vault.run("query", "--in", "home", "--json")
        #expect(json.status == 0, "\(json)")
        #expect(try JSONOutput.array(json).isEmpty)
    }

    // MARK: - Saved queries

    @Test("--save NAME writes .enote/queries/NAME.enote; enote query NAME runs it")
    func saveAndRun() throws {
        let save = try vault.run("query", "--save", "projects", "list from folder projects sort title")
        #expect(save.status == 0, "\(save)")
        #expect(savedFiles() == ["projects.enote"])
        #expect(try vault.text(".enote/queries/projects.enote") == "list from folder projects sort title\n")
        let run = try vault.run("query", "projects")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["Title", "Alpha", "Beta"], "\(run)")
        let json = try vault.run("query", "projects", "--json")
        #expect(try JSONOutput.object(json)["view"] as? String == "list", "\(json)")
    }

    @Test("--save with --language tasks saves a Tasks block as NAME.tasks, and it runs as one")
    func saveTasks() throws {
        let save = try vault.run("query", "--save", "open", "--language", "tasks", "not done\npath includes projects")
        #expect(save.status == 0, "\(save)")
        #expect(savedFiles() == ["open.tasks"])
        let run = try vault.run("query", "open", "--json")
        #expect(run.status == 0, "\(run)")
        let tasks = try #require(try JSONOutput.object(run)["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["path"] as? String } == ["projects/alpha.md"], "\(run)")
    }

    @Test("--save refuses a query that cannot be read, and writes nothing")
    func saveRefusesBadQuery() throws {
        let result = try vault.run("query", "--save", "broken", "table status where status =")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("line 1, column 28"), "\(result)")
        #expect(savedFiles().isEmpty, "\(savedFiles())")
    }

    @Test("--save refuses a name that is taken, and leaves the saved query as it was")
    func saveRefusesTakenName() throws {
        #expect(try vault.run("query", "--save", "mine", "list from #work").status == 0)
        let again = try vault.run("query", "--save", "mine", "table status")
        #expect(again.status != 0, "\(again)")
        #expect(again.stderr.contains("saved already"), "\(again)")
        #expect(try vault.text(".enote/queries/mine.enote") == "list from #work\n")
        #expect(savedFiles() == ["mine.enote"])
    }

    @Test("--save refuses a name that is not a plain name")
    func saveRefusesBadName() throws {
        for name in ["../escape", "a/b", ".hidden"] {
            let result = try vault.run("query", "--save", name, "list")
            #expect(result.status != 0, "\(name): \(result)")
        }
        #expect(savedFiles().isEmpty)
        #expect(!vault.exists(".enote/escape.enote") && !FileManager.default.fileExists(atPath: vault.root.deletingLastPathComponent().appendingPathComponent("escape.enote").path))
    }

    @Test("an unknown saved name lists the saved ones")
    func unknownName() throws {
        let none = try vault.run("query", "nosuch")
        #expect(none.status != 0, "\(none)")
        #expect(none.stderr.contains("no saved query named \"nosuch\"") && none.stderr.contains("none yet"), "\(none)")
        #expect(try vault.run("query", "--save", "first", "list").status == 0)
        #expect(try vault.run("query", "--save", "second", "--language", "tasks", "done").status == 0)
        let unknown = try vault.run("query", "nosuch")
        #expect(unknown.status != 0, "\(unknown)")
        #expect(unknown.stderr.contains("there are: first, second"), "\(unknown)")
        #expect(unknown.stdout.isEmpty)
    }
}
