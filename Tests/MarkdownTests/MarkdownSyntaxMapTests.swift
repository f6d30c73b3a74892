import Testing

@testable import Markdown

@Suite("MarkdownSyntaxMap")
struct MarkdownSyntaxMapTests {
    private func slice(_ text: String, _ range: Range<Int>?) -> String? {
        range.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
    }

    @Test(
        arguments: [
            ("See [plan](plan.md) now\n", "[plan](plan.md)"),
            ("> a\n> b ![i](c.png) c\n", "![i](c.png)"),
            ("- x\n  y <https://e.com>\n", "<https://e.com>"),
            ("a\r\nb [x](y.md)\r\n", "[x](y.md)"),
            // libcmark numbers these inlines from the definition's line: corrected.
            ("[a]: x.md\n[b]:\n  y.md\ntext [a] here\n", "[a]"),
            ("> [c]: z.md\n> quoted [c]\n", "[c]"),
        ] as [(String, String)])
    func linkRangeIsTheWholeNode(_ text: String, _ node: String) {
        let map = MarkdownSyntaxMap(parsing: text)
        #expect(map.links.count == 1)
        #expect(slice(text, map.links.first?.range) == node)
    }

    @Test func codeAndHTMLAreLiteral() {
        let text = "a `[[x]]` b <i title=\"#t\">c</i>\n\n```\n[[y]]\n```\n\n<div>\n#z\n</div>\n"
        let map = MarkdownSyntaxMap(parsing: text)
        let literal = map.literalRanges.compactMap { slice(text, $0) }
        #expect(literal == ["`[[x]]`", "<i title=\"#t\">", "</i>", "```\n[[y]]\n```\n", "<div>\n#z\n</div>\n"])
    }

    @Test func definitionLinesBelongToNoBlock() {
        let map = MarkdownSyntaxMap(parsing: "[a]: x.md\n[b]: y.md\ntext [a]\n\n# H\n")
        #expect(map.blockLines == [3...3, 5...5])
    }
}

@Suite("MarkdownSummary with a syntax map")
struct MarkdownSummarySyntaxMapTests {
    @Test func oneParseGivesTheSameMap() {
        let text = "[a]: x.md\ntext [a] `c` [b](y.md)\n\n```\n[[z]]\n```\n"
        let (summary, map) = text.utf8CString.withUnsafeBytes { raw in
            MarkdownSummary.withSyntaxMap(parsingUTF8: UnsafeRawBufferPointer(rebasing: raw.dropLast()))
        }
        #expect(map == MarkdownSyntaxMap(parsing: text))
        #expect(map.links.count == 2)
        #expect(summary == MarkdownSummary(parsing: text))
    }
}

@Suite("MarkdownSyntaxMap: task list items")
struct MarkdownTaskItemTests {
    @Test("markers, lines, text starts and nesting, as bytes of the text")
    func items() {
        let text = "- [ ] a\n  - [x] b\n    - c\n      - [X]\td\n> 1. [ ] e\r\n"
        let map = MarkdownSyntaxMap(parsing: text)
        let bytes = Array(text.utf8)
        #expect(map.taskItems.map(\.line) == [1, 2, 4, 5])
        #expect(map.taskItems.map(\.isChecked) == [false, true, true, false])
        #expect(map.taskItems.map(\.parent) == [nil, 0, 1, nil])
        #expect(map.taskItems.map { String(decoding: bytes[$0.textStart..<$0.lineEnd], as: UTF8.self) } == ["a", "b", "d", "e"])
        #expect(map.taskItems.allSatisfy { bytes[$0.marker - 1] == UInt8(ascii: "[") && bytes[$0.marker + 1] == UInt8(ascii: "]") })
    }

    @Test(
        "no task where libcmark makes no list item, or the marker is not followed by a space",
        arguments: ["```\n- [ ] a\n```\n", "    - [ ] a\n", "`- [ ] a`\n", "<div>\n- [ ] a\n</div>\n", "- [ ]a\n", "- [-] a\n", "- \\[ ] a\n", "[ ] a\n"])
    func none(_ text: String) {
        #expect(MarkdownSyntaxMap(parsing: text).taskItems.isEmpty)
    }
}
