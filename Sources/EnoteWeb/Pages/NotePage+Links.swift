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

    /// A link of the note that leads nowhere, as `enote links` marks it dead.
    package struct DeadLink: Sendable {
        /// The destination as written (`nowhere#Part|alias`, `<missing one.md>`).
        package var destination: String
        package var line: Int
        /// The UTF-16 column of the link's first character, as `enote links --json` counts.
        package var column: Int
    }

    /// The links of the note that lead nowhere, by line (as `enote links` lists them dead).
    var deadLinkSection: HTML {
        guard !deadLinks.isEmpty else { return .empty }
        let items = deadLinks.map { link -> HTML in
            """
            <li data-line="\(link.line)" data-column="\(link.column)"><code>\(link.destination)</code> \
            <span class="line-number">:\(link.line)</span></li>
            """
        }
        return """
            <section class="dead-links" id="note_dead_links"><h2>\(frame.text("Links that lead nowhere"))</h2>
            <ul>\(HTML.join(items, separator: "\n"))</ul></section>
            """
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

    /// The notes related to this one (``NoteIndex/related(to:limit:)``), each with why and its
    /// opening line.
    var relatedSection: HTML {
        guard !related.isEmpty else { return .empty }
        let items = related.map { item -> HTML in
            let opening: HTML = item.note.description.isEmpty ? .empty : " — \(item.note.description)"
            return """
                <li><a href="\(NoteURL.show(item.note.path))">\(item.note.title)</a>\
                <span class="description">\(item.reasonText)\(opening)</span></li>
                """
        }
        return """
            <section class="backlinks related" id="note_related"><h2>\(frame.text("Related"))</h2>
            <ul>\(HTML.join(items, separator: "\n"))</ul></section>
            """
    }
}

extension WebServer {
    /// How many related notes a note's page lists.
    static let relatedOnPage = 8

    /// What a note's page asks the index: its tags, the links that lead to it (with their
    /// notes' titles), where each of its own links leads, its related notes, and the text read
    /// from its pictures and PDFs.
    struct IndexedLinks {
        var tags: [String] = []
        var backlinks: [IndexedLink] = []
        var titles: [String] = []
        var resolutions: [LinkResolution] = []
        var related: [RelatedNote] = []
        /// The pictures and PDFs the note shows or links, with the text read from them.
        var attachments: [NoteAttachment] = []
    }

    /// Asks the index everything `rendered`'s page shows of links in one read, so that a page
    /// freshens the index once (a read freshens: ``WebVault/read(_:)``). An index that cannot
    /// answer leaves the page without tags, backlinks and resolved links.
    func indexedLinks(of rendered: RenderedNote) -> IndexedLinks {
        let path = rendered.note.path
        let links = rendered.links.links
        let found = try? web.read { index throws(VaultError) in
            var found = IndexedLinks()
            found.tags = (try? index.tags(of: path)) ?? []
            found.backlinks = (try? index.backlinks(to: path)) ?? []
            found.titles = found.backlinks.map { link in (try? index.note(at: link.source))??.title ?? link.source.description }
            found.resolutions = links.isEmpty ? [] : (try? index.resolve(links, from: path)) ?? []
            found.related = (try? index.related(to: path, limit: Self.relatedOnPage)) ?? []
            found.attachments = (try? index.attachments(of: path)) ?? []
            return found
        }
        return found ?? IndexedLinks()
    }

    /// The backlinks of a page, with the line each link stands on.
    func backlinks(_ found: IndexedLinks) -> [NotePage.Backlink] {
        let lines = web.vault.lines(of: found.backlinks)
        return zip(zip(found.backlinks, found.titles), lines).map { pair, line in
            NotePage.Backlink(
                source: pair.0.source, title: pair.1, line: (line ?? "").trimmingCharacters(in: .whitespaces), lineNumber: pair.0.link.place.line)
        }
    }

    /// The body of a note read for its page as HTML, with its links resolved against the notes
    /// indexed now (``indexedLinks(of:)``): a note or a picture a `[[wikilink]]` or
    /// `![[embed]]` names is linked under `/n/` (at the heading it names:
    /// ``NoteHeading/fragment(_:)``, the id of the heading go-to-definition finds too); a dead or
    /// ambiguous one, or one to another kind of file, is left as written. And the links that
    /// lead nowhere, by the library's one rule (those `enote links` marks dead).
    func linkedBody(of rendered: RenderedNote, resolutions: [LinkResolution]) -> (body: String, deadLinks: [NotePage.DeadLink]) {
        let links = rendered.links.links
        var urls: [Int: String] = [:]
        var dead: [NotePage.DeadLink] = []
        for (link, resolution) in zip(links, resolutions) {
            if resolution == .dead { dead.append(NotePage.DeadLink(destination: link.destination, line: link.place.line, column: link.place.utf16Column)) }
            // `/n/` serves notes and pictures; a link to another file (a PDF) stays as written.
            guard link.isWikilink, case .resolved(let target) = resolution else { continue }
            let targetPath = NotePath(trusted: target)
            guard targetPath.isMarkdown || ImageFormat.named(byExtensionOf: target) != nil else { continue }
            var url = NoteURL.show(targetPath)
            if targetPath.isMarkdown, let heading = link.target.heading,
                let fragment = NoteHeading.fragment(heading).addingPercentEncoding(withAllowedCharacters: NoteURL.componentAllowed), !fragment.isEmpty
            {
                url += "#" + fragment
            }
            urls[link.place.offset] = url
        }
        let body = rendered.bodyHTML { link in urls[link.place.offset].map(WikilinkDisplay.link) ?? .asWritten }
        return (body, dead)
    }
}
