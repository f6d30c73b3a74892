import Foundation
import Testing

@testable import Markdown

/// Markdown as readable plain text for `enote export` without `--html`.
@Suite("MarkdownPlainText")
struct MarkdownPlainTextTests {
    @Test("the documented example")
    func documented() {
        #expect(MarkdownPlainText.render("# Plan\n\n* one\n* two\n") == "Plan\n\n- one\n- two\n")
    }

    @Test(
        "blocks and inlines",
        arguments: [
            // Empty input and blank lines.
            ("", ""),
            ("\n\n   \n", ""),
            // Paragraphs separated by one blank line; soft and hard breaks become newlines.
            ("one\ntwo\n\nthree\n", "one\ntwo\n\nthree\n"),
            ("hard  \nbreak\n", "hard\nbreak\n"),
            // Emphasis, strong, code spans and escapes lose their marks.
            ("Milk (the *good* one), **bold**, `code`, \\*not emphasis\\*\n", "Milk (the good one), bold, code, *not emphasis*\n"),
            // Headings of any level and setext headings.
            ("## Side projects\n\ntext\n", "Side projects\n\ntext\n"),
            ("Title\n=====\n\nbody\n", "Title\n\nbody\n"),
            // Lists: bullets as -, numbers kept (with their start), tight.
            ("1. Budget\n2. Hiring\n3. Offsite\n", "1. Budget\n2. Hiring\n3. Offsite\n"),
            ("7. seven\n8. eight\n", "7. seven\n8. eight\n"),
            ("+ a\n+ b\n\nafter\n", "- a\n- b\n\nafter\n"),
            // Links as text (url); an autolink once; images as their alternative text.
            ("[The Pragmatic Programmer](https://pragprog.com/)\n", "The Pragmatic Programmer (https://pragprog.com/)\n"),
            ("<https://example.com>\n", "https://example.com\n"),
            ("![Tomato beds in July](attachments/garden.png)\n", "Tomato beds in July\n"),
            ("[*emph* link](x.md) and more\n", "emph link (x.md) and more\n"),
            // Raw HTML is left out, its text kept only when it is Markdown text.
            ("before <b>bold</b> after\n", "before bold after\n"),
            ("<script>alert(1)</script>\n\nvisible\n", "visible\n"),
            ("<div onclick=\"x()\">\nblock\n</div>\n\nnext\n", "next\n"),
            // Code blocks are indented by four spaces, their text as it is.
            ("```swift\nlet x = 1\n  indented\n```\n", "    let x = 1\n      indented\n"),
            ("para\n\n    code *not emphasis*\n\nend\n", "para\n\n    code *not emphasis*\n\nend\n"),
            // A thematic break.
            ("above\n\n---\n\nbelow\n", "above\n\n----\n\nbelow\n"),
            // Non-Latin text is kept.
            ("Хлеб, *молоко*, яйца.\n\n「吾輩は猫である」\n", "Хлеб, молоко, яйца.\n\n「吾輩は猫である」\n"),
            // Text that ends in > or spaces keeps its >.
            ("a -> b ->\n", "a -> b ->\n"),
            ("1 > 0 and 2 >\n", "1 > 0 and 2 >\n"),
            // CRLF input.
            ("one\r\ntwo\r\n\r\nthree\r\n", "one\ntwo\n\nthree\n"),
        ])
    func renders(markdown: String, expected: String) {
        #expect(MarkdownPlainText.render(markdown) == expected, "\(markdown.debugDescription)")
    }

    @Test("nested lists are indented under their item, without blank lines in a tight list")
    func nestedLists() {
        #expect(MarkdownPlainText.render("- one\n  - sub a\n  - sub b\n- two\n") == "- one\n  - sub a\n  - sub b\n- two\n")
        #expect(MarkdownPlainText.render("1. first\n   1. inner\n2. second\n") == "1. first\n  1. inner\n2. second\n")
    }

    @Test("block quotes keep their > marks, one per line")
    func quotes() {
        #expect(MarkdownPlainText.render("> quoted\n> line two\n") == "> quoted\n> line two\n")
        #expect(MarkdownPlainText.render("before\n\n> quoted\n\nafter\n") == "before\n\n> quoted\n\nafter\n")
        #expect(MarkdownPlainText.render("> one\n>\n> two\n") == "> one\n>\n> two\n")
        #expect(MarkdownPlainText.render("> outer\n>\n> > inner\n") == "> outer\n>\n> > inner\n")
        #expect(MarkdownPlainText.render("> - a\n> - b\n\nafter ->\n") == "> - a\n> - b\n\nafter ->\n")
        #expect(MarkdownPlainText.render(">     code\n>     more\n") == ">     code\n>     more\n")
    }

    @Test("the output never holds Markdown punctuation that was markup")
    func noMarkup() {
        let markdown = "# *Title* with `code`\n\n**Bold** _it_ [link](u) ![pic](p.png)\n\n- item\n"
        let text = MarkdownPlainText.render(markdown)
        for mark in ["#", "*", "_", "`", "[", "]", "!["] {
            #expect(!text.contains(mark), "\(mark) in \(text.debugDescription)")
        }
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
    }
}
