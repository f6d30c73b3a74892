import Foundation
import Testing
import Yams

@testable import NoteVault

/// One front matter sample and the values enote must read from it, in file order.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var entries: [Pair]
    var testDescription: String { name }

    struct Pair: Sendable {
        var key: String
        var value: FrontMatter.Value
    }

    init(_ name: String, _ text: String, _ entries: KeyValuePairs<String, FrontMatter.Value>) {
        self.name = name
        self.text = text
        self.entries = entries.map { Pair(key: $0.key, value: $0.value) }
    }

    static let all: [ParseCase] = [
        ParseCase(
            "design example",
            "---\ntitle: Grocery list\ncolor: red\ndestroy: 2026-12-01 18:00\nupdated: 2026-11-22T10:47:00+03:00\ntags: [home, weekly]\n---\nPotatoes\n",
            [
                "title": .string("Grocery list"), "color": .string("red"), "destroy": .string("2026-12-01 18:00"),
                "updated": .string("2026-11-22T10:47:00+03:00"), "tags": .list(["home", "weekly"]),
            ]),
        ParseCase(
            "BOM + CRLF", "\u{FEFF}---\r\ntitle: Plan\r\ncolour: blue\r\n---\r\nBody\r\n",
            ["title": .string("Plan"), "colour": .string("blue")]),
        ParseCase(
            "tabs after colons", "---\ntitle:\tPlan\t\ncolor:\t \tred\n---\n",
            ["title": .string("Plan"), "color": .string("red")]),
        ParseCase(
            "odd spacing", "---   \ntitle   :   Plan  \ncolor :  red\n---\t\n",
            ["title": .string("Plan"), "color": .string("red")]),
        ParseCase(
            "comments", "---\n# leading\ntitle: Plan # trailing\n  # indented comment\n\ncolor: red#not-a-comment\n---\n",
            ["title": .string("Plan"), "color": .string("red#not-a-comment")]),
        ParseCase(
            "quoted values",
            "---\ntitle: \"Meeting: Q3\"\nsubtitle: 'It''s \"fine\"'\nescaped: \"tab\\there \\u00e9 \\\"q\\\" \\\\\"\n---\n",
            ["title": .string("Meeting: Q3"), "subtitle": .string("It's \"fine\""), "escaped": .string("tab\there é \"q\" \\")]),
        ParseCase(
            "typed-looking scalars stay strings", "---\na: yes\nb: NO\nc: 1.10\nd: 2024-01-01\ne: null\nf: ~\ng: 0x1F\n---\n",
            [
                "a": .string("yes"), "b": .string("NO"), "c": .string("1.10"), "d": .string("2024-01-01"),
                "e": .string("null"), "f": .string("~"), "g": .string("0x1F"),
            ]),
        ParseCase(
            "nested map kept raw", "---\nauthor:\n  name: Ann\n  email: ann@example.com\ntitle: Plan\n---\n",
            ["author": .raw("  name: Ann\n  email: ann@example.com"), "title": .string("Plan")]),
        ParseCase("block list at column 0", "---\ntags:\n- home\n- 'weekly'\n---\n", ["tags": .list(["home", "weekly"])]),
        ParseCase(
            "block list indented, blank line and comment", "---\ntags:\n  - home\n\n  # a comment\n  - \"two words\"\n---\n",
            ["tags": .list(["home", "two words"])]),
        ParseCase(
            "block list with a column-0 comment", "---\ntags:\n  - home\n# a comment\n  - work\ntitle: x\n---\n",
            ["tags": .list(["home", "work"]), "title": .string("x")]),
        ParseCase(
            "flow lists", "---\ntags: [home, \"a, b\", 'it''s', plain words]\nempty: []\nmulti: [one,\n  two]\n---\n",
            ["tags": .list(["home", "a, b", "it's", "plain words"]), "empty": .list([]), "multi": .list(["one", "two"])]),
        ParseCase("flow list items with quotes inside", "---\ntags: [it's, a\"b, x]\n---\n", ["tags": .list(["it's", "a\"b", "x"])]),
        ParseCase(
            "flow list spacing, doubled quotes, folding and comments",
            "---\ntags: [ spaced , 'a''''b', \"x\\\"y\", \"multi\n  line\", a#b, c #comment\n  , d]\n---\n",
            ["tags": .list(["spaced", "a''b", "x\"y", "multi line", "a#b", "c", "d"])]),
        ParseCase(
            "nested flow collections kept raw", "---\nnested: [a, [b, c]]\nmap: {a: 1, b: [2]}\n---\n",
            ["nested": .raw("[a, [b, c]]"), "map": .raw("{a: 1, b: [2]}")]),
        ParseCase(
            "flow list escapes", "---\ntags: [\"tab\\tx\", \"caf\\u00e9\", '', \"a\\\\b\"]\n---\n",
            ["tags": .list(["tab\tx", "café", "", "a\\b"])]),
        ParseCase(
            "block scalars",
            "---\nliteral: |\n  line one\n    indented\n  line three\nfolded: >\n  a\n  b\n\n  c\nstripped: |-\n  x\n---\n",
            ["literal": .string("line one\n  indented\nline three\n"), "folded": .string("a b\nc\n"), "stripped": .string("x")]),
        ParseCase("folded scalar with two blank lines", "---\nfolded: >-\n  a\n\n\n  b\n---\n", ["folded": .string("a\n\nb")]),
        ParseCase(
            "multi-line quoted", "---\ntitle: \"a long\n  title\"\nsingle: 'one\n\n  two'\n---\n",
            ["title": .string("a long title"), "single": .string("one\ntwo")]),
        ParseCase("multi-line plain", "---\ntitle: first\n  second\n  third\n---\n", ["title": .string("first second third")]),
        ParseCase("multi-line plain with a blank line", "---\ntitle: first\n\n  second\n---\n", ["title": .string("first\nsecond")]),
        ParseCase(
            "values starting with -, ? or : and no space", "---\norder: -1.5\ntitle: -x\nq: ?maybe\nc: :colon\n---\n",
            ["order": .string("-1.5"), "title": .string("-x"), "q": .string("?maybe"), "c": .string(":colon")]),
        ParseCase(
            "quoted keys", "---\n\"title\": Plan\n'my key': x\n\"a: b\" : c\n---\n",
            ["title": .string("Plan"), "my key": .string("x"), "a: b": .string("c")]),
        ParseCase("empty value", "---\ncolor:\ntitle: x\n---\n", ["color": .null, "title": .string("x")]),
        ParseCase("dots closing fence", "---\ntitle: Plan\n...\nBody\n", ["title": .string("Plan")]),
        ParseCase("no trailing newline", "---\ntitle: Plan\n---", ["title": .string("Plan")]),
        ParseCase("empty block", "---\n---\nBody\n", [:]),
        ParseCase("only comments", "---\n# nothing here\n---\n", [:]),
        ParseCase(
            "Cyrillic, Japanese, emoji", "---\ntitle: Список покупок\nsubtitle: 買い物リスト 🛒\n---\n",
            ["title": .string("Список покупок"), "subtitle": .string("買い物リスト 🛒")]),
    ]
}

@Suite("FrontMatterParser")
struct FrontMatterParserTests {
    @Test(arguments: ParseCase.all)
    func readsTolerantFrontMatter(_ sample: ParseCase) throws {
        let (reading, diagnostics) = Fixture.read(sample.text)
        guard case .parsed(let frontMatter) = reading else {
            Issue.record("expected parsed front matter, got \(reading) \(diagnostics)")
            return
        }
        #expect(diagnostics.isEmpty)
        #expect(frontMatter.entries.map(\.key) == sample.entries.map(\.key))
        #expect(frontMatter.entries.map(\.value) == sample.entries.map(\.value))
    }

    /// Yams (libyaml) is an independent reader: every value enote reads must be the text Yams
    /// reads (untyped). Maps are kept raw by enote and are not compared.
    @Test(arguments: ParseCase.all)
    func agreesWithYams(_ sample: ParseCase) throws {
        let bytes = Fixture.bytes(sample.text)
        let frontMatter = try #require(Fixture.parsed(sample.text))
        let yaml = Fixture.yamlText(bytes, frontMatter)
        let node = try Yams.compose(yaml: yaml)
        let pairs: [(String, FrontMatter.Value?)] =
            node?.mapping.map { mapping in
                mapping.map { ($0.key.scalar?.string ?? "?", Fixture.yamsValue($0.value)) }
            } ?? []
        #expect(pairs.map(\.0) == frontMatter.entries.map(\.key))
        for (entry, (_, yamsValue)) in zip(frontMatter.entries, pairs) {
            guard let yamsValue else { continue }
            #expect(entry.value == yamsValue, "\(entry.key)")
        }
    }

    @Test func recordsOffsetsLinesAndLineEnding() throws {
        let text = "\u{FEFF}---\r\ntitle: Plan\r\ncolor: red   # team\r\ntags:\r\n  - a\r\n  - b\r\n---\r\nBody\r\n"
        let bytes = Fixture.bytes(text)
        let frontMatter = try #require(Fixture.parsed(text))
        #expect(frontMatter.start == 3)
        #expect(frontMatter.lineEnding == .crlf)
        #expect(String(decoding: bytes[frontMatter.closingFenceStart...], as: UTF8.self) == "---\r\nBody\r\n")
        #expect(String(decoding: bytes[frontMatter.end...], as: UTF8.self) == "Body\r\n")
        #expect(frontMatter.entries.map(\.line) == [2, 3, 4])
        let color = frontMatter.entries[1]
        #expect(String(decoding: bytes[try #require(color.valueRange)], as: UTF8.self) == "red")
        #expect(String(decoding: bytes[color.range], as: UTF8.self) == "color: red   # team\r\n")
        let tags = frontMatter.entries[2]
        #expect(tags.valueRange == nil)
        #expect(String(decoding: bytes[tags.range], as: UTF8.self) == "tags:\r\n  - a\r\n  - b\r\n")
    }

    @Test func quotedValueRangeIncludesTheQuotes() throws {
        let text = "---\ntitle: \"Meeting: Q3\"  # note\n---\n"
        let frontMatter = try #require(Fixture.parsed(text))
        let range = try #require(frontMatter.entries.first?.valueRange)
        #expect(String(decoding: Fixture.bytes(text)[range], as: UTF8.self) == "\"Meeting: Q3\"")
    }

    @Test(arguments: ["", "Just a note\n", "\u{FEFF}# Heading\n", "----\ntitle: x\n----\n", "--- x\n---\n", " ---\n---\n"])
    func fileWithoutFrontMatterIsAbsentWithoutDiagnostics(_ text: String) {
        let (reading, diagnostics) = Fixture.read(text)
        #expect(reading == .absent)
        #expect(diagnostics.isEmpty)
    }

    // MARK: - RELIABILITY row 21: malformed front matter

    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "tab indent", text: "---\ntitle: Plan\ntags:\n\t- home\n---\nBody text\n", line: 4, column: 1),
        Malformed(name: "tab-indented key", text: "---\n\ttitle: Plan\n---\nBody text\n", line: 2, column: 1),
        Malformed(name: "colon in a plain value", text: "---\ntitle: Meeting: Q3\n---\nBody text\n", line: 2, column: 15),
        Malformed(name: "leading bracket", text: "---\ntitle: [draft] x\n---\nBody text\n", line: 2, column: 16),
        Malformed(name: "alias", text: "---\ntitle: *x*\n---\nBody text\n", line: 2, column: 8),
        Malformed(name: "sequence entry as a value", text: "---\ntitle: - x\n---\nBody text\n", line: 2, column: 8),
        Malformed(name: "unterminated double quote", text: "---\ntitle: \"Meeting\ncolor: red\n---\nBody text\n", line: 2, column: 8),
        Malformed(name: "unterminated single quote", text: "---\ntitle: 'Meeting\n---\nBody text\n", line: 2, column: 8),
        Malformed(name: "BOM, CRLF, third line", text: "\u{FEFF}---\r\ncolor: red\r\ntitle: Meeting: Q3\r\n---\r\nBody text\r\n", line: 3, column: 15),
        Malformed(name: "column counted in characters", text: "---\ntitle: Встреча: Q3\n---\nBody text\n", line: 2, column: 15),
        Malformed(name: "unknown escape", text: "---\ntitle: \"C:\\path\"\n---\nBody text\n", line: 2, column: 11),
        Malformed(name: "text after a flow list", text: "---\ntags: [a] b\n---\nBody text\n", line: 2, column: 11),
    ]

    @Test(arguments: malformed)
    func malformedFrontMatterIsUnreadableWithLocation(_ sample: Malformed) throws {
        let bytes = Fixture.bytes(sample.text)
        let (reading, diagnostics) = FrontMatterParser.read(bytes, file: "work/meeting.md")
        guard case .unreadable(let start, let end) = reading else {
            Issue.record("expected unreadable, got \(reading)")
            return
        }
        #expect(start == (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0))
        #expect(String(decoding: bytes[end...], as: UTF8.self).trimmingCharacters(in: .newlines) == "Body text")
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.kind == .frontMatterSyntax)
        #expect(error.location == "work/meeting.md:\(sample.line):\(sample.column)")
        #expect(error.description.hasPrefix("error: work/meeting.md:\(sample.line):\(sample.column): "))

        // Other YAML readers refuse it too.
        let yaml = String(decoding: bytes[start...], as: UTF8.self).components(separatedBy: "---")[1]
        #expect(throws: (any Error).self) { _ = try Yams.load(yaml: yaml) }

        // The note is still read: body and file name, never its metadata; not editable.
        let content = NoteContent(bytes: bytes, path: "work/meeting.md")
        #expect(content.frontMatter == reading)
        #expect(content.body.lines == ["Body text"])
        #expect(content.headline.title == "Body text")
        #expect(content.metadata == NoteMetadata())
        #expect(content.isEditable == false)
        #expect(content.diagnostics.contains(error))
    }

    @Test func malformedFrontMatterWithoutBodyFallsBackToFileName() {
        let content = NoteContent(bytes: Fixture.bytes("---\ntitle: Meeting: Q3\n---\n"), path: "work/meeting.md")
        #expect(content.headline.title == "meeting")
        #expect(content.headline.description == "")
        #expect(!content.isEditable)
    }

    @Test func valueOnKeyLineFollowedByIndentedTextIsAnError() {
        let text = "---\ntitle: \"Plan\"\n  extra\n---\n"
        let (reading, diagnostics) = Fixture.read(text)
        #expect(reading == .unreadable(start: 0, end: text.utf8.count))
        #expect(diagnostics.first?.line == 3)
    }
}
