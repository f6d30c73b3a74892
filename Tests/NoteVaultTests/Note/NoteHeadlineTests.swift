import Foundation
import Markdown
import Testing

@testable import NoteVault

@Suite("NoteHeadline")
struct NoteHeadlineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var path = "notes/plan.md"
        var title: String
        var description: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ATX heading with inline markup", text: "# Grocery *list*\n\nPotatoes\nEggs\n", title: "Grocery list", description: "Potatoes Eggs"),
        Case(name: "setext heading", text: "Grocery list\n============\n\nPotatoes\n", title: "Grocery list", description: "Potatoes"),
        Case(name: "first line of a paragraph", text: "Call Ann\nabout the **budget**\n", title: "Call Ann", description: "about the budget"),
        Case(name: "list first", text: "- Potatoes\n- Eggs\n  and milk\n", title: "Potatoes", description: "Eggs and milk"),
        Case(name: "code block first", text: "```swift\nlet x = 1\n```\n\nAfter\n", title: "let x = 1", description: "After"),
        Case(name: "block quote", text: "> Quoted **words**\n\nRest\n", title: "Quoted words", description: "Rest"),
        Case(
            name: "image first gives its alt text", text: "![Beach at sunset](attachments/beach.jpg)\n\nLovely day\n", title: "Beach at sunset",
            description: "Lovely day"),
        // Decision: raw HTML is not text; the title comes from the first text after it.
        Case(name: "HTML first", text: "<div align=\"center\">\n<b>Banner</b>\n</div>\n\nReal text\n", title: "Real text", description: ""),
        Case(name: "links and entities", text: "[Docs](https://example.com) &amp; more\n", title: "Docs & more", description: ""),
        Case(
            name: "front matter title, body repeats it as a heading",
            text: "---\ntitle: Grocery list\n---\n# Grocery *list*\n\nPotatoes\n", title: "Grocery list", description: "Potatoes"),
        Case(
            name: "front matter title, repeated heading in another case",
            text: "---\ntitle: grocery LIST\n---\n# Grocery list\nPotatoes\n", title: "grocery LIST", description: "Potatoes"),
        Case(
            name: "front matter title, different first line",
            text: "---\ntitle: Plan\n---\nStep one\nStep two\n", title: "Plan", description: "Step one Step two"),
        Case(name: "front matter title is trimmed", text: "---\ntitle: '  Plan  '\n---\n", title: "Plan", description: ""),
        Case(name: "empty front matter title falls back to the body", text: "---\ntitle: ''\n---\nBody\n", title: "Body", description: ""),
        Case(name: "front matter only", text: "---\ncolor: red\n---\n", path: "work/Plan B.md", title: "Plan B", description: ""),
        Case(name: "empty file", text: "", title: "Untitled", description: ""),
        // Decision: a file of only whitespace (or only a BOM) is an empty note.
        Case(name: "whitespace-only file", text: " \n\t\r\n\n", title: "Untitled", description: ""),
        Case(name: "BOM only", text: "\u{FEFF}", title: "Untitled", description: ""),
        Case(name: "markup without text", text: "***\n\n<br>\n", path: "x/ideas.MD", title: "ideas", description: ""),
        Case(name: "Cyrillic", text: "# Список *покупок*\n\nКартошка\nЯйца\n", title: "Список покупок", description: "Картошка Яйца"),
        Case(name: "Japanese", text: "# 買い物リスト\n\n牛乳\n卵\n", title: "買い物リスト", description: "牛乳 卵"),
        Case(
            name: "whitespace collapsed", text: "Title \t with   spaces\n\n  many   spaces  here\n", title: "Title with spaces", description: "many spaces here"
        ),
        Case(name: "CRLF and BOM", text: "\u{FEFF}# Plan\r\n\r\nStep one\r\n", title: "Plan", description: "Step one"),
    ]

    @Test(arguments: cases)
    func titleAndDescription(_ sample: Case) {
        let content = NoteContent(bytes: Array(sample.text.utf8), path: sample.path)
        #expect(content.headline.title == sample.title)
        #expect(content.headline.description == sample.description)
    }

    static let words = (1...300).map { "word\($0)" }

    @Test func longParagraphIsCutAtAWordBoundary() throws {
        let paragraph = Self.words.joined(separator: " ")
        let content = NoteContent(bytes: Array("# Essay\n\n\(paragraph)\n".utf8), path: "essay.md")
        let description = content.headline.description
        #expect(content.headline.title == "Essay")
        #expect(description.count <= NoteHeadline.descriptionLength + 1)
        #expect(description.count > NoteHeadline.descriptionLength / 2)
        #expect(description.hasSuffix("…"))
        let kept = String(description.dropLast())
        #expect(paragraph.hasPrefix(kept + " "))
        #expect(Self.words.contains(String(kept.split(separator: " ").last ?? "")))
    }

    @Test func longDescriptionFromManyLines() {
        let body = Self.words.joined(separator: "\n")
        let content = NoteContent(bytes: Array("---\ntitle: Lines\n---\n\(body)\n".utf8), path: "lines.md")
        let description = content.headline.description
        #expect(description.count <= 161 && description.hasSuffix("…"))
        #expect(description.hasPrefix("word1 word2 word3"))
        #expect(Self.words.joined(separator: " ").hasPrefix(String(description.dropLast()) + " "))
    }

    @Test func japaneseWithoutSpacesIsCutHard() {
        let text = String(repeating: "日本語の文章です。", count: 40)
        let content = NoteContent(bytes: Array("# 題名\n\n\(text)\n".utf8), path: "ja.md")
        #expect(content.headline.description == String(text.prefix(NoteHeadline.descriptionLength)) + "…")
    }

    @Test func shortDescriptionIsNotCut() {
        let text = String(repeating: "a", count: NoteHeadline.descriptionLength)
        #expect(NoteHeadline.truncate(text, to: NoteHeadline.descriptionLength) == text)
        #expect(NoteHeadline.truncate(text + "b", to: NoteHeadline.descriptionLength) == text + "…")
    }

    @Test(arguments: [
        ("one two, three", 9, "one two…"),
        ("alpha beta gamma delta", 12, "alpha beta…"),
        ("a bcdefghijkl", 8, "a bcdefg…"),
    ])
    func truncateRules(_ text: String, _ limit: Int, _ expected: String) {
        #expect(NoteHeadline.truncate(text, to: limit) == expected)
    }

    @Test func headlineFromSummaryDirectly() {
        let summary = MarkdownSummary(parsing: "# Groceries\n\nPotatoes\nEggs")
        let headline = NoteHeadline(frontMatterTitle: nil, body: summary, fileName: "groceries.md", isEmptyFile: false)
        #expect(headline == NoteHeadline(frontMatterTitle: "Groceries", body: summary, fileName: "x.md", isEmptyFile: false))
        #expect(headline.title == "Groceries" && headline.description == "Potatoes Eggs")
        let empty = NoteHeadline(frontMatterTitle: nil, body: MarkdownSummary(parsing: ""), fileName: "a/b/.md", isEmptyFile: false)
        #expect(empty.title == ".md")
    }

    /// `enote new --edit` without a title: the first line with text is the title, by the same
    /// rule as a list's; lines before it without text stay in the body.
    @Test(
        "splittingTitle: the typed note's title by the headline rule, and the rest",
        arguments: [
            ("# Grocery *list*\n\nPotatoes\n", "Grocery list", "\nPotatoes\n"),
            ("\n  \n# Plan\nToday\n", "Plan", "Today\n"),
            ("---\n**Trip**\nBring maps\n", "Trip", "---\nBring maps\n"),
            ("\n \n", "", "\n \n"),
        ])
    func splittingTitle(text: String, title: String, body: String) {
        let split = NoteHeadline.splittingTitle(from: text)
        #expect(split.title == title)
        #expect(split.body == body)
        if !title.isEmpty {
            let listed = NoteHeadline(frontMatterTitle: nil, body: MarkdownSummary(parsing: text), fileName: "x.md", isEmptyFile: false)
            #expect(listed.title == split.title, "the same title as a list shows for the text")
        }
    }
}
