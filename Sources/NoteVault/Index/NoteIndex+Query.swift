import Foundation

/// A page of search results.
public struct SearchResults: Sendable {
    /// The best matches, title matches first, then by relevance.
    public var notes: [IndexedNote]
    /// How many notes match in all (before the limit).
    public var total: Int
}

extension NoteIndex {
    /// The notes that pass `filter`, in `sort` order.
    public func list(_ filter: NoteFilter, sort: NoteSort, limit: Int? = nil) throws(VaultError) -> [IndexedNote] {
        let root = vault.root
        return try read { store in try store.notes(store.resolvingLinks(filter, root: root), sort: sort, limit: limit) }
    }

    /// How many notes pass `filter`.
    public func count(_ filter: NoteFilter) throws(VaultError) -> Int {
        let root = vault.root
        return try read { store in try store.count(store.resolvingLinks(filter, root: root)) }
    }

    /// A number that changes whenever another connection (a watcher, another command) has
    /// written to the index since this index was opened or last asked: a long-running front
    /// end (`enote serve` beside a running `enote watch`) polls it to learn that notes changed.
    /// Its own writes do not change it.
    public func changeCounter() throws(VaultError) -> Int64 {
        try read { store in try store.dataVersion() }
    }

    /// Every note's path and title, for resolving what a user typed.
    package func candidates() throws(VaultError) -> [NoteResolver.Candidate] {
        try read { store in try store.candidates() }
    }

    /// The indexed row of the note at `path`, if any (its `updated` is the one `list` shows).
    public func note(at path: NotePath) throws(VaultError) -> IndexedNote? {
        try read { store in try store.note(at: path) }
    }

    /// Whether any of `paths` is indexed with a destroy date at or before `now`.
    public func anyDue(_ paths: [NotePath], at now: Date) throws(VaultError) -> Bool {
        guard !paths.isEmpty else { return false }
        return try read { store in try store.anyDue(paths, at: now) }
    }

    /// Whether a note with exactly this path is indexed.
    public func contains(_ path: NotePath) throws(VaultError) -> Bool {
        try read { store in try store.contains(path) }
    }

    /// Notes matching `query` and `filter`: title matches first, then by bm25 relevance (title
    /// weighted ten times the body), each with a snippet around the match
    /// (``IndexStore/search(_:filter:limit:counter:)`` says how).
    /// - Parameters:
    ///   - query: The parsed query.
    ///   - filter: The same filters `list` takes.
    ///   - limit: How many results to return.
    public func search(_ query: SearchQuery, filter: NoteFilter, limit: Int) throws(VaultError) -> SearchResults {
        let counter = connection.rankCounter
        let root = vault.root
        return try read { store in try store.search(query, filter: store.resolvingLinks(filter, root: root), limit: limit, counter: counter) }
    }
}
