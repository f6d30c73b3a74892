import Foundation

/// What a query is run with besides its rows: the time, the note it is written in, and what
/// the runner worked out once before the rows (resolved links, full-text matches).
struct QueryContext {
    var now: Date
    var timeZone: TimeZone
    /// The note the query is written in (`this.file.name`), as a row.
    var this: QueryRow?
    /// `[[links]]` and `link("…")` texts, resolved to notes once.
    var links: [String: NotePath] = [:]
    /// For each `search("words")` (enote's `text contains "words"`), the notes that have them.
    var searches: [String: Set<Int64>] = [:]
    /// Which tasks of the whole vault wait for others and are waited for (`blocked`,
    /// `blocking`): read only when the query names them.
    var taskDependencies = TaskDependencies()
    /// Whether nothing compares below every value (Dataview's rule: `due <= date(today)` keeps
    /// a note without `due`) instead of failing every comparison (enote's).
    var nullsCompareLowest = false
    /// Past this moment the run stops with an error instead of stalling a server.
    var deadline: Date

    /// Midnight of the day `offset` days from today, where the user is.
    func day(_ offset: Int) -> Date {
        CalendarDay(now, in: timeZone).adding(days: offset).start(in: timeZone)
    }
}
