import Foundation
import NoteVault

/// The vault as the agent server uses it: the one place it opens the vault, holds the library's
/// session over it (``VaultSession``, role ``SessionRole/agent(readOnly:)``), writes through the
/// library's ``AgentEditor`` and learns what changed on disk.
///
/// Freshness is the session's: a running watcher keeps the index live (the server's own, kept
/// running by a ``WatcherKeeper`` when no `enote watch` runs, as `enote serve` does, or that
/// one), and each answer
/// first asks it to catch up; without any, the vault is walked. After each write the notes it
/// changed are read into the index at once (``VaultSession/refresh(files:)``), so the agent's
/// next read sees its write. What changed, whoever wrote it, comes from the session's change
/// stream. Whether the watcher also destroys notes and syncs is the role's rule
/// (``SessionRole/changesVaultOnItsOwn``): yes for `enote mcp`, as for `enote serve`; no for
/// `enote mcp --read-only`.
///
/// Threads: requests are answered on the server's one thread, each read on a connection the
/// session lends (``withIndex(_:)``); the watcher runs on a thread of its own with its own
/// connection, and so does the change stream.
final class AgentVault {
    let vault: Vault
    let session: VaultSession
    let editor: AgentEditor
    /// The note `read` paged through last, kept while its file is unchanged.
    let texts = NoteTextCache()
    private var keeper: WatcherKeeper?
    private var follower: Task<Void, Never>?

    /// Opens the vault at `root` for an agent, within the person's `limits`.
    init(root: String, limits: AgentLimits, commitEachWrite: Bool) throws(VaultError) {
        vault = try Vault(root: root)
        _ = try? vault.completeInterruptedRename()
        session = try VaultSession(vault: vault, role: .agent(readOnly: limits.readOnly))
        editor = AgentEditor(vault: vault, limits: limits, commitEachWrite: commitEachWrite)
    }

    deinit {
        stop()
    }

    /// Brings the index up to date with the files before an answer.
    func fresh() throws(VaultError) {
        try session.fresh()
    }

    /// Runs `body` with the index as it is, on a connection no other thread uses.
    func withIndex<T, E: Error>(_ body: (NoteIndex) throws(E) -> T) throws(E) -> T {
        try session.withIndex(body)
    }

    /// Reads the notes a write changed into the index, so the next answer sees them.
    func recordWrite(_ write: AgentEditor.Write) {
        try? session.refresh(files: write.changed + write.removed)
    }

    /// Starts following the vault's changes: `changed` receives the paths of notes that came,
    /// changed or went (`nil`: something changed, which notes is not known), whoever changed
    /// them. The library's ``WatcherKeeper`` runs the watcher when no other process watches the
    /// vault, and makes it again when it stops on an error; with a watcher of its own the server
    /// answers once it watches (at most a few seconds, a large vault's walk), so that no change
    /// made after the first answer goes unreported.
    func watchChanges(_ changed: @escaping @Sendable ([String]?) -> Void) {
        let say: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data("enote mcp: \(line)\n".utf8)) }
        var options = VaultWatcher.Options()
        options.trouble = say
        let keeper = WatcherKeeper(session: session, options: options, say: say)
        let following = keeper.start()
        self.keeper = keeper
        follower = Task {
            for await changes in following.changes {
                switch changes {
                case .none: break
                case .notes(let paths): changed(paths.map(\.description))
                case .everything: changed(nil)
                }
            }
        }
        // Its own watcher answers once it has walked the vault: then every later change is in
        // the change record. Without one of its own, nothing is waited for.
        if following.ownWatcher { _ = session.waitForWatcher(seconds: 10) }
    }

    /// Stops following the vault (the watcher finishes its current step; the change stream's
    /// thread ends).
    func stop() {
        follower?.cancel()
        keeper?.stop()
    }
}
