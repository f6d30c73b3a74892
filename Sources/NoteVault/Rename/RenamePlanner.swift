/// Computes a ``RenamePlan``: which link destinations change, and to what, so that after the
/// rename every link that led to the note still leads to it, in the form it was written, and
/// every other link still leads where it did. A batch (``RenameBatchPlan``: notes moved together,
/// a folder) is planned the same way, as one move: each link is looked at once, against the
/// vault as it is before and as it will be after every file has moved, so no range of a file
/// gets two edits.
///
/// - A link elsewhere that led to a moved note is rewritten (``LinkRewriter``) unless it still
///   leads there as written (an alias, a name that stays unique). A Markdown path that named the
///   note byte for byte must still do so (paths are case-sensitive here), so a rename that only
///   changes case rewrites it.
/// - A link inside a moved note is rewritten when its new folder makes it lead elsewhere.
/// - A wikilink that uses a new name and led to another note must still lead there, else
///   the rename stops (``RenameError/wouldChangeTarget(source:line:link:target:)``); so does a
///   link no form of which would lead to the note alone
///   (``RenameError/wouldBeAmbiguous(source:line:link:)``).
/// - Every check on the new paths (``Vault/checkNewPlace(_:leaving:)``) is made here, before
///   anything is written, so that a refused rename leaves no journal behind.
struct RenamePlanner {
    let vault: Vault
    let graph: any LinkGraph

    /// - Parameter alreadyMoved: Whether the note is at `to` already, moved outside enote (a
    ///   file manager, `git mv`): the links are then rewritten as if enote had moved it, the
    ///   links of the notes as they were before the move telling what each led to.
    func plan(from: NotePath, to: NotePath, alreadyMoved: Bool = false) throws(VaultError) -> RenamePlan {
        guard let old = from.string, let new = to.string else {
            throw .blocked("\(from) or \(to) is not valid UTF-8, which links cannot name; nothing was renamed")
        }
        guard from != to else { throw .rename(.samePath(from)) }
        guard to.isMarkdown else { throw .rename(.notMarkdown(to)) }
        if !alreadyMoved {
            guard !vault.exists(to) || caseOnly(old, new) else { throw .rename(.targetExists(to)) }
            try vault.checkNewPlace(to, leaving: [from])
        }
        let planned = try edits(for: [old: new], notes: [old], alreadyMoved: alreadyMoved)
        return RenamePlan(from: from, to: to, moved: planned.moved[0], linking: planned.linking)
    }

    /// Plans moving several files at once, a folder standing for every file beneath it.
    func plan(moves requested: [RenameMove]) throws(VaultError) -> RenameBatchPlan {
        var moves: [RenameMove] = []
        for move in requested {
            guard move.from != move.to else { throw .rename(.samePath(move.from)) }
            moves += try vault.filesMoving(with: move)
        }
        var mapping: [String: String] = [:]
        var targets: [String: NotePath] = [:]
        var notes: [String] = []
        let leaving = moves.map(\.from)
        for move in moves {
            guard let old = move.from.string, let new = move.to.string else {
                throw .blocked("\(move.from) or \(move.to) is not valid UTF-8, which links cannot name; nothing was renamed")
            }
            guard mapping[old] == nil else { continue }  // a file named twice, or also through its folder
            if let other = targets[Vault.collisionKey(new)] {
                throw .rename(other == move.to ? .duplicateTarget(move.to) : .nameCollision(move.to, existing: other))
            }
            targets[Vault.collisionKey(new)] = move.to
            if vault.notePathPolicy.isNote(move.from, kind: .regular) {
                guard move.to.isMarkdown else { throw .rename(.notMarkdown(move.to)) }
                notes.append(old)
            }
            guard !vault.exists(move.to) || caseOnly(old, new) else { throw .rename(.targetExists(move.to)) }
            try vault.checkNewPlace(move.to, leaving: leaving)
            mapping[old] = new
        }
        let planned = try edits(for: mapping, notes: notes.sorted(), alreadyMoved: false)
        return RenameBatchPlan(moves: moves, edits: planned.moved + planned.linking)
    }

    /// `Plan.md` → `plan.md` on a file system that folds case: the "existing" target is the note.
    private func caseOnly(_ old: String, _ new: String) -> Bool {
        old.lowercased() == new.lowercased() && (try? vault.fileStatus(NotePath(trusted: old)).inode) == (try? vault.fileStatus(NotePath(trusted: new)).inode)
    }

    /// The new text of each moved note (`notes`, at its new path) and of each other note whose
    /// links change when every file of `mapping` (old path → new path) has moved.
    private func edits(
        for mapping: [String: String], notes moved: [String], alreadyMoved: Bool
    ) throws(VaultError) -> (moved: [RenamePlan.FileEdit], linking: [RenamePlan.FileEdit]) {
        var movedNotes: [(old: String, new: String, snapshot: FileSnapshot, links: [NoteLink])] = []
        for old in moved {
            let new = mapping[old] ?? old
            let (note, snapshot) = try vault.readWithSnapshot(NotePath(trusted: alreadyMoved ? new : old))
            try vault.requireEditable(note)
            movedNotes.append((old, new, snapshot, NoteLinkExtractor.extract(note.content).links))
        }
        var notes = try graph.notePaths()
        var aliases = try graph.aliases()
        if alreadyMoved {
            // The vault as it was before the move, which the links were written for.
            let news = Set(mapping.values)
            notes = notes.filter { !news.contains($0) && mapping[$0] == nil } + moved
            for old in moved { if let own = aliases.removeValue(forKey: mapping[old] ?? old) { aliases[old] = own } }
        }
        // Files that move without being notes (a folder's pictures), and files the moved notes
        // link to that are not notes: the resolver must know them.
        var known = Set(notes)
        for old in mapping.keys.sorted() where known.insert(old).inserted { notes.append(old) }
        for item in movedNotes {
            for link in item.links where !link.isWikilink && !link.isExternal && !link.target.path.isEmpty {
                let written = link.target.path
                let joined = written.hasPrefix("/") ? String(written.drop { $0 == "/" }) : LinkResolver.folder(of: item.old) + written
                if let path = LinkResolver.normalize(joined), !known.contains(path), !NotePath.isMarkdownName(path),
                    let status = try? vault.fileStatus(NotePath(trusted: path)), status.kind == .regular
                {
                    notes.append(path)
                    known.insert(path)
                }
            }
        }
        var movedAliases: [String: [String]] = [:]
        for (path, names) in aliases { movedAliases[mapping[path] ?? path] = names }
        let rewriting = LinkRewriting(
            mapping: mapping, before: LinkResolver(paths: notes, aliases: aliases),
            after: LinkResolver(paths: notes.map { mapping[$0] ?? $0 }, aliases: movedAliases), alreadyMoved: alreadyMoved)

        var movedEdits: [RenamePlan.FileEdit] = []
        for item in movedNotes {
            var edit = try rewriting.edit(
                path: NotePath(trusted: alreadyMoved ? item.new : item.old), source: item.old, snapshot: item.snapshot, links: item.links)
            edit.newPath = NotePath(trusted: item.new)
            movedEdits.append(edit)
        }
        let movedSet = Set(moved)
        var candidates: Set<String> = []
        for (old, new) in mapping {
            candidates.formUnion(try movedSet.contains(old) ? graph.notesLinking(to: old) : graph.notesWithLinks(namedLike: old))
            candidates.formUnion(try graph.notesWithWikilinks(named: LinkResolver.name(of: new)))
        }
        candidates.subtract(mapping.keys)
        candidates.subtract(mapping.values)
        var linking: [RenamePlan.FileEdit] = []
        for source in candidates.sorted() {
            let path = NotePath(trusted: source)
            guard let (note, snapshot) = try? vault.readWithSnapshot(path), note.content.textProblem == nil else { continue }
            let change = try rewriting.edit(path: path, source: source, snapshot: snapshot, links: NoteLinkExtractor.extract(note.content).links)
            if change.rewrittenLinks > 0 { linking.append(change) }
        }
        return (movedEdits, linking)
    }
}

/// The links of one rename or batch, looked at against the vault before and after the move.
private struct LinkRewriting {
    /// Old path → new path of every file that moves.
    let mapping: [String: String]
    let before: LinkResolver
    let after: LinkResolver
    let alreadyMoved: Bool

    /// The new text of the note at `path` (vault-relative `source` before the move): each link
    /// destination that must change, replaced once.
    func edit(path: NotePath, source: String, snapshot: FileSnapshot, links: [NoteLink]) throws(VaultError) -> RenamePlan.FileEdit {
        let newSource = mapping[source] ?? source
        var replacements: [Range<Int>: String] = [:]
        for link in links where !link.isExternal {
            guard case .resolved(let target) = before.resolve(link, from: source) else { continue }
            let wanted = mapping[target] ?? target
            if after.resolve(link, from: newSource) == .resolved(wanted),
                !LinkResolver.namesExactly(link, path: target, from: source) || LinkResolver.namesExactly(link, path: wanted, from: newSource)
            {
                continue
            }
            let line = link.place.line
            guard mapping[target] != nil || mapping[source] != nil else {
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
        return RenamePlan.FileEdit(path: path, newPath: path, snapshot: snapshot, after: bytes, rewrittenLinks: replacements.count, replacements: ordered)
    }
}
