import Foundation
import NoteVault
import Synchronization
import Testing

/// The library's one change detector seen from a long-running front end's side: a session's
/// change stream names the notes that other processes changed, whichever command wrote them.
@Suite struct SessionChangeStreamTests {
    @Test("a session's change stream names the notes other enote processes indexed and removed")
    func streamNamesOtherProcessesChanges() async throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("seed.md", "# Seed\n")
        #expect(try vault.run("index").status == 0)
        let session = try VaultSession(vault: Vault(root: vault.root.path), role: .web(readOnly: true))
        let seen = SeenPaths()
        let stream = session.changeStream(every: 0.02)
        let follower = Task {
            for await changes in stream {
                switch changes {
                case .notes(let paths): seen.add(paths.map(\.description))
                case .everything: seen.add(["*"])
                case .none: break
                }
            }
        }
        defer { follower.cancel() }

        // A command walks the vault and indexes a file written on disk.
        try vault.write("written.md", "# Written\n")
        #expect(try vault.run("list").status == 0)
        #expect(await seen.wait { $0.contains("written.md") }, "\(seen.all)")
        // Another command removes it, and the next one's walk takes it out of the index.
        seen.clear()
        #expect(try vault.run("rm", "written").status == 0)
        #expect(try vault.run("list").status == 0)
        #expect(await seen.wait { $0.contains("written.md") }, "\(seen.all)")
        // A watcher in another process indexes a new note.
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        seen.clear()
        try vault.write("watched.md", "# Watched\n")
        #expect(await seen.wait { $0.contains("watched.md") }, "\(seen.all)")
        #expect(!seen.all.contains("seed.md"), "only what changed is named: \(seen.all)")
    }
}

/// Paths a test's follower task saw.
private final class SeenPaths: Sendable {
    private let paths = Mutex<[String]>([])
    func add(_ more: [String]) { paths.withLock { $0 += more } }
    func clear() { paths.withLock { $0 = [] } }
    var all: [String] { paths.withLock { $0 } }

    /// Waits up to 20 s for `condition` to hold.
    func wait(_ condition: ([String]) -> Bool) async -> Bool {
        for _ in 0..<2000 {
            if condition(all) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(all)
    }
}
