import Testing

@testable import NoteVault

/// One resolver row: a vault, a note in it that links, the link, and where it leads.
struct ResolverCase: Sendable, CustomTestStringConvertible {
    var paths: [String]
    var aliases: [String: [String]] = [:]
    var source = "source.md"
    var text: String
    var expected: LinkResolution
    var testDescription: String { "\(text) in \(paths)" }
}

@Suite("LinkResolver")
struct LinkResolverTests {
    static let cases: [ResolverCase] = [
        ResolverCase(paths: ["x/Note.md", "x/y/Note.md"], text: "[[Note]]", expected: .resolved("x/Note.md")),
        ResolverCase(paths: ["a/Note.md", "b/Note.md"], text: "[[Note]]", expected: .ambiguous(["a/Note.md", "b/Note.md"])),
        ResolverCase(paths: ["Note.md", "a/Note.md"], text: "[[Note]]", expected: .resolved("Note.md")),
        ResolverCase(paths: ["a/Note.md", "b/Note.md", "b/s.md"], source: "b/s.md", text: "[[Note]]", expected: .resolved("b/Note.md")),
        ResolverCase(paths: ["Note.md"], text: "[[NOTE]]", expected: .resolved("Note.md")),
        ResolverCase(paths: ["deep/er/Note.md"], text: "[[note]]", expected: .resolved("deep/er/Note.md")),
        ResolverCase(paths: ["Cafe\u{301}.md"], text: "[[Café]]", expected: .resolved("Cafe\u{301}.md")),
        ResolverCase(paths: ["Café.md"], text: "[[Cafe\u{301}]]", expected: .resolved("Café.md")),
        ResolverCase(paths: ["Cafe\u{301}.md"], text: "[x](Caf%C3%A9.md)", expected: .resolved("Cafe\u{301}.md")),
        ResolverCase(paths: ["ÉTÉ.md"], text: "[[été]]", expected: .resolved("ÉTÉ.md")),
        ResolverCase(paths: ["p/Project.md"], aliases: ["p/Project.md": ["Proj X"]], text: "[[proj x]]", expected: .resolved("p/Project.md")),
        ResolverCase(paths: ["a.md", "b.md"], aliases: ["a.md": ["X"], "b.md": ["x"]], text: "[[X]]", expected: .ambiguous(["a.md", "b.md"])),
        ResolverCase(paths: ["deep/X.md", "b.md"], aliases: ["b.md": ["X"]], text: "[[X]]", expected: .resolved("deep/X.md")),
        ResolverCase(paths: ["a/b/c.md"], text: "[[b/c]]", expected: .resolved("a/b/c.md")),
        ResolverCase(paths: ["a/c.md", "b/a/c.md"], text: "[[a/c]]", expected: .resolved("a/c.md")),
        ResolverCase(paths: ["x/a/c.md", "y/a/c.md"], text: "[[a/c]]", expected: .ambiguous(["x/a/c.md", "y/a/c.md"])),
        ResolverCase(paths: ["Note.md"], text: "[[Note.md]]", expected: .resolved("Note.md")),
        ResolverCase(paths: ["Note.md"], text: "[[x/../Note]]", expected: .resolved("Note.md")),
        ResolverCase(paths: ["Note.md"], text: "[[Missing]]", expected: .dead),
        ResolverCase(paths: ["assets/img/pic.png"], text: "![[pic.png]]", expected: .resolved("assets/img/pic.png")),
        ResolverCase(paths: ["Note.md"], text: "[x](note.md)", expected: .resolved("Note.md")),
        ResolverCase(paths: ["Note.md", "note.md"], text: "[x](note.md)", expected: .resolved("note.md")),
        ResolverCase(paths: ["Note.md", "note.md"], text: "[x](NOTE.md)", expected: .ambiguous(["Note.md", "note.md"])),
        ResolverCase(paths: ["Note.md"], source: "a/b/s.md", text: "[x](../../Note.md)", expected: .resolved("Note.md")),
        ResolverCase(paths: ["Note.md"], source: "a/s.md", text: "[x](../../Note.md)", expected: .dead),
        ResolverCase(paths: ["Note.md"], text: "[x](Note)", expected: .resolved("Note.md")),
        ResolverCase(paths: ["a/Note.md"], text: "[x](Note.md)", expected: .dead),
        ResolverCase(paths: ["a/Note.md"], text: "[x](a/)", expected: .dead),
        ResolverCase(paths: ["a b/c d.md"], text: "[x](a%20b/c%20d.md)", expected: .resolved("a b/c d.md")),
        ResolverCase(paths: ["Note.md"], text: "[x](Note.md?plain=1#top)", expected: .resolved("Note.md")),
        ResolverCase(paths: ["Note.md"], text: "[x](C:Note.md)", expected: .dead),
        ResolverCase(paths: ["Note.md"], text: "[x](file:///tmp/Note.md)", expected: .external),
        ResolverCase(paths: ["Note.md"], text: "[x](//host/Note.md)", expected: .external),
    ]

    @Test(arguments: cases)
    func resolves(_ row: ResolverCase) throws {
        let links = NoteLinkExtractor.extract(bytes: Array(row.text.utf8), bodyStart: 0).links
        let link = try #require(links.first)
        #expect(links.count == 1)
        let resolver = LinkResolver(paths: row.paths, aliases: row.aliases)
        #expect(resolver.resolve(link, from: row.source) == row.expected)
    }
}
