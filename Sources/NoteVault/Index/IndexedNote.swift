import Foundation

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

    /// Whether the destroy date has passed (the note waits for `expire` or the watcher).
    public func isPendingExpiry(at now: Date) -> Bool {
        destroy.map { $0 <= now } ?? false
    }
}
