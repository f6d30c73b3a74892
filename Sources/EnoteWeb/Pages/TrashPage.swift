import Foundation
import NoteVault

/// The trash: every note in `.trash/`, newest first, with where it came from, when and why it
/// went there, and a Restore button; Empty trash asks on a page of its own before it deletes
/// anything (works without JavaScript).
package struct TrashPage {
    let frame: PageFrame
    let entries: [TrashEntry]
    let timeZone: TimeZone
    /// Showing the confirmation step of Empty trash.
    let confirming: Bool
    /// How many notes the last Empty trash deleted, to say so.
    let emptied: Int?

    package init(frame: PageFrame, entries: [TrashEntry], timeZone: TimeZone, confirming: Bool = false, emptied: Int? = nil) {
        self.frame = frame
        self.entries = entries
        self.timeZone = timeZone
        self.confirming = confirming
        self.emptied = emptied
    }

    package func render() -> HTML {
        let dates = DateDisplay(locale: frame.language.webLocale, timeZone: timeZone)
        let rows = entries.map { entry -> HTML in
            let restore: HTML =
                frame.readOnly
                ? .empty
                : """
                <form action="/trash/restore" method="post">\(frame.csrfField)<input type="hidden" name="entry" value="\(entry.trashedPath)">\
                <button type="submit" class="secondary">\(frame.text("Restore"))</button></form>
                """
            return """
                <li class="trashed" data-entry="\(entry.trashedPath)"><span class="text"><span class="title">\(entry.originalPath)</span>
                <span class="description">\(frame.text(Self.reasonNames[entry.reason] ?? "deleted")) · <time>\(dates.full(entry.date))</time></span></span>
                \(restore)</li>
                """
        }
        let said: HTML =
            emptied.map { "<p class=\"banner\" id=\"trash-emptied\" role=\"status\">\(frame.text("Deleted \(count: $0) notes for good."))</p>" } ?? .empty
        let list: HTML =
            entries.isEmpty
            ? "<p class=\"empty\" id=\"trash-empty\">\(frame.text("The trash is empty."))</p>"
            : "<ul class=\"notes trash\" id=\"trash\">\(HTML.join(rows, separator: "\n"))</ul>"
        let content: HTML = """
            \(said)
            <h1>\(frame.text("Trash")) <span class="count">\(frame.text("\(count: entries.count) notes"))</span></h1>
            \(confirming ? confirmation : emptyButton)
            \(list)
            """
        return frame.page(title: frame.text("Trash"), kind: "trash", content)
    }

    var emptyButton: HTML {
        guard !entries.isEmpty, !frame.readOnly else { return .empty }
        return """
            <form class="actions" action="/trash/empty" method="post">\(frame.csrfField)
            <button type="submit" class="danger" id="empty-trash">\(frame.text("Empty trash"))</button></form>
            """
    }

    /// The second step of Empty trash: it says what will be lost and asks again.
    var confirmation: HTML {
        """
        <form class="banner confirm" id="confirm-empty" action="/trash/empty" method="post" role="alertdialog">\(frame.csrfField)
        <input type="hidden" name="confirm" value="yes">
        <span>\(frame.text("Delete \(count: entries.count) notes in the trash for good? This cannot be undone."))</span>
        <a class="button secondary" href="/trash" id="cancel-empty">\(frame.text("Cancel"))</a>
        <button type="submit" class="danger" id="confirm-empty-button">\(frame.text("Empty trash"))</button>
        </form>
        """
    }

    static let reasonNames: [TrashEntry.Reason: LocalizedMessage] = [
        .removed: "deleted", .expired: "its destroy date passed", .emptied: "its text was deleted", .replaced: "replaced by an older version",
    ]
}
