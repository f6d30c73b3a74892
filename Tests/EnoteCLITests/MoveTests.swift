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
        // Numbers first, as numbers (2 < 10), then text: "first thing".
        #expect(try vault.listedPaths("--sort", "order") == ["two.md", "one.md", "three.md", "four.md"])
        let result = try vault.run("move", "four", "--after", "one")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Moved four.md (order 11)"), "\(result)")
        #expect(try vault.listedPaths("--sort", "order") == ["two.md", "one.md", "four.md", "three.md"])
    }

    /// A vault of hand-ordered notes under git (`.enote/` and swap files ignored).
    private func handOrderedVault(_ orders: [(String, String?)]) throws -> TemporaryVault {
        let vault = try TemporaryVault(sample: false)
        try vault.write(".gitignore", ".enote/\n*.swp\n")
        for (position, (name, order)) in orders.enumerated() {
            let orderLine = order.map { "order: \($0)\n" } ?? ""
            // Older notes first, so that within a tie the listed order is the one written here.
            let updated = "2026-01-01T10:\(String(format: "%02d", 59 - position)):00Z"
            try vault.write("\(name).md", "---\ntitle: \(name)\nupdated: \(updated)\n\(orderLine)---\nBody of \(name)\n")
        }
        try vault.commitAll()
        return vault
    }

    /// Issue 13 item 3: two notes share an order value and another is open in an editor. The
    /// move writes one file, the moved note, placed after the whole tie; nobody else's key moves.
    @Test func aTieAndAnOpenEditorStillWriteOnlyTheMovedNote() throws {
        let vault = try handOrderedVault([("a", "1"), ("b", "1"), ("c", "2"), ("d", "3"), ("e", "4"), ("x", nil)])
        try vault.write(".d.md.swp", "vim swap")
        #expect(try vault.listedPaths("--sort", "order") == ["a.md", "b.md", "c.md", "d.md", "e.md", "x.md"])

        let result = try vault.run("move", "x", "--after", "a")

        #expect(result.status == 0, "\(result)")
        #expect(try vault.gitStatus() == [" M x.md"])
        #expect(try vault.text("x.md").contains("order: 1.5\n"))
        #expect(try vault.listedPaths("--sort", "order") == ["a.md", "b.md", "x.md", "c.md", "d.md", "e.md"])
        // And before a tie: before the whole tie.
        #expect(try vault.run("move", "e", "--before", "b").status == 0)
        #expect(try vault.listedPaths("--sort", "order") == ["e.md", "a.md", "b.md", "x.md", "c.md", "d.md"])
        #expect(Set(try vault.gitStatus()) == [" M x.md", " M e.md"])
    }

    @Test func numbersSortAsNumbersAndMovesBetweenThemKeepTheUsersStyle() throws {
        let vault = try handOrderedVault([("nine", "9"), ("ten", "10"), ("half", "2.5"), ("text", "b"), ("m", nil)])
        #expect(try vault.listedPaths("--sort", "order") == ["half.md", "nine.md", "ten.md", "text.md", "m.md"])

        let result = try vault.run("move", "m", "--after", "nine")

        #expect(result.status == 0, "\(result)")
        #expect(try vault.gitStatus() == [" M m.md"])
        #expect(try vault.text("m.md").contains("order: 9.5\n"))
        #expect(try vault.listedPaths("--sort", "order") == ["half.md", "nine.md", "m.md", "ten.md", "text.md"])
        #expect(try vault.run("index", "--rebuild").status == 0)
        #expect(try vault.listedPaths("--sort", "order") == ["half.md", "nine.md", "m.md", "ten.md", "text.md"])
    }

    /// Every check happens before the first write: the reference note needs a position too, and
    /// the moved note is open in an editor, so nothing at all is written.
    @Test func anOpenEditorIsFoundBeforeAnythingIsWritten() throws {
        let vault = try handOrderedVault([("a", "1"), ("x", nil), ("y", nil)])
        try vault.write(".x.md.swp", "vim swap")

        let result = try vault.run("move", "x", "--before", "y")

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("x.md is open in vim"), "\(result)")
        #expect(try vault.gitStatus().isEmpty, "y.md was not given a position either")
    }

    /// Two keys with nothing between them: refused before anything is written, saying what to do.
    @Test func noRoomBetweenTwoKeysIsRefusedWithNothingWritten() throws {
        let vault = try handOrderedVault([("a", "2.5"), ("b", "2.50"), ("x", nil)])

        let result = try vault.run("move", "x", "--after", "a")

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no order key fits between"), "\(result)")
        // The remedy names commands that exist
        #expect(!result.stderr.contains("enote set"), "\(result)")
        #expect(result.stderr.contains("edit its order: line (enote edit NOTE), or move it with enote move"), "\(result)")
        #expect(try vault.gitStatus().isEmpty)
    }
}
