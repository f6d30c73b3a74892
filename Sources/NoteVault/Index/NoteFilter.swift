import Foundation

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
}
