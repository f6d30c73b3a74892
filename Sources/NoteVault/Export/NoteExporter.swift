import Foundation
import Markdown

/// Turns a note into something to share: a standalone, inert HTML page, or plain text.
///
/// The HTML page holds the title, the note's colour as an accent and the body rendered by
/// libcmark in safe mode (raw HTML and `javascript:` links removed), behind a Content Security
/// Policy that allows no scripts at all. Pictures are linked, or embedded as `data:` URLs,
/// `![[picture.png]]` embeds included; a `[[wikilink]]` to a note shows its text.
package struct NoteExporter: Sendable {
    package let vault: Vault

    package init(vault: Vault) {
        self.vault = vault
    }

    /// The note as plain text: its title, a blank line, and the body without Markdown.
    package func plainText(_ note: Note) -> String {
        var text = note.title + "\n\n"
        if note.content.textProblem == nil {
            var body = MarkdownPlainText.render(note.content.bodyText)
            // The title taken from the first line is not repeated.
            if body.hasPrefix(note.title + "\n") { body.removeFirst(note.title.count + 1) }
            text += body.drop { $0 == "\n" }
        }
        return text
    }

    /// The note as a standalone HTML page.
    /// - Parameters:
    ///   - note: The note.
    ///   - embedImages: Put local pictures inside the page as `data:` URLs.
    ///   - outputFolder: The absolute folder the page will be saved in, so that linked pictures
    ///     get paths relative to it; `nil` links them by absolute paths.
    ///   - updated: When the note last changed (from the index); the file's own date when `nil`.
    ///   - index: The index the note's query blocks run over: each block is drawn in place of
    ///     its code (``QueryHTML``, notes named as text, no script); `nil` leaves them as code.
    ///   - locale: The language of the views' month and weekday names.
    package func html(
        _ note: Note, embedImages: Bool, outputFolder: String?, updated: Date? = nil, index: NoteIndex? = nil, locale: Locale = Locale(identifier: "en_GB")
    ) -> String {
        let body = note.content.textProblem == nil ? note.content.bodyMarkdown { link in wikilinkDisplay(link, in: note.path) } : ""
        var rendered = MarkdownHTML.render(body, safe: true) { source in
            imageSource(source, in: note.path, embed: embedImages, outputFolder: outputFolder)
        }
        if let index, note.content.textProblem == nil {
            let views = queryViews(of: note.path, index: index, locale: locale)
            if !views.isEmpty {
                rendered = MarkdownHTML.replacingCodeBlocks(rendered, languages: Set(QueryBlock.languages.keys)) { $0 < views.count ? views[$0] : nil }
            }
        }
        let accent = note.content.metadata.color.rgb.description
        let title = HTMLEscaping.escape(note.title)
        let updated = NoteDate.stamp(updated ?? note.updated(in: vault.clock.timeZone), in: vault.clock.timeZone)
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: file: http: https:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="enote">
            <title>\(title)</title>
            <style>
            body { font: 16px/1.55 -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; max-width: 42em; margin: 2em auto; padding: 0 1em; color: #222; }
            header { border-left: 0.5em solid \(accent); padding-left: 0.8em; margin-bottom: 1.5em; }
            h1.title { margin: 0; }
            .updated { color: #777; font-size: 0.85em; }
            img { max-width: 100%; }
            pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; }
            table { border-collapse: collapse; }
            th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
            .query-board { display: flex; gap: 0.6em; }
            .query-board .lane { flex: 1; background: #f6f6f6; padding: 0.4em; }
            .query-board ul.cards, .day-entries, .query-tasks { list-style: none; padding: 0; }
            .calendar-grid td { height: 3.5em; font-size: 0.8em; }
            .outside { background: #fafafa; }
            .query-error { color: #b3261e; }
            </style>
            </head>
            <body>
            <header><h1 class="title">\(title)</h1><div class="updated">\(HTMLEscaping.escape(updated))</div></header>
            <main>
            \(rendered)</main>
            </body>
            </html>

            """
    }

    /// The views of the note's query blocks, run over `index` (30 s each at most, as on the
    /// command line), in the blocks' order; a note's title is text (a page stands alone).
    private func queryViews(of path: NotePath, index: NoteIndex, locale: Locale) -> [String] {
        let now = vault.clock.now()
        let zone = vault.clock.timeZone
        let today = CalendarDay(now, in: zone)
        guard let reads = try? vault.queryBlocks(of: path, today: today), !reads.isEmpty else { return [] }
        var options = NoteIndex.QueryOptions(now: now, timeZone: zone, note: path)
        options.timeLimit = 30
        let outcomes = QueryBlockOutcome.run(reads, index: index, options: options)
        let drawer = QueryHTML(today: today, locale: locale, link: { _, _ in nil }, text: { Localization.text($0) })
        return zip(reads, outcomes).enumerated().map { number, pair in
            drawer.block(pair.1, index: number, line: pair.0.block.line, language: pair.0.block.language)
        }
    }

    /// How an exported page shows a wikilink: the page stands alone, so a link to a note shows
    /// its text, and an embed of a picture that exists shows the picture (as a Markdown image
    /// from the vault's root, which ``imageSource(_:in:embed:outputFolder:)`` then links or
    /// embeds); an embed of a missing picture stays as written.
    private func wikilinkDisplay(_ link: NoteLink, in note: NotePath) -> WikilinkDisplay {
        guard link.kind == .embed, ImageFormat.named(byExtensionOf: link.target.path) != nil else { return .text }
        guard let file = LinkFileTarget.find(link, from: note.description, root: vault.root),
            let url = ("/" + file).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
        else { return .asWritten }
        return .link(url)
    }

    /// What an exported page uses for a picture's source.
    private func imageSource(_ source: String, in note: NotePath, embed: Bool, outputFolder: String?) -> String {
        let reference = ImageReference(source: source, in: note)
        guard let path = reference.path else { return reference.escapesVault ? "" : source }
        let absolute = vault.root + "/" + path.description
        if embed {
            let image = vault.inspect(reference)
            if image.exists, let format = image.info?.format, [.png, .jpeg, .gif, .webp].contains(format),
                let snapshot = try? vault.fileSystem.readFile(path.bytes, beneath: vault.rootDescriptor, limit: ImageAttachment.maximumSize)
            {
                let mime = format == .jpeg ? "image/jpeg" : "image/\(format.rawValue)"
                return "data:\(mime);base64," + Data(snapshot.bytes).base64EncodedString()
            }
            // HEIC, a missing file or one that is not a picture: linked like any other.
        }
        // An absolute path (libcmark's safe mode removes file: URLs, but a path is fine).
        guard let outputFolder else { return absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? absolute }
        return Self.relativeURL(from: outputFolder, to: absolute)
    }

    /// The URL of the file `to` on a page saved in the folder `from` (both absolute): its
    /// ``RelativePath``, percent-encoded as a URL's path.
    static func relativeURL(from folder: String, to file: String) -> String {
        RelativePath.of(file, from: folder).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
    }
}
