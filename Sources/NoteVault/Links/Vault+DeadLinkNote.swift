extension Vault {
    /// Where the note a dead link names would be created, for an editor's "Create the note": a
    /// wikilink's path (or a Markdown link's path from `/`) from the vault's root, a Markdown
    /// link's path from the folder of `source`, with `.md` added when missing.
    ///
    /// Nil when there is no note to create there: a path that leaves the vault, one that could
    /// not be a note (hidden: `.enote/`, `.git/`, `.trash/`; ignored by the vault's settings; a
    /// name `enote new` would refuse), or a file that is there already (in an ignored folder, or
    /// written since the index last looked), which a new note's first line would be written into.
    package func noteToCreate(for link: NoteLink, from source: String) -> NotePath? {
        let target = link.target.path
        guard !link.isExternal, !target.isEmpty else { return nil }
        let joined = link.isWikilink || target.hasPrefix("/") ? String(target.drop { $0 == "/" }) : LinkResolver.folder(of: source) + target
        guard var path = LinkResolver.normalize(joined) else { return nil }
        if !path.lowercased().hasSuffix(".md") { path += ".md" }
        guard let note = try? NotePath(validating: path, purpose: .create), notePathPolicy.isNote(note, kind: .regular), !exists(note) else {
            return nil
        }
        return note
    }
}
