/// Which tasks `enote tasks` (and every other front end) lists: open, done or all, by due date,
/// by tag, in the notes a ``NoteFilter`` keeps. The answer is sorted by due date (tasks without
/// one last), then by note path, then by line.
///
/// For example:
///
/// ```swift
/// var query = TaskQuery(notes: NoteFilter(now: now), today: CalendarDay(now, in: .current))
/// query.due = try TaskQuery.Due(parsing: "7d")
/// let tasks = try index.tasks(query)
/// ```
public struct TaskQuery: Sendable {
    /// Which tasks by their marker.
    public enum Status: String, Sendable, CaseIterable {
        /// `[ ]` (the default).
        case open
        /// `[x]` or `[X]`.
        case done
        /// Both.
        case all
    }

    /// Which tasks by their due date, counted from ``TaskQuery/today``.
    public enum Due: Sendable, Equatable {
        /// Due today.
        case today
        /// Due before today.
        case overdue
        /// Due before today plus this many days: overdue tasks too, as Obsidian Tasks' "due
        /// before in 7 days" (`7d` is today and the six days after it).
        case within(days: Int)
        /// Due on this day.
        case on(CalendarDay)

        /// A value that cannot be read, in the library's words.
        public struct Problem: Error, Sendable {
            public var message: LocalizedMessage
        }

        /// Reads `today`, `overdue`, `Nd` or `Nw` (N from 1), or a day as `YYYY-MM-DD`.
        /// - Throws: ``Problem`` saying what is accepted.
        public init(parsing text: String) throws(Problem) {
            let trimmed = text.trimmingSpaces().lowercased()
            if trimmed == "today" {
                self = .today
            } else if trimmed == "overdue" {
                self = .overdue
            } else if let day = CalendarDay(trimmed) {
                self = .on(day)
            } else if let unit = trimmed.last, unit == "d" || unit == "w", let count = Int(trimmed.dropLast()), count > 0, count <= 36_500 {
                self = .within(days: unit == "w" ? count * 7 : count)
            } else {
                throw Problem(message: "\"\(text)\" is not a due filter; write today, overdue, 7d, 2w or a day such as 2026-12-01")
            }
        }

        /// The due days this keeps, as a half-open range of days (`nil` bound: no bound).
        func days(from today: CalendarDay) -> (from: CalendarDay?, before: CalendarDay?) {
            switch self {
            case .today: (today, today.adding(days: 1))
            case .overdue: (nil, today)
            case .within(let days): (nil, today.adding(days: days))
            case .on(let day): (day, day.adding(days: 1))
            }
        }
    }

    /// Open (the default), done or all.
    public var status: Status = .open
    /// Only tasks due when this says (tasks without a due date are then left out).
    public var due: Due?
    /// Only tasks with each of these tags in their text, or a tag nested under it.
    public var tags: [String] = []
    /// Only tasks in the notes this keeps (its `now` also hides notes waiting for expiry).
    public var notes: NoteFilter
    /// The day ``due`` counts from: today where the user is.
    public var today: CalendarDay
    /// At most this many tasks.
    public var limit: Int?

    public init(notes: NoteFilter, today: CalendarDay) {
        self.notes = notes
        self.today = today
    }
}

/// The dependencies between the tasks of a vault that Obsidian Tasks' `is blocked` and
/// `is blocking` ask about (``NoteTask/id``, ``NoteTask/dependsOn``).
struct TaskDependencies: Sendable, Equatable {
    /// The ids of the tasks not done.
    var openIDs: Set<String> = []
    /// The ids that some task not done depends on.
    var awaitedIDs: Set<String> = []

    /// Tasks' rule: a task not done that depends on a task not done (one that exists).
    func isBlocked(_ task: NoteTask) -> Bool {
        !task.isDone && task.dependsOn.contains { openIDs.contains($0) }
    }

    /// Tasks' rule: a task not done with an id that some task not done depends on.
    func isBlocking(_ task: NoteTask) -> Bool {
        guard !task.isDone, let id = task.id else { return false }
        return awaitedIDs.contains(id)
    }
}
