import Foundation
import Testing

/// `enote set NOTE [--title T] [--color C | --no-color] [--destroy WHEN | --no-destroy]`.
@Suite struct SetTests {
    /// The indexes of lines that differ between two equally long line lists.
    static func changedLines(_ before: [String], _ after: [String]) -> [Int] {
        zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    }

    @Test func colorOnAnLFFileChangesOnlyTheColorAndUpdatedLines() throws {
        let vault = try TemporaryVault()
        let before = try vault.lines("grocery-list.md")
        let result = try vault.run("set", "grocery", "--color", "blue")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Updated grocery-list.md"))

        let after = try vault.lines("grocery-list.md")
        try #require(after.count == before.count, "\(after)")
        #expect(Self.changedLines(before, after) == [2, 7])
        #expect(after[2] == "color: blue")
        #expect(before[7] == "updated: 2026-11-22T10:47:00+03:00")
        #expect(NewTests.isStamp(String(after[7].dropFirst(9))), "\(after[7])")
    }

    @Test func colorOnTheBOMCRLFFileChangesOnlyThatValue() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("meeting-notes.md")
        let result = try vault.run("set", "meeting", "--color", "green")
        #expect(result.status == 0, "\(result)")

        let bytes = try vault.bytes("meeting-notes.md")
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF], "the BOM stays")
        #expect(!bytes.dropFirst(3).starts(with: [0xEF, 0xBB, 0xBF]), "no second BOM")
        let text = String(decoding: bytes, as: UTF8.self)
        let oldText = String(decoding: original, as: UTF8.self)
        let lfCount = bytes.filter { $0 == 0x0A }.count
        let crlfCount = text.components(separatedBy: "\r\n").count - 1
        #expect(lfCount == crlfCount, "every line still ends in CRLF")
        #expect(text.components(separatedBy: "---\r\n").count == 3, "still one front matter block")

        let before = oldText.components(separatedBy: "\r\n")
        let after = text.components(separatedBy: "\r\n")
        try #require(after.count == before.count, "\(after)")
        #expect(Self.changedLines(before, after) == [2, 4])
        #expect(after[2] == "colour: green   # team colour", "the key, spacing and comment stay")
        #expect(after[4].hasPrefix("updated: "))
        #expect(!text.contains("\ncolor:"), "no second colour key")
        #expect(try vault.showJSON("meeting")["color"] as? String == "green")
    }

    @Test func settingTheSameValueWritesNothing() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("grocery-list.md")
        let result = try vault.run("set", "grocery", "--color", "red")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.bytes("grocery-list.md") == original)
    }

    @Test(arguments: [
        ("New title", "title: New title"),
        ("Meeting: Q4", "title: \"Meeting: Q4\""),
        ("yes", "title: \"yes\""),
        ("#1 priority", "title: \"#1 priority\""),
        ("Задачи на неделю", "title: Задачи на неделю"),
    ])
    func title(title: String, line: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.lines("garden.md")
        let result = try vault.run("set", "garden", "--title", title)
        #expect(result.status == 0, "\(result)")
        let after = try vault.lines("garden.md")
        #expect(Self.changedLines(before, after) == [1, 4])
        #expect(after[1] == line)
        #expect(try vault.showJSON("garden.md")["title"] as? String == title)
    }

    @Test func destroyIsAddedAndRemoved() throws {
        let vault = try TemporaryVault()
        let before = try vault.lines("garden.md")
        let set = try vault.run("set", "garden", "--destroy", "2030-01-01")
        #expect(set.status == 0, "\(set)")
        let after = try vault.lines("garden.md")
        #expect(after.count == before.count + 1)
        #expect(after[5] == "destroy: 2030-01-01T00:00:00+00:00", "added before the closing fence: \(after)")
        #expect(after[6] == "---")
        #expect(try vault.showJSON("garden.md")["destroy"] as? String == "2030-01-01T00:00:00+00:00")

        let cleared = try vault.run("set", "garden", "--no-destroy")
        #expect(cleared.status == 0, "\(cleared)")
        let final = try vault.lines("garden.md")
        #expect(final.count == before.count)
        #expect(!final.contains { $0.hasPrefix("destroy:") })
        #expect(try vault.showJSON("garden.md")["destroy"] is NSNull)
    }

    @Test func relativeDestroyIsWrittenAsAnAbsoluteTime() throws {
        let vault = try TemporaryVault()
        let before = Date()
        let result = try vault.run("set", "grocery", "--destroy", "12h")
        let after = Date()
        #expect(result.status == 0, "\(result)")
        let line = try #require(try vault.lines("grocery-list.md").first { $0.hasPrefix("destroy: ") })
        #expect(NewTests.isStamp(String(line.dropFirst(9))), "\(line)")
        let date = try #require(JSONOutput.date(String(line.dropFirst(9))))
        #expect(date >= before.addingTimeInterval(43_200 - 1) && date <= after.addingTimeInterval(43_200 + 1))
    }

    @Test func noColorAndNoDestroyRemoveTheirLinesOnly() throws {
        let vault = try TemporaryVault()
        let before = try vault.lines("grocery-list.md")
        let result = try vault.run("set", "grocery", "--no-color", "--no-destroy")
        #expect(result.status == 0, "\(result)")
        let after = try vault.lines("grocery-list.md")
        let expected = before.filter { !$0.hasPrefix("color:") && !$0.hasPrefix("destroy:") && !$0.hasPrefix("updated:") }
        #expect(after.filter { !$0.hasPrefix("updated:") } == expected)
        let note = try vault.showJSON("grocery-list.md")
        #expect(note["color"] as? String == "white")
        #expect(note["destroy"] is NSNull)
    }

    @Test func noteWithoutFrontMatterGetsABlockOnTop() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("quick-note.md")
        let result = try vault.run("set", "quick-note", "--color", "yellow")
        #expect(result.status == 0, "\(result)")
        let bytes = try vault.bytes("quick-note.md")
        #expect(bytes.suffix(original.count) == original, "the text is kept byte for byte")
        let lines = try vault.lines("quick-note.md")
        #expect(Array(lines.prefix(2)) == ["---", "color: yellow"])
        #expect(lines[2] == "---", "no updated: the note never had one")
        #expect(try vault.showJSON("quick-note.md")["title"] as? String == "Buy stamps")
    }

    @Test func refusesTheMalformedNote() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("broken-front-matter.md")
        for arguments in [["--color", "red"], ["--title", "Fixed"], ["--no-destroy"]] {
            let result = try vault.run(["set", "broken-front-matter.md"] + arguments)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("broken-front-matter.md:2"), "\(result.stderr)")
            #expect(result.stderr.contains("the front matter cannot be read, so enote will not change it"))
            #expect(try vault.bytes("broken-front-matter.md") == original)
        }
    }

    @Test(arguments: [
        (["--color", "mauve"], "\"mauve\" is not a colour"),
        (["--color", "#12345"], "six hexadecimal digits"),
        (["--color", "#gggggg"], "six hexadecimal digits"),
        (["--color", "hsb(400, 10%, 10%)"], "outside 0–360"),
        (["--color", "hsb(10, 120%, 10%)"], "within 0%–100%"),
        (["--color", "hsb(1, 2)"], "hsb(H, S%, B%)"),
        (["--destroy", "2024-13-45"], "\"2024-13-45\" is not a date"),
        (["--destroy", "01/06/2024"], "\"01/06/2024\" is not a date"),
        (["--destroy", "soon"], "is not a date"),
        (["--destroy", "3 days"], "is not a date"),
    ])
    func refusesABadValue(arguments: [String], message: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run(["set", "grocery"] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains(arguments[0]), "the message names the option")
        #expect(result.stdout.isEmpty)
        #expect(try vault.tree() == before)
    }

    @Test func refusesADuplicatedKey() throws {
        let vault = try TemporaryVault()
        try vault.write("twice.md", "---\ntitle: One\ncolor: red\ncolor: blue\n---\nx\n")
        let original = try vault.bytes("twice.md")
        let result = try vault.run("set", "twice.md", "--color", "green")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("color appears on lines 3, 4"), "\(result.stderr)")
        #expect(try vault.bytes("twice.md") == original)
    }

    @Test(arguments: [
        ["set", "grocery"],
        ["set", "grocery", "--color", "red", "--no-color"],
        ["set", "grocery", "--destroy", "3d", "--no-destroy"],
        ["set", "grocery", "--title", " "],
        ["set", "grocery", "--title", "two\nlines"],
        ["set", "--color", "red"],
    ])
    func usageErrors(arguments: [String]) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(!result.stderr.isEmpty)
        #expect(try vault.tree() == before)
    }

    @Test func unknownNoteChangesNothing() throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run("set", "zebra", "--color", "red")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no note matches \"zebra\""))
        #expect(try vault.tree() == before)
    }
}
