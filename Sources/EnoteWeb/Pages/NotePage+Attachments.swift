import Foundation
import NoteVault

extension NotePage {
    /// Where a search hit was found among the note's files, as the search page's link to the
    /// note names it: `?found=<vault path of the file>&page=N` (`page` for a PDF only), then
    /// `#found`, the id of the text shown open.
    package struct FoundPlace: Sendable, Equatable {
        /// The file's vault path, as ``NotePath/description`` writes it.
        package var path: String
        /// The page of a PDF, from 1.
        package var page: Int?

        /// The place a note page's query names, or `nil` when it names none.
        package init?(query: FormFields) {
            guard let path = query["found"], !path.isEmpty else { return nil }
            self.path = path
            self.page = query["page"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        }

        /// The id of the text that was found, which the link scrolls to.
        static let anchor = "found"

        /// The page of `note` with the text of `place` open and in view.
        package static func url(of note: NotePath, at place: AttachmentPlace) -> String {
            var url = NoteURL.show(note) + "?found=" + QueryEncoding.query(place.path.description)
            if let page = place.page { url += "&page=\(page)" }
            return url + "#" + anchor
        }
    }

    /// The most text of one file a note's page holds (its first pages', cut at this bound, and
    /// the page a search found, up to it again): a file's text is kept up to 1 MiB, and the page
    /// is sent whole at every visit.
    static let shownTextBytes = 256 << 10

    /// The text read from the note's pictures and PDFs, each file's in a `<details>` closed
    /// until asked for (open when a search found the page's note in it), a PDF's by page, each
    /// page linked to the PDF opened at it. A file not read yet, or in which no text was found,
    /// shows nothing; one that could not be read says why.
    var attachmentSection: HTML {
        let items = attachments.compactMap { attachmentText($0) }
        guard !items.isEmpty else { return .empty }
        return """
            <section class="found-texts" id="note_attachments">
            \(HTML.join(items, separator: "\n"))
            </section>
            """
    }

    /// One file's text, or why it could not be read; `nil` when there is nothing to show.
    func attachmentText(_ attachment: NoteAttachment) -> HTML? {
        guard let text = attachment.text else { return nil }
        let name = attachment.path.description
        let pages = text.pages.filter { !$0.text.allSatisfy(\.isWhitespace) }
        guard !pages.isEmpty else {
            guard let failure = text.failure else { return nil }
            return "<p class=\"found-text failed\" data-path=\"\(name)\">\(frame.text("\(name) could not be read: \(failure)"))</p>"
        }
        let found = foundPlace?.path == name ? foundPlace : nil
        let foundPage = text.kind == .pdf ? found?.page.flatMap { number in pages.contains { $0.number == number } ? number : nil } : nil
        var room = Self.shownTextBytes
        var blocks: [HTML] = []
        var left = 0
        for page in pages {
            let isFound = page.number == foundPage
            guard room > 0 || isFound else {
                left += 1
                continue
            }
            // At most the room left (the found page: at most the whole budget), cut between
            // characters.
            let bound = isFound ? Self.shownTextBytes : room
            var shown = page.text
            if shown.utf8.count > bound {
                shown = String(decoding: shown.utf8.prefix(bound), as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\u{FFFD}")) + "…"
            }
            room -= shown.utf8.count
            let id: HTML = isFound ? " id=\"\(FoundPlace.anchor)\"" : .empty
            let heading: HTML =
                text.kind == .pdf
                ? "<h3><a href=\"\(NoteURL.file(attachment.path, page: page.number))\">\(frame.text("p. \(String(page.number))"))</a></h3>" : .empty
            blocks.append("<div class=\"page\(isFound ? " found" : "")\"\(id) data-page=\"\(page.number)\">\(heading)<p class=\"text\">\(shown)</p></div>")
        }
        var notes: [HTML] = []
        if left > 0 { notes.append("<p class=\"failure\">\(frame.text("\(count: left) more pages are not shown here"))</p>") }
        if let failure = text.failure { notes.append("<p class=\"failure\">\(failure)</p>") }
        // The file's own id when the search found it but no page of it is marked (a picture).
        let id: HTML = found != nil && foundPage == nil ? " id=\"\(FoundPlace.anchor)\"" : .empty
        return """
            <details class="found-text" data-path="\(name)"\(id)\(found != nil ? " open" : "")>\
            <summary>\(frame.text("Text found in \(name)"))</summary>
            \(HTML.join(blocks, separator: "\n"))\(HTML.join(notes))
            </details>
            """
    }
}
