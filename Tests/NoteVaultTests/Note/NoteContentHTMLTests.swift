import Foundation
import Testing

@testable import NoteVault

/// A note's body as HTML with its wikilinks made links (what the web interface's note page
/// shows): each wikilink becomes the Markdown link it means, and nothing else changes.
@Suite("NoteContent.bodyHTML(wikilinks:)")
struct NoteContentHTMLTests {
    /// The body of a note with `body`, rendered with every wikilink sent to `/n/<target>`
    /// except those whose target is `nowhere`, which stay as written.
    static func render(_ body: String, url: ((NoteLink) -> String?)? = nil) -> (html: String, asked: [String]) {
        let content = NoteContent(bytes: Array("---\ntitle: Trip\n---\n\(body)".utf8), path: "trip.md")
        var asked: [String] = []
        let html = content.bodyHTML { link in
            asked.append(link.destination)
            let given = url.map { $0(link) } ?? (link.target.path == "nowhere" ? nil : "/n/\(link.target.path)")
            return given.map(WikilinkDisplay.link) ?? .asWritten
        }
        return (html, asked)
    }

    @Test(
        "each wikilink is written as the link it means",
        arguments: [
            ("See [[plan]].", "<p>See <a href=\"/n/plan\">plan</a>.</p>"),
            ("See [[plan|the plan]].", "<p>See <a href=\"/n/plan\">the plan</a>.</p>"),
            ("[[plan#Day 2]]", "<p><a href=\"/n/plan\">plan#Day 2</a></p>"),
            ("[[a*b_c*]] stays literal", "<p><a href=\"/n/a*b_c*\">a*b_c*</a> stays literal</p>"),
            ("![[attachments/cat.gif]]", "<p><img src=\"/n/attachments/cat.gif\" alt=\"attachments/cat.gif\" /></p>"),
            ("![[cat.JPG|a cat]]", "<p><img src=\"/n/cat.JPG\" alt=\"a cat\" /></p>"),
            ("![[plan]] (a note embedded is a link)", "<p><a href=\"/n/plan\">plan</a> (a note embedded is a link)</p>"),
            ("[[nowhere]] and [[plan]]", "<p>[[nowhere]] and <a href=\"/n/plan\">plan</a></p>"),
            ("[[plan|]] and [[plan|  ]]", "<p><a href=\"/n/plan\">plan</a> and <a href=\"/n/plan\">plan</a></p>"),
            ("[[plan#Day 2|]]", "<p><a href=\"/n/plan\">plan#Day 2</a></p>"),
            ("A [see [[plan]]](https://example.com) link.", "<p>A <a href=\"https://example.com\">see plan</a> link.</p>"),
            ("[[plan]](draft)", "<p><a href=\"draft\">[plan]</a></p>"),
            ("![see [[plan]]](p.png)", "<p><img src=\"p.png\" alt=\"see plan\" /></p>"),
            ("# Title [[plan]]\n\n- item [[plan|x]]", "<h1>Title <a href=\"/n/plan\">plan</a></h1>\n<ul>\n<li>item <a href=\"/n/plan\">x</a></li>\n</ul>"),
        ])
    func wikilinkBecomesALink(body: String, expected: String) {
        #expect(Self.render(body).html.trimmingCharacters(in: .newlines) == expected)
    }

    @Test("a wikilink inside code stays code, and the front end is not asked about it")
    func codeStaysCode() {
        let rendered = Self.render("`[[plan]]`\n\n```\n[[plan]]\n```\n\n[[plan]]")
        #expect(rendered.html.contains("<code>[[plan]]</code>"))
        #expect(rendered.html.contains("<pre><code>[[plan]]\n</code></pre>"))
        #expect(rendered.html.contains("<a href=\"/n/plan\">plan</a>"))
        #expect(rendered.asked == ["plan"])
    }

    @Test(
        "a URL that could break out of the link, or run script, is not used",
        arguments: ["/n/x> <script>alert(1)</script>", "/n/a b", "/n/a\\", "", "javascript:alert(1)"])
    func hostileURL(url: String) {
        let html = Self.render("Go [[plan]] now.") { _ in url }.html.lowercased()
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("go ") && html.contains(" now."))
    }

    @Test("shown as text: the alias or what is written, escaped; as written: untouched")
    func textAndAsWritten() {
        let content = NoteContent(bytes: Array("---\ntitle: T\n---\nSee [[plan|the *plan*]] and [[a_b]] and [[keep]].\n".utf8), path: "t.md")
        let display: (NoteLink) -> WikilinkDisplay = { $0.target.path == "keep" ? .asWritten : .text }
        #expect(content.bodyMarkdown(wikilinks: display) == "See the \\*plan\\* and a\\_b and [[keep]].\n")
        #expect(content.bodyHTML(wikilinks: display) == "<p>See the *plan* and a_b and [[keep]].</p>\n")
    }

    @Test("a wikilink whose brackets are a Markdown link's own stays as written, whatever the front end asks")
    func bracketsOfAMarkdownLink() {
        let content = NoteContent(bytes: Array("[[plan]](draft) and [x [[plan]]](y)\n".utf8), path: "t.md")
        for display in [WikilinkDisplay.text, .link("/n/plan"), .asWritten] {
            let markdown = content.bodyMarkdown { _ in display }
            #expect(markdown.hasPrefix("[[plan]](draft) and "), "\(display)")
            #expect(content.bodyHTML { _ in display }.contains("<a href=\"draft\">[plan]</a>"), "\(display)")
        }
        #expect(content.bodyMarkdown { _ in .link("/n/plan") } == "[[plan]](draft) and [x plan](y)\n")
    }

    @Test("heading ids are the headings' slugs as written, the first of each kept, later ones made unique")
    func headingIDs() {
        let body = "# Next *steps*!\n\n## next_steps\n\n## Дни 2\n\n## ???\n\n## R&amp;D [[plan|Plan]]\n"
        let content = NoteContent(bytes: Array("---\ntitle: T\n---\n\(body)".utf8), path: "t.md")
        let html = content.bodyHTML(wikilinks: { _ in .link("/n/plan.md") }, headingIDs: true)
        #expect(html.contains("<h1 id=\"next-steps\">"))
        #expect(html.contains("<h2 id=\"next-steps-1\">next_steps</h2>"))
        #expect(html.contains("<h2 id=\"дни-2\">"))
        #expect(html.contains("<h2>???</h2>"), "a heading with no letter or digit has no id")
        // As written, as a link names it (and as heading rename writes it), whether or not its
        // wikilink resolves.
        #expect(html.contains("<h2 id=\"rampd-planplan\">R&amp;D <a href=\"/n/plan.md\">Plan</a></h2>"))
        #expect(!content.bodyHTML(wikilinks: { _ in .asWritten }).contains(" id="))
    }

    @Test(
        "ids: the first heading with a slug keeps it, later ones take a number no heading has",
        arguments: [
            (["A", "A", "A 1"], ["a", "a-2", "a-1"]), (["A 1", "A", "A"], ["a-1", "a", "a-2"]), (["A", "a", "A!"], ["a", "a-1", "a-2"]),
            (["?", "B", "?"], ["", "b", ""]), ([], []),
        ])
    func uniqueIDs(texts: [String], expected: [String]) {
        #expect(NoteHeading.ids(for: texts) == expected)
    }

    @Test(
        "a slug keeps letters, marks, digits and words, in composed form",
        arguments: [
            ("Next steps", "next-steps"), ("next_steps", "next-steps"), ("Next *steps*!", "next-steps"), ("  a  -  b  ", "a-b"),
            ("Храмы 日本", "храмы-日本"), ("Step 2.5", "step-25"), ("???", ""), ("", ""), ("Cafe\u{301}", "caf\u{E9}"), ("Caf\u{E9}", "caf\u{E9}"),
            ("नमस्ते", "नमस्ते"), ("ไม้", "ไม้"), ("Plan 😀", "plan"),
        ])
    func slug(text: String, expected: String) {
        #expect(NoteHeading.slug(text) == expected)
        #expect(Array(NoteHeading.slug(text).unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test("text outside the wikilinks is rendered exactly as bodyHTML renders it")
    func restUnchanged() {
        let body = "# Heading\n\nSome *emphasis*, a [Markdown link](other.md) and <b>raw</b>.\n"
        let content = NoteContent(bytes: Array("---\ntitle: T\n---\n\(body)".utf8), path: "t.md")
        #expect(content.bodyHTML { _ in .link("/n/x") } == content.bodyHTML)
        #expect(Self.render(body + "\n[[plan]]\n").html.hasPrefix(content.bodyHTML.trimmingCharacters(in: .newlines)))
    }

    @Test("a note that is not text renders as bodyHTML does, without asking for any URL")
    func notText() {
        let content = NoteContent(bytes: [0x5B, 0x5B, 0x61, 0x5D, 0x5D, 0x00, 0xFF], path: "bin.md")
        var asked = 0
        #expect(content.bodyHTML { _ in
            asked += 1
            return .link("/n/a")
        } == content.bodyHTML)
        #expect(asked == 0)
    }

    @Test(
        "a picture is told by its file name's extension",
        arguments: [
            ("a.png", ImageFormat.png), ("b/c.JPG", .jpeg), ("d.jpeg", .jpeg), ("e.gif", .gif), ("f.webp", .webp), ("g.heic", .heic),
            ("h.md", nil), ("i", nil), ("j.png/k", nil), (".png", .png),
        ])
    func pictureByExtension(path: String, format: ImageFormat?) {
        #expect(ImageFormat.named(byExtensionOf: path) == format)
    }
}
