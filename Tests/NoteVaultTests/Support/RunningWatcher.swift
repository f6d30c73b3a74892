import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A real ``VaultWatcher`` (inotify, timerfd, the catch-up socket) running on its own thread
/// over a sandboxed vault, with its log kept for assertions.
///
/// Start it with ``start(_:clock:configure:)``, which returns once the start-up reconcile is
/// done; end every test with `defer { watcher.stop() }`, which stops the loop and joins the
/// thread, so the watch lock and the socket are gone before the sandbox is removed.
final class RunningWatcher: @unchecked Sendable {
    let sandbox: VaultSandbox
    let vault: Vault
    private let log: LogBuffer
    private let finished = DispatchGroup()
    private let state = NSLock()
    /// The watcher, until ``stop()`` releases it (which frees its lock and removes its socket).
    private var watcher: VaultWatcher?
    private var failure: VaultError?

    private init(sandbox: VaultSandbox, vault: Vault, log: LogBuffer) {
        self.sandbox = sandbox
        self.vault = vault
        self.log = log
    }

    /// Starts a watcher over the sandbox's vault and waits until it watches.
    /// - Parameters:
    ///   - clock: The vault's clock (the real one for tests of the destroy timer).
    ///   - configure: Changes to the default options (the log is set here).
    ///   - fileSystem: The vault's file system (a ``FaultyFileSystem`` to fail the watcher's reads).
    static func start(
        _ sandbox: VaultSandbox, clock: VaultClock = VaultSandbox.clock, fileSystem: any FileSystem = SystemFileSystem(),
        configure: (inout VaultWatcher.Options) -> Void = { _ in }
    ) throws -> RunningWatcher {
        let vault = try Vault(root: sandbox.root, fileSystem: fileSystem, clock: clock)
        let log = LogBuffer()
        var options = VaultWatcher.Options()
        configure(&options)
        options.log = { line in log.append(line) }
        let running = RunningWatcher(sandbox: sandbox, vault: vault, log: log)
        running.watcher = try VaultWatcher(vault: vault, options: options)
        running.finished.enter()
        Thread { [running] in
            running.runWatcher()
            running.finished.leave()
        }.start()
        let ready = poll(until: 30) { running.lines.contains { $0.hasPrefix("watching ") } || running.hasFinished }
        if !ready || running.hasFinished {
            running.stop()
            try #require(Bool(false), "the watcher did not start: \(running.lines)")
        }
        return running
    }

    /// The thread's body; the watcher is referenced only for the length of `run()`.
    private func runWatcher() {
        guard let watcher = state.withLock({ watcher }) else { return }
        do {
            try watcher.run()
        } catch {
            state.withLock { failure = error }
        }
    }

    /// Stops the loop, waits for the thread and releases the watcher (idempotent). Records an
    /// issue if `run()` threw.
    func stop() {
        guard let watcher = state.withLock({ watcher }) else { return }
        watcher.stop()
        if finished.wait(timeout: .now() + 30) == .timedOut {
            Issue.record("the watcher did not stop within 30 s")
            return
        }
        state.withLock { self.watcher = nil }
        if let failure = state.withLock({ failure }) {
            Issue.record("the watcher's run() threw: \(failure)")
        }
    }

    private var hasFinished: Bool { finished.wait(timeout: .now()) == .success }

    // MARK: - The log

    /// Every line logged so far.
    var lines: [String] { log.lines }

    /// The number of lines logged so far, to look only at what follows.
    var mark: Int { log.lines.count }

    /// The lines logged since `mark`.
    func lines(since mark: Int) -> [String] { Array(log.lines.dropFirst(mark)) }

    // MARK: - The index, as a command sees it

    /// Asks the watcher to catch up, as ``VaultSession/fresh(progress:)`` does before
    /// trusting the index.
    func catchUp() -> Bool { CatchUpChannel.requestCatchUp(vault) }

    /// Opens the index on a new connection, like a separate command.
    func index() throws -> NoteIndex { try NoteIndex.open(vault) }

    /// Every indexed note (those past their destroy date included).
    func indexedNotes() throws -> [IndexedNote] {
        try index().list(NoteFilter(now: vault.clock.now()).including(pending: true), sort: NoteSort(key: .title))
    }

    /// The paths of every indexed note, sorted by their bytes.
    func indexedPaths() throws -> [String] {
        try indexedNotes().map(\.path.description).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// How many notes are indexed.
    func indexedCount() throws -> Int {
        try index().count(NoteFilter(now: vault.clock.now()).including(pending: true))
    }

    /// Whether `path` is indexed.
    func isIndexed(_ path: String) throws -> Bool {
        try index().contains(NotePath(trusted: path))
    }

    /// The indexed description of a note (the text after its title line), or `nil` when it is
    /// not indexed. Test notes keep their distinguishing words there.
    func indexedDescription(_ path: String) throws -> String? {
        try indexedNotes().first { $0.path.description == path }?.description
    }

    /// Waits (up to `timeout` seconds) until the index passes `condition`.
    func waitForIndex(timeout: Double = 10, _ condition: (RunningWatcher) throws -> Bool) -> Bool {
        poll(until: timeout) { (try? condition(self)) ?? false }
    }
}

/// Calls `condition` every 20 ms until it is true or `timeout` seconds have passed.
func poll(until timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// Lines collected from another thread.
final class LogBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

/// The notes below a vault folder as the vault defines them (`*.md`, nothing hidden), sorted:
/// what the index must hold once the watcher has caught up.
func notesOnDisk(in root: String) -> [String] {
    guard let paths = FileManager.default.subpaths(atPath: root) else { return [] }
    return paths.filter { path in
        path.hasSuffix(".md") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
}

/// A failed system call in a test's own file operations.
struct SystemCallFailure: Error, CustomStringConvertible {
    var call: String
    var path: String
    var code: Int32 = errno
    var description: String { "\(call)(\(path)): \(String(cString: strerror(code)))" }
}

/// The system calls editors make, one by one, so tests reproduce their save patterns exactly.
enum Syscall {
    /// `open(path, flags, 0644)`, write `text` in `chunks` pieces, optionally `fsync`, `close`.
    static func write(_ path: String, _ text: String, flags: Int32 = O_WRONLY | O_CREAT | O_TRUNC, chunks: Int = 1, sync: Bool = false) throws {
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemCallFailure(call: "open", path: path) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let size = max(1, (bytes.count + chunks - 1) / max(chunks, 1))
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + size, bytes.count)
            let written = bytes[offset..<end].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw SystemCallFailure(call: "write", path: path) }
            offset += written
        }
        if sync, fsync(descriptor) != 0 { throw SystemCallFailure(call: "fsync", path: path) }
    }

    static func rename(_ from: String, _ to: String) throws {
        guard Glibc.rename(from, to) == 0 else { throw SystemCallFailure(call: "rename", path: from + " -> " + to) }
    }

    static func unlink(_ path: String) throws {
        guard Glibc.unlink(path) == 0 else { throw SystemCallFailure(call: "unlink", path: path) }
    }

    static func symlink(_ target: String, at path: String) throws {
        guard Glibc.symlink(target, path) == 0 else { throw SystemCallFailure(call: "symlink", path: path) }
    }

    static func truncate(_ path: String) throws {
        guard Glibc.truncate(path, 0) == 0 else { throw SystemCallFailure(call: "truncate", path: path) }
    }

    static func mkdir(_ path: String) throws {
        guard Glibc.mkdir(path, 0o755) == 0 else { throw SystemCallFailure(call: "mkdir", path: path) }
    }
}
