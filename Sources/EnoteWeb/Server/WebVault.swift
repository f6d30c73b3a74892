import Foundation
import NoteVault

/// The vault as the server uses it: the vault, its index kept open for the server's life, and
/// the one call that brings the index up to date before a page is answered from it.
///
/// Nothing here decides anything about notes: every read and write is a library call.
package final class WebVault: Sendable {
    package let vault: Vault
    package let index: NoteIndex

    package init(vault: Vault) throws(VaultError) {
        self.vault = vault
        self.index = try vault.freshIndex().index
    }

    /// The index, current with the files: the watcher (the server's own, or a running `enote
    /// watch`) is asked to catch up, and without one the vault is walked, as
    /// ``Vault/freshIndex(_:inform:progress:)`` does.
    package func fresh() throws(VaultError) -> NoteIndex {
        if !CatchUpChannel.requestCatchUp(vault) {
            _ = try index.synchronize()
        }
        return index
    }

    /// The time now, and the time zone dates are shown in.
    package var clock: VaultClock { vault.clock }
}
