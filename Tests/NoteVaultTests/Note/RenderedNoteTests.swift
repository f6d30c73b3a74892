import Foundation
import Markdown
import Testing

@testable import NoteVault

/// A note's web page is read in one libcmark parse (``Vault/readRendered(_:)``): its title,
/// links and rendered body come from the parse that reads it, and only a wikilink shown as a
/// link costs a second one; the page is the one the note's own reading gives.
@Suite struct RenderedNoteTests {
    static let text = """
        ---
        title: Киото 😀
        ---
        # Храмы

        See [plan](plan.md) and #travel, 日本.

        ## What's new?

        """

    @Test func aPageWithoutWikilinksIsReadAndRenderedInOneParse() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("kyoto.md", Self.text)
        let vault = try sandbox.vault()
        let counter = MarkdownParseCounter()
        let (rendered, html) = try MarkdownParseCounter.$current.withValue(counter) {
            let rendered = try vault.readRendered(NotePath(trusted: "kyoto.md"))
            return (rendered, rendered.bodyHTML { _ in .asWritten })
        }
        #expect(counter.count == 1)
        let read = try vault.read(NotePath(trusted: "kyoto.md"))
        #expect(rendered.note.title == read.title)
        #expect(rendered.links.links.map(\.destination) == NoteLinkExtractor.extract(read.content).links.map(\.destination))
        #expect(html == read.content.bodyHTML(wikilinks: { _ in .asWritten }, headingIDs: true), "\(html)")
        #expect(html.contains("id=\"whats-new\""), "\(html)")
    }

    @Test func aWikilinkShownAsALinkCostsOneMoreParse() throws {
        let sandbox = try VaultSandbox()
        try sandbox.write("kyoto.md", Self.text + "[[plan]] 😀\n")
        let vault = try sandbox.vault()
        let counter = MarkdownParseCounter()
        let html = try MarkdownParseCounter.$current.withValue(counter) {
            try vault.readRendered(NotePath(trusted: "kyoto.md")).bodyHTML { _ in .link("/n/plan.md") }
        }
        #expect(counter.count == 2)
        #expect(html.contains("href=\"/n/plan.md\""), "\(html)")
    }
}
