import Foundation

/// A query's result as Markdown: what the editor's hover shows, what its "write the results
/// below the block" action writes into the note, and the text the agents' `query` tool gives.
/// The one place results become Markdown.
///
/// - a list: `- [[note]]` (and `: value` for `LIST expression`);
/// - a table: a GFM pipe table, the note first (unless `WITHOUT ID`), cells with `|` escaped
///   and line breaks as `<br>`;
/// - tasks: `- [ ] text ([[note]])`, `- [x]` when done;
/// - a board: a heading per lane, its cards as a list;
/// - a calendar: a list of days, each with what falls on it;
/// - grouped rows: a heading per group.
///
/// Links to notes are written as the library's ``LinkFormatter`` writes them: wikilinks
/// (`[[name]]`, or the path when the name leads elsewhere) or Markdown links relative to the
/// note the text is written in. At most ``MarkdownOptions/rowLimit`` rows (calendar entries) are
/// written, then a line saying how many more there are.
extension QueryResult {
    /// How the Markdown is written.
    public struct MarkdownOptions: Sendable {
        /// How links to notes are written.
        public enum LinkStyle: Sendable, Equatable {
            /// `[[name]]`
            case wikilink
            /// `[title](relative/path.md)`
            case markdown
        }

        /// At most this many rows (tasks, cards, calendar entries); the rest are counted.
        public var rowLimit: Int
        public var linkStyle: LinkStyle
        /// The note the Markdown is written in: Markdown links are relative to its folder,
        /// wikilinks as short as lead from it alone. `nil`: from the vault's root.
        public var from: NotePath?
        /// The notes a wikilink's name could mean (``NoteIndex/resolver(forWikilinks:)``), so
        /// that a wikilink is the name where the name leads to the note alone; without one,
        /// wikilinks hold the path from the root (always unambiguous).
        package var resolver: LinkResolver?
        /// The most characters of one cell or task text; longer ones end with `…`.
        public var cellLimit = 300
        /// The level of the headings of groups and lanes (`###`).
        public var headingLevel = 3

        public init(rowLimit: Int = 50, linkStyle: LinkStyle = .wikilink, from: NotePath? = nil) {
            self.rowLimit = max(0, rowLimit)
            self.linkStyle = linkStyle
            self.from = from
        }

        package init(rowLimit: Int, linkStyle: LinkStyle, from: NotePath?, resolver: LinkResolver?) {
            self.init(rowLimit: rowLimit, linkStyle: linkStyle, from: from)
            self.resolver = resolver
        }
    }

    /// The result as Markdown (ending with a line break; never empty: an empty result says so).
    public func markdown(_ options: MarkdownOptions = MarkdownOptions()) -> String {
        var writer = QueryMarkdownWriter(result: self, options: options)
        return writer.write()
    }
}

/// Writes one result; counts the rows written against the limit.
private struct QueryMarkdownWriter {
    let result: QueryResult
    let options: QueryResult.MarkdownOptions
    var written = 0
    var lines: [String] = []

    init(result: QueryResult, options: QueryResult.MarkdownOptions) {
        self.result = result
        self.options = options
    }

    mutating func write() -> String {
        let count: Int
        switch result.query.view {
        case .calendar:
            count = result.calendar.count
            calendar()
        default:
            count = result.rows.count
            if result.groups.isEmpty {
                rows(result.rows)
            } else {
                for group in result.groups where written < options.rowLimit {
                    let rows = result.rows.filter { $0.group == group }
                    if !lines.isEmpty { lines.append("") }
                    let name = group.isNull ? Self.text("(none)") : cell(value: group)
                    lines.append(String(repeating: "#", count: max(1, min(6, options.headingLevel))) + " " + name)
                    lines.append("")
                    self.rows(rows)
                }
            }
        }
        if count == 0 { lines = [Self.text("nothing matches the query")] }
        if count > written {
            lines.append("")
            lines.append(Self.text("… \(String(count - written)) more"))
        }
        for warning in result.warnings { lines += ["", "> " + inline(warning.text)] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rows of one group (or of the whole result), as the view shows them, within the limit.
    private mutating func rows(_ rows: [QueryResult.Row]) {
        let room = max(0, options.rowLimit - written)
        let shown = Array(rows.prefix(room))
        written += shown.count
        switch result.query.view {
        case .table:
            table(shown)
        case .tasks:
            for row in shown {
                guard let task = row.task else { continue }
                lines.append("- [\(task.isDone ? "x" : " ")] \(inline(task.text)) (\(link(row.path, title: row.title)))")
            }
        case .list, .board, .calendar:
            let showsValue: Bool
            if case .list(let expression) = result.query.view { showsValue = expression != nil } else { showsValue = false }
            for row in shown {
                var line = "- " + link(row.path, title: row.title)
                if showsValue, let value = row.values.first, !value.isNull { line += ": " + cell(value: value) }
                lines.append(line)
            }
        }
    }

    private mutating func table(_ rows: [QueryResult.Row]) {
        let showsNote = !result.query.withoutID
        let headings = (showsNote ? [Self.text("Note")] : []) + result.columns
        guard !headings.isEmpty else { return }
        lines.append("| " + headings.map { escapedCell($0) }.joined(separator: " | ") + " |")
        lines.append("|" + String(repeating: " --- |", count: headings.count))
        for row in rows {
            let cells = (showsNote ? [link(row.path, title: row.title).replacingOccurrences(of: "|", with: "\\|")] : []) + row.values.map { cell(value: $0) }
            lines.append("| " + cells.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |")
        }
    }

    private mutating func calendar() {
        var day: CalendarDay?
        for entry in result.calendar.prefix(options.rowLimit) {
            if entry.day != day {
                lines.append("- " + entry.day.description)
                day = entry.day
            }
            let note = link(entry.path, title: entry.title)
            let what: String =
                switch entry.kind {
                case .due: Self.text("due: \(inline(entry.text ?? "")) (\(note))")
                case .daily: Self.text("daily note: \(note)")
                case .destroy: Self.text("destroyed: \(note)")
                case .key: note
                }
            lines.append("  - " + what)
            written += 1
        }
    }

    // MARK: - Pieces

    /// A link to the note at `path`, in the options' style.
    private func link(_ path: NotePath, title: String) -> String {
        let target = path.description
        let from = options.from?.description ?? ""
        let text = title.isEmpty ? path.queryName : title
        if options.linkStyle == .wikilink {
            if let resolver = options.resolver, let from = options.from?.description {
                if let name = LinkFormatter(resolver: resolver).wikilink(to: target, from: from), Self.fitsWikilink(name) { return "[[\(name)]]" }
            } else {
                let name = NotePath.droppingMarkdownExtension(target)
                if Self.fitsWikilink(name) { return "[[\(name)]]" }
            }
        }
        return LinkFormatter.markdownLink(to: target, title: Self.oneLine(text), from: from)
    }

    /// Whether a wikilink can hold `name` as written: none of `[`, `]`, `|`, `#`, `^` nor a
    /// line break (in a table a `|` would end the cell).
    private static func fitsWikilink(_ name: String) -> Bool {
        !name.contains { "[]|#^\n\r".contains($0) }
    }

    /// A value as a cell or a list item's value: links as links, the rest as text, cut and escaped.
    private func cell(value: QueryValue) -> String {
        switch value {
        case .link(let path): return link(path, title: path.queryName).replacingOccurrences(of: "|", with: "\\|")
        case .list(let values): return values.map { cell(value: $0) }.joined(separator: ", ")
        default: return escapedCell(value.displayText)
        }
    }

    /// Text in a table cell: cut, `|` escaped, line breaks as `<br>`.
    private func escapedCell(_ text: String) -> String {
        var escaped = ""
        for character in cut(text.trimmingCharacters(in: .whitespaces)) {
            switch character {
            case "|": escaped += "\\|"
            case "\n", "\r\n", "\r": escaped += "<br>"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Text on one line of a list: cut, line breaks as spaces.
    private func inline(_ text: String) -> String {
        Self.oneLine(cut(text))
    }

    private static func text(_ message: LocalizedMessage) -> String {
        message.text
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private func cut(_ text: String) -> String {
        text.count > options.cellLimit ? String(text.prefix(options.cellLimit)) + "…" : text
    }
}
