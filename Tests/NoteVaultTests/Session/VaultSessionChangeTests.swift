import Foundation
import Synchronization
import Testing

@testable import NoteVault

/// What a long-running front end (`enote serve`, `enote lsp`) learns of the vault's changes: the
/// session's one change detector, the index's change record, whoever wrote the index.
@Suite struct VaultSessionChangeTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
    }

    @Test("the change stream names each note a watcher indexed or removed, once it is in the index")
    func streamNamesTheWatchersChanges() async throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let session = try VaultSession(vault: watcher.vault, role: .web(readOnly: true))
        let seen = Seen()
        let stream = session.changeStream(every: 0.02)
        let follower = seen.follow(stream)
        defer { follower.cancel() }
        try sandbox.write("new.md", noteText("new"))
        #expect(await seen.wait { $0.contains("new.md") }, "\(seen.all)")
        #expect(try watcher.isIndexed("new.md"))
        seen.clear()
        try sandbox.write("seed.md", noteText("seed, edited"))
        #expect(await seen.wait { $0.contains("seed.md") }, "\(seen.all)")
        seen.clear()
        try FileManager.default.removeItem(atPath: sandbox.path("new.md"))
        #expect(await seen.wait { $0.contains("new.md") }, "\(seen.all)")
        #expect(try !watcher.isIndexed("new.md"))
    }

    @Test("the change stream tells what changed once it was asked for, however late its thread starts")
    func streamStartsWhenAsked() async throws {
        let vault = try sandbox.vault()
        // The token is taken by the call, on the session's one lent connection; the change is
        // made while the test holds that connection, before the follower starts iterating.
        let session = try VaultSession(vault: vault, role: .watcher)
        try session.fresh()
        let stream = session.changeStream(every: 0.02)
        let seen = Seen()
        try session.withIndex { _ in
            try sandbox.write("quick.md", noteText("quick"))
            try VaultSession(vault: vault, role: .command).refresh(files: [NotePath(trusted: "quick.md")])
        }
        let follower = seen.follow(stream)
        defer { follower.cancel() }
        #expect(await seen.wait { $0.contains("quick.md") }, "\(seen.all)")
    }

    // The next two streams look on their own only once a minute: a change told within the
    // tests' 10 s wait was told because the index's writes woke the stream.

    @Test("after `.enote/` is removed and made again, the index's writes still wake the change stream")
    func streamWakesAfterTheStateFolderIsMadeAgain() async throws {
        let vault = try sandbox.vault()
        let session = try VaultSession(vault: vault, role: .web(readOnly: true))
        try session.fresh()
        let seen = Seen()
        let stream = session.changeStream(every: 60)
        let follower = seen.follow(stream)
        defer { follower.cancel() }
        try indexElsewhere(vault, "before.md")
        #expect(await seen.wait { $0.contains("before.md") }, "\(seen.all)")

        // A user's `rm -rf .enote && enote init`, or a restore from a backup.
        // The stream's connection may make the index again during the removal: repeat it.
        for _ in 0..<100 where FileManager.default.fileExists(atPath: vault.stateFolder) {
            try? FileManager.default.removeItem(atPath: vault.stateFolder)
        }
        try #require(!FileManager.default.fileExists(atPath: vault.stateFolder))
        _ = try VaultInitializer.initialize(at: sandbox.root, sample: false)
        try VaultSession(vault: vault, role: .command).fresh()
        #expect(await seen.wait { $0.contains("*") }, "a new index reads as everything changed: \(seen.all)")

        // Past the stream's follow-up looks after a burst of writes (20 ms apart), so that only
        // a wake-up can tell the next change within the wait.
        try await Task.sleep(for: .milliseconds(300))
        seen.clear()
        try indexElsewhere(vault, "after.md")
        #expect(await seen.wait { $0.contains("after.md") }, "\(seen.all)")
    }

    @Test("the change stream's looks do not wait behind readers holding every lent connection")
    func streamLooksBesideBusyReaders() async throws {
        let vault = try sandbox.vault()
        let session = try VaultSession(vault: vault, role: .web(readOnly: true))
        try session.fresh()
        let seen = Seen()
        let stream = session.changeStream(every: 60)
        let follower = seen.follow(stream)
        defer { follower.cancel() }
        // Slow page requests (heavy searches under load) hold every connection the session
        // lends until the test lets them go.
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchGroup()
        let readers = SessionRole.web(readOnly: true).readers
        for _ in 0..<readers {
            holding.enter()
            Thread {
                session.withIndex { _ in
                    holding.leave()
                    _ = release.wait(timeout: .now() + 30)
                }
            }.start()
        }
        holding.wait()
        try indexElsewhere(vault, "busy.md")
        let told = await seen.wait { $0.contains("busy.md") }
        for _ in 0..<readers { release.signal() }
        #expect(told, "not told while \(readers) readers held the lent connections: \(seen.all)")
    }

    /// Writes `name` and has another session (a one-shot command's) index it.
    private func indexElsewhere(_ vault: Vault, _ name: String) throws {
        try sandbox.write(name, noteText(name))
        try VaultSession(vault: vault, role: .command).refresh(files: [NotePath(trusted: name)])
    }

    @Test("changes(since:) names what another connection wrote, in order, each once; its own writes too")
    func changesSinceAToken() throws {
        let vault = try sandbox.vault()
        let session = try VaultSession(vault: vault, role: .web(readOnly: false))
        try session.fresh()
        let start = try session.changeToken()
        #expect(try session.changes(since: start).changes == .none)

        try sandbox.write("b.md", noteText("b"))
        try sandbox.write("a.md", noteText("a"))
        let other = try VaultSession(vault: vault, role: .command)
        try other.refresh(files: [NotePath(trusted: "b.md")])
        try other.refresh(files: [NotePath(trusted: "a.md")])
        try sandbox.write("b.md", noteText("b, again"))
        try other.refresh(files: [NotePath(trusted: "b.md")])
        let (changes, next) = try session.changes(since: start)
        #expect(changes == .notes([NotePath(trusted: "b.md"), NotePath(trusted: "a.md")]))
        #expect(try session.changes(since: next).changes == .none)

        try FileManager.default.removeItem(atPath: sandbox.path("a.md"))
        try session.refresh(files: [NotePath(trusted: "a.md")])
        #expect(try session.changes(since: next).changes == .notes([NotePath(trusted: "a.md")]))
    }

    @Test("an index built again (another process's `enote index --rebuild`) reads as everything changed")
    func rebuiltIndexIsEverything() throws {
        let vault = try sandbox.vault()
        let session = try VaultSession(vault: vault, role: .web(readOnly: false))
        try session.fresh()
        let start = try session.changeToken()
        _ = try VaultSession(vault: vault, role: .command, purpose: .rebuild).fresh()
        #expect(try session.changes(since: start).changes == .everything)
    }
}

/// Paths seen by a test's follower task.
private final class Seen: Sendable {
    private let paths = Mutex<[String]>([])
    func add(_ more: [String]) { paths.withLock { $0 += more } }
    func clear() { paths.withLock { $0 = [] } }
    var all: [String] { paths.withLock { $0 } }

    /// Records what `stream` tells, the paths of each batch ("*" for everything), until the
    /// returned task is cancelled.
    func follow(_ stream: AsyncStream<IndexChanges>) -> Task<Void, Never> {
        Task {
            for await changes in stream {
                switch changes {
                case .notes(let paths): add(paths.map(\.description))
                case .everything: add(["*"])
                case .none: break
                }
            }
        }
    }

    /// Waits up to 10 s for `condition` to hold.
    func wait(_ condition: ([String]) -> Bool) async -> Bool {
        for _ in 0..<1000 {
            if condition(all) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(all)
    }
}
