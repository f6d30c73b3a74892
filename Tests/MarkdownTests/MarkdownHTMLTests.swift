import Foundation
import Testing

@testable import Markdown

@Suite("MarkdownHTML")
struct MarkdownHTMLTests {
    @Test func rendersMarkdown() {
        #expect(MarkdownHTML.render("# Hi\n\n*x* & `y`\n") == "<h1>Hi</h1>\n<p><em>x</em> &amp; <code>y</code></p>\n")
        #expect(MarkdownHTML.render("") == "")
    }

    @Test func documentedExample() {
        #expect(
            MarkdownHTML.render("Hello <script>x()</script> [a](javascript:alert(1))")
                == "<p>Hello <!-- raw HTML omitted -->x()<!-- raw HTML omitted --> <a href=\"\">a</a></p>\n")
    }

    @Test(arguments: [
        "<script>alert(1)</script>\n",
        "<div onclick=\"alert(1)\">x</div>\n",
        "Text <img src=x onerror=alert(1)> more\n",
        "<iframe src=\"https://evil.example\"></iframe>\n",
        "<a href=\"javascript:alert(1)\">x</a>\n",
        "<style>body{display:none}</style>\n",
    ])
    func safeModeOmitsRawHTML(_ markdown: String) {
        let html = MarkdownHTML.render(markdown)
        #expect(html.contains("<!-- raw HTML omitted -->"))
        for needle in ["<script", "onclick", "onerror", "<iframe", "<style", "javascript:"] {
            #expect(!html.lowercased().contains(needle), "\(html)")
        }
    }

    @Test(arguments: [
        "javascript:alert(1)", "JAVASCRIPT:alert(1)", "JavaScript:void(0)", "vbscript:msgbox(1)", "file:///etc/passwd",
        "data:text/html;base64,PHNjcmlwdD4=",
    ])
    func safeModeEmptiesDangerousURLs(_ url: String) {
        let link = MarkdownHTML.render("[x](\(url))")
        #expect(link == "<p><a href=\"\">x</a></p>\n")
        let image = MarkdownHTML.render("![x](\(url))")
        #expect(image == "<p><img src=\"\" alt=\"x\" /></p>\n")
    }

    @Test(arguments: ["https://example.com/a?b=1", "attachments/photo.jpg", "data:image/png;base64,AAAA", "mailto:a@b.example"])
    func safeModeKeepsOrdinaryURLs(_ url: String) {
        #expect(MarkdownHTML.render("[x](\(url))").contains("href=\"\(url)\""))
    }

    @Test func unsafeModeKeepsRawHTML() {
        let html = MarkdownHTML.render("<b>x</b>\n\n[a](javascript:alert(1))", safe: false)
        #expect(html.contains("<b>x</b>"))
        #expect(html.contains("href=\"javascript:alert(1)\""))
    }

    @Test func attributesAndTextAreEscaped() {
        let html = MarkdownHTML.render("![\"<x>\"](a.png \"t\\\"q\") [a](https://x.example/\"onmouseover=\"alert(1))")
        #expect(html.contains("alt=\"&quot;&lt;x&gt;&quot;\""))
        #expect(html.contains("title=\"t&quot;q\""))
        #expect(!html.contains("\"onmouseover=\""))
    }

    @Test func rewritesImageSourcesInOrder() {
        final class Recorder { var seen: [String] = [] }
        let recorder = Recorder()
        let html = MarkdownHTML.render("![a](attachments/a.png) [link](attachments/a.png)\n\n![b](b%20c.jpg)") { source in
            recorder.seen.append(source)
            return "data:image/png;base64,QUJD"
        }
        #expect(recorder.seen == ["attachments/a.png", "b%20c.jpg"])
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,QUJD\"").count == 3)
        // Links are not images: their destinations stay as written.
        #expect(html.contains("<a href=\"attachments/a.png\">link</a>"))
        #expect(!html.contains("src=\"attachments/a.png\""))
    }

    @Test func rewrittenSourcesAreStillMadeSafe() {
        let safe = MarkdownHTML.render("![a](x.png)") { _ in "javascript:alert(1)" }
        #expect(safe == "<p><img src=\"\" alt=\"a\" /></p>\n")
        let quoted = MarkdownHTML.render("![a](x.png)") { _ in "a\"b.png" }
        #expect(quoted.contains("src=\"a%22b.png\""))
        let unsafe = MarkdownHTML.render("![a](x.png)", safe: false) { _ in "javascript:alert(1)" }
        #expect(unsafe.contains("src=\"javascript:alert(1)\""))
    }

    @Test func noImagesMeansNoRewriteCalls() {
        final class Counter { var calls = 0 }
        let counter = Counter()
        let html = MarkdownHTML.render("Just [a link](x.png)") { source in
            counter.calls += 1
            return source
        }
        #expect(counter.calls == 0)
        #expect(html == "<p>Just <a href=\"x.png\">a link</a></p>\n")
    }

    @Test("headings get the ids given, in order; nothing else does")
    func headingIDs() {
        let markdown = """
            # One *two* `three`

            > ## Quoted [link](x)

            ```
            <h2>not a heading</h2>
            ```

            Text with <h3>raw</h3> and `<h4>` in code.

            Setext
            ------

            ####### not a heading
            """
        let html = MarkdownHTML.render(markdown, headingIDs: ["one&\"", "quoted", "setext"])
        #expect(
            html == """
                <h1 id="one&amp;&quot;">One <em>two</em> <code>three</code></h1>
                <blockquote>
                <h2 id="quoted">Quoted <a href="x">link</a></h2>
                </blockquote>
                <pre><code>&lt;h2&gt;not a heading&lt;/h2&gt;
                </code></pre>
                <p>Text with <!-- raw HTML omitted -->raw<!-- raw HTML omitted --> and <code>&lt;h4&gt;</code> in code.</p>
                <h2 id="setext">Setext</h2>
                <p>####### not a heading</p>

                """)
        // An empty id gives that heading none; the others keep theirs.
        #expect(MarkdownHTML.render("# A\n\n# B\n", headingIDs: ["", "b"]) == "<h1>A</h1>\n<h1 id=\"b\">B</h1>\n")
    }

    @Test("another number of ids than headings gives none, as does raw HTML rendered unsafely")
    func countsMustAgree() {
        #expect(MarkdownHTML.render("# A\n\n## B\n", headingIDs: ["a"]) == "<h1>A</h1>\n<h2>B</h2>\n")
        #expect(MarkdownHTML.render("# A\n\n<h2>raw</h2>\n", safe: false, headingIDs: ["a"]) == "<h1>A</h1>\n<h2>raw</h2>\n")
    }
}
