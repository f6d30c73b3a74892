import Foundation
import NoteVault

/// Keeps the index live while the server runs and tells ``ChangeFeed`` what changed.
///
/// The server runs the library's ``VaultWatcher`` on a thread of its own, as `enote watch`
/// would (so while it serves, it also expires notes at their destroy date). When `enote watch`
/// already runs for the vault, that watcher keeps the index live; the server then notices its
/// changes by the notes' fingerprints, checked twice a second, and publishes those.
package final class LiveVault: @unchecked Sendable {
    private let vault: Vault
    private let feed: ChangeFeed
    private var watcher: VaultWatcher?
    private var thread: Thread?

    package init(vault: Vault, feed: ChangeFeed) {
        self.vault = vault
        self.feed = feed
    }

    /// Starts watching; returns at once.
    package func start() {
        var options = VaultWatcher.Options()
        let feed = self.feed
        options.changed = { changes in
            feed.publish(ChangeFeed.Event(paths: changes.map(\.path.description)))
        }
        do {
            let watcher = try VaultWatcher(vault: vault, options: options)
            self.watcher = watcher
            let thread = Thread {
                do throws(VaultError) {
                    try watcher.run()
                } catch {
                    FileHandle.standardError.write(Data("enote serve: \(error.message.text)\n".utf8))
                }
            }
            thread.name = "enote-web watcher"
            thread.start()
            self.thread = thread
        } catch .alreadyRunning {
            // `enote watch` keeps the index live; pages learn of changes when they ask.
        } catch {
            FileHandle.standardError.write(Data("enote serve: \(error.message.text)\n".utf8))
        }
    }

    /// Stops the watcher (it finishes its current step).
    package func stop() {
        watcher?.stop()
    }
}
