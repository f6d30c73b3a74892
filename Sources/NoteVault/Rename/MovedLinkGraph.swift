/// The ``LinkGraph`` of a vault in which a note was moved outside enote: the index as it is
/// now, except that the notes linking the note are found by the name of its old path (their
/// links lead nowhere now, so ``IndexLinkGraph`` would not find them as backlinks).
struct MovedLinkGraph: LinkGraph {
    let index: NoteIndex
    let base: IndexLinkGraph

    init(index: NoteIndex) {
        self.index = index
        base = IndexLinkGraph(index: index)
    }

    func notePaths() throws(VaultError) -> [String] { try base.notePaths() }

    func aliases() throws(VaultError) -> [String: [String]] { try base.aliases() }

    func notesLinking(to target: String) throws(VaultError) -> [String] { try base.notesWithLinks(namedLike: target) }

    func notesWithWikilinks(named name: String) throws(VaultError) -> [String] { try base.notesWithWikilinks(named: name) }

    func notesWithLinks(namedLike path: String) throws(VaultError) -> [String] { try base.notesWithLinks(namedLike: path) }
}
