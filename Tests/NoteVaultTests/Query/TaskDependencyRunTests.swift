import Foundation
import Testing

@testable import NoteVault

/// Obsidian Tasks blocks that ask for the heading a task is under and for dependencies between
/// tasks (`🆔`, `⛔`), run over a real index: blocked and blocking are decided over every task of
/// the vault, not only the tasks a block's other filters keep.
@Suite("Task headings and dependencies over the index")
struct TaskDependencyRunTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(
            "plan/launch.md",
            VaultSandbox.noteText(
                title: "Launch",
                body: """
                    # Launch

                    ## Build
                    - [ ] design the box 🆔 design
                    - [ ] build it ⛔ design 🆔 build
                    - [x] order parts 🆔 parts ✅ 2026-11-10
                    - [ ] assemble ⛔ parts

                    ```sh
                    # not a heading
                    ```
                    - [ ] ship ⛔ build,missing

                    ## Later
                    - [ ] celebrate

                    """))
        try sandbox.write("other/later.md", VaultSandbox.noteText(title: "Later", body: "- [ ] write the manual ⛔ design\n"))
        try sandbox.write(
            "other/cycle.md", VaultSandbox.noteText(title: "Cycle", body: "### Loop\n- [ ] first ⛔ second 🆔 first\n- [ ] second ⛔ first 🆔 second\n"))
        try sandbox.write(
            "other/dataview.md", VaultSandbox.noteText(title: "Dataview", body: "- [ ] draft [id:: dv1]\n- [ ] review the draft [dependsOn:: dv1]\n"))
    }

    /// The summaries of the tasks a Tasks block keeps, sorted.
    func summaries(_ block: String) throws -> [String] {
        try run(block).rows.compactMap(\.task?.summary).sorted()
    }

    func run(_ block: String) throws -> QueryResult {
        let query = try QueryParser.parse(block, language: .tasks, note: NotePath(trusted: "plan/launch.md"))
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone, note: NotePath(trusted: "plan/launch.md"))
        options.timeLimit = 30
        return try sandbox.openIndex().run(query, options: options)
    }

    @Test(
        "dependency filters follow Tasks' rules over the whole vault",
        arguments: [
            ("is blocked", ["build it", "first", "review the draft", "second", "ship", "write the manual"]),
            ("is not blocked\nnot done", ["assemble", "celebrate", "design the box", "draft"]),
            ("is blocking", ["build it", "design the box", "draft", "first", "second"]),
            ("is not blocking\npath includes plan", ["assemble", "celebrate", "order parts", "ship"]),
            ("has id\npath includes plan", ["build it", "design the box", "order parts"]),
            ("no id\npath includes plan", ["assemble", "celebrate", "ship"]),
            ("has depends on\npath includes other", ["first", "review the draft", "second", "write the manual"]),
            ("no depends on\npath includes other", ["draft"]),
            ("id includes SECOND", ["second"]),
            // The task it waits for is in a note this block leaves out: still blocked.
            ("path includes other/later\nis blocked", ["write the manual"]),
        ] as [(String, [String])])
    func dependencies(_ block: String, _ expected: [String]) throws {
        #expect(try summaries(block) == expected)
    }

    @Test(
        "heading filters look at the nearest heading above the task, never one in a code block",
        arguments: [
            ("heading includes build", ["assemble", "build it", "design the box", "order parts", "ship"]),
            ("heading does not include build\npath includes plan", ["celebrate"]),
            ("heading regex matches /^L/", ["celebrate", "first", "second"]),
            ("heading includes not a heading", []),
        ] as [(String, [String])])
    func headings(_ block: String, _ expected: [String]) throws {
        #expect(try summaries(block) == expected)
    }

    @Test("group by heading puts tasks without one under (No heading); sort by heading orders them")
    func groupAndSort() throws {
        let grouped = try run("path includes other\ngroup by heading")
        var byGroup: [String: [String]] = [:]
        for row in grouped.rows {
            guard case .text(let name)? = row.group, let task = row.task else { continue }
            byGroup[name, default: []].append(task.summary)
        }
        #expect(byGroup["(No heading)"]?.sorted() == ["draft", "review the draft", "write the manual"])
        #expect(byGroup["Loop"]?.sorted() == ["first", "second"])
        let sorted = try run("path includes plan\nsort by heading reverse").rows.compactMap(\.task?.heading)
        #expect(sorted == ["Later"] + Array(repeating: "Build", count: 5))
    }

    @Test("the index keeps each task's heading, id and dependencies")
    func indexedFields() throws {
        let tasks = try sandbox.openIndex().tasks(in: NotePath(trusted: "plan/launch.md"))
        let build = try #require(tasks.first { $0.summary == "build it" })
        #expect(build.heading == "Build")
        #expect(build.id == "build")
        #expect(build.dependsOn == ["design"])
        let ship = try #require(tasks.first { $0.summary == "ship" })
        #expect(ship.heading == "Build")
        #expect(ship.dependsOn == ["build", "missing"])
    }
}
