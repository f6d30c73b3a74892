import Foundation
import Markdown

/// Draws query results as inert HTML, every value escaped: a list, a table, tasks, a board
/// (lanes by the key's value, cards that name their note, revision and key for a front end to
/// move) and a month's calendar. The one renderer of `enote serve` and `enote export --html`;
/// links come from ``link`` (a web page's URL, an exported page's relative path, or none).
public struct QueryHTML: Sendable {
    /// The day the calendar is drawn around and marked as today.
    public var today: CalendarDay
    /// Month and weekday names.
    public var locale: Locale
    /// The address of a note (at a task's line when one is given); `nil` shows its title as text.
    public var link: @Sendable (NotePath, Int?) -> String?
    /// A message in the reader's language.
    public var text: @Sendable (LocalizedMessage) -> String
    /// Whether the page lets its reader change notes: a board's card gets a "move to" choice and
    /// a task a checkbox that can be ticked (a front end's script does the rest).
    public var interactive = false
    /// The month a calendar shows (any day in it); today's when `nil`.
    public var month: CalendarDay?
    /// The address of a calendar's other month; `nil` draws no way to another month.
    public var monthLink: (@Sendable (CalendarDay) -> String)?
    /// How many notes a calendar's day lists before the rest are folded away.
    public var entriesPerDay = 3

    public init(
        today: CalendarDay, locale: Locale, link: @escaping @Sendable (NotePath, Int?) -> String?,
        text: @escaping @Sendable (LocalizedMessage) -> String
    ) {
        self.today = today
        self.locale = locale
        self.link = link
        self.text = text
    }

    /// The HTML of block number `index` of a note (0-based), written at `line`: its view, or
    /// its mistake or "cannot run" with the place, with the result's warnings above it.
    public func block(_ outcome: QueryBlockOutcome, index: Int, line: Int, language: NoteQuery.Language) -> String {
        var out = "<div class=\"query-view\" data-block=\"\(index)\" data-line=\"\(line)\" data-language=\"\(language.rawValue)\""
        switch outcome {
        case .failure(let error):
            out += " data-view=\"error\">"
            let message: LocalizedMessage =
                error.isUnsupported ? "The query cannot run: \(error.located)" : "The query has a mistake: \(error.located)"
            out += "<p class=\"query-error\">\(escape(text(message)))</p>"
        case .result(let result):
            out += " data-view=\"\(Self.viewName(result.query.view))\">"
            out += html(result)
        }
        return out + "</div>"
    }

    /// A result's view, with its warnings.
    public func html(_ result: QueryResult) -> String {
        var out = ""
        for warning in result.warnings { out += "<p class=\"query-warning\">\(escape(text(warning)))</p>" }
        switch result.query.view {
        case .calendar: return out + calendar(result)
        case .board(let key): if !result.rows.isEmpty { return out + board(result, key: key) }
        default: break
        }
        if result.rows.isEmpty {
            return out + "<p class=\"query-empty\">\(escape(text("Nothing matches the query")))</p>"
        }
        switch result.query.view {
        case .list: out += grouped(result) { list($0, result) }
        case .table: out += grouped(result) { table($0, result) }
        case .tasks: out += grouped(result) { tasks($0) }
        case .board, .calendar: break
        }
        if result.total > result.rows.count {
            out += "<p class=\"query-more\">\(escape(text("Showing \(String(result.rows.count)) of \(String(result.total))")))</p>"
        }
        return out
    }

    static func viewName(_ view: NoteQuery.View) -> String {
        switch view {
        case .list: "list"
        case .table: "table"
        case .tasks: "tasks"
        case .board: "board"
        case .calendar: "calendar"
        }
    }

    // MARK: Lists, tables, tasks

    /// The rows by group, each group under its value, or all at once without `group by`.
    private func grouped(_ result: QueryResult, _ draw: ([QueryResult.Row]) -> String) -> String {
        guard !result.groups.isEmpty else { return draw(result.rows) }
        var out = ""
        var start = 0
        let rows = result.rows
        while start < rows.count {
            var end = start
            while end < rows.count, rows[end].group == rows[start].group { end += 1 }
            let name = rows[start].group.map(\.displayText) ?? ""
            out += "<h4 class=\"query-group\">\(escape(name.isEmpty ? text("No value") : name))</h4>"
            out += draw(Array(rows[start..<end]))
            start = end
        }
        return out
    }

    private func list(_ rows: [QueryResult.Row], _ result: QueryResult) -> String {
        var out = "<ul class=\"query-list\">"
        for row in rows {
            out += "<li data-path=\"\(escape(row.path.description))\">"
            if !result.query.withoutID || row.values.isEmpty { out += noteLink(row.path, title: row.title) }
            if let value = row.values.first, !value.isNull {
                out += result.query.withoutID ? valueHTML(value) : ": " + valueHTML(value)
            }
            out += "</li>"
        }
        return out + "</ul>"
    }

    private func table(_ rows: [QueryResult.Row], _ result: QueryResult) -> String {
        let withID = !result.query.withoutID
        var out = "<table class=\"query-table\"><thead><tr>"
        if withID { out += "<th>\(escape(text(result.query.language == .dataview ? "File" : "Note")))</th>" }
        for column in result.columns { out += "<th>\(escape(column))</th>" }
        out += "</tr></thead><tbody>"
        for row in rows {
            out += "<tr data-path=\"\(escape(row.path.description))\">"
            if withID { out += "<td>\(noteLink(row.path, title: row.title))</td>" }
            for value in row.values { out += "<td>\(valueHTML(value))</td>" }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }

    private func tasks(_ rows: [QueryResult.Row]) -> String {
        var out = "<ul class=\"query-tasks\">"
        for row in rows {
            guard let task = row.task else { continue }
            let revision = row.revision.map { " data-revision=\"\($0.description)\"" } ?? ""
            out += "<li class=\"task\(task.isDone ? " done" : "")\" data-path=\"\(escape(row.path.description))\" data-line=\"\(task.line)\"\(revision)>"
            out += "<input type=\"checkbox\" class=\"task-box\"\(task.isDone ? " checked" : "")\(interactive ? "" : " disabled")"
            out += " aria-label=\"\(escape(task.summary))\"> "
            out += "<span class=\"task-text\">\(escape(task.summary))</span>"
            if let due = task.due { out += " <span class=\"due\">\(escape(due.description))</span>" }
            out += " <span class=\"task-note\">\(noteLink(row.path, title: row.title, line: task.line))"
            out += "<span class=\"line-number\">:\(task.line)</span></span></li>"
        }
        return out + "</ul>"
    }

    // MARK: Board

    /// The lanes of a board: one per value of the key, in the result's group order, each card
    /// naming what a move needs (`data-path`, `data-revision`, `data-key`) and each lane its
    /// value (`data-value`, and `data-type`: `text`, `value` for a number, day or truth written
    /// plain, `null` for notes without the key).
    private func board(_ result: QueryResult, key: String) -> String {
        let lanes = result.groups.isEmpty ? [QueryValue.null] : result.groups
        var out = "<div class=\"query-board\" data-key=\"\(escape(key))\">"
        if interactive, lanes.count > 1 {
            // One choice of lanes for the whole board, which the page's script gives each card
            // (without the card's own lane): a board of 600 cards does not carry 600 copies.
            out += "<template class=\"card-move\"><select class=\"card-move\" aria-label=\"\(escape(text("Move to")))\">"
            out += "<option value=\"\" selected>\(escape(text("Move to")))</option>"
            for (number, value) in lanes.enumerated() {
                out += "<option value=\"\(number)\">\(escape(value.isNull ? text("No value") : value.displayText))</option>"
            }
            out += "</select></template>"
        }
        var cardsByLane: [QueryValue: [QueryResult.Row]] = [:]
        for row in result.rows { cardsByLane[row.group ?? .null, default: []].append(row) }
        for (number, lane) in lanes.enumerated() {
            let cards = cardsByLane[lane] ?? []
            let name = lane.isNull ? text("No value") : lane.displayText
            // A lane of `[[Alpha]]` writes the link, not the bare word, into a card moved to it.
            let written = cards.lazy.compactMap(\.groupSpelling).first ?? lane.displayText
            out += "<section class=\"lane\" data-lane=\"\(number)\" data-value=\"\(escape(written))\" data-type=\"\(Self.laneType(lane))\">"
            out += "<h4>\(escape(name)) <span class=\"count\">\(cards.count)</span></h4><ul class=\"cards\">"
            for card in cards {
                let revision = card.revision?.description ?? ""
                out += "<li class=\"card\"\(interactive ? " draggable=\"true\" tabindex=\"0\"" : "") data-path=\"\(escape(card.path.description))\""
                out += " data-revision=\"\(escape(revision))\" data-key=\"\(escape(key))\">"
                out += noteLink(card.path, title: card.title)
                out += "</li>"
            }
            out += "</ul></section>"
        }
        return out + "</div>"
    }

    /// How a lane's value is written into a note: as text, plain (a number, a day, a truth), or
    /// removed.
    static func laneType(_ value: QueryValue) -> String {
        switch value {
        case .null: "null"
        case .text, .link, .list: "text"
        case .bool, .number, .date, .duration: "value"
        }
    }

    // MARK: Calendar

    /// A month as a grid of weeks from Monday, each day listing its notes (a due task, a daily
    /// note, a destroy date, a date in the calendar's key); past ``entriesPerDay`` the rest fold
    /// away under "N more". Entries of other months are counted below the grid.
    private func calendar(_ result: QueryResult) -> String {
        let shown = month ?? today
        let (year, monthNumber, _) = shown.components
        let first = CalendarDay(year: year, month: monthNumber, day: 1) ?? shown
        let next = monthNumber == 12 ? CalendarDay(year: year + 1, month: 1, day: 1) : CalendarDay(year: year, month: monthNumber + 1, day: 1)
        let end = next ?? first.adding(days: 31)
        let previous = first.adding(days: -1)
        var byDay: [CalendarDay: [QueryResult.CalendarEntry]] = [:]
        var elsewhere = 0
        for entry in result.calendar {
            if entry.day >= first && entry.day < end { byDay[entry.day, default: []].append(entry) } else { elsewhere += 1 }
        }
        let monthName = Self.monthTitle(first, locale: locale)
        var out = "<div class=\"query-calendar\" data-month=\"\(escape(String(first.description.prefix(7))))\">"
        out += "<div class=\"calendar-head\">"
        if let monthLink { out += "<a class=\"calendar-previous\" href=\"\(escape(monthLink(previous)))\">‹</a> " }
        out += "<span class=\"calendar-month\">\(escape(monthName))</span>"
        if let monthLink { out += " <a class=\"calendar-next\" href=\"\(escape(monthLink(end)))\">›</a>" }
        out += "</div><table class=\"calendar-grid\"><thead><tr>"
        // 1970-01-05 was a Monday.
        for offset in 0..<7 {
            let name = String(CalendarDay(daysSinceEpoch: 4 + offset).weekdayName(locale: locale).prefix(3))
            out += "<th>\(escape(name))</th>"
        }
        out += "</tr></thead><tbody>"
        // Monday on or before the first.
        var day = first.adding(days: -((first.weekday + 6) % 7))
        while day < end {
            out += "<tr>"
            for _ in 0..<7 {
                guard day >= first && day < end else {
                    out += "<td class=\"outside\"></td>"
                    day = day.adding(days: 1)
                    continue
                }
                let entries = byDay[day] ?? []
                var classes = "day"
                if day == today { classes += " today" }
                if !entries.isEmpty { classes += " has-entries" }
                out += "<td class=\"\(classes)\" data-day=\"\(day.description)\"><span class=\"day-number\">\(day.components.day)</span>"
                if !entries.isEmpty {
                    let visible = entries.prefix(entriesPerDay)
                    out += "<ul class=\"day-entries\">" + visible.map(entryHTML).joined() + "</ul>"
                    if entries.count > entriesPerDay {
                        out += "<details class=\"day-more\"><summary>\(escape(text("\(String(entries.count - entriesPerDay)) more")))</summary>"
                        out += "<ul class=\"day-entries\">" + entries.dropFirst(entriesPerDay).map(entryHTML).joined() + "</ul></details>"
                    }
                }
                out += "</td>"
                day = day.adding(days: 1)
            }
            out += "</tr>"
        }
        out += "</tbody></table>"
        if elsewhere > 0 { out += "<p class=\"calendar-elsewhere\">\(escape(text("Dates in other months: \(String(elsewhere))")))</p>" }
        return out + "</div>"
    }

    private func entryHTML(_ entry: QueryResult.CalendarEntry) -> String {
        let label: String
        switch entry.kind {
        case .due: label = entry.text.map { "\($0) — \(entry.title)" } ?? entry.title
        case .daily, .key: label = entry.title
        case .destroy: label = text("\(entry.title) is destroyed")
        }
        return "<li class=\"entry \(entry.kind.rawValue)\" data-path=\"\(escape(entry.path.description))\">\(noteLink(entry.path, title: label, line: entry.line))</li>"
    }

    /// `November 2026` in the locale's words.
    static func monthTitle(_ day: CalendarDay, locale: Locale) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.setLocalizedDateFormatFromTemplate("LLLL yyyy")
        return formatter.string(from: Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 43_200))
    }

    // MARK: Values

    private func noteLink(_ path: NotePath, title: String, line: Int? = nil) -> String {
        let shown = title.isEmpty ? path.queryName : title
        guard let href = link(path, line) else { return "<span class=\"note-title\">\(escape(shown))</span>" }
        return "<a href=\"\(escape(href))\">\(escape(shown))</a>"
    }

    /// A value in a cell: a link to its note, a list's values joined, anything else as text.
    private func valueHTML(_ value: QueryValue) -> String {
        switch value {
        case .link(let path): noteLink(path, title: path.queryName)
        case .list(let values): values.map(valueHTML).joined(separator: ", ")
        default: escape(value.displayText)
        }
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
