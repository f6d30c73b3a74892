import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 16: inotify cannot watch every folder (the per-user watch limit, injected with
/// `Options.maximumWatches` so the machine's `fs.inotify.max_user_watches` is left alone). The
/// watcher says so once, naming the setting and its value, and walks the whole vault every poll
/// interval instead: never stale, and idle between polls. The same holds when no inotify instance
/// can be opened at all (`fs.inotify.max_user_instances`, injected with
/// `Options.inotifyUnavailable`).
@Suite("Watcher: the inotify watch and instance limits")
struct WatchLimitTests {
    let sandbox: VaultSandbox
    /// A short poll interval, so the tests are quick.
    static let interval = 0.4

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
        try sandbox.write("a/b/deep.md", noteText("deep"))
    }

    /// The machine's `fs.inotify.max_user_watches`, as the warning must name it.
    private var machineLimit: String {
        (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    }

    /// Starts a watcher allowed `watches` folder watches, polling every ``interval``, whose
    /// walks of the whole vault are collected in `walks`.
    private func start(watches: Int, walks: LogBuffer) throws -> RunningWatcher {
        try RunningWatcher.start(sandbox) { options in
            options.maximumWatches = watches
            options.pollInterval = Self.interval
            options.trace = { step in walks.append(step) }
        }
    }

    private func limitWarnings(_ watcher: RunningWatcher) -> [String] {
        watcher.lines.filter { $0.contains("fs.inotify.max_user_watches") }
    }

    @Test("beyond the limit: one warning, polls find new notes, catch-ups are never stale, idle between polls")
    func pollsBeyondTheLimit() throws {
        // Given a watcher that may watch only the root: a/ and a/b/ are beyond the limit.
        let walks = LogBuffer()
        let watcher = try start(watches: 1, walks: walks)
        defer { watcher.stop() }
        let warnings = limitWarnings(watcher)
        try #require(warnings.count == 1, "\(watcher.lines)")
        #expect(warnings[0].contains("fs.inotify.max_user_watches = \(machineLimit)"), "\(warnings[0])")
        #expect(warnings[0].contains("every 0.4 s"), "\(warnings[0])")
        #expect(try watcher.indexedPaths() == ["a/b/deep.md", "seed.md"])

        // When a note appears in an unwatched folder, no event says so: the next poll finds it.
        let written = Date()
        try Syscall.write(sandbox.path("a/b/polled.md"), noteText("polled"))
        let found = poll(until: 10) { (try? watcher.isIndexed("a/b/polled.md")) ?? false }
        #expect(found, "\(watcher.lines.suffix(10))")
        #expect(Date().timeIntervalSince(written) < Self.interval + 1, "found within the poll interval")

        // A command's catch-up walks the vault meanwhile, so it never trusts a stale index.
        try Syscall.write(sandbox.path("a/caught.md"), noteText("caught"))
        #expect(watcher.catchUp())
        #expect(try watcher.isIndexed("a/caught.md"), "a catch-up while polling sees every change")

        // Then between polls the watcher is idle: about one walk per interval, not a busy loop.
        let before = walks.lines.count
        let window = 2.0
        usleep(UInt32(window * 1_000_000))
        let count = walks.lines.count - before
        #expect(count >= 2, "it keeps polling: \(count) walks in \(window) s")
        #expect(count <= Int(window / Self.interval) + 2, "\(count) walks in \(window) s with a \(Self.interval) s interval")
        #expect(limitWarnings(watcher).count == 1, "the warning is given once: \(watcher.lines)")
    }

    @Test("once every folder fits under the limit again, polling stops and inotify takes over")
    func pollingStopsWhenEveryFolderFits() throws {
        // Given the root, a/ and a/b/ with room for two watches: one folder is beyond the limit.
        let walks = LogBuffer()
        let watcher = try start(watches: 2, walks: walks)
        defer { watcher.stop() }
        #expect(limitWarnings(watcher).count == 1, "\(watcher.lines)")

        // When a/b/ goes away, two watches are enough.
        try FileManager.default.removeItem(atPath: sandbox.path("a/b"))

        let stopped = poll(until: 10) { watcher.lines.contains { $0.hasPrefix("every folder is watched again") } }
        #expect(stopped, "\(watcher.lines)")
        let before = walks.lines.count
        try Syscall.write(sandbox.path("a/live.md"), noteText("live"))
        #expect(watcher.waitForIndex { try $0.isIndexed("a/live.md") }, "seen through inotify")
        usleep(UInt32(3 * Self.interval * 1_000_000))
        #expect(walks.lines.count == before, "no more walks of the whole vault: \(walks.lines.count - before)")
        #expect(try watcher.indexedPaths() == ["a/live.md", "seed.md"])
    }

    @Test("without an inotify instance (fs.inotify.max_user_instances reached): it starts, says so once, and polls")
    func pollsWithoutAnInstance() throws {
        // Given a watcher whose inotify_init1 fails as it does at the kernel's instance limit.
        let walks = LogBuffer()
        let watcher = try RunningWatcher.start(sandbox) { options in
            options.inotifyUnavailable = true
            options.pollInterval = Self.interval
            options.trace = { step in walks.append(step) }
        }
        defer { watcher.stop() }
        let warnings = watcher.lines.filter { $0.contains("fs.inotify.max_user_instances") }
        try #require(warnings.count == 1, "\(watcher.lines)")
        #expect(warnings[0].contains("every 0.4 s"), "\(warnings[0])")
        #expect(try watcher.indexedPaths() == ["a/b/deep.md", "seed.md"])

        // A note written on disk is found by a poll; a command's catch-up walks meanwhile.
        try Syscall.write(sandbox.path("polled.md"), noteText("polled"))
        #expect(poll(until: 10) { (try? watcher.isIndexed("polled.md")) ?? false }, "\(watcher.lines.suffix(10))")
        try Syscall.write(sandbox.path("a/caught.md"), noteText("caught"))
        #expect(watcher.catchUp())
        #expect(try watcher.isIndexed("a/caught.md"), "a catch-up while polling sees every change")

        // It keeps polling, and says so once.
        let before = walks.lines.count
        usleep(2_000_000)
        let count = walks.lines.count - before
        #expect(count >= 2, "it keeps polling: \(count) walks in 2 s")
        #expect(count <= Int(2 / Self.interval) + 2, "\(count) walks in 2 s with a \(Self.interval) s interval")
        #expect(watcher.lines.filter { $0.contains("fs.inotify.max_user_instances") }.count == 1, "\(watcher.lines)")
    }
}
