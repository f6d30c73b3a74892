/// Where a reader of the index's change record is: the index file it read (its epoch) and the
/// last change it saw. Opaque to front ends; pass it back to ``NoteIndex/changes(since:)``.
public struct IndexChangeToken: Sendable, Equatable {
    let epoch: String
    let seq: Int64
}

/// What changed in the index since a ``IndexChangeToken``.
public enum IndexChanges: Sendable, Equatable {
    /// Nothing.
    case none
    /// These notes were added, changed or removed (each once, oldest change first).
    case notes([NotePath])
    /// Any note may have changed: the index was built again, or the reader fell too far behind.
    case everything

    /// Whether anything changed.
    public var isEmpty: Bool { self == .none }
}

extension NoteIndex {
    /// The position of the index's change record now: what ``changes(since:)`` compares with.
    public func changeToken() throws(VaultError) -> IndexChangeToken {
        let position = try read { store in try store.changePosition() }
        return IndexChangeToken(epoch: position.epoch, seq: position.seq)
    }

    /// The notes changed (by any process) since `token`, and the token to pass next time.
    ///
    /// Servers ask before every answer, and nearly always nothing changed: that is told by one
    /// statement (where the record stands), and only a change reads the record in a transaction.
    public func changes(since token: IndexChangeToken) throws(VaultError) -> (changes: IndexChanges, token: IndexChangeToken) {
        let glance = try connection.readOneStatement { store in try store.changePosition() }
        if glance.epoch == token.epoch, glance.seq == token.seq { return (.none, token) }
        let limit = 10_000
        return try read { store in
            let now = try store.changePosition()
            let next = IndexChangeToken(epoch: now.epoch, seq: now.seq)
            guard now.epoch == token.epoch, now.seq >= token.seq else { return (.everything, next) }
            guard now.seq > token.seq else { return (.none, next) }
            let (rows, truncated) = try store.changedPaths(after: token.seq, limit: limit)
            if truncated || rows.count == limit { return (.everything, next) }
            var seen = Set<NotePath>()
            let paths = rows.map(\.path).filter { seen.insert($0).inserted }
            return (.notes(paths), next)
        }
    }
}
