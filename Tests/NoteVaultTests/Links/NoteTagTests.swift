import Testing

@testable import NoteVault

@Suite("NoteTag")
struct NoteTagTests {
    @Test(
        arguments: [
            ("#tag\n", ["tag"]),
            ("a #tag b\n", ["tag"]),
            ("#a/b and #a/b/\n", ["a/b", "a/b"]),
            ("#Работа\n", ["Работа"]),
            ("#日本語 #한국어\n", ["日本語", "한국어"]),
            ("#snake_case #kebab-case\n", ["snake_case", "kebab-case"]),
            ("#123 #1-2 #_ #-\n", []),
            ("#y2024\n", ["y2024"]),
            ("# Heading\n\n## Two ##\n", []),
            ("## Heading #inline\n", ["inline"]),
            ("a#b\n", []),
            ("`#code` and ``#more``\n", []),
            ("```\n#fenced\n```\n", []),
            ("    #indented\n", []),
            ("\\#escaped\n", []),
            ("[x](note.md#anchor) [y](#local)\n", []),
            ("https://example.com/#frag and example.com/page#frag\n", []),
            ("<https://e.com/#x>\n", []),
            ("[[Note#heading]] ![[Note#h]]\n", []),
            ("#tag. #tag, (#no)\n", ["tag", "tag"]),
            ("#a#b\n", ["a"]),
            ("<div>\n#html\n</div>\n", []),
            ("#one\r\n#two\r\n", ["one", "two"]),
            ("> quoted #tag\n", ["tag"]),
            ("- [ ] task #todo\n", ["todo"]),
            ("\u{FEFF}#bom\n", ["bom"]),
            ("#Cafe\u{301}\n", ["Cafe\u{301}"]),
            ("[see #tag](x.md)\n", ["tag"]),
            ("[ref]: x.md#nope\n\n#yes\n", ["yes"]),
        ] as [(String, [String])])
    func bodyTags(_ text: String, _ names: [String]) throws {
        let bytes = Array(text.utf8)
        let found = NoteLinkExtractor.extract(NoteContent(bytes: bytes, path: "note.md")).tags
        #expect(found.map(\.name) == names)
        for tag in found {
            let range = try #require(tag.range)
            #expect(String(decoding: bytes[range], as: UTF8.self) == tag.name)
            #expect(bytes[range.lowerBound - 1] == UInt8(ascii: "#"))
            #expect(tag.origin == .body)
        }
    }

    @Test(
        arguments: [
            ("---\ntags: [Work, home]\n---\nbody #x\n", ["Work", "home", "x"], ["work", "home", "x"]),
            ("---\ntags: a, b\n---\n", ["a", "b"], ["a", "b"]),
            ("---\ntags:\n  - one\n  - Two/Three\n---\n#two/three\n", ["one", "Two/Three", "two/three"], ["one", "two/three", "two/three"]),
            ("---\r\ntags: \"#quoted\"\r\n---\r\n", ["quoted"], ["quoted"]),
            ("---\ntags: [Cafe\u{301}]\n---\n#CAFÉ\n", ["Cafe\u{301}", "CAFÉ"], ["café", "café"]),
        ] as [(String, [String], [String])])
    func frontMatterAndBodyTags(_ text: String, _ names: [String], _ normalized: [String]) {
        let found = NoteLinkExtractor.extract(NoteContent(bytes: Array(text.utf8), path: "note.md")).tags
        #expect(found.map(\.name) == names)
        #expect(found.map(\.normalized).map { Array($0.utf8) } == normalized.map { Array($0.utf8) })
    }

    @Test func frontMatterTagsGiveTheirLine() {
        let found = NoteLinkExtractor.extract(NoteContent(bytes: Array("---\ntitle: t\ntags: [a]\n---\n\n#b\n".utf8), path: "n.md")).tags
        #expect(found.map(\.origin) == [.frontMatter, .body])
        #expect(found.map { $0.place?.line } == [3, 6])
    }

    @Test func nestedTagsAreWithinTheirParents() {
        let tag = NoteTag(name: "Work/Q1/Plans", origin: .body, place: nil, range: nil)
        #expect(tag.isWithin("work"))
        #expect(tag.isWithin("#work/q1"))
        #expect(!tag.isWithin("wor"))
        #expect(!tag.isWithin("work/q"))
    }
}
