import Foundation

/// The vault's trash, `.trash/`: where removed notes wait (keeping their folders), what it
/// holds, and a note put back or the whole trash emptied for good. A small value the vault hands
/// out (``Vault/trash``), so the trash's operations are found in one place; the work is done
/// under the vault's lock, in `Vault+Trash.swift` and `Expiry/Vault+Destroyed.swift`.
public struct VaultTrash: Sendable {
    /// The vault whose trash it is.
    public let vault: Vault

    /// `.trash/` inside the vault's root.
    public var folder: String { vault.trashFolder }

    /// Moves a note to the trash, keeping its folder structure, and records where it came from.
    ///
    /// A note another editor has open (an Emacs lock or vim swap file beside it) is refused unless
    /// `force` is set, as `set` and `edit` refuse it: that editor would write the note back on its
    /// next save, bringing it back beside its copy in the trash. With a `revision` (a page that
    /// showed the note asks), the note goes only if it still is that version, so that a delete
    /// never takes text its user has not seen.
    /// - Throws: ``VaultError/openElsewhere(path:holder:)`` when another editor has it open;
    ///   ``DurableWriter/WriteError/conflict(path:conflictCopy:)`` (without a copy) when it
    ///   changed since `revision`.
    @discardableResult
    public func move(_ path: NotePath, reason: TrashEntry.Reason, from revision: NoteRevision? = nil, force: Bool = false) throws(VaultError) -> TrashEntry {
        try vault.moveToTrash(path, reason: reason, from: revision, force: force)
    }

    /// Every note in the trash, newest first, with its origin when the trash log knows it.
    public func entries() -> [TrashEntry] {
        vault.trashEntries()
    }

    /// Moves a note from the trash back to where it was (or beside it, if that name is taken).
    /// - Returns: Where the note is now.
    /// - Throws: ``VaultError/syncUnfinished`` while a sync is stopped or interrupted.
    public func restore(_ entry: TrashEntry) throws(VaultError) -> NotePath {
        try vault.restore(entry)
    }

    /// Whether the trash holds nothing: no `.trash` folder, or one with nothing but its log and
    /// its `.gitignore`.
    public var isEmpty: Bool { vault.trashIsEmpty() }

    /// Deletes everything in the trash for good (but its `.gitignore`), and every trace of the
    /// notes it held (destroyed means gone: `Expiry/Vault+Destroyed.swift`).
    /// - Parameter index: The vault's index, which lets go of them too.
    /// - Returns: How many notes were deleted.
    @discardableResult
    public func empty(index: NoteIndex) throws(VaultError) -> Int {
        try vault.emptyTrash(index: index)
    }
}

extension Vault {
    /// The vault's trash.
    public var trash: VaultTrash { VaultTrash(vault: self) }
}
