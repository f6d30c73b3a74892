import CEnoteSystem
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Keeps a vault's index live with inotify and destroys notes at their destroy time.
///
/// One watcher runs per vault (``WatchLock``). It watches every folder (new ones as they
/// appear, scanning each after adding its watch so nothing created in between is missed),
/// applies the notes its events name once they settle, and answers commands that ask it to
/// catch up over ``CatchUpChannel``, so they can skip the walk. A queue overflow or a failed
/// watch leads to a full reconcile, never a stale index; while `.git/index.lock` exists nothing
/// is processed, and a reconcile follows. A timer set to the next destroy date runs expiry at
/// that moment. It follows `.enote/config` as it changes (see `VaultWatcher+Config.swift`), and
/// asks the vault's ``NotePathPolicy`` what is a note, as every walk does. `stop()` (SIGINT,
/// SIGTERM) ends the loop after the current step.
///
/// `@unchecked Sendable` by contract: every `var` is used only by the thread inside ``run()``,
/// which admits one thread at a time (a second concurrent call stops the process); other threads
/// only call ``stop()``, which writes to the eventfd `stopSignal`, a `let` set in `init`.
public final class VaultWatcher: @unchecked Sendable {
    public let vault: Vault
    let options: Options
    let index: NoteIndex
    private let lock: WatchLock
    let inotify: Inotify
    let stopSignal: Int32
    private let running = Atomic<Bool>(false)  // a thread is inside run()
    let timer: Int32
    private let server: Int32
    /// How threads of this process ask it to catch up, without the socket (``WatcherKeeper``
    /// hands it to the session).
    let ownProcess = OwnProcessCatchUp()
    /// Gives changed notes their meaning-search vectors, behind the watcher.
    let embedder: BackgroundEmbedder
    /// Reads the text of the pictures and PDFs notes show, behind the watcher.
    let extractor: BackgroundExtractor
    /// Answers commands that ask for the notes nearest a search in meaning.
    let nearest: NearestService

    /// Folder watches: watch descriptor → folder path (empty for the root), and back.
    var folders: [Int32: NotePath] = [:]
    var watches: [NotePath: Int32] = [:]
    var pending = PendingChanges()
    /// The warnings about the vault's files already logged (a symbolic link, an unreadable
    /// folder): each is logged once, however often the vault is walked.
    var reported: Set<Diagnostic> = []
    /// Set when inotify could not watch every folder: the vault is walked every
    /// ``Options/pollInterval`` instead.
    var pollingSince: Double?
    /// When the next walk of the whole vault is due while polling (monotonic seconds).
    var nextPoll: Double = .infinity
    private var gitBusySince: Double?
    /// Why each due note was kept by the last expiry pass, as logged: a note kept for the same
    /// reason pass after pass is named once.
    var kept: [NotePath: LocalizedMessage] = [:]
    /// The last pass's refusal to destroy many notes at once, if it refused.
    var refused: LocalizedMessage?
    /// Whether the last pass kept a due note for a cause that may go away without any event
    /// (a failed move), so that the next change runs a whole pass again.
    var expiryRetry = false
    /// The destroy date the timer is set for, if any.
    var armedDestroy: Date?
    /// Keeps notes made due by a jump of the system clock from being destroyed.
    var clockGuard = ClockJumpGuard()
    /// The watch on `.enote/`, which reports changes of the config.
    var stateWatch: Int32?
    /// Whether an event named the config since it was last looked at.
    var configTouched = false
    /// What the watcher knows of the config (see `VaultWatcher+Config.swift`).
    var configFollower = ConfigFollower()
    /// Whether a whole expiry pass is due at the next step: the timer fired, or the settings changed.
    var expiryDue = false
    /// The clone's automatic sync; when notes last changed and it last synced (monotonic seconds).
    var autoSync = AutoSyncSetting()
    var lastLocalChange: Double = 0
    var lastAutoSync: Double = monotonicSeconds()
    /// Notes and folders a step could not read for a cause that passes (EMFILE), to be read
    /// again (`true` for a folder), when that is due, and those already named in the log.
    var unreadable: [NotePath: Bool] = [:]
    var unreadableRetryAt: Double?
    var unreadableSaid: Set<NotePath> = []

    /// Takes the vault's watch lock and prepares everything; ``run()`` starts watching.
    public init(vault: Vault, options: Options = Options()) throws(StartError) {
        self.vault = vault
        self.options = options
        do {
            lock = try WatchLock(path: vault.stateFolder + "/watch.lock")
        } catch {
            switch error {
            case .held(let pid): throw .alreadyRunning(pid: pid)
            case .system(let error): throw .vault(.system(error))
            }
        }
        do throws(VaultError) {
            index = try Self.openIndex(vault) { line in options.log(line) }
            do throws(SystemError) {
                inotify = Self.openInotify(options)
                server = try CatchUpChannel.listen(in: vault)
            } catch {
                throw .system(error)
            }
        } catch {
            throw .vault(error)
        }
        embedder = BackgroundEmbedder(
            vault: vault, log: { message in options.log(message.text) },
            trouble: { message in
                options.log(message.text)
                options.trouble(message.text)
            })
        extractor = BackgroundExtractor(
            vault: vault, environment: options.environment, log: { message in options.log(message.text) },
            trouble: { message in
                options.log(message.text)
                options.trouble(message.text)
            })
        nearest = NearestService(vault: vault)
        stopSignal = enote_eventfd()
        timer = enote_timerfd()
        guard stopSignal >= 0, timer >= 0 else { throw .vault(.system(SystemError("eventfd", path: "watcher"))) }
    }

    /// An inotify instance, or one that stands in for it when none can be opened: the watcher
    /// then polls (``VaultWatcher/watchFolders(under:)`` says so), rather than not starting.
    private static func openInotify(_ options: Options) -> Inotify {
        guard !options.inotifyUnavailable else { return Inotify(unavailable: SystemError("inotify_init1", path: "inotify", code: EMFILE)) }
        do throws(SystemError) {
            return try Inotify(maximumWatches: options.maximumWatches)
        } catch {
            return Inotify(unavailable: error)
        }
    }

    /// The index a watcher keeps up to date: always the file (other commands read it, so never
    /// a copy in memory), read whole once at start-up (a long-running process can afford it, and
    /// damage is rebuilt now), with a small page cache. The watcher walks the vault itself, once
    /// its folders are watched, so that no change falls between the walk and the first event.
    private static func openIndex(_ vault: Vault, inform: @escaping (String) -> Void) throws(VaultError) -> NoteIndex {
        let index = try NoteIndex.open(vault, cacheKiB: 8 * 1024, memoryFallback: false, inform: inform)
        try index.verify()
        return index
    }

    deinit {
        ownProcess.finish()
        close(server)
        CatchUpChannel.remove(in: vault)
        enote_signals_release_eventfd(stopSignal)
        close(stopSignal)
        close(timer)
    }

    /// Watches until stopped.
    ///
    /// A vault that becomes read-only does not stop the watcher: nothing can change there, so
    /// the index needs no writing and keeps answering catch-ups, and a due note that cannot be
    /// moved to the trash is kept and named once. An index that cannot be written while the
    /// notes can change (a full disk, an I/O error, `.enote/` on a read-only mount) does stop
    /// it: a watcher that can no longer record changes must not tell commands that the index
    /// is current, and once it has stopped every command walks the vault itself and reports the
    /// problem.
    /// - Throws: When the index cannot be written, or `poll` fails.
    public func run() throws(VaultError) {
        let entered = running.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        precondition(entered, "VaultWatcher.run() called while another thread runs it")
        defer { running.store(false, ordering: .releasing) }
        // A watcher that stopped answers no one: those asking go on without it.
        defer { ownProcess.finish() }
        defer { embedder.stop() }
        defer { extractor.stop() }
        startFollowingConfig()
        readAutoSync()
        watchAllFolders()
        let report = try index.synchronize()
        log(report, reason: .start)
        try runExpiry(unusableAmong: nil)
        // The start-up walk allocated a lot for a moment; give it back to the system.
        enote_release_free_memory()
        embedder.notesChanged()
        extractor.notesChanged()

        var descriptors = [
            pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopSignal, events: Int16(POLLIN), revents: 0),
            pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
            pollfd(fd: server, events: Int16(POLLIN), revents: 0),
            pollfd(fd: ownProcess.signal, events: Int16(POLLIN), revents: 0),
        ]
        say(Self.watchingMessage(root: vault.root, folders: folders.count, notes: report.total))
        while true {
            let timeout = pollTimeout()
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .system(SystemError("poll", path: vault.root))
            }
            if descriptors[1].revents != 0 {
                _ = enote_eventfd_drain(stopSignal)
                break
            }
            if descriptors[0].revents != 0 { handle(inotify.readAvailable()) }
            if descriptors[2].revents != 0 {
                _ = enote_timerfd_drain(timer)
                expiryDue = true
            }
            if descriptors[3].revents != 0 { try answerClients() }
            if descriptors[4].revents != 0 { try ownProcess.answer { () throws(VaultError) -> Bool in try catchUp() } }
            try applyIfReady()
            runAutoSyncIfDue()
        }
        // Leave the index as current as we can: apply what is pending, then stop (the
        // embedding first, so that "stopped" is the last line).
        try apply(catchingUp: true)
        extractor.stop()
        embedder.stop()
        say("stopped")
    }

    // MARK: - The loop's steps

    /// Milliseconds until something is due: settled changes, the next poll, a git lock check.
    private func pollTimeout() -> Int32 {
        let now = monotonicSeconds()
        var deadline = Double.infinity
        if let settles = configSettlesAt {
            // Nothing is applied until the config has settled.
            deadline = settles
        } else if (configTouched || expiryDue) && gitBusySince == nil {
            deadline = now
        } else if let ready = pending.readyTime(settle: options.settle, maximumWrite: options.maximumWrite) {
            deadline = min(deadline, ready)
        }
        if pollingSince != nil { deadline = min(deadline, nextPoll) }
        if gitBusySince != nil { deadline = min(deadline, now + 0.2) }
        if let retry = unreadableRetryAt { deadline = min(deadline, retry) }
        if let sync = autoSyncDeadline() { deadline = min(deadline, sync) }
        guard deadline.isFinite else { return -1 }
        return Int32(max(0, min((deadline - now) * 1000, 3_600_000)).rounded(.up))
    }

    /// Applies settled changes, and the periodic walk in polling mode.
    private func applyIfReady() throws(VaultError) {
        let now = monotonicSeconds()
        retryUnreadableIfDue(now: now)
        if pollingSince != nil, now >= nextPoll {
            pending.needsFullReconcile = true
            nextPoll = now + options.pollInterval
        }
        if let settles = configSettlesAt {
            if now >= settles { try apply() }
            return
        }
        if configTouched || expiryDue || gitBusySince != nil
            || (pending.readyTime(settle: options.settle, maximumWrite: options.maximumWrite).map { now >= $0 } ?? false)
        {
            try apply()
        }
    }

    /// Applies pending changes to the index, unless git is in the middle of an operation.
    /// - Parameter catchingUp: A command waits for the index: take the notes still being
    ///   written too, except those that are empty for now (see ``catchUp()``).
    /// - Returns: whether they were applied.
    @discardableResult
    func apply(catchingUp: Bool = false) throws(VaultError) -> Bool {
        if try index.reopenIfReplaced() {
            say("the index was replaced by another command; the whole vault will be checked against it")
            pending.needsFullReconcile = true
        }
        let git = GitState(vaultRoot: vault.root)
        if git.isWritingIndex, let operation = git.operationInProgress {
            if gitBusySince == nil { say("waiting: \(operation)") }
            gitBusySince = gitBusySince ?? monotonicSeconds()
            pending.needsFullReconcile = true
            return false
        }
        if gitBusySince != nil {
            gitBusySince = nil
            pending.needsFullReconcile = true
        }
        // Under settings about to change, a note could be indexed (or destroyed) that they ignore.
        guard followConfig() else { return true }
        let now = monotonicSeconds()
        let vault = self.vault
        let eventTimes = pending.files
        let taken = pending.take(
            now: now, settle: options.settle, maximumWrite: options.maximumWrite,
            takeWriting: { path in catchingUp && ((try? vault.fileStatus(path))?.size ?? 0) > 0 },
            exists: { path in (try? vault.fileStatus(path)) != nil })
        var indexed: [NotePath]? = []
        if taken.full {
            pending.clear()
            options.trace("full reconcile")
            let complete = watchAllFolders()
            let report = try index.synchronize()
            walkedWholeVault(everyFolderWatched: complete)
            log(report, reason: pollingSince == nil || report.changedAnything ? .fullReconcile : nil)
            keepUnreadable(report, covering: nil)
            enote_release_free_memory()
            indexed = nil
        } else {
            for folder in taken.folders {
                watchFolders(under: folder)
                let report = try index.reconcile(folder: folder)
                indexed? += report.changes.filter { $0.kind != .removed }.map(\.path)
                log(report, reason: nil)
                keepUnreadable(report, covering: [folder])
            }
            if !taken.files.isEmpty {
                // A note found missing is removed only once its disappearance has settled. It
                // may have vanished just now, after it was taken (an editor's save in progress):
                // the event saying so is then still queued, so read the queue first.
                var vanished: [NotePath] = []
                let report = try index.reconcile(files: taken.files) { path in
                    handle(inotify.readAvailable())
                    if pending.files[path] != nil { return true }
                    guard let time = eventTimes[path], monotonicSeconds() - time < options.settle else { return false }
                    vanished.append(path)
                    return true
                }
                for path in vanished { pending.noteVanished(path, at: eventTimes[path] ?? now) }
                indexed? += report.changes.filter { $0.kind != .removed }.map(\.path)
                log(report, reason: nil)
                keepUnreadable(report, covering: taken.files)
            }
        }
        let notesChanged = !taken.files.isEmpty || !taken.folders.isEmpty || taken.full
        if notesChanged {
            lastLocalChange = monotonicSeconds()
            embedder.notesChanged()
            // A folder moved or walked again may have brought PDFs in or taken them away.
            if taken.full || !taken.folders.isEmpty { extractor.filesChanged() } else { extractor.notesChanged() }
        }
        if expiryDue || notesChanged {
            let whole = expiryDue || taken.full || !taken.folders.isEmpty
            expiryDue = false
            try runExpiry(unusableAmong: indexed, touched: whole ? nil : taken.files)
        }
        return true
    }

    /// Answers every command waiting on the socket: catch up, then reply; a question about
    /// meaning goes to ``nearest``. (Threads of this process ask through ``ownProcess`` instead.)
    private func answerClients() throws(VaultError) {
        while true {
            let client = accept(server, nil, nil)
            guard client >= 0 else { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            // The listening socket is non-blocking; the conversation with a client is not.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
            let request = CatchUpChannel.readRequest(from: client)
            if let request, request.hasPrefix("near ") {
                nearest.answer(client, header: request)  // on its own thread; it closes the client
                continue
            }
            defer { close(client) }
            guard request == "sync" else { continue }
            CatchUpChannel.send(line: try catchUp() ? "ok\n" : "busy\n", to: client)
        }
    }

    /// Reads every pending event and applies it now. A note that vanished a moment ago is
    /// given the rest of its settle time (a few tens of milliseconds), so the answer is neither
    /// stale nor a transient disappearance.
    ///
    /// A note still open for writing is taken as it is, unless it is empty: nano and VS Code
    /// truncate a note and then write it in place, and a command arriving in between must not
    /// find it empty, so the index keeps its last complete version until the `CLOSE_WRITE`
    /// that ends the save (or `maximumWrite`, for a note that stays empty). Taking the others
    /// keeps a save visible at once even when its `CLOSE_WRITE` comes late: a descriptor opened
    /// without `O_CLOEXEC` (Foundation's `Data.write`) lives on in any process spawned
    /// meanwhile, and the kernel reports the close only when the last copy goes.
    /// - Returns: `false` while a git operation keeps the index from being updated.
    private func catchUp() throws(VaultError) -> Bool {
        // Folders inotify cannot watch raise no events: only a walk is sure.
        if pollingSince != nil { pending.needsFullReconcile = true }
        for _ in 0..<3 {
            handle(inotify.readAvailable())
            guard try apply(catchingUp: true) else { return false }
            guard let settled = [pending.settledTime(settle: options.settle), configSettlesAt].compactMap({ $0 }).max() else { return true }
            let wait = settled - monotonicSeconds()
            if wait > 0 { usleep(UInt32(min(wait, 0.2) * 1_000_000)) }
        }
        return true
    }
}
