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
    /// Only notes with each of these tags, or a tag nested under it (`a/b` keeps `a/b/c`),
    /// compared without case.
    public var tags: [String] = []
    /// Only notes with a link that resolves to this note.
    public var linksTo: NotePath?
    /// Only notes this note links to.
    public var linkedFrom: NotePath?
    /// Only notes no other note links to.
    public var orphan = false
    /// Only notes with a link that leads nowhere.
    public var deadLinks = false
    /// Only notes in this folder or a folder under it.
    public var folder: NotePath?
    /// The notes the link conditions keep, worked out by the index before the query runs.
    var noteIDs: Set<Int64>?

    /// Whether a link condition needs the link graph resolved.
    var hasLinkConditions: Bool { linksTo != nil || linkedFrom != nil || orphan || deadLinks }

    public init(now: Date) {
        self.now = now
    }

    /// Whether any condition narrows the notes (so "nothing found" means "nothing matches").
    public var isRestrictive: Bool {
        color != nil || !fields.isEmpty || updatedSince != nil || updatedUntil != nil || expiringWithin != nil || !tags.isEmpty
            || hasLinkConditions || folder != nil
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
