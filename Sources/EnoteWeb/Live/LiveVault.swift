import Foundation
import NoteVault
import Synchronization

/// Keeps the index live while the server runs and tells ``ChangeFeed`` what changed.
///
/// The index is kept live by the library's ``VaultWatcher``, run as `enote watch` would and
/// made again when it stops on an error (``WatcherKeeper``), unless `enote watch` already runs
/// for the vault (its watcher then keeps the index live). Whether the watcher
/// also destroys notes at their destroy date and syncs automatically is the session's role's rule (``SessionRole/changesVaultOnItsOwn``): yes for
/// `enote serve`, no for `enote serve --read-only` (nothing in the vault changes then).
///
/// What changed comes from one place whoever wrote it (this server's watcher, `enote watch`, a
/// command, this server's own saves): the session's change stream
/// (``VaultSession/changeStream(every:)``), which reads the index's change record on a thread of
/// its own; each batch is published with the notes it names, or ``anyPath`` when any may have
/// changed.
///
/// `Sendable` by construction: what ``start()`` sets going is held in a `Mutex`, which ``stop()``
/// reads from whichever task stops the server.
package final class LiveVault: Sendable {
    /// Everything changed (the paths are not known).
    package static let anyPath = "*"

    private let web: WebVault
    private let feed: ChangeFeed
    private let timings: WatcherKeeper.Timings
    /// What ``start()`` set going: the watcher's keeper and the task that publishes the
    /// session's changes (`nil` before ``start()``).
    private let running = Mutex<(keeper: WatcherKeeper, follower: Task<Void, Never>)?>(nil)

    /// - Parameter timings: How long the watcher's keeper waits between attempts.
    package init(web: WebVault, feed: ChangeFeed, timings: WatcherKeeper.Timings = WatcherKeeper.Timings()) {
        self.web = web
        self.feed = feed
        self.timings = timings
    }

    /// Starts following the vault; returns at once.
    package func start() {
        var options = VaultWatcher.Options()
        options.trouble = { line in Self.report(line) }
        let keeper = WatcherKeeper(session: web.session, options: options, timings: timings) { line in Self.report(line) }
        let stream = keeper.start().changes
        let feed = self.feed
        let follower = Task {
            for await changes in stream {
                switch changes {
                case .none: break
                case .notes(let paths): feed.publish(ChangeFeed.Event(paths: paths.map(\.description)))
                case .everything: feed.publish(ChangeFeed.Event(paths: [Self.anyPath]))
                }
            }
        }
        running.withLock { $0 = (keeper, follower) }
    }

    /// Stops following (the watcher finishes its current step; the change stream's thread ends).
    package func stop() {
        guard let (keeper, follower) = running.withLock({ $0 }) else { return }
        follower.cancel()
        keeper.stop()
    }

    static func report(_ line: String) {
        FileHandle.standardError.write(Data("enote serve: \(line)\n".utf8))
    }
}
