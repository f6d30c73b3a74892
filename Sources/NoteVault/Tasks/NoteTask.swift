/// A to-do written in a note as a Markdown task list item: `- [ ] call the plumber 📅 2026-12-01`.
///
/// The text is kept as written; its dates and priority are read from Obsidian Tasks' emoji
/// (`📅` due, `⏳` scheduled, `🛫` start, `✅` done; `🔺 ⏫ 🔼 🔽 ⏬` from highest to lowest
/// priority) and the plain `due:2026-12-01`, anywhere in the task's first line outside code
/// spans (see ``TaskFields``). A date that cannot be read is a ``problems`` entry, never dropped
/// in silence.
public struct NoteTask: Sendable, Hashable {
    /// How urgent a task is, from Obsidian Tasks' priority emoji.
    public enum Priority: String, Sendable, CaseIterable, Codable {
        /// `🔺`
        case highest
        /// `⏫`
        case high
        /// `🔼`
        case medium
        /// `🔽`
        case low
        /// `⏬`
        case lowest
    }

    /// The note the task is written in.
    public var path: NotePath
    /// The 1-based line of its marker, as editors count lines.
    public var line: Int
    /// The task's text as written after `[ ]` on its line, trailing spaces removed.
    public var text: String
    /// The text without the dates and the priority enote read from it, spaces tidied: what a
    /// list of tasks shows beside its own date columns.
    public var summary: String
    /// Whether the marker is `[x]` or `[X]`.
    public var isDone: Bool
    /// `📅 DATE` or `due:DATE`.
    public var due: CalendarDay?
    /// `⏳ DATE`.
    public var scheduled: CalendarDay?
    /// `🛫 DATE`.
    public var start: CalendarDay?
    /// `✅ DATE`: the day it was done.
    public var completed: CalendarDay?
    public var priority: Priority?
    /// The `#tags` written in the task's text, as written, without `#` (the rule of
    /// ``NoteTag``).
    public var tags: [String]
    /// The line of the task this one is nested under, if any.
    public var parentLine: Int?
    /// The text of the nearest heading above the task (Obsidian Tasks' `heading`), inline
    /// markup as written; `nil` when none is above it. Headings in code blocks do not count.
    public var heading: String?
    /// `🆔 ID` or `[id:: ID]`: the name other tasks depend on it by (letters, digits, `-`, `_`).
    public var id: String?
    /// `⛔ ID,ID` or `[dependsOn:: ID,ID]`: the ids of the tasks this one waits for.
    public var dependsOn: [String] = []
    /// Dates in the text that could not be read, each with the line and column it is at.
    public var problems: [Diagnostic]
    /// The title of the note, when the task was read from the index.
    public var noteTitle: String?
    /// The revision of the note as the index last read it, when the task was read from the
    /// index: what a page that offers to mark the task done sends back with the change
    /// (``Vault/setTask(in:line:done:revision:force:)``), so that a note changed since is not
    /// written.
    public var noteRevision: NoteRevision?

    /// Where the marker's bytes are in the file: the byte between the brackets, the end of the
    /// line, and the `✅ DATE` written (with the spaces before it). Known for a task read from
    /// the file, not from the index.
    var place: Place?

    /// Byte offsets of a task in its file.
    struct Place: Sendable, Hashable {
        /// The byte between `[` and `]`.
        var marker: Int
        /// Where the text starts.
        var textStart: Int
        /// Where the text ends (trailing spaces excluded).
        var textEnd: Int
        /// The `✅ DATE` field with the spaces before it, when written.
        var completedField: Range<Int>?
    }

    public init(
        path: NotePath, line: Int, text: String, summary: String? = nil, isDone: Bool, due: CalendarDay? = nil, scheduled: CalendarDay? = nil,
        start: CalendarDay? = nil, completed: CalendarDay? = nil, priority: Priority? = nil, tags: [String] = [], parentLine: Int? = nil,
        problems: [Diagnostic] = [], noteTitle: String? = nil, heading: String? = nil, id: String? = nil, dependsOn: [String] = []
    ) {
        self.path = path
        self.line = line
        self.text = text
        self.summary = summary ?? text
        self.isDone = isDone
        self.due = due
        self.scheduled = scheduled
        self.start = start
        self.completed = completed
        self.priority = priority
        self.tags = tags
        self.parentLine = parentLine
        self.problems = problems
        self.noteTitle = noteTitle
        self.heading = heading
        self.id = id
        self.dependsOn = dependsOn
    }

    /// Whether one of the task's tags is `tag` or nested under it, compared as ``NoteTag``
    /// compares (`a/b` is within `a`).
    public func hasTag(within tag: String) -> Bool {
        tags.contains { NoteTag(name: $0, origin: .body, place: nil, range: nil).isWithin(tag) }
    }
}
