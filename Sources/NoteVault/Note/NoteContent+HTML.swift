import Markdown

/// A note's body as HTML, for front ends that show it (`enote show --html`, the web interface).
extension NoteContent {
    /// The body (front matter left out) rendered by libcmark, safely: raw HTML and
    /// `javascript:` links removed, so the result is inert in a browser.
    public var bodyHTML: String {
        MarkdownHTML.render(bodyText)
    }

    /// The body as ``bodyHTML`` renders it, with each `[[wikilink]]` and `![[embed]]` shown as
    /// `display` says: a link (an embed of a picture as the picture), its text alone, or as
    /// written. See ``bodyMarkdown(wikilinks:)``.
    public func bodyHTML(wikilinks display: (NoteLink) -> WikilinkDisplay) -> String {
        guard textProblem == nil else { return bodyHTML }
        return MarkdownHTML.render(bodyMarkdown(wikilinks: display))
    }

    /// The body's Markdown with each `[[wikilink]]` and `![[embed]]` written as `display` says.
    ///
    /// Markdown has no wikilinks, so libcmark alone shows them as the text written. Here each
    /// one becomes the Markdown it means: a link to the URL a front end gives (it knows where
    /// it shows a note or serves a file), an embed of a picture an image, or only its text.
    /// The text is the alias (`[[plan|the plan]]` shows "the plan"), or else what is written
    /// between the brackets, escaped so that it shows as typed. A wikilink inside code stays
    /// code; everything else is left byte for byte.
    public func bodyMarkdown(wikilinks display: (NoteLink) -> WikilinkDisplay) -> String {
        guard textProblem == nil else { return bodyText }
        let wikilinks = NoteLinkExtractor.extract(self).links.filter(\.isWikilink)
        var markdown: [UInt8] = []
        markdown.reserveCapacity(bytes.count - bodyStart + wikilinks.count * 16)
        var copied = bodyStart
        for link in wikilinks {
            guard let inner = link.destinationRange, link.place.offset >= copied, inner.upperBound + 2 <= bytes.count,
                bytes[inner.upperBound] == UInt8(ascii: "]"), bytes[inner.upperBound + 1] == UInt8(ascii: "]")
            else { continue }
            let text = Self.escaped(link.target.alias ?? link.destination)
            let replacement: [UInt8]
            switch display(link) {
            case .link(let url) where Self.isUsable(url):
                let isPicture = link.kind == .embed && ImageFormat.named(byExtensionOf: link.target.path) != nil
                replacement = Array((isPicture ? "![" : "[").utf8) + text + Array("](<\(url)>)".utf8)
            case .text:
                replacement = text
            case .link, .asWritten:
                continue
            }
            markdown += bytes[copied..<link.place.offset]
            markdown += replacement
            copied = inner.upperBound + 2
        }
        markdown += bytes[copied...]
        return String(decoding: markdown, as: UTF8.self)
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

/// How a front end shows one `[[wikilink]]` or `![[embed]]` of a note's body
/// (``NoteContent/bodyMarkdown(wikilinks:)``).
public enum WikilinkDisplay: Sendable, Equatable {
    /// A link to this URL; an embed of a picture shows the picture. A URL with a space, `<`,
    /// `>` or `\` is not used: the wikilink is then shown as written.
    case link(String)
    /// Its text alone: the alias, or what is written between the brackets.
    case text
    /// As written, brackets and all (a dead or ambiguous link a reader should see as such).
    case asWritten
}
