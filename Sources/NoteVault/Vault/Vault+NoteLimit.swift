import Foundation

/// How full a vault with a `max_notes` limit is: the original app's demo limit.
public struct NoteLimit: Sendable, Equatable {
    /// The notes that count against the limit (as ``Vault/create(_:)`` counts them).
    public var count: Int
    /// `max_notes` from the vault config.
    public var limit: Int

    public init(count: Int, limit: Int) {
        self.count = count
        self.limit = limit
    }

    /// Whether ``Vault/create(_:)`` refuses another note.
    public var isReached: Bool { count >= limit }
    /// How many more notes may be created.
    public var remaining: Int { max(0, limit - count) }
}

extension Vault {
    /// The vault's `max_notes` limit and how many notes count against it, or `nil` when the
    /// config sets none. ``create(_:)`` refuses a note by this same count.
    public func noteLimit() -> NoteLimit? {
        guard let limit = config.maxNotes else { return nil }
        return NoteLimit(count: scan().notes.count, limit: limit)
    }
}
