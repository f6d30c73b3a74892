import Foundation
import NoteVault

/// One vault the server works in: the library's session over it, and the catalog the features
/// read.
///
/// Freshness is the session's (``VaultSession``): when the vault opens, the index is brought up
/// to date at once when it is empty, else in the background (the first answers read the index as
/// it is meanwhile); each file the editor saves or reports changed is refreshed; a running
/// `enote watch` (or `enote serve`'s own watcher) is asked to catch up instead. The catalog is
/// read again when the index's change record says any process changed notes. The server never
/// runs expiry or git itself (its role, ``SessionRole/editor``, does not change the vault on its
/// own): destroying notes behind the editor's back is the watcher's job, not the editor's.
final class VaultWorkspace {
    let vault: Vault
    let session: VaultSession
    let catalog: IndexCatalog
    /// Where the index's change record was when the catalog was last filled.
    private var seen: IndexChangeToken?

    /// Opens the vault at `root` as the editor's session; `log` receives the library's lines (an
    /// index rebuilt), from whichever thread says them.
    init(root: String, log: @escaping @Sendable (String) -> Void) throws(VaultError) {
        vault = try Vault(root: root)
        session = try VaultSession(vault: vault, role: .editor, inform: log)
        catalog = IndexCatalog(session: session)
        seen = try? session.changeToken()
        if try session.withIndex({ index throws(VaultError) in try index.count(NoteFilter(now: Date())) }) == 0 {
            try session.fresh()
        } else {
            session.freshInBackground()
        }
        catalog.prefetch()
    }

    /// Runs `body` with the vault's index as it is (see ``VaultSession/withIndex(_:)``).
    func withIndex<T, E: Error>(_ body: (NoteIndex) throws(E) -> T) throws(E) -> T {
        try session.withIndex(body)
    }

    /// The vault-relative path of an absolute file path, or nil outside the vault.
    func relativePath(of file: String) -> String? {
        let prefix = vault.root.hasSuffix("/") ? vault.root : vault.root + "/"
        guard file.hasPrefix(prefix) else { return nil }
        return String(file.dropFirst(prefix.count))
    }

    /// The catalog, refilled when any process changed notes since it was last read.
    func freshCatalog() -> IndexCatalog {
        guard let token = seen, let (changes, next) = try? session.changes(since: token) else {
            seen = try? session.changeToken()
            catalog.invalidate()
            return catalog
        }
        seen = next
        if !changes.isEmpty { catalog.invalidate() }
        return catalog
    }

    /// Brings the index up to date with files the editor wrote or reported changed.
    func refresh(files: [String]) {
        let paths = files.compactMap { try? NotePath(validating: $0, purpose: .lookup) }
        try? session.refresh(files: paths)
    }
}
