import Foundation

/// What a query found, ready for any front end to draw: rows in order, each with its values
/// for the view's columns and its group.
public struct QueryResult: Sendable {
    /// One note (or, for a task query, one task) the query kept.
    public struct Row: Sendable {
        public var path: NotePath
        public var title: String
        public var color: NoteColor
        /// The values of ``QueryResult/columns``, in order.
        public var values: [QueryValue]
        /// The value of the query's `group by` (a board's key) for this row; `nil` without one.
        public var group: QueryValue?
        /// How the row's note writes its ``group`` when that is a `[[link]]` (`[[Alpha]]` for
        /// the group `Alpha`): what a board writes into a card moved to this row's lane, so
        /// that the card still links. `nil` for any other value.
        public var groupSpelling: String?
        /// For a task query, the task (its `line`, text, dates).
        public var task: NoteTask?
        /// The note's revision as indexed: what a board's drag is checked against.
        public var revision: NoteRevision?
    }

    /// One thing on a calendar's day.
    public struct CalendarEntry: Sendable, Equatable {
        public enum Kind: String, Sendable, Codable {
            /// A task's due date (``task`` is its line).
            case due
            /// The note is the daily note of the day.
            case daily
            /// The note's destroy date.
            case destroy
            /// The date in the key the calendar was asked for (`calendar deadline`).
            case key
        }

        public var day: CalendarDay
        public var kind: Kind
        public var path: NotePath
        public var title: String
        /// The task's line and text, for a due date.
        public var line: Int?
        public var text: String?
    }

    public var query: NoteQuery
    /// The headings of ``Row/values``.
    public var columns: [String]
    public var rows: [Row]
    /// How many rows the query kept before its `limit`.
    public var total: Int
    /// The groups in order (the distinct values of `group by`, a board's columns), when grouped.
    public var groups: [QueryValue]
    /// For a calendar, its entries by day, in day order.
    public var calendar: [CalendarEntry] = []
    /// What the query names that is not there (a `[[link]]` to no note), said beside the result
    /// so that an empty result is not a silent one.
    public var warnings: [LocalizedMessage] = []
}
