import Testing

@testable import Markdown

/// `MarkdownHTML.replacingCodeBlocks`: a note's query blocks drawn in place of their code, the
/// k-th block of the languages asked for in the order `MarkdownCodeBlock.blocks` finds them.
@Suite("Replacing code blocks in rendered Markdown")
struct MarkdownCodeBlockReplacementTests {
    static let languages: Set<String> = ["enote", "dataview", "tasks"]

    func replaced(_ markdown: String) -> String {
        MarkdownHTML.replacingCodeBlocks(MarkdownHTML.render(markdown), languages: Self.languages) { "<div class=\"view\">\($0)</div>" }
    }

    @Test(
        "each query block is replaced, wherever it stands, in the order the blocks are found",
        arguments: [
            ("```enote\nlist\n```\n", 1),
            ("Intro\n\n```Dataview\nTABLE x\n```\n\n```tasks\nnot done\n```\n", 2),
            ("- item\n\n  ```enote\n  list\n  ```\n", 1),
            ("> quoted\n>\n> ```dataview\n> LIST\n> ```\n", 1),
            ("```swift\nlet x = 1\n```\n\n```enote\nlist\n```\n", 1),
            ("    indented code\n\n```\nno language\n```\n", 0),
        ] as [(String, Int)])
    func replacesInOrder(_ markdown: String, _ count: Int) {
        let html = replaced(markdown)
        #expect(MarkdownCodeBlock.blocks(in: markdown, languages: Self.languages).count == count)
        for number in 0..<count { #expect(html.contains("<div class=\"view\">\(number)</div>")) }
        #expect(!html.contains("<div class=\"view\">\(count)</div>"))
        #expect(!html.contains("language-enote") && !html.contains("language-dataview") && !html.contains("language-Dataview"))
    }

    @Test("other code stays as libcmark drew it")
    func keepsOtherCode() {
        let markdown = "```swift\nlet a = \"<pre><code class=\\\"language-enote\\\">\"\n```\n\n```enote\nlist\n```\n"
        let html = replaced(markdown)
        #expect(html.contains("<pre><code class=\"language-swift\">let a = &quot;&lt;pre&gt;&lt;code class=\\&quot;language-enote\\&quot;&gt;&quot;\n</code></pre>"))
        #expect(html.contains("<div class=\"view\">0</div>"))
        #expect(!html.contains("<div class=\"view\">1</div>"))
    }

    @Test("text that spells a code block's tag is escaped, never taken for one")
    func hostileText() {
        let markdown = "Text <pre><code class=\"language-enote\">x</code></pre>\n\n`<pre><code class=\"language-enote\">`\n"
        let html = MarkdownHTML.render(markdown)
        var called = 0
        let out = MarkdownHTML.replacingCodeBlocks(html, languages: Self.languages) { _ in
            called += 1
            return "X"
        }
        #expect(called == 0)
        #expect(out == html)
    }

    @Test("a block the replacement declines keeps its code, and the count goes on")
    func declined() {
        let html = MarkdownHTML.render("```enote\nlist\n```\n\n```enote\ntable x\n```\n")
        let out = MarkdownHTML.replacingCodeBlocks(html, languages: Self.languages) { $0 == 0 ? nil : "<b>second</b>" }
        #expect(out.contains("<pre><code class=\"language-enote\">list\n</code></pre>"))
        #expect(out.contains("<b>second</b>"))
        #expect(!out.contains("table x"))
    }
}
