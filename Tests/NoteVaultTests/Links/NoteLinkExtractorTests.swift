import Testing

@testable import NoteVault

/// One row of the link table: a note's text and the links it must yield, in file order.
struct LinkCase: Sendable, CustomTestStringConvertible {
    struct Expected: Sendable {
        var kind: NoteLink.Kind
        var destination: String
        var resolution: LinkResolution
        var line: Int? = nil
        var column: Int? = nil
    }

    var text: String
    var expected: [Expected]
    var testDescription: String { String(reflecting: text) }

    init(_ text: String, _ expected: Expected...) {
        self.text = text
        self.expected = expected
    }
}

private func link(_ kind: NoteLink.Kind, _ destination: String, _ resolution: LinkResolution, line: Int? = nil, column: Int? = nil) -> LinkCase.Expected {
    LinkCase.Expected(kind: kind, destination: destination, resolution: resolution, line: line, column: column)
}

private let plan = LinkResolution.resolved("Plan.md")
private let trip = LinkResolution.resolved("notes/Trip notes.md")
private let deep = LinkResolution.resolved("notes/sub/deep.md")
private let cafe = LinkResolution.resolved(LinkTestVault.cafeNFD)
private let alpha = LinkResolution.resolved("Projects/Alpha.md")
private let cat = LinkResolution.resolved("pics/cat.png")
private let strasse = LinkResolution.resolved("Über/Straße.md")
private let itself = LinkResolution.resolved(LinkTestVault.source)

@Suite("NoteLinkExtractor")
struct NoteLinkExtractorTests {
    static let cases: [LinkCase] = [
        // Inline Markdown links: relative paths, .md optional, percent-encoding, angle brackets.
        LinkCase("See [p](../Plan.md).\n", link(.inline, "../Plan.md", plan, line: 1, column: 5)),
        LinkCase("[p](../Plan)\n", link(.inline, "../Plan", plan)),
        LinkCase("[t](Trip%20notes.md)\n", link(.inline, "Trip%20notes.md", trip)),
        LinkCase("[t](<Trip notes.md>)\n", link(.inline, "<Trip notes.md>", trip)),
        LinkCase("[t](Trip%20notes.md#Day%201)\n", link(.inline, "Trip%20notes.md#Day%201", trip)),
        LinkCase("[d](sub/deep.md#^block1)\n", link(.inline, "sub/deep.md#^block1", deep)),
        LinkCase("[d](./sub/deep.md)\n", link(.inline, "./sub/deep.md", deep)),
        LinkCase("[x](../../outside.md)\n", link(.inline, "../../outside.md", .dead)),
        LinkCase("[x](/Plan.md)\n", link(.inline, "/Plan.md", plan)),
        LinkCase("[c](../Café.md)\n", link(.inline, "../Café.md", cafe)),
        LinkCase("[c](../Caf%C3%A9.md)\n", link(.inline, "../Caf%C3%A9.md", cafe)),
        LinkCase("[s](../%C3%9Cber/Stra%C3%9Fe.md)\n", link(.inline, "../%C3%9Cber/Stra%C3%9Fe.md", strasse)),
        LinkCase("[h](#Heading)\n", link(.inline, "#Heading", itself)),
        LinkCase("[x](../Plan.md 'a title')\n", link(.inline, "../Plan.md", plan)),
        LinkCase("[x](../Pl&#97;n.md)\n", link(.inline, "../Pl&#97;n.md", plan)),
        LinkCase("[a\\]b](../Plan.md)\n", link(.inline, "../Plan.md", plan)),
        LinkCase("[x](../Pl\\(an.md)\n", link(.inline, "../Pl\\(an.md", .dead)),
        // External links.
        LinkCase("[e](https://example.com/a#b)\n", link(.inline, "https://example.com/a#b", .external)),
        LinkCase("[m](mailto:me@example.com)\n", link(.inline, "mailto:me@example.com", .external)),
        LinkCase("Go <https://example.com/x>.\n", link(.autolink, "https://example.com/x", .external, column: 4)),
        LinkCase("<me@example.com>\n", link(.autolink, "me@example.com", .external)),
        // Images.
        LinkCase("![cat](../pics/cat.png)\n", link(.image, "../pics/cat.png", cat)),
        LinkCase("![cat](../pics/cat.png \"A cat\")\n", link(.image, "../pics/cat.png", cat)),
        LinkCase("[![cat](../pics/cat.png)](../Plan.md)\n", link(.inline, "../Plan.md", plan), link(.image, "../pics/cat.png", cat)),
        // Reference links and their definitions.
        LinkCase("[p][plan]\n\n[plan]: ../Plan.md\n", link(.reference, "../Plan.md", plan, line: 1), link(.definition, "../Plan.md", plan, line: 3)),
        LinkCase("[plan]\n\n[plan]: <../Plan.md> \"Title\"\n", link(.reference, "<../Plan.md>", plan), link(.definition, "<../Plan.md>", plan)),
        LinkCase("[PLAN][]\n\n[plan]: ../Plan.md\n", link(.reference, "../Plan.md", plan), link(.definition, "../Plan.md", plan)),
        LinkCase(
            "[plan]: ../Plan.md\ntext [plan] here\n", link(.definition, "../Plan.md", plan, line: 1), link(.reference, "../Plan.md", plan, line: 2, column: 6)),
        LinkCase(
            "> [plan]: ../Plan.md\n> quoted [p][plan]\n", link(.definition, "../Plan.md", plan), link(.reference, "../Plan.md", plan, line: 2, column: 10)),
        LinkCase("[unused]: ../Trip%20notes.md\n", link(.definition, "../Trip%20notes.md", .dead)),
        LinkCase("text\n[plan]: ../Plan.md\n"),  // a paragraph continuation, not a definition
        // libcmark folds case fully (ẞ matches ss); the definition is still found, by its URL.
        LinkCase(
            "[a](../Plan.md) [ss]\n\n[\u{1E9E}]: ../Plan.md\n", link(.inline, "../Plan.md", plan, line: 1, column: 1),
            link(.reference, "../Plan.md", plan, line: 1, column: 17), link(.definition, "../Plan.md", plan, line: 3)),
        // Code, HTML and escapes are not links.
        LinkCase("`[x](../Plan.md)` and `[[Plan]]`\n"),
        LinkCase("```\n[[Plan]] [p](../Plan.md)\n```\n"),
        LinkCase("    [[Plan]] #tag\n"),
        LinkCase("\\[[Plan]]\n"),
        LinkCase("<span title=\"[[Plan]]\">x</span>\n"),
        LinkCase("<div>\n[[Plan]]\n</div>\n"),
        LinkCase("[[]] and [[  ]]\n"),
        // Wikilinks and embeds.
        LinkCase("[[Plan]]\n", link(.wikilink, "Plan", plan, line: 1, column: 1)),
        LinkCase("[[plan]]\n", link(.wikilink, "plan", plan)),
        LinkCase("[[Plan.md]]\n", link(.wikilink, "Plan.md", plan)),
        LinkCase("[[Plan#Goals|the plan]]\n", link(.wikilink, "Plan#Goals|the plan", plan)),
        LinkCase("[[deep#^b1]]\n", link(.wikilink, "deep#^b1", deep)),
        LinkCase("[[Dup]]\n", link(.wikilink, "Dup", .ambiguous(["a/Dup.md", "b/Dup.md"]))),
        LinkCase("[[A1]] [[first PROJECT]]\n", link(.wikilink, "A1", alpha), link(.wikilink, "first PROJECT", alpha)),
        LinkCase("![[cat.png]]\n", link(.embed, "cat.png", cat)),
        LinkCase("![[Plan#Goals]]\n", link(.embed, "Plan#Goals", plan)),
        LinkCase("\\![[Plan]]\n", link(.wikilink, "Plan", plan)),
        LinkCase("[[Café]]\n", link(.wikilink, "Café", cafe)),
        LinkCase("[[Projects/Alpha]]\n", link(.wikilink, "Projects/Alpha", alpha)),
        LinkCase("[[Trip notes]]\n", link(.wikilink, "Trip notes", trip)),
        LinkCase("[[sub/deep]]\n", link(.wikilink, "sub/deep", deep)),
        LinkCase("[[../Plan]]\n", link(.wikilink, "../Plan", plan)),
        LinkCase("[[#Heading]]\n", link(.wikilink, "#Heading", itself)),
        LinkCase("[[Missing]]\n", link(.wikilink, "Missing", .dead)),
        LinkCase("[[Über/Straße]]\n", link(.wikilink, "Über/Straße", strasse)),
        LinkCase("| [[Plan\\|x]] |\n", link(.wikilink, "Plan\\|x", plan)),
        LinkCase("a [[Plan]] `[[code]]` [[Trip notes]]\n", link(.wikilink, "Plan", plan), link(.wikilink, "Trip notes", trip, column: 23)),
        LinkCase("[[Plan\n]]\n"),
        // Links in headings, lists and block quotes.
        LinkCase("# Heading with [[Plan]]\n", link(.wikilink, "Plan", plan, column: 16)),
        LinkCase("## [p](../Plan.md) ##\n", link(.inline, "../Plan.md", plan)),
        LinkCase("- one\n- item [p](../Plan.md)\n", link(.inline, "../Plan.md", plan, line: 2, column: 8)),
        LinkCase("1. a\n   continued [p](../Plan.md)\n", link(.inline, "../Plan.md", plan, line: 2)),
        LinkCase("> quote\n> more [[Plan]] [p](../Plan.md)\n", link(.wikilink, "Plan", plan, line: 2), link(.inline, "../Plan.md", plan, line: 2, column: 17)),
        // An autolink that starts a list item (a References section as many vaults write it).
        LinkCase("- <https://example.org>\n", link(.autolink, "https://example.org", .external, line: 1, column: 3)),
        LinkCase("## References\n\n- <https://a.example/x>\n- <https://b.example/y>\n", link(.autolink, "https://a.example/x", .external, line: 3, column: 3), link(.autolink, "https://b.example/y", .external, line: 4, column: 3)),
        LinkCase("* <me@example.com>\n", link(.autolink, "me@example.com", .external, column: 3)),
        LinkCase("1. <https://example.org>\n", link(.autolink, "https://example.org", .external, column: 4)),
        LinkCase("- [ ] <https://example.org>\n", link(.autolink, "https://example.org", .external, column: 7)),
        LinkCase("> - <https://example.org> and [p](../Plan.md)\n", link(.autolink, "https://example.org", .external, column: 5), link(.inline, "../Plan.md", plan, column: 31)),
        LinkCase("- a\n  - <https://example.org>\n", link(.autolink, "https://example.org", .external, line: 2, column: 5)),
        LinkCase("- <https://example.org/Straße>\n", link(.autolink, "https://example.org/Straße", .external, column: 3)),
        LinkCase("- `<https://example.org/a>` <https://example.org/a>\n", link(.autolink, "https://example.org/a", .external, column: 29)),
        // Line endings, BOM, front matter, non-ASCII before the link.
        LinkCase("line one\r\n[p](../Plan.md)\r\n\r\n[[Plan]]\r\n", link(.inline, "../Plan.md", plan, line: 2), link(.wikilink, "Plan", plan, line: 4)),
        LinkCase("\u{FEFF}[[Plan]]\n", link(.wikilink, "Plan", plan, line: 1, column: 1)),
        LinkCase("---\ntitle: x\n---\n[[Plan]]\n", link(.wikilink, "Plan", plan, line: 4)),
        LinkCase("---\r\ntitle: \"[[Plan]]\"\r\n---\r\nsee [[Trip notes]]\r\n", link(.wikilink, "Trip notes", trip, line: 4, column: 5)),
        LinkCase("Привет [[Plan]]\n", link(.wikilink, "Plan", plan, column: 14)),
    ]

    @Test(arguments: cases)
    func extractsAndResolves(_ row: LinkCase) throws {
        let (bytes, found) = LinkTestVault.links(in: row.text)
        try #require(found.links.count == row.expected.count, "\(found.links.map(\.destination))")
        for (link, expected) in zip(found.links, row.expected) {
            #expect(link.kind == expected.kind)
            #expect(link.destination == expected.destination)
            let range = try #require(link.destinationRange)
            #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count)
            #expect(String(decoding: bytes[range], as: UTF8.self) == expected.destination)
            #expect(LinkTestVault.resolver.resolve(link, from: LinkTestVault.source) == expected.resolution)
            if let line = expected.line { #expect(link.place.line == line) }
            if let column = expected.column { #expect(link.place.column == column) }
        }
    }

    @Test func columnsInUTF16() {
        let (_, found) = LinkTestVault.links(in: "😀 é [[Plan]]\n")
        #expect(found.links.first?.place.column == 9)
        #expect(found.links.first?.place.utf16Column == 6)
    }

    @Test func parsedTargetParts() {
        let (_, found) = LinkTestVault.links(in: "[[Plan#Goals|the plan]] [[deep#^b1]] [t](Trip%20notes.md#Day%201) [b](x.md#%5Eb2)\n")
        let targets = found.links.map(\.target)
        #expect(targets[0] == LinkTarget(path: "Plan", heading: "Goals", alias: "the plan"))
        #expect(targets[1] == LinkTarget(path: "deep", block: "b1"))
        #expect(targets[2] == LinkTarget(path: "Trip notes.md", heading: "Day 1"))
        #expect(targets[3] == LinkTarget(path: "x.md", block: "b2"))
    }
}
