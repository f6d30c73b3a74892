import Foundation

/// Destroyed means gone: after a note is destroyed for good (deleted by expiry with
/// `expiry = delete`, or deleted from the trash), no file under the vault holds its text or its
/// name. Its file is gone; this is the rest, in one place: the agent journal's entries about it
/// (``AgentJournal/forget(_:)``: they hold its earlier text, and undo would bring it back) and
/// what the index keeps beyond its rows (``NoteIndex/forget(_:)``). The trash log names a note
/// deleted outright only by a hash (``TrashEntry/pathHash``). git's history, which the person
/// keeps, is the one place left, and the README says so.
extension Vault {
    /// Deletes everything in `.trash/` for good (but its `.gitignore`), and every trace of the
    /// notes it held.
    /// - Parameter index: The vault's index, which lets go of them too.
    /// - Returns: How many notes were deleted.
    @discardableResult
    func emptyTrash(index: NoteIndex) throws(VaultError) -> Int {
        let held = try deleteTrashContentsReturningEntries()
        // A journal entry is written just before the move it records: a second's slack keeps the
        // entries of the note's last moments, and leaves those of a new note at its name.
        try forgetDestroyed(
            held.map { AgentJournal.Destroyed(path: NotePath(bytes: NotePath.bytes(displayedAs: $0.originalPath)), until: $0.date.addingTimeInterval(1), wasTrashed: true) },
            index: index)
        return held.count
    }

    /// Removes every trace of notes destroyed for good, each once at its path until its date:
    /// what the index keeps (which also names the earlier paths it saw them move from), then the
    /// journal's entries, which go even when the index could not be written.
    func forgetDestroyed(_ notes: [AgentJournal.Destroyed], index: NoteIndex) throws(VaultError) {
        guard !notes.isEmpty else { return }
        var earlier: [AgentJournal.Destroyed] = []
        defer { AgentJournal(vault: self).forget(notes + earlier) }
        earlier = try index.forget(notes.map(\.path)).map { AgentJournal.Destroyed(path: $0.path, until: $0.until, wasTrashed: false) }
    }
}
