import Foundation
import Markdown

/// What the index keeps of one note's place in the link graph: its links, its tags, and the
/// names wikilinks may call it by (its file name and its front matter `aliases`). Built from the
/// same libcmark parse as the rest of the note's ``IndexRecord``.
struct LinkRecord: Sendable {
    /// Every link, definition and embed, in file order.
    var links: [NoteLink]
    /// Front matter tags, then body tags, each occurrence once.
    var tags: [NoteTag]
    /// The front matter `aliases` (or `alias`), as written.
    var aliases: [String]

    init(links: [NoteLink] = [], tags: [NoteTag] = [], aliases: [String] = []) {
        self.links = links
        self.tags = tags
        self.aliases = aliases
    }

    /// The links and tags of `content`, taken from `map`, the syntax map of its body's parse
    /// (`nil` for a body that holds none: only the front matter's tags are kept).
    init(content: NoteContent, map: MarkdownSyntaxMap?) {
        var aliases: [String] = []
        for (key, value) in content.metadata.fields where ["aliases", "alias"].contains(key.lowercased()) {
            aliases += value.strings.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        }
        guard content.textProblem == nil else {
            self.init(aliases: aliases)
            return
        }
        var tagsLine: Int?
        if case .parsed(let frontMatter) = content.frontMatter {
            tagsLine = frontMatter.entries.first { FrontMatterKey(spelling: $0.key) == .tags }?.line
        }
        guard let map else {
            // A body without a syntax map holds no link and no tag (see NoteContent.readMappingSyntax).
            self.init(tags: NoteLinkExtractor.tags(frontMatter: content.metadata.tags, line: tagsLine), aliases: aliases)
            return
        }
        let found = content.bytes.withUnsafeBufferPointer { buffer in
            NoteLinkExtractor.extract(
                buffer: buffer, bodyStart: content.bodyStart, map: map, frontMatterTags: content.metadata.tags, frontMatterTagsLine: tagsLine)
        }
        self.init(links: found.links, tags: found.tags, aliases: aliases)
    }

    /// The key a note is found by in the `names` table and a link in the `links` table: the
    /// file name without `.md`, lowercased and in NFC (`Plans/Trip.md` → `trip`). Every note a
    /// link may resolve to has the link's key as its name or alias key (see ``LinkGraphReader``).
    static func nameKey(_ path: String) -> String {
        fold(LinkResolver.name(of: path))
    }

    /// The key of a front matter alias: lowercased, NFC; a wikilink `[[a/b]]` may name an alias
    /// `a/b`, so an alias is also found under its last component.
    static func aliasKeys(_ alias: String) -> [String] {
        let whole = fold(alias.trimmingSpaces())
        guard let slash = whole.lastIndex(of: "/") else { return [whole] }
        return [whole, String(whole[whole.index(after: slash)...])]
    }

    /// The key of a link (`""` for a URL or a link within the same note): the key of the note it
    /// names, which for a wikilink is also the alias it may name.
    static func key(of link: NoteLink) -> String {
        key(of: link.target, wikilink: link.isWikilink)
    }

    static func key(of target: LinkTarget, wikilink: Bool) -> String {
        guard !target.isExternal, !target.path.isEmpty else { return "" }
        var path = wikilink ? target.path.trimmingSpaces() : target.path
        while path.hasSuffix("/") { path.removeLast() }
        return nameKey(path)
    }

    /// Lowercased and NFC (ASCII text needs no normalisation).
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.precomposedStringWithCanonicalMapping.lowercased()
    }
}
