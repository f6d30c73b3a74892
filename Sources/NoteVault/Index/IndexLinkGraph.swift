/// The ``LinkGraph`` a rename asks, answered from the index's `links` and `names` tables
/// instead of reading every note: the notes whose links resolve to the renamed note are found
/// through the key of its names, and resolved as ``NoteIndex/backlinks(to:)`` resolves them.
///
/// The index must be fresh (``VaultSession/fresh(progress:)``); the planner still
/// reads each note named and checks its links itself.
public final class IndexLinkGraph: LinkGraph {
    private let index: NoteIndex

    public init(index: NoteIndex) {
        self.index = index
    }

    public func notePaths() throws(VaultError) -> [String] {
        try index.read { store in try store.allNotePaths().compactMap(\.string) }
    }

    public func aliases() throws(VaultError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for named in try index.read({ store in try store.aliasedNotes() }) {
            guard let path = named.path.string, let alias = named.alias else { continue }
            if !(result[path]?.contains(alias) ?? false) { result[path, default: []].append(alias) }
        }
        return result
    }

    public func notesLinking(to target: String) throws(VaultError) -> [String] {
        let path = NotePath(trusted: target)
        let sources = try index.backlinks(to: path).map(\.source).filter { $0 != path }
        return Set(sources.compactMap(\.string)).sorted()
    }

    package func notesWithLinks(namedLike path: String) throws(VaultError) -> [String] {
        let key = LinkRecord.nameKey(path)
        return try index.read { store in try store.notesWithLinks(key: key) }.compactMap(\.string)
    }

    public func notesWithWikilinks(named name: String) throws(VaultError) -> [String] {
        let key = LinkRecord.fold(ScanningLinkGraph.folded(name))
        return try index.read { store in try store.notesWithWikilinks(key: key) }.compactMap(\.string).sorted()
    }
}
