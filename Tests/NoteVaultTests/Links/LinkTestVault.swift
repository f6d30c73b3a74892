@testable import NoteVault

/// The vault the link tables resolve against; links are written in `notes/source.md`.
enum LinkTestVault {
    static let source = "notes/source.md"
    /// `Café.md` is stored decomposed (NFD), as macOS writes names.
    static let cafeNFD = "Cafe\u{301}.md"
    static let paths = [
        "Plan.md", source, "notes/Trip notes.md", "notes/sub/deep.md", cafeNFD, "Projects/Alpha.md",
        "pics/cat.png", "Über/Straße.md", "a/Dup.md", "b/Dup.md",
    ]
    static let aliases = ["Projects/Alpha.md": ["A1", "First project"]]
    static let resolver = LinkResolver(paths: paths, aliases: aliases)

    /// The note's links, read as enote reads a file.
    static func links(in text: String) -> (bytes: [UInt8], links: NoteLinks) {
        let bytes = Array(text.utf8)
        return (bytes, NoteLinkExtractor.extract(NoteContent(bytes: bytes, path: source)))
    }
}
