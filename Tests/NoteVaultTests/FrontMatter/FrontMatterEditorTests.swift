import Foundation
import Testing

@testable import NoteVault

/// A note, and its exact bytes after `enote set --color blue`.
struct ColorEdit: Sendable, CustomTestStringConvertible {
    enum Shape: Sendable {
        /// One line changed in place.
        case line
        /// One `color: blue` line inserted before the closing fence.
        case insertedLine
        /// A new three-line block inserted at the top (after a BOM).
        case insertedBlock
        /// The whole entry (this many lines) replaced by one line.
        case entry(lines: Int)
    }

    var name: String
    var input: String
    var expected: String
    var shape: Shape
    var testDescription: String { name }

    init(_ name: String, _ input: String, _ expected: String, _ shape: Shape) {
        self.name = name
        self.input = input
        self.expected = expected
        self.shape = shape
    }

    static let all: [ColorEdit] = [
        ColorEdit("BOM + LF", "\u{FEFF}---\ntitle: Plan\ncolor: red\n---\nBody\n", "\u{FEFF}---\ntitle: Plan\ncolor: blue\n---\nBody\n", .line),
        ColorEdit("CRLF", "---\r\ntitle: Plan\r\ncolor: red\r\n---\r\nBody\r\n", "---\r\ntitle: Plan\r\ncolor: blue\r\n---\r\nBody\r\n", .line),
        ColorEdit(
            "BOM + CRLF, colour alias kept", "\u{FEFF}---\r\ncolour: red\r\ntitle: Plan\r\n---\r\nBody\r\n",
            "\u{FEFF}---\r\ncolour: blue\r\ntitle: Plan\r\n---\r\nBody\r\n", .line),
        ColorEdit("tabs after colons", "---\ntitle:\tPlan\ncolor:\t\tred\n---\n", "---\ntitle:\tPlan\ncolor:\t\tblue\n---\n", .line),
        ColorEdit("odd spacing", "---\ntitle   :   Plan  \ncolor :   red   \n---\n", "---\ntitle   :   Plan  \ncolor :   blue   \n---\n", .line),
        ColorEdit(
            "trailing comment kept", "---\r\ntitle: Plan\r\ncolour: red   # team colour\r\n---\r\n",
            "---\r\ntitle: Plan\r\ncolour: blue   # team colour\r\n---\r\n", .line),
        ColorEdit(
            "comments and blank lines", "---\n# top\ntitle: Plan # t\n\n# colour below\ncolor: red # c\n---\n",
            "---\n# top\ntitle: Plan # t\n\n# colour below\ncolor: blue # c\n---\n", .line),
        ColorEdit(
            "unknown keys and nested maps",
            "---\nauthor:\n  name: Ann\n  email: a@example.com\ncolor: red\nx-custom: 42\nextra:\n  deep:\n    deeper: 1\n---\n",
            "---\nauthor:\n  name: Ann\n  email: a@example.com\ncolor: blue\nx-custom: 42\nextra:\n  deep:\n    deeper: 1\n---\n", .line),
        ColorEdit(
            "block lists at column 0 and indented", "---\ntags:\n- home\n- weekly\ncolor: red\nother:\n  - a\n---\n",
            "---\ntags:\n- home\n- weekly\ncolor: blue\nother:\n  - a\n---\n", .line),
        ColorEdit(
            "flow lists", "---\ntags: [home, \"a, b\", 'c']\ncolor: red\nmulti: [one,\n  two]\n---\n",
            "---\ntags: [home, \"a, b\", 'c']\ncolor: blue\nmulti: [one,\n  two]\n---\n", .line),
        ColorEdit("quoted value", "---\ntitle: \"Meeting: Q3\"\ncolor: \"red\"\n---\n", "---\ntitle: \"Meeting: Q3\"\ncolor: blue\n---\n", .line),
        ColorEdit(
            "block scalars", "---\nsummary: |\n  one\n  two\nfolded: >-\n  a\n  b\ncolor: red\n---\n",
            "---\nsummary: |\n  one\n  two\nfolded: >-\n  a\n  b\ncolor: blue\n---\n", .line),
        ColorEdit(
            "multi-line quoted and plain neighbours", "---\ntitle: \"a long\n  title\"\nplain: first\n  second\ncolor: red\n---\n",
            "---\ntitle: \"a long\n  title\"\nplain: first\n  second\ncolor: blue\n---\n", .line),
        ColorEdit("quoted keys", "---\n\"title\": Plan\n'color': red\n---\n", "---\n\"title\": Plan\n'color': blue\n---\n", .line),
        ColorEdit("quoted key absent", "---\n\"title\": Plan\n---\n", "---\n\"title\": Plan\ncolor: blue\n---\n", .insertedLine),
        ColorEdit("unquoted hex colour", "---\ncolour: #ff0000 # brand\n---\n", "---\ncolour: blue # brand\n---\n", .line),
        ColorEdit("dots closing fence", "---\ncolor: red\n...\nBody\n", "---\ncolor: blue\n...\nBody\n", .line),
        ColorEdit("no trailing newline", "---\ntitle: Plan\ncolor: red\n---", "---\ntitle: Plan\ncolor: blue\n---", .line),
        ColorEdit("key absent, LF", "---\ntitle: Plan\n---\nBody", "---\ntitle: Plan\ncolor: blue\n---\nBody", .insertedLine),
        ColorEdit(
            "key absent, CRLF kept", "---\r\ntitle: Plan\r\n# end\r\n---\r\nBody\r\n",
            "---\r\ntitle: Plan\r\n# end\r\ncolor: blue\r\n---\r\nBody\r\n", .insertedLine),
        ColorEdit("empty front matter", "---\n---\nBody\n", "---\ncolor: blue\n---\nBody\n", .insertedLine),
        ColorEdit("front matter only", "---\ntitle: Plan\n---\n", "---\ntitle: Plan\ncolor: blue\n---\n", .insertedLine),
        ColorEdit("empty file", "", "---\ncolor: blue\n---\n", .insertedBlock),
        ColorEdit("no front matter, LF", "# Plan\nStep one\n", "---\ncolor: blue\n---\n# Plan\nStep one\n", .insertedBlock),
        ColorEdit("no front matter, BOM + CRLF", "\u{FEFF}Body\r\nmore\r\n", "\u{FEFF}---\r\ncolor: blue\r\n---\r\nBody\r\nmore\r\n", .insertedBlock),
        ColorEdit("empty value", "---\ncolor:\ntitle: x\n---\n", "---\ncolor: blue\ntitle: x\n---\n", .line),
        ColorEdit("multi-line plain value replaced whole", "---\ncolor: dark\n  red\ntitle: x\n---\n", "---\ncolor: blue\ntitle: x\n---\n", .entry(lines: 2)),
        ColorEdit(
            "value on the next lines replaced whole", "---\r\ncolour:\r\n  - red\r\n  - green\r\ntitle: x\r\n---\r\n",
            "---\r\ncolour: blue\r\ntitle: x\r\n---\r\n", .entry(lines: 3)),
    ]
}

@Suite("FrontMatterEditor")
struct FrontMatterEditorTests {
    static func apply(_ changes: [FrontMatterEditor.Change], to text: String, file: String = "note.md") throws(FrontMatterEditor.EditError) -> [UInt8] {
        let bytes = Fixture.bytes(text)
        let (reading, _) = FrontMatterParser.read(bytes, file: file)
        return try FrontMatterEditor.apply(changes, to: bytes, reading: reading, file: file)
    }

    static let roundTripInputs: [String] = ColorEdit.all.map(\.input) + ParseCase.all.map(\.text)

    @Test(arguments: roundTripInputs)
    func noChangesGiveIdenticalBytes(_ text: String) throws {
        #expect(try Self.apply([], to: text) == Fixture.bytes(text))
    }

    @Test(arguments: ColorEdit.all)
    func settingTheColorChangesOnlyItsLine(_ edit: ColorEdit) throws {
        let input = Fixture.bytes(edit.input)
        let output = try Self.apply([.set(.color, "blue")], to: edit.input)
        #expect(output == Fixture.bytes(edit.expected), "\(String(decoding: output, as: UTF8.self).debugDescription)")

        let hunk = Fixture.hunk(from: input, to: output)
        let colorLine = { (line: String) in
            let key = line.drop { $0 == "\"" || $0 == "'" }
            return key.hasPrefix("color") || key.hasPrefix("colour")
        }
        switch edit.shape {
        case .line:
            #expect(Fixture.changedLineIndices(from: input, to: output)?.count == 1)
            #expect(hunk.removed.count == 1 && hunk.added.count == 1)
            #expect(hunk.removed.allSatisfy(colorLine) && hunk.added.allSatisfy(colorLine))
        case .insertedLine:
            #expect(hunk.removed.isEmpty)
            #expect(hunk.added.count == 1 && hunk.added.allSatisfy(colorLine))
        case .insertedBlock:
            // A pure insertion right after the BOM: every input byte is still there, in order.
            let bom = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let inserted = output.count - input.count
            #expect(Array(output.prefix(bom)) == Array(input.prefix(bom)))
            #expect(Array(output.suffix(input.count - bom)) == Array(input[bom...]))
            let block = Fixture.lines(Array(output[bom..<(bom + inserted)]))
            #expect(block.count == 3 && colorLine(block[1]))
        case .entry(let lines):
            #expect(hunk.removed.count == lines && colorLine(hunk.removed[0]))
            #expect(hunk.added.count == 1 && hunk.added.allSatisfy(colorLine))
        }

        // Read again: one block, the new colour, the same body.
        let content = NoteContent(bytes: output, path: "note.md")
        let before = NoteContent(bytes: input, path: "note.md")
        #expect(content.metadata.color == .palette(.blue))
        #expect(Array(content.bodyBytes) == Array(before.bodyBytes))
        #expect(content.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test(arguments: [
        "---\ntitle: Plan\ncolor: red\nupdated: 2026-01-01T00:00:00+03:00\n---\nBody\n",
        "\u{FEFF}---\r\nupdated: 2026-01-01T00:00:00+03:00\r\n# c\r\ntags: [a]\r\ncolour: red # team\r\n---\r\nBody\r\n",
    ])
    func colorAndUpdatedChangeOnlyTheirTwoLines(_ text: String) throws {
        let stamp = "2026-11-22T10:47:00+03:00"
        let input = Fixture.bytes(text)
        let output = try Self.apply([.set(.color, "blue"), .set(.updated, YAMLWriter.scalar(stamp, intent: .timestamp))], to: text)
        let changed = try #require(Fixture.changedLineIndices(from: input, to: output))
        let lines = Fixture.lines(output)
        #expect(changed.count == 2)
        #expect(changed.map { lines[$0].prefix(3) }.sorted() == ["col", "upd"])
        #expect(lines.contains { $0.hasPrefix("updated: \(stamp)") })
        let content = NoteContent(bytes: output, path: "note.md")
        #expect(content.metadata.updated?.description == stamp)
    }

    @Test func updatedAbsentIsInsertedAndColorReplaced() throws {
        let text = "---\r\ncolor: red\r\n---\r\n"
        let output = try Self.apply([.set(.color, "blue"), .set(.updated, "2026-11-22T10:47:00+03:00")], to: text)
        #expect(output == Fixture.bytes("---\r\ncolor: blue\r\nupdated: 2026-11-22T10:47:00+03:00\r\n---\r\n"))
    }

    @Test(arguments: [
        ("---\ntitle: Plan\ncolor: red\ntags: [a]\n---\nBody\n", "---\ntitle: Plan\ntags: [a]\n---\nBody\n"),
        ("---\r\ncolour: red # c\r\ntitle: Plan\r\n---\r\n", "---\r\ntitle: Plan\r\n---\r\n"),
        ("---\ncolor:\n  - red\n  - blue\n# kept comment\ntitle: x\n---\n", "---\n# kept comment\ntitle: x\n---\n"),
        ("---\ntitle: x\n---\n", "---\ntitle: x\n---\n"),
        ("No front matter\n", "No front matter\n"),
    ])
    func removingAKeyRemovesOnlyItsLines(_ text: String, _ expected: String) throws {
        #expect(try Self.apply([.remove(.color)], to: text) == Fixture.bytes(expected))
    }

    @Test func removingAndSettingTogether() throws {
        let text = "---\ntitle: Plan\ndestroy: 2026-12-01\ncolor: red\n---\n"
        let output = try Self.apply([.remove(.destroy), .set(.color, "\"#00ff00\""), .set(.title, YAMLWriter.scalar("Meeting: Q3"))], to: text)
        #expect(output == Fixture.bytes("---\ntitle: \"Meeting: Q3\"\ncolor: \"#00ff00\"\n---\n"))
    }

    /// Decision: when one call names the same key twice, the last change wins; a key is never
    /// written twice.
    @Test(arguments: ["---\ntitle: x\n---\n", "---\ncolor: red\n---\n", ""])
    func sameKeyTwiceKeepsTheLastChange(_ text: String) throws {
        let output = try Self.apply([.set(.color, "blue"), .set(.color, "green")], to: text)
        let content = NoteContent(bytes: output, path: "n.md")
        #expect(content.metadata.color == .palette(.green))
        #expect(content.diagnostics.isEmpty)
        let removed = try Self.apply([.set(.color, "blue"), .remove(.color)], to: text)
        #expect(NoteContent(bytes: removed, path: "n.md").metadata.hasColor == false)
    }

    @Test(arguments: trickyTitles)
    func writtenTitlesReadBackExactly(_ title: String) throws {
        let output = try Self.apply([.set(.title, YAMLWriter.scalar(title))], to: "---\r\ntitle: old\r\n---\r\nBody\r\n")
        let content = NoteContent(bytes: output, path: "n.md")
        #expect(content.metadata.title == title)
        #expect(content.diagnostics.isEmpty)
    }

    static let trickyTitles = [
        "yes", "NO", "1.10", "2024-01-01", "#ff0000", "Meeting: Q3", "[draft] x", "*x*", "&x foo",
        "a #b", "it's", "say \"hi\"", "Список", "買い物リスト", "- x", "%x", "@x",
    ]

    // MARK: - Refusals

    @Test(arguments: [
        "---\ntitle: Meeting: Q3\ncolor: red\n---\nBody\n",
        "\u{FEFF}---\r\ntags:\r\n\t- a\r\n---\r\n",
        "---\ntitle: \"open\n---\n",
    ])
    func unreadableFrontMatterIsNeverRewritten(_ text: String) {
        #expect(throws: FrontMatterEditor.EditError.unreadableFrontMatter(file: "work/n.md")) {
            _ = try Self.apply([.set(.color, "blue")], to: text, file: "work/n.md")
        }
        #expect(throws: FrontMatterEditor.EditError.unreadableFrontMatter(file: "work/n.md")) {
            _ = try Self.apply([], to: text, file: "work/n.md")
        }
    }

    @Test(arguments: [
        ("---\ncolor: red\ntitle: x\ncolor: blue\n---\n", [2, 4]),
        ("---\r\ncolour: red\r\ncolor: blue\r\n---\r\n", [2, 3]),
    ])
    func duplicateKeyBeingChangedIsRefused(_ text: String, _ lines: [Int]) {
        let expected = FrontMatterEditor.EditError.duplicateKey(file: "n.md", key: "color", lines: lines)
        #expect(throws: expected) { _ = try Self.apply([.set(.color, "green")], to: text, file: "n.md") }
        #expect(throws: expected) { _ = try Self.apply([.remove(.color)], to: text, file: "n.md") }
        #expect(expected.message.english.contains("lines \(lines[0]), \(lines[1])"))
    }

    @Test func duplicateOfAnotherKeyDoesNotBlockTheChange() throws {
        let output = try Self.apply([.set(.color, "blue")], to: "---\ntitle: a\ntitle: b\ncolor: red\n---\n")
        #expect(output == Fixture.bytes("---\ntitle: a\ntitle: b\ncolor: blue\n---\n"))
    }

    @Test(arguments: [("", FrontMatter.LineEnding.lf), ("a\r\nb\n", .crlf), ("a\nb\r\n", .lf), ("\r\n", .crlf), ("no newline", .lf)])
    func detectsTheFirstLineEnding(_ text: String, _ expected: FrontMatter.LineEnding) {
        #expect(FrontMatterEditor.detectLineEnding(Fixture.bytes(text)) == expected)
    }
}
