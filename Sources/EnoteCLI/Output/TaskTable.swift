import NoteVault

/// Tasks as a table that fits the terminal, one a line: the checkbox, the due date with a word
/// for overdue and today (red and bold on a colour terminal), the text without its dates, and
/// NOTE:LINE as `enote task done` takes it.
///
/// ```
/// [ ] 2026-11-10  overdue  call the plumber #home        home.md:3
/// [ ] 2026-11-18  today    send the report               work/plan.md:12
/// [ ]                      read the book                 books.md:7
/// ```
struct TaskTable {
    let terminal: Terminal
    let today: CalendarDay

    /// The table's text, one line per task, each ending in a newline.
    func render(_ tasks: [NoteTask]) -> String {
        guard !tasks.isEmpty else { return "" }
        let overdueWord = Localization.text("overdue")
        let todayWord = Localization.text("today")
        let hasDue = tasks.contains { $0.due != nil }
        let markWidth = tasks.contains { mark(of: $0) != nil } ? max(DisplayWidth.of(overdueWord), DisplayWidth.of(todayWord)) : 0
        let places = tasks.map { SafeText.escaped("\($0.path):\($0.line)") }
        let placeWidth = places.map { DisplayWidth.of($0) }.max() ?? 0
        let fixed = 3 + 2 + (hasDue ? 12 : 0) + (markWidth > 0 ? markWidth + 2 : 0) + 2 + placeWidth
        let textWidth = max(terminal.columns - fixed, 20)
        let longest = tasks.map { DisplayWidth.of(SafeText.escaped($0.summary)) }.max() ?? 0
        var output = ""
        for (task, place) in zip(tasks, places) {
            var line = task.isDone ? "[x]  " : "[ ]  "
            if hasDue { line += DisplayWidth.pad(task.due?.description ?? "", to: 10) + "  " }
            if markWidth > 0 {
                let mark = mark(of: task)
                let word = DisplayWidth.pad(mark == .overdue ? overdueWord : mark == .today ? todayWord : "", to: markWidth)
                line += style(word, mark) + "  "
            }
            let text = DisplayWidth.truncate(SafeText.escaped(task.summary), to: textWidth)
            line += style(DisplayWidth.pad(text, to: min(longest, textWidth)), mark(of: task)) + "  "
            line += terminal.usesColor ? "\u{1B}[2m\(place)\u{1B}[0m" : place
            output += line.trimmingTrailingSpaces() + "\n"
        }
        return output
    }

    private enum Mark {
        case overdue
        case today
    }

    /// Overdue or due today, for an open task.
    private func mark(of task: NoteTask) -> Mark? {
        guard !task.isDone, let due = task.due else { return nil }
        if due < today { return .overdue }
        return due == today ? .today : nil
    }

    private func style(_ text: String, _ mark: Mark?) -> String {
        guard terminal.usesColor, let mark else { return text }
        switch mark {
        case .overdue: return "\u{1B}[31m\(text)\u{1B}[0m"
        case .today: return "\u{1B}[1m\(text)\u{1B}[0m"
        }
    }
}
