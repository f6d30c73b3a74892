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
