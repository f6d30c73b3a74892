import Foundation

extension AgentEditor {
    /// Reverts journaled write `number`, if what it wrote is still there: the text it replaced
    /// is written back, the note it created goes to the trash, the note it deleted comes back,
    /// the note it moved moves back (its links rewritten again); a note that expired since the
    /// write (which set its destroy date) comes back from the trash first. The undo is a write of its own,
    /// journaled, so it can be undone too.
    /// - Throws: ``AgentError/changedSinceWrite(number:path:)`` when the note changed after the
    ///   write (a person's edit is never undone), ``AgentError/noJournalEntry(number:)``.
    package func undo(_ number: Int, graph: (any LinkGraph)? = nil, client: String) throws(AgentError) -> Write {
        guard let entry = journal.entry(number) else { throw .noJournalEntry(number: number) }
        guard let path = try? NotePath(validating: entry.path, purpose: .lookup) else { throw .noJournalEntry(number: number) }
        let current = vault.exists(path) ? (try? vault.read(path))?.revision.description : nil
        switch entry.kind {
        case .edit:
            guard let before = entry.before, let after = entry.after, let revision = NoteRevision(after) else {
                throw .changedSinceWrite(number: number, path: path)
            }
            if current == nil, let expired = expiredCopy(of: path, revision: after) {
                // The write set a destroy date that has passed since: the note went to the trash
                // as the write left it. It comes back, then gets its old bytes as any edit's undo.
                try limits.requireWritable(path)
                _ = try attempt { () throws(VaultError) in try vault.restore(expired) }
            } else if current != after {
                throw .changedSinceWrite(number: number, path: path)
            }
            return try rewrite(path, expecting: revision, tool: "undo", client: client, stamp: false, undoes: number) { _, _ in [UInt8](before) }
        case .create:
            guard let after = entry.after, current == after, let revision = NoteRevision(after) else {
                throw .changedSinceWrite(number: number, path: path)
            }
            return try trash(path, expecting: revision, tool: "undo", client: client, undoes: number)
        case .delete:
            guard let before = entry.before, !vault.exists(path) else { throw .changedSinceWrite(number: number, path: path) }
            try limits.requireWritable(path)
            return try createExactly(path, bytes: [UInt8](before), tool: "undo", client: client, undoes: number)
        case .move:
            guard let to = entry.to, let target = try? NotePath(validating: to, purpose: .lookup), !vault.exists(path),
                let now = try? vault.read(target), now.revision.description == entry.after
            else {
                throw .changedSinceWrite(number: number, path: path)
            }
            return try move(target, to: path, expecting: now.revision, graph: graph, tool: "undo", client: client, undoes: number)
        }
    }

    /// The note expiry moved from `path` to the trash with exactly the bytes of `revision`.
    private func expiredCopy(of path: NotePath, revision: String) -> TrashEntry? {
        vault.trashEntries().first { $0.reason == .expired && $0.originalPath == path.description && $0.hash == revision }
    }
}
