import Testing

@testable import Markdown

@Suite("MarkdownSummary")
struct MarkdownSummaryTests {
    @Test(
        arguments: [
            ("# Grocery *list*\n\nPotatoes\nEggs\n", ["Grocery list", "Potatoes", "Eggs"]),
            ("one\ntwo\n", ["one", "two"]),  // soft break
            ("one  \ntwo\n", ["one", "two"]),  // hard break, two spaces
            ("one\\\ntwo\n", ["one", "two"]),  // hard break, backslash
            ("Fish &amp; chips &copy; &#x41;&#66; &lt;b&gt;\n", ["Fish & chips © AB <b>"]),
            ("Use `git diff` now\n", ["Use git diff now"]),
            ("``a ` b``\n", ["a ` b"]),
            ("a <b>bold</b> move\n", ["a bold move"]),  // inline HTML tags left out
            ("<div>\nhidden\n</div>\n\nVisible\n", ["Visible"]),  // HTML block left out
            ("<script>alert(1)</script>\n\nText\n", ["Text"]),
            ("<!-- comment -->\nText\n", ["Text"]),
            ("![A cat](cat.png)\n", ["A cat"]),
            ("See ![the *cat*](cat.png) here\n", ["See the cat here"]),
            ("[Docs](https://example.com) and <https://auto.example>\n", ["Docs and https://auto.example"]),
            ("```swift\nlet a = 1\nlet b = 2\n```\n", ["let a = 1", "let b = 2"]),
            ("    indented code\n    second\n", ["indented code", "second"]),
            ("Title\n=====\n\nBody\n", ["Title", "Body"]),
            ("Sub\n---\n", ["Sub"]),
            ("- one\n- two\n  continued\n\n1. three\n", ["one", "two", "continued", "three"]),
            ("> quoted *text*\n> more\n", ["quoted text", "more"]),
            ("\\*not emphasis\\* \\# x\n", ["*not emphasis* # x"]),
            ("**strong** and _em_\n", ["strong and em"]),
            ("a\r\nb\r\n\r\n# c\r\n", ["a", "b", "c"]),
            ("a\n\n***\n\nb\n", ["a", "b"]),
            ("# Список *покупок*\n\n牛乳を買う 🥛\n", ["Список покупок", "牛乳を買う 🥛"]),
            ("", []),
            ("  \n\n\t\n", []),
            ("# \n", []),
        ] as [(String, [String])])
    func plainTextLines(_ markdown: String, _ lines: [String]) {
        let summary = MarkdownSummary(parsing: markdown)
        #expect(summary.lines == lines)
        #expect(summary.plainText == lines.joined(separator: "\n"))
    }

    @Test func imageSourcesAndLinkDestinationsInOrder() {
        let markdown = """
            ![a](one.png) [l](https://a.example/x?y=1) ![b](<attachments/two x.jpg> "title")
            <https://auto.example> <ann@example.com> [ref][r] [![logo](logo.png)](https://home.example)

            [r]: /ref/path
            """
        let summary = MarkdownSummary(parsing: markdown)
        #expect(summary.imageSources == ["one.png", "attachments/two x.jpg", "logo.png"])
        #expect(
            summary.linkDestinations == [
                "https://a.example/x?y=1", "https://auto.example", "mailto:ann@example.com", "/ref/path", "https://home.example",
            ])
    }

    @Test func destinationsAreUnescapedButNotRewritten() {
        let summary = MarkdownSummary(parsing: "![x](a\\_b%20c.png) [y](https://x.example/&amp;)\n")
        #expect(summary.imageSources == ["a_b%20c.png"])
        #expect(summary.linkDestinations == ["https://x.example/&"])
    }

    @Test func noImagesOrLinks() {
        let summary = MarkdownSummary(parsing: "Just text, `![not](an image)`\n")
        #expect(summary.imageSources.isEmpty)
        #expect(summary.linkDestinations.isEmpty)
        #expect(summary.lines == ["Just text, ![not](an image)"])
    }

    @Test(arguments: ["# Grocery *list*\n\nPotatoes\n", "", "a\r\nb", "日本語\n\n> q"])
    func parsingUTF8MatchesParsingString(_ markdown: String) {
        let fromBytes = Array(markdown.utf8).withUnsafeBytes { MarkdownSummary(parsingUTF8: $0) }
        #expect(fromBytes == MarkdownSummary(parsing: markdown))
    }

    @Test func parsingASliceOfBytes() {
        let bytes = Array("---\ntitle: x\n---\n# Body\nText\n".utf8)
        let summary = bytes.withUnsafeBytes { raw in
            MarkdownSummary(parsingUTF8: UnsafeRawBufferPointer(rebasing: raw[17...]))
        }
        #expect(summary.lines == ["Body", "Text"])
    }

    @Test func manyLinesStayInOrder() {
        let lines = (1...2_000).map { "line \($0)" }
        #expect(MarkdownSummary(parsing: lines.joined(separator: "\n")).lines == lines)
    }
}
