import Foundation
import Testing

@testable import NoteVault

/// The index skips the syntax map of a body that cannot hold a link or a tag
/// (``NoteLinkExtractor/mayHoldLinksOrTags(_:)``); what it keeps must be what the full
/// extraction finds, for every body.
@Suite("Link prefilter")
struct LinkPrefilterTests {
    /// What the index keeps of a note's links and tags, and what the full extraction finds.
    static func indexedAndExtracted(_ text: String) -> (indexed: NoteLinks, extracted: NoteLinks) {
        let bytes = Array(text.utf8)
        let read = NoteContent.readMappingSyntax(bytes: bytes, path: "note.md", timeZone: TimeZone(identifier: "UTC")!)
        let record = LinkRecord(content: read.content, map: read.map)
        return (NoteLinks(links: record.links, tags: record.tags), NoteLinkExtractor.extract(NoteContent(bytes: bytes, path: "note.md")))
    }

    @Test(arguments: [
        "# Heading only\n\nProse and more prose.\n",
        "Text with a #tag in it.\n",
        "a#b is no tag, nor is # this\n",
        "#123 is no tag; #1a is\n",
        "[x](y.md)\n", "<https://example.com>\n", "![pic](p.png)\n", "[[Wiki]] and ![[Embed]]\n", "[r]: r.md\n\n[r]\n",
        "&#91;x&#93;(y.md) and &#35;nottag\n", "```\n#notatag [[no]]\n```\n", "\\#escaped \\[[no]]\n", "#\n", "# \n", "##\n",
        "С #тегом и #日本\n", "tab\t#t and end #", "#/a/b/ #-x #_y\n",
    ])
    func theIndexKeepsWhatTheExtractionFinds(_ body: String) {
        let text = "---\ntitle: T\ntags: [front, \"#hashed\"]\n---\n" + body
        let (indexed, extracted) = Self.indexedAndExtracted(text)
        #expect(indexed == extracted)
        #expect(indexed.tags.prefix(2).map(\.name) == ["front", "hashed"])
    }

    @Test func aBodyThePrefilterPassesOverHoldsNoLinkAndNoTag() {
        let alphabet = ["#", "[", "]", "<", ">", "a", "Z", " ", "\n", "`", "(", ")", "!", "1", "я", "\\", "&", ";", "-", "_", "/", ":", "*", "\t", "|"]
        var random = SystemRandomNumberGenerator()
        var skipped = 0
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<40, using: &random)
            let body = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let mayHold = Array(body.utf8).withUnsafeBytes { NoteLinkExtractor.mayHoldLinksOrTags($0) }
            let (indexed, extracted) = Self.indexedAndExtracted(body)
            #expect(indexed == extracted, "\(body.debugDescription)")
            if !mayHold {
                skipped += 1
                #expect(extracted.links.isEmpty && extracted.tags.isEmpty, "\(body.debugDescription)")
            }
        }
        #expect(skipped > 100, "the alphabet gives the prefilter bodies to pass over")
    }
}
