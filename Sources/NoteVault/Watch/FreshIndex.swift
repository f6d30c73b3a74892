import Foundation

/// The vault's index brought up to date with the files: the one call every front end (the
/// command line, the editor server, the web server) makes before it answers from the index.
///
/// ``Vault/freshIndex(_:inform:progress:)`` decides how: a running watcher that keeps the index
/// live is asked to catch up (``CatchUpChannel``), and only when none answers is the vault
/// walked, rereading the files whose size, times or inode changed. An index that cannot be
/// saved (a read-only vault, a full disk) is kept in memory for this process and brought up to
/// date there. The front end only presents: `inform` receives the lines worth telling (an
/// index rebuilt or kept in memory), `progress` the walk's progress.
///
/// ```swift
/// let fresh = try vault.freshIndex { line in print(line) }
/// let hits = try fresh.index.search(query, filter: filter, limit: 20)
/// ```
public struct FreshIndex {
    /// What the index is wanted for; each purpose carries its own care and cost.
    public enum Purpose: Sendable, Equatable {
        /// Answering a command: a running watcher is trusted once it has caught up.
        case answer
        /// Checking the vault (`doctor`): every page is read first and a damaged index is
        /// rebuilt; then as ``answer``.
        case check
        /// Bringing the index up to date now (`enote index`): every page is read first, and the
        /// vault is walked even with a watcher running, so that the walk's report is complete.
        case reindex
        /// Building the index again from the files (`enote index --rebuild`), then walking.
        case rebuild
    }

    /// How the index was brought up to date.
    public enum Route: Sendable, Equatable {
        /// The running watcher caught up; nothing was walked.
        case watcher
        /// The vault was walked; what changed.
        case walk(SyncReport)
    }

    /// The index, current with the files.
    public let index: NoteIndex
    /// How it was brought up to date.
    public let route: Route

    /// The problems the walk found in notes (none when the watcher caught up: it logs them).
    public var warnings: [Diagnostic] {
        if case .walk(let report) = route { return report.warnings }
        return []
    }

    /// The index as shell completion may read it, or `nil`: completion never builds an index
    /// (the Tab key would wait) and waits only briefly for a busy one, so the caller lists the
    /// files instead. Otherwise it is brought up to date as for ``Purpose/answer``.
    public static func forCompletion(_ vault: Vault) -> NoteIndex? {
        guard FileManager.default.fileExists(atPath: NoteIndex.databasePath(for: vault)),
            let index = try? NoteIndex.open(vault, busyTimeout: 0.2),
            CatchUpChannel.requestCatchUp(vault) || (try? index.synchronize()) != nil
        else { return nil }
        return index
    }

    /// The index a watcher keeps up to date: always the file (other commands read it, so never
    /// a copy in memory), read whole once at start-up (a long-running process can afford it, and
    /// damage is rebuilt now), with a small page cache. The watcher walks the vault itself, once
    /// its folders are watched, so that no change falls between the walk and the first event.
    static func forWatcher(_ vault: Vault, inform: @escaping (String) -> Void) throws(VaultError) -> NoteIndex {
        let index = try NoteIndex.open(vault, cacheKiB: 8 * 1024, memoryFallback: false, inform: inform)
        try index.verify()
        return index
    }
}

extension Vault {
    /// The vault's index, brought up to date with the files as ``FreshIndex`` tells.
    /// - Parameters:
    ///   - purpose: What the index is wanted for (``FreshIndex/Purpose/answer`` by default).
    ///   - inform: Receives one line when the index is built, rebuilt or kept in memory, and why.
    ///   - progress: Receives the walk's progress, when the vault is walked.
    /// - Throws: When the index cannot be opened or written, or the vault cannot be read.
    public func freshIndex(
        _ purpose: FreshIndex.Purpose = .answer, inform: @escaping (String) -> Void = { _ in }, progress: ((SyncProgress) -> Void)? = nil
    ) throws(VaultError) -> FreshIndex {
        let index: NoteIndex
        switch purpose {
        case .answer:
            index = try NoteIndex.open(self, inform: inform)
        case .check, .reindex:
            index = try NoteIndex.open(self, inform: inform)
            try index.verify()
        case .rebuild:
            index = try NoteIndex.rebuild(self)
        }
        // A running watcher keeps the index live: once it has caught up, trust it.
        if purpose != .reindex, purpose != .rebuild, CatchUpChannel.requestCatchUp(self) {
            return FreshIndex(index: index, route: .watcher)
        }
        return FreshIndex(index: index, route: .walk(try index.synchronize(progress: progress)))
    }
}
