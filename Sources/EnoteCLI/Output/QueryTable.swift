import NoteVault

/// A query's result as text for the terminal: a table with the title first and a column a
/// value, a list, tasks as `enote tasks` shows them, a board's lanes or a calendar's days; a
/// grouped result has a heading line per group.
///
/// ```
/// Title          status   due
/// Garden plan    active   2026-12-01
/// Reading list   draft
/// ```
struct QueryTable {
    let terminal: Terminal
    let today: CalendarDay

    func render(_ result: QueryResult) -> String {
        switch result.query.view {
        case .tasks:
            return grouped(result) { rows in
                TaskTable(terminal: terminal, today: today).render(rows.compactMap(\.task))
            }
        case .calendar:
            return calendar(result.calendar)
        case .board:
            return grouped(result) { rows in rows.map { "  " + SafeText.escaped($0.title) + "\n" }.joined() }
        case .list, .table:
            return grouped(result) { rows in table(rows, result: result) }
        }
    }

    /// `body` for each group under its heading (`## value`), or once for an ungrouped result.
    private func grouped(_ result: QueryResult, _ body: ([QueryResult.Row]) -> String) -> String {
        guard !result.groups.isEmpty else { return body(result.rows) }
        var output = ""
        for group in result.groups {
            let rows = result.rows.filter { $0.group == group }
            let heading = group.isNull ? Localization.text("(no value)") : SafeText.escaped(group.displayText)
            output += (output.isEmpty ? "" : "\n") + (terminal.usesColor ? "\u{1B}[1m\(heading)\u{1B}[0m" : heading) + "\n"
            output += body(rows)
        }
        return output
    }

    private func table(_ rows: [QueryResult.Row], result: QueryResult) -> String {
        let showsTitle = !result.query.withoutID
        var headings = showsTitle ? [Localization.text("Title")] : []
        headings += result.columns.map { SafeText.escaped($0) }
        var cells = rows.map { row in
            (showsTitle ? [SafeText.escaped(row.title.isEmpty ? row.path.description : row.title)] : []) + row.values.map { SafeText.escaped($0.displayText) }
        }
        guard !headings.isEmpty else { return "" }
        // Each column as wide as its widest cell, the last one cut to the terminal.
        var widths = headings.map { DisplayWidth.of($0) }
        for row in cells {
            for (column, cell) in row.enumerated() where column < widths.count { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        let cap = max(12, terminal.columns / max(1, widths.count))
        widths = widths.map { min($0, cap) }
        cells.insert(headings, at: 0)
        var output = ""
        for (index, row) in cells.enumerated() {
            var line = ""
            for (column, cell) in row.enumerated() where column < widths.count {
                let text = DisplayWidth.pad(DisplayWidth.truncate(cell, to: widths[column]), to: widths[column])
                line += (column == 0 ? "" : "  ") + text
            }
            line = line.trimmingTrailingSpaces()
            output += (index == 0 && terminal.usesColor ? "\u{1B}[2m\(line)\u{1B}[0m" : line) + "\n"
        }
        return output
    }

    private func calendar(_ entries: [QueryResult.CalendarEntry]) -> String {
        var output = ""
        var lastDay: CalendarDay?
        for entry in entries {
            if entry.day != lastDay {
                output += entry.day.description + "\n"
                lastDay = entry.day
            }
            let what: String =
                switch entry.kind {
                case .due: Localization.text("due") + "  " + SafeText.escaped(entry.text ?? "") + "  " + SafeText.escaped("\(entry.path):\(entry.line ?? 0)")
                case .daily: Localization.text("daily note") + "  " + SafeText.escaped(entry.title)
                case .destroy: Localization.text("destroyed") + "  " + SafeText.escaped(entry.title)
                case .key: SafeText.escaped(entry.title)
                }
            output += "  " + what + "\n"
        }
        return output
    }
}

