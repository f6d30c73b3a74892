import Foundation
import NoteVault
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Keeps the index live while the server runs and tells ``ChangeFeed`` what changed.
///
/// The server runs the library's ``VaultWatcher`` on a thread of its own, as `enote watch`
/// would (so while it serves, it also expires notes at their destroy date, unless it is
/// read-only: then nothing in the vault changes), and publishes the
/// notes each step indexed. When `enote watch` already runs for the vault, that watcher keeps
/// the index live; the server then polls the index's change counter four times a second and
/// publishes "something changed" (`*`), after which each page checks what it shows.
package final class LiveVault: @unchecked Sendable {
    /// Everything changed (the paths are not known).
    package static let anyPath = "*"

    private let web: WebVault
    private let feed: ChangeFeed
    /// `enote serve --read-only`: the watcher only follows (no expiry, no automatic sync).
    private let readOnly: Bool
    private let stopped = Atomic<Bool>(false)
    /// Set in `start()` before the thread starts, read by `stop()` afterwards.
    private var watcher: VaultWatcher?

    package init(web: WebVault, feed: ChangeFeed, readOnly: Bool = false) {
        self.web = web
        self.feed = feed
        self.readOnly = readOnly
    }

    /// Starts following the vault; returns at once.
    package func start() {
        var options = VaultWatcher.Options()
        options.readOnly = readOnly
        options.trouble = { line in FileHandle.standardError.write(Data("enote serve: \(line)\n".utf8)) }
        let feed = self.feed
        options.changed = { changes in
            feed.publish(ChangeFeed.Event(paths: changes.map(\.path.description)))
        }
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
            let thread = Thread { [self] in pollChangeCounter() }
            thread.name = "enote-web change counter"
            thread.start()
        } catch {
            Self.report(error.message)
        }
    }

    /// Stops following (the watcher finishes its current step).
    package func stop() {
        stopped.store(true, ordering: .relaxed)
        watcher?.stop()
    }

    /// Beside another process's watcher: publishes a change whenever the index's counter moves.
    private func pollChangeCounter() {
        var last = try? web.withIndex { index throws(VaultError) in try index.changeCounter() }
        while !stopped.load(ordering: .relaxed) {
            usleep(250_000)
            guard let now = try? web.withIndex({ index throws(VaultError) in try index.changeCounter() }) else { continue }
            if now != last {
                last = now
                feed.publish(ChangeFeed.Event(paths: [Self.anyPath]))
            }
        }
    }

    static func report(_ message: LocalizedMessage) {
        FileHandle.standardError.write(Data("enote serve: \(message.text)\n".utf8))
    }
}
