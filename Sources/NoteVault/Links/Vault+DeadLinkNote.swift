extension Vault {
    /// Where the note a dead link names would be created, for an editor's "Create the note": a
    /// wikilink's path (or a Markdown link's path from `/`) from the vault's root, a Markdown
    /// link's path from the folder of `source`, with `.md` added when missing.
    ///
    /// Nil when there is no note to create there: a link not written for a note (a URL, a
    /// picture, `[[report.pdf]]`: ``NoteLink/isWrittenForNote``), a path that leaves the vault, one that could
    /// not be a note (hidden: `.enote/`, `.git/`, `.trash/`; ignored by the vault's settings; a
    /// name `enote new` would refuse), or a file that is there already (in an ignored folder, or
    /// written since the index last looked), which a new note's first line would be written into.
    package func noteToCreate(for link: NoteLink, from source: String) -> NotePath? {
        let target = link.target.path
        guard link.isWrittenForNote else { return nil }
        let joined = link.isWikilink || target.hasPrefix("/") ? String(target.drop { $0 == "/" }) : LinkResolver.folder(of: source) + target
        guard let normalized = LinkResolver.normalize(joined) else { return nil }
        let path = NotePath.addingMarkdownExtension(normalized)
        guard let note = try? NotePath(validating: path, purpose: .create), notePathPolicy.isNote(note, kind: .regular), !exists(note) else {
            return nil
        }
        return note
    }
}
