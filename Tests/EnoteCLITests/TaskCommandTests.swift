import EnoteTestSupport
import Foundation
import Testing

/// `enote tasks`, `enote task done|undone` and the refusals of a task change, through the binary
/// (RELIABILITY rows 110 to 112). Due dates are written relative to the day the test runs (TZ is
/// UTC), so no test depends on the date.
@Suite("enote tasks and enote task")
struct TaskCommandTests {
    let vault: TemporaryVault
    let today: String
    let plan: String

    /// A day `offset` days from today, as `YYYY-MM-DD` in UTC.
    static func day(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
    }

    init() throws {
        vault = try TemporaryVault(sample: false)
        today = Self.day(0)
        plan = """
            ---
            title: Plan
            color: red
            status: active
            ---
            - [ ] late 📅 \(Self.day(-3)) #work
            - [ ] now 📅 \(today)
            - [x] finished 📅 \(today) ✅ \(today)
            - [ ] someday #home

            ```
            - [ ] in code 📅 \(today)
            ```

            """
        try vault.write("work/plan.md", plan)
        try vault.write("home.md", "---\ntitle: Home\n---\n- [ ] soon due:\(Self.day(6)) #home/garden\n- [ ] later 📅 \(Self.day(7))\n")
    }

    @Test("open tasks by due date, overdue and today marked, NOTE:LINE to act on")
    func table() throws {
        let result = try vault.run("tasks")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result)")
        #expect(lines[0].hasPrefix("[ ]  \(Self.day(-3))  overdue  late #work") && lines[0].hasSuffix("work/plan.md:6"), "\(result)")
        #expect(lines[1].hasPrefix("[ ]  \(today)  today    now") && lines[1].hasSuffix("work/plan.md:7"), "\(result)")
        #expect(lines[2].contains("soon #home/garden") && lines[2].hasSuffix("home.md:4"), "\(result)")
        #expect(lines[3].contains("later") && lines[3].hasSuffix("home.md:5"), "\(result)")
        #expect(lines[4].contains("someday #home") && lines[4].hasSuffix("work/plan.md:9"), "\(result)")
        #expect(!result.stdout.contains("in code"))
    }

    @Test("the terminal view in Russian")
    func russian() throws {
        let result = try vault.run("tasks", "--due", "today", "--lang", "ru")
        #expect(result.stdout.contains("сегодня"), "\(result)")
    }

    @Test(
        "filters: status, due, tag, and the note filters list has",
        arguments: [
            (["--done"], ["work/plan.md:8"]),
            (["--all"], ["work/plan.md:6", "work/plan.md:7", "work/plan.md:8", "home.md:4", "home.md:5", "work/plan.md:9"]),
            (["--due", "today"], ["work/plan.md:7"]),
            (["--due", "overdue"], ["work/plan.md:6"]),
            (["--due", "7d"], ["work/plan.md:6", "work/plan.md:7", "home.md:4"]),
            (["--tag", "home"], ["home.md:4", "work/plan.md:9"]),
            (["--in", "work"], ["work/plan.md:6", "work/plan.md:7", "work/plan.md:9"]),
            (["--where", "status=active"], ["work/plan.md:6", "work/plan.md:7", "work/plan.md:9"]),
            (["--color", "red", "--due", "overdue"], ["work/plan.md:6"]),
            (["--color", "blue"], []),
            (["--limit", "1"], ["work/plan.md:6"]),
        ])
    func filters(_ arguments: [String], _ places: [String]) throws {
        let result = try vault.run(["tasks", "--json"] + arguments)
        #expect(result.status == 0, "\(result)")
        let tasks = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
        #expect(tasks.map { "\($0["path"]!):\($0["line"]!)" } == places, "\(result)")
    }

    @Test("the JSON fields are stable")
    func json() throws {
        let result = try vault.run("tasks", "--json", "--all", "--in", "work", "--limit", "3")
        let tasks = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
        let first = try #require(tasks.first)
        #expect(
            Set(first.keys) == ["path", "title", "line", "text", "summary", "done", "due", "scheduled", "start", "completed", "priority", "tags", "parent_line", "heading", "id", "depends_on", "warnings", "revision"])
        #expect(first["title"] as? String == "Plan")
        #expect((first["revision"] as? String)?.count == 16, "the note's revision, as the web page and enote mcp send it back")
        #expect(first["text"] as? String == "late 📅 \(Self.day(-3)) #work")
        #expect(first["summary"] as? String == "late #work")
        #expect(first["tags"] as? [String] == ["work"])
        #expect(first["due"] as? String == Self.day(-3))
        #expect(first["scheduled"] is NSNull)
        #expect(tasks[2]["completed"] as? String == today)
        #expect(tasks[2]["done"] as? Bool == true)
        // Keys in the documented order.
        let text = result.stdout
        let order = ["\"path\"", "\"title\"", "\"line\"", "\"text\"", "\"summary\"", "\"done\"", "\"due\"", "\"scheduled\"", "\"start\"", "\"completed\"", "\"priority\"", "\"tags\"", "\"parent_line\"", "\"heading\"", "\"id\"", "\"depends_on\"", "\"warnings\"", "\"revision\""]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    @Test("a task date that is not a day is a warning naming file:line:column, and the task is still listed")
    func invalidDate() throws {
        try vault.write("bad.md", "- [ ] fix 📅 2026-02-30\n")
        let result = try vault.run("tasks", "--json")
        #expect(result.status == 0)
        #expect(result.stderr.contains("enote: warning: bad.md:1:11: \"2026-02-30\" after 📅 is not a date"), "\(result)")
        #expect(result.stdout.contains("\"bad.md:1:11: \\\"2026-02-30\\\" after 📅 is not a date"), "\(result)")
    }

    @Test("usage mistakes are refused with status 2", arguments: [["tasks", "--due", "soon"], ["tasks", "--done", "--all"], ["tasks", "--in", "../x"], ["task", "done", "plan"], ["task", "done", "plan:0"]])
    func usage(_ arguments: [String]) throws {
        let result = try vault.run(arguments)
        #expect(result.status == 2, "\(result)")
    }

    @Test("task done and undone change one byte; the listing follows")
    func doneAndUndone() throws {
        let before = try vault.bytes("work/plan.md")
        let done = try vault.run("task", "done", "plan:7")
        #expect(done.status == 0, "\(done)")
        #expect(done.stderr.contains("Done: now (work/plan.md:7)"), "\(done)")
        let after = try vault.bytes("work/plan.md")
        #expect(after.count == before.count && zip(before, after).filter { $0 != $1 }.count == 1)
        #expect(try vault.run("tasks", "--due", "today").stdout.isEmpty)
        let again = try vault.run("task", "done", "work/plan.md:7")
        #expect(again.status == 0 && again.stderr.contains("Already done"), "\(again)")
        #expect(try vault.run("task", "undone", "work/plan.md:7").status == 0)
        #expect(try vault.bytes("work/plan.md") == before)
    }

    @Test("task_done_date adds ✅ and today")
    func doneDate() throws {
        try vault.write(".enote/config", "task_done_date = true\n")
        #expect(try vault.run("task", "done", "home:5").status == 0)
        #expect(try vault.text("home.md").contains("- [x] later 📅 \(Self.day(7)) ✅ \(today)\n"))
    }

    @Test("a line that no longer holds the task: exit 3 and nothing written", arguments: ["plan:1", "plan:10", "plan:12", "plan:99"])
    func gone(_ place: String) throws {
        let result = try vault.run("task", "done", place)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("holds no task"), "\(result)")
        #expect(try vault.text("work/plan.md") == plan)
    }

    /// RELIABILITY row 111: while `enote edit` has the note open in `$EDITOR`, a toggle from
    /// another command is refused; the editor's text is saved when it quits, nothing is lost.
    @Test("a toggle of a note being edited in $EDITOR is refused; the edit is saved whole")
    func whileEditing() throws {
        let out = vault.base.appendingPathComponent("toggle").path
        let editor = try vault.script(
            "editor.sh",
            """
            printf 'Typed in the editor.\\n' >> "$1"
            "\(EnoteProcess.executable.path)" --vault "\(vault.root.path)" task done plan:7 > "\(out).out" 2> "\(out).err"
            echo $? > "\(out).status"
            """)
        let result = try vault.run(["edit", "plan"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOfFile: out + ".status", encoding: .utf8) == "1\n")
        let refusal = try String(contentsOfFile: out + ".err", encoding: .utf8)
        #expect(refusal.contains("work/plan.md is open in enote edit (pid "), "\(refusal)")
        let text = try vault.text("work/plan.md")
        #expect(text.hasSuffix("```\nTyped in the editor.\n"), "\(text)")
        #expect(text.contains("- [ ] now 📅 \(today)\n"), "the task is as it was")
        // Once the editor is closed the toggle goes through.
        #expect(try vault.run("task", "done", "plan:7").status == 0)
    }

    @Test("list and search take --in too")
    func listIn() throws {
        let result = try vault.run("list", "--in", "work/", "--json")
        let notes = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
        #expect(notes.map { $0["path"] as? String } == ["work/plan.md"], "\(result)")
        #expect(try vault.run("list", "--in", "/etc").status == 2)
    }
}
