import Foundation
import NoteVault
import Synchronization

/// Keeps the index live while the server runs and tells ``ChangeFeed`` what changed.
///
/// The index is kept live by the library's ``VaultWatcher``, run on a thread of its own as
/// `enote watch` would, unless `enote watch` already runs for the vault (its watcher then keeps
/// the index live). Whether the watcher also destroys notes at their destroy date and syncs
/// automatically is the session's role's rule (``SessionRole/changesVaultOnItsOwn``): yes for
/// `enote serve`, no for `enote serve --read-only` (nothing in the vault changes then).
///
/// What changed comes from one place whoever wrote it (this server's watcher, `enote watch`, a
/// command, this server's own saves): the session's change stream
/// (``VaultSession/changeStream(every:)``), which reads the index's change record on a thread of
/// its own; each batch is published with the notes it names, or ``anyPath`` when any may have
/// changed.
///
/// `@unchecked Sendable`: `watcher` and `follower` are set in ``start()`` before anything that
/// reads them starts, and read by ``stop()`` afterwards, on the server's task.
package final class LiveVault: @unchecked Sendable {
    /// Everything changed (the paths are not known).
    package static let anyPath = "*"

    private let web: WebVault
    private let feed: ChangeFeed
    private var watcher: VaultWatcher?
    /// The task that publishes the session's changes.
    private var follower: Task<Void, Never>?

    package init(web: WebVault, feed: ChangeFeed) {
        self.web = web
        self.feed = feed
    }

    /// Starts following the vault; returns at once.
    package func start() {
        var options = VaultWatcher.Options()
        options.role = web.session.role
        options.trouble = { line in FileHandle.standardError.write(Data("enote serve: \(line)\n".utf8)) }
        do {
            let watcher = try VaultWatcher(vault: web.vault, options: options)
            self.watcher = watcher
            let thread = Thread {
                do throws(VaultError) {
                    try watcher.run()
                } catch {
                    Self.report(error.message)
                }
            }
            thread.name = "enote-web watcher"
            thread.start()
        } catch .alreadyRunning {
            // `enote watch` keeps the index live (and decides about expiry and sync).
        } catch {
            Self.report(error.message)
        }
        let stream = web.session.changeStream()
        let feed = self.feed
        follower = Task {
            for await changes in stream {
                switch changes {
                case .none: break
                case .notes(let paths): feed.publish(ChangeFeed.Event(paths: paths.map(\.description)))
                case .everything: feed.publish(ChangeFeed.Event(paths: [Self.anyPath]))
                }
            }
        }
    }

    /// Stops following (the watcher finishes its current step; the change stream's thread ends).
    package func stop() {
        follower?.cancel()
        watcher?.stop()
    }

    static func report(_ message: LocalizedMessage) {
        FileHandle.standardError.write(Data("enote serve: \(message.text)\n".utf8))
    }
}
