import Markdown

/// A note read to be shown as a page (`enote serve`'s note page): the note, its links and tags,
/// and its body rendered, all from the one libcmark parse that also read its title
/// (``Vault/readRendered(_:)``). A front end resolves ``links`` (one question to the index) and
/// asks ``bodyHTML(wikilinks:)`` for the body with each wikilink shown as it says: only a
/// wikilink that becomes a link or its text costs a second parse.
package struct RenderedNote: Sendable {
    /// The note, as ``Vault/read(_:)`` reads it.
    package let note: Note
    /// Every link and tag of the note (front matter tags first), in file order.
    package let links: NoteLinks
    /// The body's syntax (offsets relative to the body), from the one parse; nil for a file that
    /// is not text.
    private let map: MarkdownSyntaxMap?
    /// The body as libcmark renders it (``NoteContent/bodyHTML``), from the same parse.
    private let html: String?

    init(note: Note, map: MarkdownSyntaxMap?, html: String?) {
        self.note = note
        self.map = map
        self.html = html
        let content = note.content
        guard let map, content.textProblem == nil else {
            links = NoteLinks()
            return
        }
        links = NoteLinkExtractor.extract(content, map: map)
    }

    /// The body as HTML, headings with the ids links land on (``NoteHeading/ids(for:)``), each
    /// `[[wikilink]]` and `![[embed]]` shown as `display` says (see
    /// ``NoteContent/bodyMarkdown(wikilinks:)``).
    package func bodyHTML(wikilinks display: (NoteLink) -> WikilinkDisplay) -> String {
        guard let map, let html else { return note.content.bodyHTML }
        return note.content.bodyHTML(rendered: html, map: map, wikilinks: links.links.filter(\.isWikilink), display: display)
    }
}

extension Vault {
    /// Reads the note at `path` for its page (``RenderedNote``): front matter, title, links and
    /// the rendered body in one libcmark parse. The same errors as ``read(_:)``.
    package func readRendered(_ path: NotePath) throws(VaultError) -> RenderedNote {
        var map: MarkdownSyntaxMap?
        var html: String?
        let note = try readNote(path) { bytes in
            let read = NoteContent.readRendering(bytes: bytes, path: path.description, timeZone: clock.timeZone)
            (map, html) = (read.map, read.html)
            return read.content
        }.note
        return RenderedNote(note: note, map: map, html: html)
    }
}
