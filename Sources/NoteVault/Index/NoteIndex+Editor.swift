import Foundation

/// One note as an editor lists it for completion: its path, title and description.
public struct NoteSummary: Sendable, Equatable {
    /// The vault-relative path (`nil` names are skipped: links cannot name them).
    public var path: String
    public var title: String
    public var description: String

    public init(path: String, title: String, description: String) {
        self.path = path
        self.title = title
        self.description = description
    }
}

/// What a language server asks of the index per request: resolvers over only the notes a few
/// links may lead to, so that an answer costs a few indexed rows however large the vault.
extension NoteIndex {
    /// A resolver that resolves each of `links` as a resolver over the whole vault does: it
    /// knows only the notes whose file name or alias has the key of one of them (every note a
    /// link can resolve to has its key; see ``LinkGraphReader``). Other links resolve as dead.
    public func resolver(for links: [NoteLink]) throws(VaultError) -> LinkResolver {
        try resolver(keys: links.map(LinkRecord.key(of:)))
    }

    /// A resolver for wikilinks written as `names` (`[[name]]`), as ``resolver(for:)`` makes one.
    public func resolver(forWikilinks names: [String]) throws(VaultError) -> LinkResolver {
        try resolver(keys: names.map { LinkRecord.key(of: LinkTarget(path: $0), wikilink: true) })
    }

    private func resolver(keys: [String]) throws(VaultError) -> LinkResolver {
        let wanted = Array(Set(keys).subtracting([""]))
        guard !wanted.isEmpty else { return LinkResolver(paths: []) }
        return try read { store in LinkGraphReader.Scope(try store.namedNotes(keys: wanted)).resolver }
    }

    /// Every note's path, title and description, sorted by title, lowercased.
    public func summaries() throws(VaultError) -> [NoteSummary] {
        try read { store in try store.noteSummaries() }
    }

    /// The notes with the tag `tag` or one nested under it, as the index knows them (any case,
    /// with or without `#`).
    public func notes(taggedWithin tag: String) throws(VaultError) -> [NotePath] {
        let normalized = NoteTag.normalize(tag)
        return try read { store in try store.notes(taggedWithin: normalized) }
    }

    /// Every tag (normalised, as ``NoteTag`` compares them) with how many notes have it.
    public func tagUses() throws(VaultError) -> [String: Int] {
        try read { store in try store.tagUses() }
    }
}
