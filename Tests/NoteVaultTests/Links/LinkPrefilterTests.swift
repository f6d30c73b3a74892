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

    /// The answer byte by byte, as the rule reads: what the eight-byte scan must agree with.
    static func byteByByte(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in raw.indices.contains { NoteLinkExtractor.startsLinkOrTag(raw, at: $0) } }
    }

    @Test("a word holds a marker exactly when one of its eight bytes is [, < or #")
    func holdsMarkerIsExact() {
        var random = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x5B, 0x3C, 0x23, 0x5A, 0x5C, 0x3B, 0x3D, 0x22, 0x24, 0x00, 0x01, 0x80, 0xDB, 0xBC, 0xA3, 0xFF]
        for round in 0..<20000 {
            let bytes: [UInt8] = (0..<8).map { _ in
                round % 2 == 0 ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let markers: Set<UInt8> = [0x5B, 0x3C, 0x23]
            let expected = bytes.contains { markers.contains($0) }
            #expect(NoteLinkExtractor.holdsMarker(word) == expected, "\(bytes)")
        }
        #expect(!NoteLinkExtractor.holdsMarker(0x2020_2020_2020_2020))
        #expect(NoteLinkExtractor.holdsMarker(0x2320_2020_2020_2020))
    }

    @Test("the eight-byte scan finds a marker at every offset and word boundary, and nothing where there is none")
    func eightBytesAtATime() {
        let markers: [[UInt8]] = [Array("[".utf8), Array("<".utf8), Array("#a".utf8), Array("#я".utf8), Array("#/".utf8)]
        let notMarkers: [[UInt8]] = [Array("# ".utf8), Array("#".utf8), Array("#.".utf8), Array("]>)".utf8), [0x5A, 0x5C, 0x3B, 0x3D, 0x22, 0x24, 0xDB, 0xA3, 0xBC]]
        for length in 0..<26 {
            for offset in 0..<max(length, 1) {
                for marker in markers + notMarkers where offset + marker.count <= length {
                    var bytes = [UInt8](repeating: UInt8(ascii: " "), count: length)
                    bytes.replaceSubrange(offset..<offset + marker.count, with: marker)
                    let found = bytes.withUnsafeBytes { NoteLinkExtractor.mayHoldLinksOrTags($0) }
                    #expect(found == Self.byteByByte(bytes), "\(bytes) at \(offset)")
                    #expect(found == markers.contains(marker), "\(bytes) at \(offset)")
                }
            }
        }
        // A `#` ending one word and its tag's first letter starting the next.
        let split = Array("1234567#a".utf8)
        #expect(split.withUnsafeBytes { NoteLinkExtractor.mayHoldLinksOrTags($0) })
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0..<70, using: &random)).map { _ in
                Bool.random(using: &random) ? UInt8(ascii: "a") : UInt8.random(in: 0...255, using: &random)
            }
            #expect(bytes.withUnsafeBytes { NoteLinkExtractor.mayHoldLinksOrTags($0) } == Self.byteByByte(bytes), "\(bytes)")
        }
    }
}
