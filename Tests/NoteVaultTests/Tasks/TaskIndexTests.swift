import Foundation
import Testing

@testable import NoteVault

/// The `tasks` table: filled as notes are indexed, following every change of a note (an edit by
/// hand, a toggle, a removal), and the one query every front end lists tasks with (RELIABILITY
/// row 112).
@Suite("Tasks in the index")
struct TaskIndexTests {
    let sandbox: VaultSandbox
    /// The sandbox's day: 2026-11-18.
    let today = CalendarDay(VaultSandbox.now, in: VaultSandbox.timeZone)

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(
            "work/plan.md",
            VaultSandbox.noteText(
                title: "Plan", body: "- [ ] overdue 📅 2026-11-10 #work\n- [ ] today 📅 2026-11-18\n- [x] done 📅 2026-11-18\n- [ ] undated #home\n",
                extra: ["color: red"]))
        try sandbox.write(
            "home.md",
            VaultSandbox.noteText(title: "Home", body: "- [ ] in six days due:2026-11-24 #home/garden\n- [ ] in seven days 📅 2026-11-25\n"))
        try sandbox.write("code.md", VaultSandbox.noteText(title: "Code", body: "```\n- [ ] not a task 📅 2026-11-18\n```\n"))
    }

    func query(_ configure: (inout TaskQuery) throws -> Void = { _ in }) throws -> [String] {
        var query = TaskQuery(notes: NoteFilter(now: VaultSandbox.now), today: today)
        try configure(&query)
        return try sandbox.openIndex().tasks(query).map { "\($0.path):\($0.line) \($0.summary)" }
    }

    @Test("open tasks by default, by due date (undated last), then note, then line")
    func openByDue() throws {
        #expect(
            try query() == [
                "work/plan.md:6 overdue #work", "work/plan.md:7 today", "home.md:5 in six days #home/garden", "home.md:6 in seven days",
                "work/plan.md:9 undated #home",
            ])
        #expect(try query { $0.status = .done } == ["work/plan.md:8 done"])
        #expect(try query { $0.status = .all }.count == 6)
    }

    @Test(
        "due filters count from today",
        arguments: [
            ("today", ["work/plan.md:7 today"]), ("overdue", ["work/plan.md:6 overdue #work"]),
            ("7d", ["work/plan.md:6 overdue #work", "work/plan.md:7 today", "home.md:5 in six days #home/garden"]),
            ("1w", ["work/plan.md:6 overdue #work", "work/plan.md:7 today", "home.md:5 in six days #home/garden"]),
            ("2026-11-25", ["home.md:6 in seven days"]),
        ])
    func due(_ text: String, _ expected: [String]) throws {
        #expect(try query { $0.due = try TaskQuery.Due(parsing: text) } == expected)
    }

    @Test("a due filter that is not one says what is", arguments: ["soon", "0d", "-3d", "2026-13-01", ""])
    func badDue(_ text: String) {
        #expect(throws: TaskQuery.Due.Problem.self) { try TaskQuery.Due(parsing: text) }
    }

    @Test("tags of the task's text, nested ones too; note filters as list has them")
    func filters() throws {
        #expect(try query { $0.tags = ["home"] } == ["home.md:5 in six days #home/garden", "work/plan.md:9 undated #home"])
        #expect(try query { $0.tags = ["HOME/Garden"] } == ["home.md:5 in six days #home/garden"])
        #expect(try query { $0.tags = ["hom"] } == [])
        #expect(try query { $0.notes.color = .palette(.red) }.count == 3)
        #expect(try query { $0.notes.folder = NotePath(trusted: "work") }.count == 3)
        #expect(try query { $0.notes.fields = [("title", "home")] }.count == 2)
        #expect(try query { $0.limit = 1 } == ["work/plan.md:6 overdue #work"])
    }

    @Test("a task line edited by hand while indexed: the next look at the vault sees the new line")
    func editedByHand() throws {
        #expect(try query { $0.due = .today } == ["work/plan.md:7 today"])
        let text = try #require(sandbox.text("work/plan.md"))
        try sandbox.write("work/plan.md", text.replacingOccurrences(of: "- [ ] today 📅 2026-11-18", with: "- [x] today 📅 2026-11-18\n- [ ] added ⏳ 2026-11-19 📅 2026-11-18"))
        #expect(try query { $0.due = .today } == ["work/plan.md:8 added"])
        #expect(try query { $0.status = .done; $0.due = .today }.count == 2)
        try sandbox.write("work/plan.md", "no tasks now\n")
        #expect(try query { $0.notes.folder = NotePath(trusted: "work") } == [])
        try Syscall.unlink(sandbox.path("home.md"))
        #expect(try query() == [])
    }

    @Test("the note's path, title and revision a task carries follow a move, a new title and an edit; a note past its destroy date lists none")
    func noteFieldsFollowTheNote() throws {
        let index = try sandbox.openIndex()
        try Syscall.rename(sandbox.path("work/plan.md"), sandbox.path("work/moved.md"))
        try sandbox.write("home.md", VaultSandbox.noteText(title: "Garden", body: "- [ ] in six days due:2026-11-24 #home/garden\n"))
        try index.synchronize()

        let tasks = try index.tasks(TaskQuery(notes: NoteFilter(now: VaultSandbox.now), today: today))
        #expect(tasks.map { "\($0.path):\($0.line) \($0.noteTitle ?? "-")" } == ["work/moved.md:6 Plan", "work/moved.md:7 Plan", "home.md:5 Garden", "work/moved.md:9 Plan"])
        let vault = try sandbox.vault()
        for task in tasks {
            #expect(task.noteRevision == (try vault.read(task.path).revision), "\(task.path)")
        }

        try sandbox.write("work/moved.md", VaultSandbox.noteText(title: "Plan", body: "- [ ] overdue 📅 2026-11-10\n", extra: ["destroy: 2026-11-01"]))
        try index.synchronize()
        #expect(try query() == ["home.md:5 in six days #home/garden"])
        #expect(try query { $0.notes.includePendingExpiry = true } == ["work/moved.md:6 overdue", "home.md:5 in six days #home/garden"])
    }

    @Test("a task from the index carries its note's revision, which a toggle accepts until the note changes")
    func revision() throws {
        let index = try sandbox.openIndex()
        let task = try #require(try index.tasks(in: NotePath(trusted: "work/plan.md")).first)
        #expect(task.noteRevision == (try sandbox.vault().read(NotePath(trusted: "work/plan.md")).revision))
        _ = try sandbox.vault().setTask(in: task.path, line: task.line, done: true, revision: task.noteRevision)
        #expect(throws: VaultError.self) { try sandbox.vault().setTask(in: task.path, line: 7, done: true, revision: task.noteRevision) }
    }

    @Test("a toggle through the vault is what the index lists next")
    func toggleThenList() throws {
        _ = try sandbox.openIndex()
        _ = try sandbox.vault().setTask(in: NotePath(trusted: "work/plan.md"), line: 7, done: true)
        #expect(try query { $0.due = .today } == [])
        #expect(try query { $0.status = .done; $0.due = .today } == ["work/plan.md:7 today", "work/plan.md:8 done"])
    }

    @Test("invalid dates are kept with the task and its note")
    func problems() throws {
        try sandbox.write("bad.md", "- [ ] fix 📅 2026-11-31\n")
        let index = try sandbox.openIndex()
        let task = try #require(try index.tasks(in: NotePath(trusted: "bad.md")).first)
        #expect(task.problems.map(\.location) == ["bad.md:1:11"])
        #expect(task.due == nil)
        #expect(try index.note(at: NotePath(trusted: "bad.md"))?.diagnostics == task.problems)
    }

    @Test("nested tasks keep their parent; fields come back from the index as written")
    func roundTrip() throws {
        try sandbox.write("n.md", "- [ ] a 🔼 ⏳ 2026-11-20 🛫 2026-11-19\n  - [x] b #x ✅ 2026-11-17\n")
        let tasks = try sandbox.openIndex().tasks(in: NotePath(trusted: "n.md"))
        let extracted = TaskExtractor.tasks(in: NoteContent(bytes: try #require(sandbox.bytes("n.md")), path: "n.md"), path: NotePath(trusted: "n.md"))
        #expect(tasks.count == 2)
        #expect(tasks[1].parentLine == 1)
        for (stored, read) in zip(tasks, extracted) {
            var read = read
            read.place = nil
            read.noteTitle = stored.noteTitle
            read.noteRevision = stored.noteRevision
            #expect(stored == read)
        }
    }
}
