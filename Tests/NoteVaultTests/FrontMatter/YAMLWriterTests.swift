import Foundation
import Testing
import Yams

@testable import NoteVault

@Suite("YAMLWriter")
struct YAMLWriterTests {
    /// Values that plain YAML would retype, misread or refuse, plus ordinary text.
    static let trickyValues: [String] = [
        "yes", "Yes", "NO", "no", "on", "Off", "y", "N", "true", "False", "null", "Null", "NULL", "~", "",
        "1.10", "1.0", "42", "-7", "+1", "1e3", "1E-3", "0x1F", "0o17", "0b101", "1_000", "190:20:30", "1.2.3",
        ".inf", "-.Inf", ".NaN", "2024-01-01", "2024-01-01T10:00:00Z", "2024-01-01 10:00:00",
        "#ff0000", "Meeting: Q3", "[draft] x", "{a}", "*x*", "&x foo", "!tag", "a #b", "a#b", "a:b", "ends with:",
        " leading space", "trailing space ", "\ttab first", "say \"hi\"", "\"quoted\"", "'single'", "it's", "back\\slash",
        "line\nbreak", "tab\tinside", "carriage\rreturn", "bell\u{7}", "esc\u{1B}", "del\u{7F}", "nel\u{85}", "c1\u{9F}",
        "ls\u{2028}ps\u{2029}", "bom\u{FEFF}", "nonchar\u{FFFE}\u{FFFF}",
        "😀 emoji 👩‍💻🇯🇵", "Список покупок", "買い物リスト", "- x", "-x", "? x", "?x", ": x", "%x", "@x", "`x", "|x", ">x", ",x",
        "---", "...", "<<", "=", "Grocery list", "hsb(288, 0%, 100%)", "http://example.com/a?b=c#frag",
    ]

    @Test(arguments: trickyValues)
    func scalarReadsBackIdenticallyWithYams(_ value: String) throws {
        let yaml = "v: \(YAMLWriter.scalar(value))\n"
        let loaded = try #require(try Yams.load(yaml: yaml) as? [String: Any], "\(yaml.debugDescription)")
        #expect(loaded["v"] as? String == value, "\(yaml.debugDescription)")
    }

    @Test(arguments: trickyValues)
    func scalarReadsBackIdenticallyWithFrontMatterParser(_ value: String) throws {
        let (reading, diagnostics) = Fixture.read("---\nv: \(YAMLWriter.scalar(value))\n---\n")
        guard case .parsed(let frontMatter) = reading else {
            Issue.record("not parsed: \(reading) \(diagnostics)")
            return
        }
        #expect(diagnostics.isEmpty)
        #expect(frontMatter.entries.first?.value == .string(value))
    }

    /// A leading U+FEFF is written as `\uFEFF`; enote reads it back. (Yams drops a leading BOM
    /// when it builds a Swift string, so it cannot be the oracle for this one value.)
    @Test func leadingByteOrderMarkInValueIsKept() throws {
        let value = "\u{FEFF}bom first"
        #expect(YAMLWriter.scalar(value) == "\"\\uFEFFbom first\"")
        let frontMatter = try #require(Fixture.parsed("---\nv: \(YAMLWriter.scalar(value))\nl: \(YAMLWriter.flowList([value]))\n---\n"))
        #expect(frontMatter.entries.map(\.value) == [.string(value), .list([value])])
    }

    @Test(arguments: trickyValues)
    func flowListItemsReadBackIdentically(_ value: String) throws {
        let items = [value, "home", value + ", more", "[\(value)]"]
        let list = YAMLWriter.flowList(items)
        let loaded = try #require(try Yams.load(yaml: "v: \(list)\n") as? [String: Any], "\(list.debugDescription)")
        #expect((loaded["v"] as? [Any])?.compactMap { $0 as? String } == items, "\(list.debugDescription)")

        let frontMatter = try #require(Fixture.parsed("---\nv: \(list)\n---\n"))
        #expect(frontMatter.entries.first?.value == .list(items))
    }

    @Test(arguments: [
        ("Grocery list", "Grocery list"),
        ("hsb(288, 0%, 100%)", "hsb(288, 0%, 100%)"),
        ("it's", "it's"),
        ("a:b", "a:b"),
        ("Список покупок", "Список покупок"),
        ("#ff0000", "\"#ff0000\""),
        ("yes", "\"yes\""),
        ("1.10", "\"1.10\""),
        ("2024-01-01", "\"2024-01-01\""),
        ("Meeting: Q3", "\"Meeting: Q3\""),
        ("a #b", "\"a #b\""),
        ("", "\"\""),
        ("say \"hi\"", "say \"hi\""),
        ("\"hi\"", "\"\\\"hi\\\"\""),
        ("back\\slash", "back\\slash"),
        ("[x]\\", "\"[x]\\\\\""),
    ])
    func scalarQuotesOnlyWhenNeeded(_ value: String, _ expected: String) {
        #expect(YAMLWriter.scalar(value) == expected)
    }

    @Test(arguments: [
        ("line\nbreak", "\"line\\nbreak\""),
        ("a\tb\rc", "\"a\\tb\\rc\""),
        ("\u{0}", "\"\\0\""),
        ("\u{7}", "\"\\x07\""),
        ("\u{1B}", "\"\\e\""),
        ("\u{7F}", "\"\\x7F\""),
        ("\u{85}", "\"\\N\""),
        ("\u{9F}", "\"\\x9F\""),
        ("\u{2028}\u{2029}", "\"\\L\\P\""),
        ("\u{FEFF}", "\"\\uFEFF\""),
        ("\u{FFFE}", "\"\\uFFFE\""),
        ("é日😀", "\"é日😀\""),
    ])
    func doubleQuotedEscapes(_ value: String, _ expected: String) {
        #expect(YAMLWriter.doubleQuoted(value) == expected)
    }

    @Test func timestampIntentStaysPlain() throws {
        let stamp = "2026-11-22T10:47:00+03:00"
        #expect(YAMLWriter.scalar(stamp, intent: .timestamp) == stamp)
        #expect(YAMLWriter.scalar(stamp) == "\"\(stamp)\"")
        // A timestamp intent does not unquote what would break the line.
        #expect(YAMLWriter.scalar("a: b", intent: .timestamp) == "\"a: b\"")
        #expect(YAMLWriter.scalar("#x", intent: .timestamp) == "\"#x\"")
        // What enote writes for a timestamp reads back as that date.
        let frontMatter = try #require(Fixture.parsed("---\nupdated: \(YAMLWriter.scalar(stamp, intent: .timestamp))\n---\n"))
        #expect(frontMatter.entries.first?.value == .string(stamp))
    }

    @Test(arguments: [
        ([String](), "[]"),
        (["home", "weekly"], "[home, weekly]"),
        (["home", "a,b"], "[home, \"a,b\"]"),
        (["it's", "a\"b"], "[it's, a\"b]"),
        (["[x]", "{y}", "yes", ""], "[\"[x]\", \"{y}\", \"yes\", \"\"]"),
        (["日本", "Ёлка"], "[日本, Ёлка]"),
    ])
    func flowListText(_ items: [String], _ expected: String) {
        #expect(YAMLWriter.flowList(items) == expected)
    }

    @Test(arguments: ["yes", "NO", "1.10", "null", "~", "2024-01-01", ".inf", "0x1F", "1_000", "+1", "1e3", "12:30"])
    func valuesThatYAMLWouldTypeAreDetected(_ value: String) {
        #expect(YAMLWriter.resolvesToNonString(value))
    }

    @Test(arguments: ["Grocery list", "yesterday", "Nope", "1.10 release", "2024", "v1.2", "x2024-01-01", "e3"])
    func ordinaryTextIsNotTyped(_ value: String) throws {
        // "2024" alone is an integer to YAML, so it is the one exception here.
        let typed = YAMLWriter.resolvesToNonString(value)
        #expect(typed == (value == "2024"))
        let yaml = "v: \(YAMLWriter.scalar(value))\n"
        let loaded = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        #expect(loaded["v"] as? String == value)
    }
}
