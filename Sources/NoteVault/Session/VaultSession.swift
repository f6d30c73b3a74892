import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A vault and its index as one front end holds them for its life: the one way the CLI, the
/// merge driver, the language server, the web server and the agent server reach the index.
///
/// The session decides everything about the index that a front end used to decide for itself:
///
/// - **Freshness.** ``fresh(progress:)`` brings the index up to date with the files: a running
///   watcher (`enote watch` over its socket, or a server's own, asked in process) is asked to
///   catch up; without one the vault is walked, rereading only what changed.
///   ``refresh(files:)`` does the same for files a front end knows changed (an editor's save, a
///   note it just wrote). Concurrent calls are coalesced: a caller that waited while another
///   walked does not walk again.
/// - **Threads.** Reads and writes are safe from any thread or task: each runs on an index
///   connection no other thread is using (``IndexPool``); servers read through several at once.
///   A front end holds no lock of its own. Blocking work belongs on the caller's own threads, not
///   on Swift's cooperative pool.
/// - **Healing.** A connection whose file another connection or process replaced (healing
///   damage, `enote index --rebuild`) is not lent again: a new one is opened on the file in place.
/// - **Changes.** ``changes(since:)`` says which notes any process changed (the index's change
///   record, ``IndexChanges``): one detector for every front end.
/// - **Who changes the vault on its own** (expiry, automatic sync) is the ``SessionRole``'s rule.
///
/// The session is `Sendable` by construction: its parts are a `Vault`, a role, and locks.
///
/// For example:
///
/// ```swift
/// let session = try VaultSession(vault: vault, role: .web(readOnly: false))
/// let hits = try session.read { index in try index.search(query, filter: filter, limit: 20) }
/// ```
public final class VaultSession: Sendable {
    /// What the index is wanted for; each purpose carries its own care and cost.
    public enum Purpose: Sendable, Equatable {
        /// Answering: a running watcher is trusted once it has caught up.
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

        /// The problems the walk found in notes (none when the watcher caught up: it logs them).
        public var warnings: [Diagnostic] {
            if case .walk(let report) = self { return report.warnings }
            return []
        }
    }

    /// The vault.
    public let vault: Vault
    /// Who holds the session.
    public let role: SessionRole
    /// The connections lent to callers (the change stream also opens one of its own from it).
    let pool: IndexPool
    private let gate: FreshGate
    /// How many times the session walked the vault (for tests: freshening is coalesced).
    private let walks = Atomic<Int>(0)
    /// Why the index is kept in memory for this process (a read-only vault, a full disk), or nil.
    public let unsavedReason: LocalizedMessage?
    /// This process's own watcher, while one runs (``WatcherKeeper`` sets it): asked to catch up
    /// directly, not over the socket.
    private let ownWatcher = Mutex<OwnProcessCatchUp?>(nil)

    /// Opens the vault's index for `role`, rebuilding it when it is missing, damaged or of an
    /// older version (one line to `inform`), and for ``Purpose/check`` or ``Purpose/reindex``
    /// reading every page first; ``Purpose/rebuild`` builds it again from the files. The index
    /// is not freshened yet: call ``fresh(progress:)``.
    public convenience init(
        vault: Vault, role: SessionRole, purpose: Purpose = .answer, inform: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(VaultError) {
        try self.init(vault: vault, role: role, purpose: purpose, busyTimeout: 5, inform: inform)
    }

    /// - Parameter busyTimeout: How long each attempt to open waits for another process's lock.
    init(
        vault: Vault, role: SessionRole, purpose: Purpose, busyTimeout: Double, inform: @escaping @Sendable (String) -> Void
    ) throws(VaultError) {
        self.vault = vault
        self.role = role
        let cache = role == .command ? 65536 : 8192
        let first: NoteIndex
        switch purpose {
        case .answer:
            first = try NoteIndex.open(vault, cacheKiB: cache, busyTimeout: busyTimeout, inform: inform)
        case .check, .reindex:
            first = try NoteIndex.open(vault, cacheKiB: cache, busyTimeout: busyTimeout, inform: inform)
            try first.verify()
        case .rebuild:
            first = try NoteIndex.rebuild(vault)
        }
        unsavedReason = first.unsavedReason
        // A copy in memory is this connection's alone: no second one may open the file.
        let capacity = first.unsavedReason == nil ? role.readers : 1
        let vectors = role.keepsVectors ? PassageMatrixCache() : nil
        first.vectorCache = vectors
        pool = IndexPool(first: first, capacity: capacity) { () throws(VaultError) -> NoteIndex in
            let index = try NoteIndex.open(vault, cacheKiB: 2048, memoryFallback: false)
            index.vectorCache = vectors
            return index
        }
        gate = FreshGate(purpose: purpose)
    }

    /// A session for shell completion, or `nil`: completion never builds an index (the Tab key
    /// would wait) and waits only briefly for a busy one, so the caller lists the files instead.
    /// Otherwise the index is brought up to date as for ``Purpose/answer``.
    public static func forCompletion(_ vault: Vault) -> VaultSession? {
        guard FileManager.default.fileExists(atPath: NoteIndex.databasePath(for: vault)),
            let session = try? VaultSession(vault: vault, role: .command, purpose: .answer, busyTimeout: 0.2, inform: { _ in }),
            (try? session.fresh()) != nil
        else { return nil }
        return session
    }

    /// Brings the index up to date with the files (see the type's discussion), and says how.
    /// - Parameter progress: Receives the walk's progress, when the vault is walked.
    @discardableResult
    public func fresh(progress: ((SyncProgress) -> Void)? = nil) throws(VaultError) -> Route {
        try gate.run { purpose throws(VaultError) -> Route in
            // A running watcher keeps the index live: once it has caught up, trust it. `enote
            // index` walks anyway, so that its report is complete.
            if purpose != .reindex, purpose != .rebuild, askWatcher() {
                return .watcher
            }
            walks.add(1, ordering: .relaxed)
            return .walk(try pool.borrow { index throws(VaultError) in try index.synchronize(progress: progress) })
        }
    }

    /// Starts ``fresh(progress:)`` on a thread of the session's own, at a low priority, and
    /// returns at once: for a server whose first answers must not wait for a walk of a large
    /// vault (they read the index as it is meanwhile). An error is left for the next call to
    /// meet.
    public func freshInBackground() {
        let thread = Thread { [self] in
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)  // this thread only, on Linux
            _ = try? fresh()
        }
        thread.name = "enote fresh"
        thread.start()
    }

    /// Waits until a watcher answers for the vault (one this process just started, which
    /// walks the vault before it answers), at most `seconds`.
    /// - Returns: Whether one answered: from then on every change is in the change record.
    public func waitForWatcher(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !askWatcher() {
            guard Date() < deadline else { return false }
            usleep(50_000)
        }
        return true
    }

    /// Asks the vault's running watcher to catch up: this process's own directly, another
    /// process's (`enote watch`) over ``CatchUpChannel``.
    /// - Returns: Whether the watcher answered that the index is current.
    private func askWatcher() -> Bool {
        if let own = ownWatcher.withLock({ $0 }) { return own.ask() }
        return CatchUpChannel.requestCatchUp(vault)
    }

    /// Tells the session which watcher of this process keeps its index live (`nil`: none now),
    /// so that it asks that one directly. Only the watcher's keeper calls it.
    func useOwnWatcher(_ watcher: OwnProcessCatchUp?) {
        ownWatcher.withLock { $0 = watcher }
    }

    /// Brings the index up to date with `files`, which a front end knows changed (saved by an
    /// editor, written by this process): a running watcher is asked to catch up, else only
    /// these files are read again. A read after it sees them (read-your-writes).
    public func refresh(files: [NotePath]) throws(VaultError) {
        guard !files.isEmpty else { return }
        if askWatcher() { return }
        _ = try pool.borrow { index throws(VaultError) in try index.reconcile(files: files) }
    }

    /// Runs `body` on the index, brought up to date first (``fresh(progress:)``).
    public func read<T>(_ body: (NoteIndex) throws(VaultError) -> T) throws(VaultError) -> T {
        try fresh()
        return try pool.borrow(body)
    }

    /// Runs `body` on the index as it is, on a connection no other thread is using. `body` must
    /// not call the session again (the connection it holds may be the last one).
    public func withIndex<T, E: Error>(_ body: (NoteIndex) throws(E) -> T) throws(E) -> T {
        try pool.borrow(body)
    }

    /// Where the index's change record is now (pass it to ``changes(since:)`` later).
    public func changeToken() throws(VaultError) -> IndexChangeToken {
        try pool.borrow { index throws(VaultError) in try index.changeToken() }
    }

    /// Which notes any process changed since `token`, and the token to pass next time.
    public func changes(since token: IndexChangeToken) throws(VaultError) -> (changes: IndexChanges, token: IndexChangeToken) {
        try pool.borrow { index throws(VaultError) in try index.changes(since: token) }
    }

    /// The one connection of a one-shot command, for the command to use on its own thread for
    /// the rest of its life (the CLI runs one thing at a time; servers use ``read(_:)``).
    package func commandIndex() -> NoteIndex {
        precondition(role == .command, "only a one-shot command holds the index outside the session")
        return pool.borrow { $0 }
    }

    /// How many times the session walked the vault.
    var walkCount: Int { walks.load(ordering: .relaxed) }

    /// How many connections the session has open.
    var openConnections: Int { pool.openCount }

    /// How many callers asked to freshen so far (each ask and each walk's start take a ticket).
    var freshTickets: UInt64 { gate.ticketCount }
}

/// Coalesces concurrent freshening: one walk at a time, and a caller that waited while another
/// walk ran — one that started after this caller asked — takes its result instead of walking
/// again. The first walk of a session is for its purpose (a full walk for `enote index`); later
/// ones answer.
private final class FreshGate: Sendable {
    private struct State {
        var purpose: VaultSession.Purpose
        /// The number of the last walk that finished, and the number it was given at its start.
        var finishedStart: UInt64 = 0
        var lastRoute: VaultSession.Route?
    }

    private let state: Mutex<State>
    private let tickets = Atomic<UInt64>(0)
    private let turn = Mutex(())

    init(purpose: VaultSession.Purpose) {
        state = Mutex(State(purpose: purpose))
    }

    var ticketCount: UInt64 { tickets.load(ordering: .sequentiallyConsistent) }

    func run(_ work: (VaultSession.Purpose) throws(VaultError) -> VaultSession.Route) throws(VaultError) -> VaultSession.Route {
        let asked = tickets.add(1, ordering: .sequentiallyConsistent).newValue
        return try turn.withLock { _ throws(VaultError) -> VaultSession.Route in
            let (purpose, reuse) = state.withLock { state -> (VaultSession.Purpose, VaultSession.Route?) in
                (state.purpose, state.finishedStart > asked ? state.lastRoute : nil)
            }
            if let reuse { return reuse }
            let started = tickets.add(1, ordering: .sequentiallyConsistent).newValue
            let route = try work(purpose)
            state.withLock { state in
                state.finishedStart = started
                state.lastRoute = route
                state.purpose = .answer
            }
            return route
        }
    }
}
