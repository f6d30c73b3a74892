import Foundation

/// The notes expiry has already destroyed, as the trash log (`.trash/.log.jsonl`) records them
/// with the hash of their bytes, so that a note coming back unchanged is recognised
/// (RELIABILITY row 28).
///
/// The rule: a due note whose path and bytes are those of a note that already expired is kept,
/// with a warning asking the user to remove its destroy date or delete it by hand. It came back
/// because an older commit was checked out, or it was restored from the trash; destroying it
/// again would undo the user's own action, and a checkout back and forth would destroy it on
/// every round. A note with other bytes at that path is a new note and expires as usual.
/// Emptying the trash deletes the log too, and with it what the ledger remembers.
struct ExpiryLedger {
    /// Expired entries with a hash, by the key of the path the note had (``TrashEntry/pathKey``).
    private let entries: [String: [TrashEntry]]

    /// Reads the vault's trash log.
    init(vault: Vault) {
        entries = Dictionary(grouping: vault.trashLog().filter { $0.reason == .expired && $0.hash != nil }, by: \.pathKey)
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Whether a note at `path` ever expired (with a recorded hash): only then is it worth
    /// reading the note to compare its bytes.
    func hasExpired(_ path: NotePath) -> Bool {
        entries[TrashEntry.pathKey(path.description)] != nil
    }

    /// The latest record of the note at `path` expiring with exactly these bytes, if any.
    func expiry(of path: NotePath, hash: ContentHash) -> TrashEntry? {
        entries[TrashEntry.pathKey(path.description)]?.last { $0.hash == hash.description }
    }
}
