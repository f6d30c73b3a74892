import Foundation
import NoteVault

/// The vault as the server uses it: the vault, its index kept open for the server's life, and
/// the one call that brings the index up to date before a page is answered from it.
///
/// Nothing here decides anything about notes: every read and write is a library call.
///
/// The index is one SQLite connection, which ``NoteIndex`` allows one thread at a time, while
/// the server answers requests on several: every use goes through ``fresh()`` or ``read(_:)``,
/// which take turns.
package final class WebVault: Sendable {
    package let vault: Vault
    private let index: NoteIndex
    private let turn = NSLock()

    package init(vault: Vault) throws(VaultError) {
        self.vault = vault
        self.index = try vault.freshIndex().index
    }

    /// Brings the index up to date with the files: the watcher (the server's own, or a running
    /// `enote watch`) is asked to catch up, and without one the vault is walked, as
    /// ``Vault/freshIndex(_:inform:progress:)`` does.
    /// Queries go through ``read(_:)``, which calls this first.
    package func fresh() throws(VaultError) {
        if !CatchUpChannel.requestCatchUp(vault) {
            try withIndex { index throws(VaultError) in _ = try index.synchronize() }
        }
    }

    /// Runs `body` on the index, current with the files (``fresh()``), alone.
    package func read<T>(_ body: (NoteIndex) throws(VaultError) -> T) throws(VaultError) -> T {
        try fresh()
        return try withIndex(body)
    }

    /// Runs `body` on the index as it is, alone (the index's change counter, for instance).
    package func withIndex<T>(_ body: (NoteIndex) throws(VaultError) -> T) throws(VaultError) -> T {
        turn.lock()
        defer { turn.unlock() }
        return try body(index)
    }

    /// The time now, and the time zone dates are shown in.
    package var clock: VaultClock { vault.clock }
}
