import Foundation
import Testing

/// `enote move NOTE --before OTHER | --after OTHER | --top | --bottom` and `list --sort order`,
/// end to end, with real git watching which files change.
@Suite struct MoveCommandTests {
    /// SampleVault's ordered notes are welcome (a) and grocery-list (b); the others follow, newest
    /// first.
    static let sampleOrder = [
        "welcome.md", "grocery-list.md", "список-покупок.md", "reading-list.md", "ideas.md", "meeting-notes.md",
        "sunset.md", "garden.md", "travel/kyoto.md", "archive/2025-retro.md",
    ]

    @Test func listSortOrder() throws {
        let vault = try TemporaryVault()
        let paths = try vault.listedPaths("--sort", "order")
        // Notes without `updated` (quick-note, broken-front-matter) use their file's time: newest.
        #expect(Array(paths.prefix(2)) == ["welcome.md", "grocery-list.md"])
        #expect(paths.filter { Self.sampleOrder.contains($0) } == Self.sampleOrder, "\(paths)")
        #expect(try vault.listedPaths("--sort", "order", "--reverse").first != "welcome.md")
    }

    @Test(arguments: [
        (["garden", "--after", "welcome"], "garden.md", ["welcome.md", "garden.md", "grocery-list.md"]),
        (["garden", "--before", "grocery"], "garden.md", ["welcome.md", "garden.md", "grocery-list.md"]),
        (["garden", "--top"], "garden.md", ["garden.md", "welcome.md", "grocery-list.md"]),
        (["garden", "--bottom"], "garden.md", ["welcome.md", "grocery-list.md", "garden.md"]),
        (["grocery", "--top"], "grocery-list.md", ["grocery-list.md", "welcome.md"]),
        (["welcome", "--after", "grocery list"], "welcome.md", ["grocery-list.md", "welcome.md"]),
        (["travel/kyoto.md", "--before", "welcome"], "travel/kyoto.md", ["travel/kyoto.md", "welcome.md", "grocery-list.md"]),
    ])
    func moveChangesExactlyOneFileInGit(arguments: [String], moved: String, expectedFirst: [String]) throws {
        let vault = try TemporaryVault()
        try vault.commitAll()
        let before = try #require(try vault.listJSON().first { $0["path"] as? String == moved })
        let defaultOrder = try vault.listedPaths()
        let result = try vault.run(["move"] + arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Moved \(moved) (order "), "\(result)")

        #expect(try vault.gitStatus() == [" M \(moved)"])
        // One line: the order line added, or replaced.
        let diff = try vault.tool(["git", "diff", "-U0", "--no-color", "--", moved]).output
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(changed.allSatisfy { $0.hasPrefix("+order: ") || $0.hasPrefix("-order: ") }, "\(diff)")
        #expect(changed.filter { $0.hasPrefix("+") }.count == 1, "\(diff)")

        #expect(Array(try vault.listedPaths("--sort", "order").prefix(expectedFirst.count)) == expectedFirst)
        // A move is not an edit: the file's `updated` line is untouched (above), and so is the
        // time `list` shows and sorts by.
        let after = try #require(try vault.listJSON().first { $0["path"] as? String == moved })
        #expect(after["updated"] as? String == before["updated"] as? String)
        #expect(try vault.listedPaths() == defaultOrder, "a move does not bring the note to the top of list")
        #expect((after["order"] as? String).map { !$0.isEmpty } == true)
        #expect(after["order"] as? String != before["order"] as? String)
    }

    @Test func aReferenceWithoutAPositionGetsOneToo() throws {
        let vault = try TemporaryVault()
        try vault.commitAll()
        let result = try vault.run("move", "garden", "--before", "sunset")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Also gave a position to: sunset.md"), "\(result)")
        #expect(Set(try vault.gitStatus()) == [" M garden.md", " M sunset.md"])
        #expect(Array(try vault.listedPaths("--sort", "order").prefix(4)) == ["welcome.md", "grocery-list.md", "garden.md", "sunset.md"])
    }

    @Test func manyMovesKeepTheOrderTheUserAskedFor() throws {
        let vault = try TemporaryVault()
        let moves: [[String]] = [
            ["ideas", "--top"], ["garden", "--after", "ideas"], ["sunset", "--before", "garden"], ["welcome", "--bottom"],
            ["grocery", "--after", "sunset"], ["ideas", "--after", "welcome"], ["garden", "--top"], ["sunset", "--after", "garden"],
        ]
        for move in moves {
            let result = try vault.run(["move"] + move)
            try #require(result.status == 0, "\(move): \(result)")
        }
        let expected = ["garden.md", "sunset.md", "grocery-list.md", "welcome.md", "ideas.md"]
        #expect(Array(try vault.listedPaths("--sort", "order").prefix(5)) == expected)
        // The index agrees with the files: a rebuilt index gives the same order.
        #expect(try vault.run("index", "--rebuild").status == 0)
        #expect(Array(try vault.listedPaths("--sort", "order").prefix(5)) == expected)
    }

    @Test(arguments: [
        (["garden"], "say where"),
        (["garden", "--top", "--bottom"], "say where"),
        (["garden", "--before", "welcome", "--after", "ideas"], "say where"),
        (["--top"], "Missing expected argument"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run(["move"] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test(arguments: [
        (["garden", "--after", "garden"], "cannot be moved next to itself"),
        (["garden", "--before", "garden.md"], "cannot be moved next to itself"),
        (["no such note", "--top"], "no such note"),
        (["garden", "--after", "nothing like it"], "nothing like it"),
        (["broken-front-matter", "--top"], "broken-front-matter.md"),
    ])
    func refusalsChangeNothing(arguments: [String], message: String) throws {
        let vault = try TemporaryVault()
        try vault.commitAll()
        let result = try vault.run(["move"] + arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(try vault.gitStatus().isEmpty)
    }

    @Test func handWrittenKeysAreRespected() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("one.md", "---\ntitle: One\norder: 10\n---\nx\n")
        try vault.write("two.md", "---\ntitle: Two\norder: \"2\"\n---\nx\n")
        try vault.write("three.md", "---\ntitle: Three\norder: first thing\n---\nx\n")
        try vault.write("four.md", "---\ntitle: Four\n---\nx\n")
        // Text order: "10" < "2" < "first thing".
        #expect(try vault.listedPaths("--sort", "order") == ["one.md", "two.md", "three.md", "four.md"])
        let result = try vault.run("move", "four", "--after", "one")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.listedPaths("--sort", "order") == ["one.md", "four.md", "two.md", "three.md"])
    }
}
