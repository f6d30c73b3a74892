import Foundation
import GRDB

/// A note as the index knows it: everything `list` and `search` show, without reading the file.
public struct IndexedNote: Sendable {
    public var path: NotePath
    public var title: String
    public var description: String
    public var color: NoteColor
    /// When the note expires, if its destroy date is valid and unambiguous.
    public var destroy: Date?
    /// Why the destroy key cannot be acted on, if it is present but unusable.
    public var destroyProblem: DestroyProblem?
    public var updated: Date
    public var created: Date
    public var order: String?
    public var tags: [String]
    public var images: [String]
    /// Link destinations in the body.
    public var links: [String]
    /// Problems found in the note, with file and line.
    public var diagnostics: [Diagnostic]
    /// Whether part of the note cannot be read (front matter, encoding, size).
    public var hasError: Bool
    /// For search results: the matching text with matches between `\u{2}` and `\u{3}`.
    public var snippet: String?
    /// For search results: how well it matches (lower is better, as SQLite's bm25).
    public var score: Double?
    /// For search results: whether the title matches.
    public var titleMatches = false
    /// The index's row id (stable while the note keeps its path).
    public var id: Int64

    /// A destroy key that enote will not act on.
    public enum DestroyProblem: String, Sendable {
        case invalid, ambiguous
    }

    /// The columns read for every note, in the order ``init(row:)`` expects.
    static let columns = """
        n.id, n.path, n.title, n.description, n.color, n.destroy_at, n.destroy_state, n.updated_at,
        n.created_at, n.order_key, n.tags, n.images, n.diagnostics, n.has_error, n.links
        """

    init(row: Row) {
        id = row[0]
        let path: Data = row[1]
        self.path = NotePath(bytes: [UInt8](path))
        title = row[2]
        description = row[3]
        let colorText: String = row[4]
        color = (try? NoteColor(parsing: colorText)) ?? .default
        destroy = (row[5] as Double?).map(Date.init(timeIntervalSince1970:))
        destroyProblem = DestroyProblem(rawValue: row[6])
        updated = Date(timeIntervalSince1970: row[7])
        created = Date(timeIntervalSince1970: row[8])
        order = row[9]
        tags = StringArrayColumn.decode(row[10])
        images = StringArrayColumn.decode(row[11])
        diagnostics = DiagnosticsColumn.decode(row[12])
        hasError = row[13]
        links = StringArrayColumn.decode(row[14])
    }

    /// Whether the destroy date has passed (the note waits for `expire` or the watcher).
    public func isPendingExpiry(at now: Date) -> Bool {
        destroy.map { $0 <= now } ?? false
    }
}

/// Which notes `list` and `search` return.
public struct NoteFilter: Sendable {
    /// Only notes of this colour.
    public var color: NoteColor?
    /// Only notes whose front matter has these key/value pairs (a list matches any element;
    /// values compare case-insensitively).
    public var fields: [(key: String, value: String)] = []
    /// Only notes updated at or after this time.
    public var updatedSince: Date?
    /// Only notes updated at or before this time.
    public var updatedUntil: Date?
    /// Only notes with a destroy date in the future, within this many seconds
    /// (`.infinity` for any).
    public var expiringWithin: TimeInterval?
    /// Also notes whose destroy date has passed (by default they are hidden: they are waiting
    /// for expiry).
    public var includePendingExpiry = false
    /// The time "now" for the filters above.
    public var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// Whether any condition narrows the notes (so "nothing found" means "nothing matches").
    public var isRestrictive: Bool {
        color != nil || !fields.isEmpty || updatedSince != nil || updatedUntil != nil || expiringWithin != nil
    }

    /// The SQL condition and its arguments (every value bound, never spliced).
    func sql() -> (condition: String, arguments: StatementArguments) {
        var (conditions, arguments) = selectiveConditions()
        if !includePendingExpiry {
            conditions.insert("(n.destroy_at IS NULL OR n.destroy_at > ?)", at: 0)
            arguments = [now.timeIntervalSince1970] + arguments
        }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments)
    }

    /// The same filter shaped for a full-text query: the notes to leave out because their
    /// destroy date passed (a short list, found through an index), and the other conditions
    /// as an allow-list, or `nil` when there are none.
    func ftsRestrictions() -> (excluded: (sql: String, arguments: StatementArguments)?, allowed: (sql: String, arguments: StatementArguments)?) {
        let (conditions, arguments) = selectiveConditions()
        let excluded =
            includePendingExpiry
            ? nil
            : (
                sql: "SELECT n.id FROM notes n WHERE n.destroy_at <= ?",
                arguments: [now.timeIntervalSince1970] as StatementArguments
            )
        let allowed =
            conditions.isEmpty
            ? nil
            : (
                sql: "SELECT n.id FROM notes n WHERE " + conditions.joined(separator: " AND "),
                arguments: arguments
            )
        return (excluded, allowed)
    }

    /// Every condition but the pending-expiry one.
    private func selectiveConditions() -> (conditions: [String], arguments: StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        let now = self.now.timeIntervalSince1970
        if let color {
            conditions.append("n.color = ?")
            arguments += [color.description]
        }
        for field in fields {
            let key = FrontMatterKey(spelling: field.key.lowercased())?.rawValue ?? field.key
            conditions.append("EXISTS (SELECT 1 FROM fields f WHERE f.note_id = n.id AND f.key = ? AND f.value = ?)")
            arguments += [key, field.value.lowercased()]
        }
        if let updatedSince {
            conditions.append("n.updated_at >= ?")
            arguments += [updatedSince.timeIntervalSince1970]
        }
        if let updatedUntil {
            conditions.append("n.updated_at <= ?")
            arguments += [updatedUntil.timeIntervalSince1970]
        }
        if let expiringWithin {
            conditions.append("n.destroy_at > ?")
            arguments += [now]
            if expiringWithin.isFinite {
                conditions.append("n.destroy_at <= ?")
                arguments += [now + expiringWithin]
            }
        }
        return (conditions, arguments)
    }
}

/// How `list` orders notes.
public struct NoteSort: Sendable {
    public var key: VaultConfig.SortKey
    public var reverse: Bool

    /// Whether every listed note has a destroy date (an `--expiring` filter), which lets the
    /// destroy order use its index.
    var onlyWithDestroyDate = false

    public init(key: VaultConfig.SortKey, reverse: Bool = false) {
        self.key = key
        self.reverse = reverse
    }

    /// The ORDER BY clause: newest first for times, A–Z for titles, manual order then newest.
    /// Ties are broken by the row id in the same direction, so SQLite walks one index and
    /// stops at the limit instead of sorting every note.
    var sql: String {
        let (ascending, descending) = reverse ? ("DESC", "ASC") : ("ASC", "DESC")
        switch key {
        case .updated: return "n.updated_at \(descending), n.id \(descending)"
        case .created: return "n.created_at \(descending), n.id \(descending)"
        case .title: return "n.title_key \(ascending), n.id \(ascending)"
        // These need a sort anyway; ties go by path, which a user can predict.
        case .order:
            // Numbers as numbers, then text (OrderKey.compare).
            let key = "n.order_key COLLATE \(OrderKey.collation.name)"
            return "(n.order_key IS NULL) \(ascending), \(key) \(ascending), n.updated_at \(descending), n.path \(ascending)"
        case .destroy:
            return onlyWithDestroyDate
                ? "n.destroy_at \(ascending), n.id \(ascending)"
                : "(n.destroy_at IS NULL) \(ascending), n.destroy_at \(ascending), n.path \(ascending)"
        }
    }
}
