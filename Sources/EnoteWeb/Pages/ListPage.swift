import Foundation
import NoteVault

/// The list of notes, as the original app's first screen: a colour swatch, the title, the
/// description and the updated time (a time today, else a date), with destroy-date and pending
/// badges, the folder of a note in a sub-folder, and the sort and filters `enote list` has.
package struct ListPage {
    /// What the list was asked for (query parameters of `/`).
    package struct Request: Sendable {
        package var sort: VaultConfig.SortKey?
        package var reverse = false
        /// The filters `enote list` reads the same way (``NoteFilterInput``): `tag` and `where`
        /// repeat, `since`, `until`, `expiring`, `links_to`, `linked_from`, `orphan`, `dead_links`.
        package var input = NoteFilterInput()
        /// Only the notes of this folder (and the folders under it).
        package var folder: NotePath?
        package var limit = 500
        /// Why a value (`sort`, `folder`) cannot be read; the page is then a 400 that says so, as
        /// `enote list` exits 2. The filters' values are read by the library
        /// (``NoteFilterInput/filter(clock:)``), which names a bad one the same way.
        package var problem: LocalizedMessage?

        package init(query: FormFields) {
            func text(_ name: String) -> String? { query[name].flatMap { $0.isEmpty ? nil : $0 } }
            if let name = text("sort") {
                sort = VaultConfig.SortKey(rawValue: name)
                if sort == nil { problem = VaultConfig.SortKey.notAKey(name) }
            }
            reverse = query["reverse"] == "1"
            input.color = text("color")
            input.tags = query.all("tag").filter { !$0.isEmpty }
            input.conditions = query.all("where").filter { !$0.isEmpty }
            input.since = text("since")
            input.until = text("until")
            input.expiring = text("expiring")
            input.linksTo = text("links_to")
            input.linkedFrom = text("linked_from")
            input.pending = query["pending"] == "1"
            input.orphan = query["orphan"] == "1"
            input.deadLinks = query["dead_links"] == "1"
            if let name = text("folder") {
                // As `enote list --in` reads it (`work/` is `work`): the filter reads `input`, the
                // page shows `folder`.
                input.folder = name
                do throws(NoteFilterInput.Problem) {
                    folder = try NoteFilterInput.folder(name)
                } catch {
                    problem = "folder: \(error.message)"
                }
            }
        }

        /// Whether notes waiting to be destroyed show too.
        package var pending: Bool { input.pending }

        /// Whether one of the "More filters" is set (their block then shows open).
        var hasMoreFilters: Bool {
            input.tags.count > 1 || !input.conditions.isEmpty || input.since != nil || input.until != nil || input.expiring != nil
                || input.linksTo != nil || input.linkedFrom != nil || input.orphan || input.deadLinks
        }
    }

    let frame: PageFrame
    let notes: [IndexedNote]
    let total: Int
    let request: Request
    let sort: VaultConfig.SortKey
    let now: Date
    let timeZone: TimeZone
    /// A note just moved to the trash, for the undo button.
    let trashed: String?
    /// The demo limit (`max_notes`), when the vault has one.
    var limit: NoteLimit?

    package init(
        frame: PageFrame, notes: [IndexedNote], total: Int, request: Request, sort: VaultConfig.SortKey, now: Date, timeZone: TimeZone,
        trashed: String?
    ) {
        self.frame = frame
        self.notes = notes
        self.total = total
        self.request = request
        self.sort = sort
        self.now = now
        self.timeZone = timeZone
        self.trashed = trashed
    }

    package func render() -> HTML {
        let dates = DateDisplay(locale: frame.language.webLocale, timeZone: timeZone)
        let rows = notes.map { row($0, dates: dates) }
        let empty: HTML = notes.isEmpty ? "<p class=\"empty\">\(frame.text(isRestrictive ? "No notes match" : "No notes yet"))</p>" : .empty
        let more: HTML =
            total > notes.count ? "<p class=\"more\">\(frame.text("Showing \(notes.count) of \(count: total) notes"))</p>" : .empty
        let content: HTML = """
            \(undoBanner)
            \(DemoLimit.banner(limit, frame: frame))
            \(breadcrumb)
            <h1>\(frame.text("Notes")) <span class="count">\(frame.text("\(count: total) notes"))</span></h1>
            \(filters)
            <ul class="notes" id="notes"\(reorderAttributes)>
            \(HTML.join(rows, separator: "\n"))
            </ul>
            \(empty)\(more)
            """
        return frame.page(title: frame.text("Notes"), kind: "list", scripts: canReorder ? ["reorder.js"] : [], content)
    }

    /// Whether a filter narrows the list (then an empty list means "nothing matches").
    var isRestrictive = false
    /// The colour the list is filtered by, as the library read it (``NoteFilterInput``).
    var color: NoteColor?

    /// The folder being shown, each of its parents a link, and a link back to every note.
    var breadcrumb: HTML {
        guard let folder = request.folder else { return .empty }
        var links: [HTML] = ["<a href=\"/\">\(frame.text("All notes"))</a>"]
        var prefix: [String] = []
        for part in folder.description.split(separator: "/") {
            prefix.append(String(part))
            let target = prefix.joined(separator: "/")
            links.append("<a href=\"/?folder=\(QueryEncoding.query(target))\">\(String(part))</a>")
        }
        return "<nav class=\"breadcrumb\" id=\"folder\">\(HTML.join(links, separator: " / "))</nav>"
    }

    func row(_ note: IndexedNote, dates: DateDisplay) -> HTML {
        var badges: [HTML] = []
        if note.isPendingExpiry(at: now) {
            badges.append("<span class=\"badge pending\">\(frame.text("waiting to be destroyed"))</span>")
        } else if let destroy = note.destroy {
            badges.append(
                "<span class=\"badge destroy\" title=\"\(dates.full(destroy))\">\(frame.text("destroyed \(dates.relativeMessage(destroy, now: now))"))</span>")
        }
        if note.hasError { badges.append("<span class=\"badge problem\">\(frame.text("front matter problem"))</span>") }
        if !note.images.isEmpty { badges.append("<span class=\"badge photo\">\(frame.text("\(count: note.images.count) pictures"))</span>") }
        let folder: HTML = note.path.parent.map { "<span class=\"folder\">\($0.description)/</span>" } ?? .empty
        let folderLink: HTML =
            note.path.parent.flatMap { parent in
                request.folder == parent
                    ? nil : "<a class=\"badge folder-link\" href=\"/?folder=\(QueryEncoding.query(parent.description))\">\(parent.description)/</a>" as HTML
            } ?? .empty
        let stamp = sort == .destroy ? note.destroy.map { frame.text(dates.relativeMessage($0, now: now)) } ?? "" : dates.short(note.updated, now: now)
        let iso = note.updated.ISO8601Format()
        return """
            <li class="note" data-path="\(note.path.description)"\(note.order == nil ? "" : " data-ordered=\"1\"" as HTML)>
            <a href="\(NoteURL.show(note.path))">\(Swatch.svg(note.color))<span class="text">\(folder)<span class="title">\(note.title)</span>
            <span class="description">\(note.description)</span></span><time datetime="\(iso)">\(stamp)</time></a>\(folderLink)\(badges)
            </li>
            """
    }

    var filters: HTML {
        let sorts = VaultConfig.SortKey.allCases.map { key -> HTML in
            let selected: HTML = key == sort ? " selected" : ""
            return "<option value=\"\(key.rawValue)\"\(selected)>\(frame.text(Self.sortNames[key] ?? "updated"))</option>"
        }
        let colors =
            [HTML("<option value=\"\">\(frame.text("any colour"))</option>")]
            + NoteColor.Palette.allCases.map { palette -> HTML in
                let selected: HTML = color == .palette(palette) ? " selected" : ""
                return "<option value=\"\(palette.rawValue)\"\(selected)>\(frame.text(Self.colorNames[palette] ?? "white"))</option>"
            }
        let reverse: HTML = request.reverse ? " checked" : ""
        let pending: HTML = request.input.pending ? " checked" : ""
        return """
            <form class="filters" action="/" method="get">\(folderField)
            <label>\(frame.text("Sort")) <select name="sort">\(sorts)</select></label>
            <label><input type="checkbox" name="reverse" value="1"\(reverse)> \(frame.text("reversed"))</label>
            <label>\(frame.text("Colour")) <select name="color">\(colors)</select></label>
            <label>\(frame.text("Tag")) <input type="text" name="tag" value="\(request.input.tags.first ?? "")" size="10"></label>
            <label><input type="checkbox" name="pending" value="1"\(pending)> \(frame.text("also waiting to be destroyed"))</label>
            \(moreFilters)
            <button type="submit">\(frame.text("Show"))</button>
            </form>
            """
    }

    var folderField: HTML {
        guard let folder = request.folder else { return .empty }
        return "<input type=\"hidden\" name=\"folder\" value=\"\(folder.description)\">"
    }

    var undoBanner: HTML {
        guard let trashed, !frame.readOnly else { return .empty }
        return """
            <form class="banner undo" action="/undo" method="post">\(frame.csrfField)
            <input type="hidden" name="entry" value="\(trashed)">
            <span>\(frame.text("The note was moved to the trash."))</span> <button type="submit">\(frame.text("Undo"))</button>
            </form>
            """
    }

    static let sortNames: [VaultConfig.SortKey: LocalizedMessage] = [
        .updated: "updated", .created: "created", .title: "title", .order: "manual order", .destroy: "destroy date",
    ]

    /// The palette's names, as the editor's squares and the colour filter show them.
    package static let colorNames: [NoteColor.Palette: LocalizedMessage] = [
        .white: "white", .red: "red", .orange: "orange", .yellow: "yellow", .green: "green", .blue: "blue", .purple: "purple",
        .pink: "pink", .gray: "grey",
    ]
}
