import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The index connections of one ``VaultSession``, each lent to one thread at a time: a
/// ``NoteIndex`` is used by one thread at a time, and the pool is what makes that true whoever
/// calls. A server reads through several at once (SQLite's write-ahead log lets readers run
/// beside each other and beside a writer); writes take their turn in SQLite itself.
///
/// Connections are opened when first needed, up to `capacity`; the first is opened by the
/// session, and its opening is where a damaged or older index is rebuilt. A connection whose
/// file was replaced while it was idle (another connection healed damage, another process ran
/// `enote index --rebuild`) is closed and a new one opened on the file in place, so that no
/// thread reads, or writes to, a file nobody else uses.
final class IndexPool: Sendable {
    private let idle: Mutex<[NoteIndex]>
    /// Counts the connections that may still be lent (idle, or not yet opened).
    private let available: DispatchSemaphore
    private let opened: Mutex<Int>
    private let capacity: Int
    private let open: @Sendable () throws(VaultError) -> NoteIndex

    /// - Parameters:
    ///   - first: The connection the session opened.
    ///   - capacity: The most connections lent at once.
    ///   - open: Opens another connection to the same index.
    init(first: NoteIndex, capacity: Int, open: @escaping @Sendable () throws(VaultError) -> NoteIndex) {
        idle = Mutex([first])
        opened = Mutex(1)
        self.capacity = max(1, capacity)
        available = DispatchSemaphore(value: max(1, capacity))
        self.open = open
    }

    /// Runs `body` with a connection no other thread is using, opening one if none is idle.
    func borrow<T, E: Error>(_ body: (NoteIndex) throws(E) -> T) throws(E) -> T {
        available.wait()
        defer { available.signal() }
        let index: NoteIndex
        if let idleIndex = idle.withLock({ $0.popLast() }) {
            index = renewed(idleIndex)
        } else {
            do {
                index = try open()
                opened.withLock { $0 += 1 }
            } catch {
                // Another connection cannot be opened (a full disk, descriptors): wait for one.
                index = waitForIdle()
            }
        }
        defer { idle.withLock { $0.append(index) } }
        return try body(index)
    }

    /// `index`, or a new connection on the file in place when `index`'s file was replaced (one
    /// stat; a file replaced by a heal in this process is opened once the heal has filled it).
    /// `index` is kept when no new connection can be opened.
    func renewed(_ index: NoteIndex) -> NoteIndex {
        guard index.isReplaced else { return index }
        let replacement = try? { () throws(VaultError) -> NoteIndex in
            NoteIndex.waitForHealing(index.vault)
            return try open()
        }()
        return replacement ?? index
    }

    /// A connection outside the lent ones, for one thread to keep for its life (the change
    /// stream's: its looks must not wait behind readers holding every lent one), or `nil` when
    /// none can be opened. Only for an index on file: a copy in memory has one connection.
    func openOwn() -> NoteIndex? {
        try? open()
    }

    /// Waits until a connection is given back (there is at least one, opened at start).
    private func waitForIdle() -> NoteIndex {
        while true {
            if let index = idle.withLock({ $0.popLast() }) { return index }
            usleep(1000)
        }
    }

    /// How many connections are open (for tests).
    var openCount: Int { opened.withLock { $0 } }
}
