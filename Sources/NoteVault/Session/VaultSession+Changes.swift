import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

extension VaultSession {
    /// The changes to the vault's notes as they happen, by any process (a watcher, a command, an
    /// editor's save indexed by `enote watch`, this server's own writes): the one change detector
    /// every long-running front end uses.
    ///
    /// A thread of the session's own reads the index's change record and yields what changed;
    /// the thread ends when the stream's consumer stops iterating. It reads the record when the
    /// index's files are written (inotify on `.enote/`: any process's commit writes them), a
    /// moment later (a commit becomes visible just after its last write); when that look finds
    /// nothing, once more ``IndexWriteSignal/shortestGap`` later (a commit is made visible in
    /// SQLite's shared memory, which no file event reports); while writes go on, a few looks
    /// quickly and then one every ``IndexWriteSignal/shortestGap``; and every `interval`
    /// seconds in any case, which alone is enough where inotify is not available (and until
    /// `.enote/`, removed and made again, is watched again). A look costs one statement
    /// (``NoteIndex/changes(since:)``) on a connection of the thread's own, so that it never
    /// waits behind readers holding the session's lent ones, and SQLite work never runs on
    /// Swift's cooperative threads. Nothing is yielded while nothing changes. The stream tells
    /// what changed after this call returned.
    public func changeStream(every interval: Double = 0.25) -> AsyncStream<IndexChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: IndexChanges.self, bufferingPolicy: .unbounded)
        let stopped = StopFlag()
        continuation.onTermination = { _ in stopped.stop() }
        // Taken here, not when the thread first runs: a change made meanwhile is not missed.
        let start = try? changeToken()
        let wakeUp = IndexWriteSignal(stateFolder: vault.stateFolder)
        let thread = Thread { [self] in
            var reader = ChangeReader(session: self)
            var token = start
            var longest = interval
            while !stopped.isStopped {
                let woken = wakeUp.wait(atMost: longest)
                longest = interval
                guard let last = token else {
                    token = try? changeToken()
                    continue
                }
                guard let (changes, next) = try? reader.changes(since: last) else { continue }
                token = next
                if !changes.isEmpty {
                    continuation.yield(changes)
                } else if woken {
                    // Woken by a write whose commit was not visible yet: look again soon.
                    longest = IndexWriteSignal.shortestGap
                }
            }
            continuation.finish()
        }
        thread.name = "enote changes"
        thread.start()
        return stream
    }
}

/// Reads the index's change record for the change stream's thread, on a connection of its own
/// (opened at the first look, renewed when its file is replaced), or on a lent one when the
/// index is a copy in memory or no other connection can be opened.
private struct ChangeReader {
    let session: VaultSession
    private var own: NoteIndex?

    init(session: VaultSession) {
        self.session = session
    }

    mutating func changes(since token: IndexChangeToken) throws(VaultError) -> (changes: IndexChanges, token: IndexChangeToken) {
        if own == nil, session.unsavedReason == nil {
            own = session.pool.openOwn()
        }
        guard let index = own.map(session.pool.renewed) else {
            return try session.changes(since: token)
        }
        own = index
        return try index.changes(since: token)
    }
}

/// Wakes the change stream when the index's files in `.enote/` are written, created or
/// replaced, or after a time at most.
///
/// Made where the stream starts (so a write before its thread runs is not missed) and used from
/// then on by the stream's thread alone; its state sits in a `Mutex`, so the compiler checks that
/// hand-over instead of trusting a comment.
private final class IndexWriteSignal: Sendable {
    /// How long after a write the record is read: a commit's last write to the log comes just
    /// before SQLite makes the commit visible to readers.
    static let settle: Double = 0.001
    /// The least time between two looks once writes keep coming past ``quickLooks``: a rebuild
    /// or a large commit writes the index's files for seconds, and every server following the
    /// vault would otherwise look a thousand times a second. A pause of this long between a look
    /// and the next write starts a new run of quick looks.
    static let shortestGap: Double = 0.02
    /// How many looks in a row may come ``settle`` after their wake-up before ``shortestGap``
    /// applies: one commit writes the files a few times, and the look after its last write must
    /// not wait (a save reached open pages 20 ms late when the second look already did).
    static let quickLooks = 4
    /// How often a wait tries to watch `.enote/` again while it is gone.
    static let retryWatch: Double = 0.25

    private let state: Mutex<IndexWriteWatch>

    init(stateFolder: String) {
        var state = IndexWriteWatch(stateFolder: stateFolder)
        _ = state.watchStateFolder()
        self.state = Mutex(state)
    }

    /// Returns `true` after the index's files were written (and ``settle`` more, or up to
    /// ``shortestGap`` after the previous return once the quick looks of a run of writes are
    /// used), `false` after `seconds` without a write.
    ///
    /// The events are taken before the pause, so a write during it wakes the next wait at once.
    @discardableResult
    func wait(atMost seconds: Double) -> Bool {
        state.withLock { $0.wait(atMost: seconds) }
    }
}

/// What ``IndexWriteSignal`` watches and remembers between waits.
private struct IndexWriteWatch {
    /// When the last wait returned (monotonic seconds).
    private var lastReturn: Double = 0
    /// The quick looks left in the current run of writes.
    private var quickLooksLeft = IndexWriteSignal.quickLooks

    /// `nil` when no inotify instance can be had, or `.enote/` cannot be watched with it: the
    /// stream then looks on its interval alone.
    private var inotify: Inotify?
    private let stateFolder: String
    /// The `.enote/` folder watched now, or `nil`. A watch stays on the folder it was put on:
    /// when `.enote/` is removed or moved away and made again, the path names another folder
    /// (the kernel may say nothing while files in the old one are still open), so each wait
    /// compares them first, and watches the new one.
    private var watched: (watch: Int32, folder: FileIdentity)?
    private static let mask = UInt32(
        IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)

    init(stateFolder: String) {
        self.stateFolder = stateFolder
        inotify = try? Inotify()
    }

    /// Whether `.enote/` is watched as it is now: an old watch is ended and a new one put on
    /// the folder at the path, when there is one.
    mutating func watchStateFolder() -> Bool {
        guard let inotify else { return false }
        let folder = FileIdentity(path: stateFolder)
        if let watched, watched.folder == folder { return true }
        if let watched { inotify.unwatch(watched.watch) }
        watched = nil
        guard let folder else { return false }
        guard let watch = try? inotify.watch(stateFolder, mask: Self.mask, counted: false) else {
            // The folder is there and cannot be watched (the watch limit, its permissions):
            // give the instance back, others need it more; the stream looks on its interval.
            if FileIdentity(path: stateFolder) == folder { self.inotify = nil }
            return false
        }
        // The folder may have been swapped between the stat and the watch: the next wait sees it.
        watched = (watch, folder)
        return true
    }

    /// ``IndexWriteSignal/wait(atMost:)``.
    mutating func wait(atMost seconds: Double) -> Bool {
        guard let inotify else {
            Thread.sleep(forTimeInterval: seconds)
            return false
        }
        let before = watched?.folder
        if watchStateFolder() {
            // A new `.enote/` came written, maybe while no watch was on it: look at once.
            if watched?.folder != before { return true }
        } else {
            // `.enote/` went: try to watch it again every ``retryWatch`` until it is back.
            let deadline = monotonicSeconds() + seconds
            while true {
                if watchStateFolder() { return true }
                let left = deadline - monotonicSeconds()
                if left <= 0 { return false }
                Thread.sleep(forTimeInterval: min(left, IndexWriteSignal.retryWatch))
            }
        }
        defer { lastReturn = monotonicSeconds() }
        var descriptor = pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32((seconds * 1000).rounded(.up)))
        if ready == 0 { quickLooksLeft = IndexWriteSignal.quickLooks }
        guard ready > 0 else { return false }
        _ = inotify.readAvailable()
        let now = monotonicSeconds()
        if now - lastReturn >= IndexWriteSignal.shortestGap { quickLooksLeft = IndexWriteSignal.quickLooks }
        var wait = IndexWriteSignal.settle
        if quickLooksLeft > 0 {
            quickLooksLeft -= 1
        } else {
            wait = max(IndexWriteSignal.settle, lastReturn + IndexWriteSignal.shortestGap - now)
        }
        usleep(UInt32(min(wait, seconds) * 1_000_000))
        return true
    }
}

/// A flag one thread sets and another reads.
private final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func stop() { value.store(true, ordering: .relaxed) }
    var isStopped: Bool { value.load(ordering: .relaxed) }
}
