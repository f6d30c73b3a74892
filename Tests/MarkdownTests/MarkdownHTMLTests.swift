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

    @Test("headings get the ids given for their text, in order; nothing else does")
    func headingIDs() {
        let markdown = """
            # One *two* `three`

            > ## Quoted [link](x)

            ```
            <h2>not a heading</h2>
            ```

            Text with <h3>raw</h3>.

            Setext
            ------

            ####### not a heading
            """
        var seen: [String] = []
        let html = MarkdownHTML.render(
            markdown,
            headingID: { text in
                seen.append(text)
                return "id\(seen.count)&\""
            })
        #expect(seen == ["One two three", "Quoted link", "Setext"])
        #expect(html.contains("<h1 id=\"id1&amp;&quot;\">One <em>two</em> <code>three</code></h1>"))
        #expect(html.contains("<h2 id=\"id2&amp;&quot;\">Quoted <a href=\"x\">link</a></h2>"))
        #expect(html.contains("<h2 id=\"id3&amp;&quot;\">Setext</h2>"))
        #expect(html.contains("&lt;h2&gt;not a heading&lt;/h2&gt;"))
        #expect(html.contains("<p>####### not a heading</p>"))
        // An empty id gives the heading none; without the closure nothing changes.
        #expect(MarkdownHTML.render("# A\n", headingID: { _ in "" }) == "<h1>A</h1>\n")
        #expect(MarkdownHTML.render(markdown) == MarkdownHTML.render(markdown, headingID: nil))
    }

    @Test("raw HTML headings rendered unsafely make the count differ, and then no id is given")
    func unsafeRawHeadings() {
        let html = MarkdownHTML.render("# A\n\n<h2>raw</h2>\n", safe: false, headingID: { _ in "x" })
        #expect(html == "<h1>A</h1>\n<h2>raw</h2>\n")
    }
}

