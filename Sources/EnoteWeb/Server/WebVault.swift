import Foundation
import NoteVault

/// The vault as the server uses it: the vault and the library's session over it
/// (``VaultSession``, role ``SessionRole/web(readOnly:)``), kept for the server's life.
///
/// Nothing here decides anything about notes or the index: every read and write is a library
/// call, freshness and threads are the session's (reads are safe from the server's threads at
/// once, each on a connection of its own; the server holds no lock), and after a write the
/// session reads the notes written again, so that the next page shows them.
package final class WebVault: Sendable {
    package let vault: Vault
    /// The session: freshness, the index's connections, the change record.
    package let session: VaultSession

    package init(vault: Vault, readOnly: Bool) throws(VaultError) {
        self.vault = vault
        self.session = try VaultSession(vault: vault, role: .web(readOnly: readOnly))
        try session.fresh()
    }

    /// Runs `body` on the index, current with the files (``VaultSession/read(_:)``).
    package func read<T>(_ body: (NoteIndex) throws(VaultError) -> T) throws(VaultError) -> T {
        try session.read(body)
    }

    /// Tells the session that the server wrote these notes (created, saved, moved to the trash,
    /// restored), so that the next page answered shows them (``VaultSession/refresh(files:)``).
    /// An index that cannot be brought up to date now is left for the next read to freshen.
    package func wrote(_ paths: [NotePath]) {
        try? session.refresh(files: paths)
    }

    /// The time now, and the time zone dates are shown in.
    package var clock: VaultClock { vault.clock }
}
