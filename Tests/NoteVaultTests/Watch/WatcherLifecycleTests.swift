import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// One watcher per vault (RELIABILITY row 9), git's index lock (row 15), the catch-up socket, and
/// an event queue overflow (rows 3 and 15).
@Suite("Watcher: lock, git, catch-up, overflow")
struct WatcherLifecycleTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
    }

    @Test("a second watcher on the same vault throws .alreadyRunning with the first one's pid")
    func secondWatcherRefused() throws {
        let first = try RunningWatcher.start(sandbox)
        defer { first.stop() }

        let vault = try sandbox.vault()
        #expect {
            _ = try VaultWatcher(vault: vault)
        } throws: { error in
            guard case .alreadyRunning(let pid) = error as? VaultWatcher.StartError else { return false }
            return pid == getpid() && "\(error)".contains("already running (pid \(getpid()))")
        }
        #expect(first.catchUp(), "the refused one did not disturb the first one's socket")
    }

    @Test("a stopped watcher frees the vault: the lock, and the socket, which no longer answers")
    func stopFreesTheVault() throws {
        let first = try RunningWatcher.start(sandbox)
        #expect(first.catchUp())
        first.stop()
        #expect(first.lines.last == "stopped")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/.enote/watch.sock"))
        #expect(!first.catchUp(), "no watcher: a command walks the vault itself")

        let second = try RunningWatcher.start(sandbox)
        defer { second.stop() }
        try sandbox.write("new.md", noteText("new"))
        #expect(second.catchUp())
        #expect(try second.isIndexed("new.md"))
    }

    @Test("while .git/index.lock exists nothing is applied and catch-ups say busy; then a full reconcile")
    func gitIndexLock() throws {
        try sandbox.makeFolder(".git")
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let mark = watcher.mark

        try sandbox.write(".git/index.lock", "")
        try sandbox.write("checked-out.md", noteText("checkout"))
        try sandbox.write("seed.md", noteText("seed changed by git"))
        try FileManager.default.removeItem(atPath: sandbox.path("seed.md"))

        #expect(!watcher.catchUp(), "busy: the command walks the vault itself")
        usleep(600_000)  // the watcher looks at the lock every 200 ms; give it a few looks
        #expect(try watcher.indexedPaths() == ["seed.md"], "nothing applied mid-checkout")
        #expect(watcher.lines(since: mark).contains("waiting: a git command is writing the index (.git/index.lock)"))

        try Syscall.unlink(sandbox.path(".git/index.lock"))

        #expect(watcher.waitForIndex { try $0.indexedPaths() == ["checked-out.md"] }, "\(watcher.lines(since: mark))")
        #expect(watcher.lines(since: mark).contains { $0.hasPrefix("full reconcile: 1 added, 0 updated, 1 removed") }, "\(watcher.lines(since: mark))")
        #expect(watcher.catchUp())
    }

    @Test("a catch-up makes a save visible at once: 50 saves in a row, each found by the next query")
    func catchUpSeesEverySave() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        for round in 0..<50 {
            let word = "word\(round)x\(UInt32.random(in: 0...UInt32.max))"
            let note = round.isMultiple(of: 2) ? "seed.md" : "new-\(round).md"
            try Syscall.write(sandbox.path(note), noteText(word))
            try #require(watcher.catchUp(), "round \(round)")
            #expect(try watcher.indexedDescription(note) == word, "round \(round)")
        }
    }

    /// A command started with the watcher opens the index while the watcher creates it. Neither
    /// may take the other's half-made file for an old index and rebuild it: the loser of that race
    /// would go on with a deleted file, a watcher answering catch-ups from a stale index forever.
    @Test("two processes creating the index at once end up with the same one")
    func indexCreatedTwiceAtOnce() throws {
        for round in 0..<30 {
            let sandbox = try VaultSandbox()
            try sandbox.write("note.md", noteText("round\(round)"))
            let vault = try sandbox.vault()
            let messages = LogBuffer()
            let group = DispatchGroup()
            let opened = LockedBox<[NoteIndex]>([])
            for _ in 0..<2 {
                group.enter()
                Thread {
                    do {
                        let index = try NoteIndex.open(vault, inform: { messages.append($0) })
                        opened.mutate { $0.append(index) }
                    } catch {
                        messages.append("error: \(error)")
                    }
                    group.leave()
                }.start()
            }
            group.wait()
            let indexes = opened.value
            try #require(indexes.count == 2, "round \(round): \(messages.lines)")
            #expect(!messages.lines.contains { $0.contains("rebuilding") }, "round \(round): \(messages.lines)")
            try indexes[0].synchronize()
            #expect(try indexes[1].contains(NotePath(trusted: "note.md")), "round \(round): both use the same file")
            #expect(sandbox.names(in: ".enote").filter { $0.hasPrefix("index.sqlite") && $0.contains("new") }.isEmpty, "no leftover")
        }
    }

    @Test("a socket that accepts but never answers is ignored after the timeout")
    func unansweredCatchUp() throws {
        let vault = try sandbox.vault()
        // A stuck "watcher": it listens, and never accepts or answers.
        let server = try CatchUpChannel.listen(in: vault)
        defer {
            close(server)
            CatchUpChannel.remove(in: vault)
        }
        #expect(!CatchUpChannel.requestCatchUp(vault))
    }

    /// A burst of notes beyond the kernel's event queue. The watcher is kept busy by clients that
    /// connect and say nothing (each holds it for up to a second, and new ones keep coming while
    /// the burst is written), so the queue overflows for certain; the overflow must lead to a full reconcile that ends with exactly the files on
    /// disk. Removing them all converges back.
    @Test("a burst past the inotify queue overflows it and still converges to exactly the files on disk")
    func burstPastTheQueue() throws {
        let queueText = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)) ?? "16384"
        let queue = Int(queueText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16384
        // Each new note makes three events (CREATE, MODIFY, CLOSE_WRITE).
        let count = max(20_000, queue / 3 + 1_000)
        try #require(count <= 200_000, "max_queued_events is \(queue); the burst would be too large for a test")
        try sandbox.makeFolder("burst")
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        var silent = try (0..<10).map { _ in try SilentClient(vault: watcher.vault) }
        usleep(200_000)  // the watcher is now waiting for the first one to speak
        var lastClient = Date()
        for number in 0..<count {
            try Syscall.write(sandbox.path("burst/n\(number).md"), "burst \(number)\n")
            // However slowly a loaded machine writes the burst, the watcher never gets back to its
            // queue before the end: it spends up to a second on each silent client, and a new
            // one arrives every half second.
            if Date().timeIntervalSince(lastClient) > 0.5 {
                silent.append(try SilentClient(vault: watcher.vault))
                lastClient = Date()
            }
        }
        silent.forEach { $0.close() }

        let expected = notesOnDisk(in: sandbox.root)
        #expect(expected.count == count + 1)
        let converged = watcher.waitForIndex(timeout: 120) { try $0.indexedCount() == count + 1 }
        #expect(converged, "indexed \((try? watcher.indexedCount()) ?? -1) of \(count + 1)")
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == expected)
        #expect(watcher.lines.contains("the event queue overflowed; the whole vault will be checked"))
        #expect(watcher.lines.contains { $0.hasPrefix("full reconcile: ") })

        try FileManager.default.removeItem(atPath: sandbox.path("burst"))
        #expect(watcher.waitForIndex(timeout: 120) { try $0.indexedPaths() == ["seed.md"] })
    }
}

/// A value shared between threads.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

/// A client of the catch-up socket that connects and says nothing until closed.
final class SilentClient {
    private var descriptor: Int32

    init(vault: Vault) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallFailure(call: "socket", path: "") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((vault.stateFolder + "/watch.sock").utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { throw SystemCallFailure(call: "connect", path: "path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path)
            raw[path.count] = 0
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw SystemCallFailure(call: "connect", path: vault.stateFolder + "/watch.sock")
        }
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}
