import Foundation

extension NoteIndex {
    /// The links written in the note at `path`, in file order, each resolved against the notes
    /// indexed now (a dead one has ``IndexedLink/isDead``).
    public func links(from path: NotePath) throws(VaultError) -> [IndexedLink] {
        let root = vault.root
        return try read { store in try LinkGraphReader(store: store, root: root).outgoing(from: path) }
    }

    /// The links that lead to the note at `path`, by linking note and place.
    public func backlinks(to path: NotePath) throws(VaultError) -> [IndexedLink] {
        let root = vault.root
        return try read { store in try LinkGraphReader(store: store, root: root).backlinks(to: path) }
    }

    /// Where each of `links`, written in the note at `source`, leads now: resolved as
    /// ``links(from:)`` resolves (against the notes indexed now, and a picture or other file
    /// where it exists), but for links as the note is written now rather than as it was indexed
    /// (a page showing the file just read).
    public func resolve(_ links: [NoteLink], from source: NotePath) throws(VaultError) -> [LinkResolution] {
        guard !links.isEmpty else { return [] }
        let root = vault.root
        return try read { store in try LinkGraphReader(store: store, root: root).resolve(links, from: source) }
    }

    /// Every tag of the vault with how many notes have it, most used first.
    public func tags() throws(VaultError) -> [TagCount] {
        try read { store in try store.tagCounts().map { TagCount(tag: $0.tag, name: $0.name, count: $0.count) } }
    }

    /// The tags of the note at `path`, normalised, A–Z.
    public func tags(of path: NotePath) throws(VaultError) -> [String] {
        try read { store in try store.noteID(at: path).map { try store.tags(ofNote: $0) } ?? [] }
    }
}

extension IndexStore {
    /// `filter` with its link conditions (``NoteFilter/linksTo`` and the others) turned into
    /// the ids of the notes that pass them, which its SQL then keeps.
    func resolvingLinks(_ filter: NoteFilter, root: String) throws -> NoteFilter {
        guard filter.hasLinkConditions else { return filter }
        var resolved = filter
        resolved.noteIDs = try LinkGraphReader(store: self, root: root).noteIDs(passing: filter)
        return resolved
    }
}
