import Foundation
import Testing

@testable import NoteVault

/// The heading a task is under and its dependency fields (`🆔`, `⛔`, Dataview's `[id:: …]` and
/// `[dependsOn:: …]`), read from a note as the index reads it.
@Suite("Task headings and dependency fields")
struct TaskHeadingDependencyTests {
    static func tasks(_ text: String) -> [NoteTask] { TaskExtractorTests.tasks(text) }

    @Test("each task carries the nearest heading above it; headings in code blocks do not count")
    func headings() {
        let text = """
            - [ ] before any heading
            # Top
            - [ ] under top
            ## Second level ##
            - [ ] under second
              - [ ] nested under second
            ```
            # a comment in code
            ```
            - [ ] still under second

            Setext heading
            ---
            - [ ] under setext
            """
        let read = Self.tasks(text).map { "\($0.summary)|\($0.heading ?? "-")" }
        #expect(
            read == [
                "before any heading|-", "under top|Top", "under second|Second level", "nested under second|Second level",
                "still under second|Second level", "under setext|Setext heading",
            ])
    }

    @Test(
        "ids and dependencies in Tasks' emoji and Dataview's forms, left out of the summary",
        arguments: [
            ("- [ ] a 🆔 abc-1", "abc-1", [], "a"),
            ("- [ ] a ⛔ x,y_2", nil, ["x", "y_2"], "a"),
            ("- [ ] a ⛔ x , y 🆔 me #tag", "me", ["x", "y"], "a #tag"),
            ("- [ ] a ⛔️ x", nil, ["x"], "a"),
            ("- [ ] a [id:: dv1] [dependsOn:: p, q]", "dv1", ["p", "q"], "a"),
            ("- [ ] a (id:: dv2)", "dv2", [], "a"),
            ("- [ ] a 🆔", nil, [], "a 🆔"),
            ("- [ ] a `🆔 code`", nil, [], "a `🆔 code`"),
            ("- [ ] a [id:: unclosed", nil, [], "a [id:: unclosed"),
        ] as [(String, String?, [String], String)])
    func dependencyFields(_ line: String, _ id: String?, _ dependsOn: [String], _ summary: String) throws {
        let task = try #require(Self.tasks(line).first)
        #expect(task.id == id)
        #expect(task.dependsOn == dependsOn)
        #expect(task.summary == summary)
    }

    @Test("a dependency cycle is read and decided without looping")
    func cycle() {
        let tasks = Self.tasks("- [ ] a 🆔 a ⛔ b\n- [ ] b 🆔 b ⛔ a\n- [x] c 🆔 c ⛔ a\n")
        var dependencies = TaskDependencies()
        for task in tasks where !task.isDone {
            if let id = task.id { dependencies.openIDs.insert(id) }
            dependencies.awaitedIDs.formUnion(task.dependsOn)
        }
        #expect(tasks.map { dependencies.isBlocked($0) } == [true, true, false])
        #expect(tasks.map { dependencies.isBlocking($0) } == [true, true, false])
    }
}
