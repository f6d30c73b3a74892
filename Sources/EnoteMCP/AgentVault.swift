import Foundation
import NoteVault
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The vault as the agent server uses it: the one place it opens the vault, keeps the index
/// fresh, writes through the library's ``AgentEditor`` and learns what changed on disk.
///
/// Freshness: a running watcher keeps the index live (the server's own, started here when no
/// `enote watch` runs, as `enote serve` does, or that one), and each answer first asks it to
/// catch up; without any, the vault is walked. After each write the notes it changed are read
/// into the index at once, so the agent's next read sees its write.
///
/// Threads: the index is used by the server's one request thread only; the watcher (or the
/// poller beside another process's watcher) runs on a thread of its own with its own index
/// connection, and only reports changed paths.
///
/// When the library's session (issue 26) lands, this type is what changes: `fresh()`,
/// `recordWrite(_:)` and `watchChanges(_:)` become the session's calls.
final class AgentVault {
    let vault: Vault
    let index: NoteIndex
    let editor: AgentEditor
    private var watcher: VaultWatcher?
    private let stopped = StopFlag()

    /// Opens the vault at `root` for an agent, within the person's `limits`.
    init(root: String, limits: AgentLimits, commitEachWrite: Bool) throws(VaultError) {
        vault = try Vault(root: root)
        _ = try? vault.completeInterruptedRename()
        index = try NoteIndex.open(vault, cacheKiB: 16 * 1024)
        editor = AgentEditor(vault: vault, limits: limits, commitEachWrite: commitEachWrite)
    }

    deinit {
        stop()
    }

    /// Where changes go (``watchChanges(_:)``): also the ones this connection indexes itself,
    /// which no watcher then reports.
    private var changed: (@Sendable ([String]?) -> Void)?

    /// Brings the index up to date with the files before an answer.
    func fresh() throws(VaultError) {
        if CatchUpChannel.requestCatchUp(vault) { return }
        report(try index.synchronize())
    }

    /// Reads the notes a write changed into the index, so the next answer sees them.
    func recordWrite(_ write: AgentEditor.Write) {
        let paths = write.changed + write.removed
        guard !paths.isEmpty, let done = try? index.reconcile(files: paths) else { return }
        report(done)
    }

    private func report(_ sync: SyncReport) {
        guard !sync.changes.isEmpty else { return }
        changed?(sync.changes.map(\.path.description))
    }

    /// Starts following the vault's changes: `changed` receives the paths of notes that came,
    /// changed or went (`nil`: something changed, which notes is not known). The library's
    /// watcher runs on a thread of its own when no other watcher runs for the vault (it also
    /// keeps the index live and expires notes at their destroy date, as `enote watch` does);
    /// beside another process's watcher, the index's change counter is polled.
    func watchChanges(_ changed: @escaping @Sendable ([String]?) -> Void) {
        self.changed = changed
        var options = VaultWatcher.Options()
        options.changed = { changes in changed(changes.map(\.path.description)) }
        do {
            let watcher = try VaultWatcher(vault: vault, options: options)
            self.watcher = watcher
            let thread = Thread {
                do throws(VaultError) {
                    try watcher.run()
                } catch {
                    FileHandle.standardError.write(Data("enote mcp: \(error.message.text)\n".utf8))
                }
            }
            thread.name = "enote mcp watcher"
            thread.start()
            // Serve once it watches (it answers a catch-up from then on), so that no change made
            // after the first answer goes unreported; at most a few seconds, a large vault's walk.
            for _ in 0..<200 where !CatchUpChannel.requestCatchUp(vault) { usleep(50_000) }
        } catch .alreadyRunning {
            let root = vault.root
            let stopped = self.stopped
            let thread = Thread {
                Self.pollChangeCounter(root: root, stopped: stopped, changed: changed)
            }
            thread.name = "enote mcp change counter"
            thread.start()
        } catch {
            FileHandle.standardError.write(Data("enote mcp: \(error.message.text)\n".utf8))
        }
    }

    /// Beside another process's watcher: reports a change whenever the index's counter moves,
    /// four times a second at most, on a connection of its own.
    private static func pollChangeCounter(root: String, stopped: StopFlag, changed: @Sendable ([String]?) -> Void) {
        guard let vault = try? Vault(root: root), let index = try? NoteIndex.open(vault, cacheKiB: 512, memoryFallback: false) else { return }
        var last = try? index.changeCounter()
        while !stopped.isSet {
            usleep(250_000)
            guard let now = try? index.changeCounter() else { continue }
            if now != last {
                last = now
                changed(nil)
            }
        }
    }

    /// Stops following the vault (the watcher finishes its current step).
    func stop() {
        stopped.set()
        watcher?.stop()
    }
}

/// A flag one thread sets and another reads: the poller's signal to end.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
