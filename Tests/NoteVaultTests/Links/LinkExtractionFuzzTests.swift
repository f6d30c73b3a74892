import Testing

@testable import NoteVault

@Suite("Link extraction, random Markdown")
struct LinkExtractionFuzzTests {
    static let pieces = [
        "[", "]", "(", ")", "[[", "]]", "![", "![[", "#", "#tag", "`", "``", "```\n", "<", ">", "\\", "\n", "\r\n", "\r", " ", "\t",
        "> ", "- ", "1. ", "    ", "a", "é", "e\u{301}", "日本", "😀", ":", "|", "^", "https://e.com", ".md", "../", "%20", "%C3%A9",
        "[x]: ", "\"t\"", "---\n", "\u{FEFF}", "<div>\n", "&amp;", "*", "_", "=", "[a](b.md)", "[[n|a]]", "<https://x>", "\n\n",
    ]

    @Test func extractionNeverCrashesAndEveryRangeIsInTheText() {
        let count = Fuzzer.run("links, random Markdown") { generator in
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &generator) { text += Self.pieces.randomElement(using: &generator)! }
            let bytes = Array(text.utf8)
            let content = NoteContent(bytes: bytes, path: "fuzz.md")
            let found = NoteLinkExtractor.extract(content)
            for link in found.links {
                if let range = link.destinationRange {
                    guard range.lowerBound >= content.bodyStart, range.upperBound <= bytes.count else {
                        return (text, "range \(range) outside the body of \(bytes.count) bytes")
                    }
                    guard String(decoding: bytes[range], as: UTF8.self) == link.destination else {
                        return (text, "range \(range) does not hold \(link.destination)")
                    }
                }
                guard link.place.offset >= 0, link.place.offset < max(bytes.count, 1), link.place.line >= 1, link.place.column >= 1 else {
                    return (text, "bad place \(link.place)")
                }
            }
            for tag in found.tags where tag.origin == .body {
                guard let range = tag.range, range.lowerBound > content.bodyStart, range.upperBound <= bytes.count,
                    String(decoding: bytes[range], as: UTF8.self) == tag.name
                else { return (text, "tag \(tag.name) at \(String(describing: tag.range))") }
            }
            return (text, nil)
        }
        #expect(count > 100)
    }
}
