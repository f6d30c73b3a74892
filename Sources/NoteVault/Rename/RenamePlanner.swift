/// Computes a ``RenamePlan``: which link destinations change, and to what, so that after the
/// rename every link that led to the note still leads to it, in the form it was written, and
/// every other link still leads where it did.
///
/// - A link elsewhere that led to the note is rewritten (``LinkRewriter``) unless it still
///   leads there as written (an alias, a name that stays unique).
/// - A link inside the moved note is rewritten when its new folder makes it lead elsewhere.
/// - A wikilink that uses the new name and led to another note must still lead there, else
///   the rename stops (``RenameError/wouldChangeTarget(source:line:link:target:)``); so does a
///   link no form of which would lead to the note alone
///   (``RenameError/wouldBeAmbiguous(source:line:link:)``).
struct RenamePlanner {
    let vault: Vault
    let graph: any LinkGraph

    /// - Parameter alreadyMoved: Whether the note is at `to` already, moved outside enote (a
    ///   file manager, `git mv`): the links are then rewritten as if enote had moved it, the
    ///   links of the notes as they were before the move telling what each led to.
    func plan(from: NotePath, to: NotePath, alreadyMoved: Bool = false) throws(VaultError) -> RenamePlan {
        guard let old = from.string, let new = to.string else {
            throw .invalidInput("\(from) or \(to) is not valid UTF-8, which links cannot name; nothing was renamed")
        }
        guard from != to else { throw .rename(.samePath(from)) }
        guard to.isMarkdown else { throw .rename(.notMarkdown(to)) }
        guard alreadyMoved || !vault.exists(to) || caseOnly(old, new) else { throw .rename(.targetExists(to)) }
        let here = alreadyMoved ? to : from

        let (movedNote, movedSnapshot) = try vault.readWithSnapshot(here)
        try vault.requireEditable(movedNote)
        let movedLinks = NoteLinkExtractor.extract(movedNote.content).links
        var notes = try graph.notePaths()
        var aliases = try graph.aliases()
        if alreadyMoved {
            // The vault as it was before the move, which the links were written for.
            notes = notes.filter { $0 != new && $0 != old } + [old]
            if let own = aliases.removeValue(forKey: new) { aliases[old] = own }
        }
        // Files the moved note links to that are not notes (pictures): the resolver must know them.
        let known = Set(notes)
        for link in movedLinks where !link.isWikilink && !link.isExternal && !link.target.path.isEmpty {
            let joined = link.target.path.hasPrefix("/") ? String(link.target.path.drop { $0 == "/" }) : LinkResolver.folder(of: old) + link.target.path
            if let path = LinkResolver.normalize(joined), !known.contains(path), !path.lowercased().hasSuffix(".md"),
                let status = try? vault.fileStatus(NotePath(trusted: path)), status.kind == .regular
            {
                notes.append(path)
            }
        }
        let before = LinkResolver(paths: notes, aliases: aliases)
        var movedAliases = aliases
        if let own = movedAliases.removeValue(forKey: old) { movedAliases[new] = own }
        let after = LinkResolver(paths: notes.filter { $0 != old } + [new], aliases: movedAliases)

        var movedEdit = try edit(
            path: here, newPath: to, source: old, newSource: new, snapshot: movedSnapshot, links: movedLinks, moving: (old, new), before: before,
            after: after, alreadyMoved: alreadyMoved)
        movedEdit.newPath = to

        let candidates = Set(try graph.notesLinking(to: old) + graph.notesWithWikilinks(named: LinkResolver.name(of: new))).subtracting([old, new])
        var linking: [RenamePlan.FileEdit] = []
        for source in candidates.sorted() {
            let path = NotePath(trusted: source)
            guard let (note, snapshot) = try? vault.readWithSnapshot(path), note.content.textProblem == nil else { continue }
            let links = NoteLinkExtractor.extract(note.content).links
            let change = try edit(
                path: path, newPath: path, source: source, newSource: source, snapshot: snapshot, links: links, moving: (old, new), before: before,
                after: after, alreadyMoved: alreadyMoved)
            if change.rewrittenLinks > 0 { linking.append(change) }
        }
        return RenamePlan(from: from, to: to, moved: movedEdit, linking: linking)
    }

    /// `Plan.md` → `plan.md` on a file system that folds case: the "existing" target is the note.
    private func caseOnly(_ old: String, _ new: String) -> Bool {
        old.lowercased() == new.lowercased() && (try? vault.fileStatus(NotePath(trusted: old)).inode) == (try? vault.fileStatus(NotePath(trusted: new)).inode)
    }

    /// The new text of one note: each link destination that must change, replaced.
    private func edit(
        path: NotePath, newPath: NotePath, source: String, newSource: String, snapshot: FileSnapshot, links: [NoteLink],
        moving: (old: String, new: String), before: LinkResolver, after: LinkResolver, alreadyMoved: Bool
    ) throws(VaultError) -> RenamePlan.FileEdit {
        var replacements: [Range<Int>: String] = [:]
        for link in links where !link.isExternal {
            guard case .resolved(let target) = before.resolve(link, from: source) else { continue }
            let wanted = target == moving.old ? moving.new : target
            if after.resolve(link, from: newSource) == .resolved(wanted) { continue }
            let line = link.place.line
            guard target == moving.old || source == moving.old else {
                // A move made outside enote changed where this link leads already; rewriting
                // links to the moved note cannot undo that (doctor reports it as it is).
                if alreadyMoved { continue }
                throw .rename(.wouldChangeTarget(source: source, line: line, link: link.destination, target: target))
            }
            guard let range = link.destinationRange, let replacement = LinkRewriter.replacement(for: link, in: newSource, to: wanted, resolver: after)
            else {
                throw .rename(.wouldBeAmbiguous(source: source, line: line, link: link.destination))
            }
            replacements[range] = replacement
        }
        var bytes = snapshot.bytes
        for (range, replacement) in replacements.sorted(by: { $0.key.lowerBound > $1.key.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(replacement.utf8))
        }
        let ordered = replacements.sorted { $0.key.lowerBound < $1.key.lowerBound }.map { RenamePlan.Replacement(range: $0.key, text: $0.value) }
        return RenamePlan.FileEdit(
            path: path, newPath: newPath, snapshot: snapshot, after: bytes, rewrittenLinks: replacements.count, replacements: ordered)
    }
}
