import Foundation
import NoteVault

/// A note, read: its title, colour, dates and body rendered by libcmark in safe mode (raw HTML
/// and `javascript:` links dropped), with its pictures and the text read from them and from its
/// PDFs; Edit and Delete unless read-only.
package struct NotePage {
    let frame: PageFrame
    let note: Note
    let now: Date
    let timeZone: TimeZone
    /// The note's tags and the notes that link to it (see NotePage+Links.swift).
    var tags: [String] = []
    var backlinks: [Backlink] = []
    /// The notes related to it, with why (see NotePage+Links.swift).
    var related: [RelatedNote] = []
    /// The note's links that lead nowhere (see NotePage+Links.swift).
    var deadLinks: [DeadLink] = []
    /// The body as HTML with its wikilinks resolved (see NotePage+Links.swift), or `nil` for
    /// libcmark's rendering alone.
    var linkedBody: String?
    /// The pictures and PDFs the note shows or links, with the text read from them (see
    /// NotePage+Attachments.swift).
    var attachments: [NoteAttachment] = []
    /// The file (and page) a search hit was found in, when the page was opened from one: its
    /// text is shown open.
    var foundPlace: FoundPlace?
    /// The views of the note's query blocks, drawn, in the order of the blocks (see
    /// QueryViews.swift).
    var queryViews: [String] = []

    package init(frame: PageFrame, note: Note, now: Date, timeZone: TimeZone) {
        self.frame = frame
        self.note = note
        self.now = now
        self.timeZone = timeZone
    }

    package func render() -> HTML {
        let dates = DateDisplay(locale: frame.language.webLocale, timeZone: timeZone)
        let metadata = note.content.metadata
        var facts: [HTML] = ["<span>\(frame.text("Updated \(dates.full(note.updated(in: timeZone)))"))</span>"]
        if let destroy = note.destroyDate(in: timeZone) {
            facts.append("<span class=\"badge destroy\">\(frame.text("destroyed \(dates.relativeMessage(destroy, now: now))")) (\(dates.full(destroy)))</span>")
        }
        if !tags.isEmpty { facts.append(tagLinks) }
        let problems = note.content.diagnostics.filter { $0.severity == .error }
        let problemList: HTML =
            problems.isEmpty
            ? .empty
            : "<ul class=\"problems\">\(problems.map { "<li>\(WebMessages.text($0.message, in: frame.language))</li>" as HTML })</ul>"
        let actions: HTML =
            frame.readOnly
            ? .empty
            : """
            <div class="actions">
            <a class="button" href="\(NoteURL.edit(note.path))">\(frame.text("Edit"))</a>
            <form action="/delete/\(NoteURL.encode(note.path))" method="post">\(frame.csrfField)
            <input type="hidden" name="revision" value="\(note.revision.description)">
            <button type="submit" class="danger">\(frame.text("Delete"))</button></form>
            </div>
            """
        let body: HTML =
            note.content.textProblem == nil ? HTML(trusted: withQueryViews(linkedBody ?? note.content.bodyHTML)) : "<p class=\"error\">\(frame.text(note.content.textProblem!.message))</p>"
        let folder: HTML =
            note.path.parent.map { "<a class=\"folder\" href=\"/?folder=\(QueryEncoding.query($0.description))\">\($0.description)/</a>" } ?? .empty
        let content: HTML = """
            <article class="note" id="note_article" data-path="\(note.path.description)" data-revision="\(note.revision.description)">
            <header>\(Swatch.svg(metadata.hasColor ? metadata.color : .default, className: "swatch big"))
            <div>\(folder)<h1>\(note.title)</h1><p class="facts">\(facts)</p></div></header>
            \(problemList)
            <div class="body">
            \(body)
            </div>
            \(attachmentSection)
            \(deadLinkSection)
            \(backlinkSection)
            \(relatedSection)
            \(actions)
            </article>
            """
        return frame.page(title: note.title, kind: "note", scripts: queryScripts, content)
    }
}
