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
    /// - Parameter headingIDs: Give each heading an `id` (``NoteHeading/ids(for:)``, from the
    ///   headings as written, as links name them), so that a link's `#fragment` lands on it.
    public func bodyHTML(wikilinks display: (NoteLink) -> WikilinkDisplay, headingIDs: Bool = false) -> String {
        guard textProblem == nil else { return bodyHTML }
        let rewritten = rewritingWikilinks(display)
        guard headingIDs else { return MarkdownHTML.render(rewritten.markdown) }
        return MarkdownHTML.render(rewritten.markdown, headingIDs: NoteHeading.ids(for: rewritten.headings))
    }

    /// The body's HTML from what one parse gave (``RenderedNote``): `html`, libcmark's rendering
    /// of the body, when every wikilink stays as written, else the rewritten body rendered (a
    /// second parse); headings given their ids (``NoteHeading/ids(for:)``) either way.
    func bodyHTML(
        rendered html: String, map: MarkdownSyntaxMap, wikilinks: [NoteLink], display: (NoteLink) -> WikilinkDisplay
    ) -> String {
        let ids = NoteHeading.ids(for: map.headings.map(\.text))
        guard textProblem == nil, let markdown = rewritten(map: map, wikilinks: wikilinks, display: display) else {
            return MarkdownHTML.addingHeadingIDs(html, ids: ids)
        }
        return MarkdownHTML.render(markdown, headingIDs: ids)
    }

    /// The body's Markdown with each `[[wikilink]]` and `![[embed]]` written as `display` says.
    ///
    /// Markdown has no wikilinks, so libcmark alone shows them as the text written. Here each
    /// one becomes the Markdown it means: a link to the URL a front end gives (it knows where
    /// it shows a note or serves a file), an embed of a picture an image, or only its text.
    /// The text is the alias (`[[plan|the plan]]` shows "the plan"), or else the target as
    /// written (`plan#Day 2`), escaped so that it shows as typed. A wikilink inside code stays
    /// code, and one inside a Markdown link's text shows its text; everything else is left byte
    /// for byte.
    public func bodyMarkdown(wikilinks display: (NoteLink) -> WikilinkDisplay) -> String {
        guard textProblem == nil else { return bodyText }
        return rewritingWikilinks(display).markdown
    }

    /// ``bodyMarkdown(wikilinks:)``, and the headings' texts as written from the same parse (the
    /// ones ``NoteHeading/headings(in:bodyStart:)`` gives).
    private func rewritingWikilinks(_ display: (NoteLink) -> WikilinkDisplay) -> (markdown: String, headings: [String]) {
        let start = bodyStart
        let map = bytes.withUnsafeBytes { MarkdownSyntaxMap(parsingUTF8: UnsafeRawBufferPointer(rebasing: $0[start...])) }
        let wikilinks = bytes.withUnsafeBufferPointer { NoteLinkExtractor.extract(buffer: $0, bodyStart: start, map: map) }.links.filter(\.isWikilink)
        return (rewritten(map: map, wikilinks: wikilinks, display: display) ?? bodyText, map.headings.map(\.text))
    }

    /// The body with `wikilinks` (those of `map`'s parse, in order) written as `display` says;
    /// nil when every one stays as written, so the body is the same.
    private func rewritten(map: MarkdownSyntaxMap, wikilinks: [NoteLink], display: (NoteLink) -> WikilinkDisplay) -> String? {
        let start = bodyStart
        // The Markdown links and images of the body, in file offsets: a wikilink written inside
        // one (`[see [[plan]]](url)`) cannot become a link too, for CommonMark has no link in a
        // link; it shows its text there, or stays as written when its brackets are the link's.
        let markdownLinks = map.links.compactMap(\.range).map { ($0.lowerBound + start)..<($0.upperBound + start) }
        var markdown: [UInt8] = []
        markdown.reserveCapacity(bytes.count - start + wikilinks.count * 16)
        var copied = start
        for link in wikilinks where link.isWikilink {
            guard let inner = link.destinationRange, link.place.offset >= copied, inner.upperBound + 2 <= bytes.count,
                bytes[inner.upperBound] == UInt8(ascii: "]"), bytes[inner.upperBound + 1] == UInt8(ascii: "]")
            else { continue }
            let text = Self.escaped(Self.shownText(of: link))
            var shown = display(link)
            if let outer = markdownLinks.first(where: { $0.contains(link.place.offset) }) {
                if outer.lowerBound == link.place.offset {
                    // `[[plan]](draft)` is a Markdown link whose text is `[plan]`: left as written.
                    shown = .asWritten
                } else if case .link = shown {
                    shown = .text
                }
            }
            let replacement: [UInt8]
            switch shown {
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
        guard copied > start else { return nil }
        markdown += bytes[copied...]
        return String(decoding: markdown, as: UTF8.self)
    }

    /// What a wikilink shows: its alias, or, when it has none (or a blank one), its target as
    /// written (`plan#Day 2`).
    private static func shownText(of link: NoteLink) -> String {
        if let alias = link.target.alias, !alias.allSatisfy(\.isWhitespace) { return alias }
        var text = link.target.path
        if let heading = link.target.heading { text += "#" + heading }
        if let block = link.target.block { text += "#^" + block }
        return text
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
