import Foundation
import NoteVault

extension NotePage {
    /// A link to the note from another one, as `enote backlinks` lists it.
    package struct Backlink: Sendable {
        package var source: NotePath
        package var title: String
        /// The text of the line that links.
        package var line: String
        package var lineNumber: Int
    }

    /// The note's tags (front matter and inline `#tags`, from the index), each a link to the
    /// list filtered by it.
    var tagLinks: HTML {
        guard !tags.isEmpty else { return .empty }
        let links = tags.map { tag -> HTML in "<a class=\"tag\" href=\"/?tag=\(QueryEncoding.query(tag))\">#\(tag)</a>" }
        return "<span class=\"tags\" id=\"note_tags\">\(HTML.join(links, separator: " "))</span>"
    }

    /// The notes that link here, each with the line that links.
    var backlinkSection: HTML {
        guard !backlinks.isEmpty else { return .empty }
        let items = backlinks.map { link -> HTML in
            """
            <li><a href="\(NoteURL.show(link.source))">\(link.title)</a> <span class="line-number">:\(link.lineNumber)</span>\
            <span class="description">\(link.line)</span></li>
            """
        }
        return """
            <section class="backlinks" id="note_backlinks"><h2>\(frame.text("Linked from"))</h2>
            <ul>\(HTML.join(items, separator: "\n"))</ul></section>
            """
    }
}

extension WebServer {
    /// The tags and backlinks of `path`, from the index.
    func links(of path: NotePath) -> (tags: [String], backlinks: [NotePage.Backlink]) {
        let found = try? web.read { index throws(VaultError) in
            let tags = (try? index.tags(of: path)) ?? []
            let links = (try? index.backlinks(to: path)) ?? []
            let titles = links.map { link in (try? index.note(at: link.source))??.title ?? link.source.description }
            return (tags, links, titles)
        }
        guard let (tags, links, titles) = found else { return ([], []) }
        let lines = web.vault.lines(of: links)
        let backlinks = zip(zip(links, titles), lines).map { pair, line in
            NotePage.Backlink(
                source: pair.0.source, title: pair.1, line: (line ?? "").trimmingCharacters(in: .whitespaces), lineNumber: pair.0.link.place.line)
        }
        return (tags, backlinks)
    }

    /// The body of `note` as HTML with its wikilinks resolved against the notes indexed now: a
    /// note or a picture a `[[wikilink]]` or `![[embed]]` names is linked under `/n/` (at the
    /// heading it names, whose `id` is its slug); a dead or ambiguous one, or one to another
    /// kind of file, is left as written.
    func linkedBody(of note: Note) -> String {
        let links = NoteLinkExtractor.extract(note.content).links.filter(\.isWikilink)
        let resolutions = links.isEmpty ? [] : (try? web.read { index throws(VaultError) in try index.resolve(links, from: note.path) }) ?? []
        var urls: [Int: String] = [:]
        for (link, resolution) in zip(links, resolutions) {
            // `/n/` serves notes and pictures; a link to another file (a PDF) stays as written.
            guard case .resolved(let target) = resolution else { continue }
            let path = NotePath(trusted: target)
            guard path.isMarkdown || ImageFormat.named(byExtensionOf: target) != nil else { continue }
            var url = NoteURL.show(path)
            if path.isMarkdown, let heading = link.target.heading,
                let fragment = NoteHeading.slug(heading).addingPercentEncoding(withAllowedCharacters: NoteURL.componentAllowed), !fragment.isEmpty
            {
                url += "#" + fragment
            }
            urls[link.place.offset] = url
        }
        return note.content.bodyHTML(wikilinks: { link in urls[link.place.offset].map(WikilinkDisplay.link) ?? .asWritten }, headingIDs: true)
    }
}
