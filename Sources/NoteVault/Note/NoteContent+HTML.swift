import Markdown

/// A note's body as HTML, for front ends that show it (`enote show --html`, the web interface).
extension NoteContent {
    /// The body (front matter left out) rendered by libcmark, safely: raw HTML and
    /// `javascript:` links removed, so the result is inert in a browser.
    public var bodyHTML: String {
        MarkdownHTML.render(bodyText)
    }

    /// The body as ``bodyHTML`` renders it, with its `[[wikilinks]]` as links and its
    /// `![[embeds]]` of pictures as images.
    ///
    /// Markdown has no wikilinks, so libcmark alone shows them as the text written. Here each
    /// one is first written as the Markdown link it means, to the URL `destination` gives (a
    /// front end knows where it shows a note or serves a file). The link's text is the alias
    /// (`[[plan|the plan]]` shows "the plan"), or else what is written between the brackets. A
    /// wikilink inside code stays code. The result is as safe as ``bodyHTML``.
    /// - Parameter destination: The URL of a wikilink or embed, or `nil` to leave it as written
    ///   (a dead or ambiguous link). A URL with a space, `<`, `>` or `\` is not used.
    public func bodyHTML(wikilinks destination: (NoteLink) -> String?) -> String {
        guard textProblem == nil else { return bodyHTML }
        let wikilinks = NoteLinkExtractor.extract(self).links.filter(\.isWikilink)
        guard !wikilinks.isEmpty else { return bodyHTML }
        var markdown: [UInt8] = []
        markdown.reserveCapacity(bytes.count - bodyStart + wikilinks.count * 16)
        var copied = bodyStart
        for link in wikilinks {
            guard let inner = link.destinationRange, link.place.offset >= copied, inner.upperBound + 2 <= bytes.count,
                bytes[inner.upperBound] == UInt8(ascii: "]"), bytes[inner.upperBound + 1] == UInt8(ascii: "]"),
                let url = destination(link), Self.isUsable(url)
            else { continue }
            markdown += bytes[copied..<link.place.offset]
            let text = link.target.alias ?? link.destination
            let isPicture = link.kind == .embed && ImageFormat.named(byExtensionOf: link.target.path) != nil
            markdown += Array((isPicture ? "![" : "[").utf8) + Self.escaped(text) + Array("](<\(url)>)".utf8)
            copied = inner.upperBound + 2
        }
        markdown += bytes[copied...]
        return MarkdownHTML.render(String(decoding: markdown, as: UTF8.self))
    }

    /// Whether `url` can stand between `<` and `>` as a Markdown link destination unchanged.
    private static func isUsable(_ url: String) -> Bool {
        !url.isEmpty && !url.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\\") }
    }

    /// `text` with every ASCII punctuation character backslash-escaped, so that Markdown shows
    /// it as written inside a link's brackets; line breaks become spaces.
    private static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 {
            if byte == 0x0A || byte == 0x0D {
                out.append(0x20)
                continue
            }
            if (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte) {
                out.append(UInt8(ascii: "\\"))
            }
            out.append(byte)
        }
        return out
    }
}
