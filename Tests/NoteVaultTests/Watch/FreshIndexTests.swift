import Foundation
import Testing

@testable import NoteVault

/// ``Vault/freshIndex(_:inform:progress:)``: the one call that hands a front end an index
/// current with the files, asking a running watcher or walking the vault.
@Suite("FreshIndex: an up-to-date index for every front end")
struct FreshIndexTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seedword"))
    }

    @Test("without a watcher the vault is walked, with progress, and the index holds the notes")
    func walksWithoutAWatcher() throws {
        var progressed: [Int] = []
        let fresh = try sandbox.vault().freshIndex(progress: { progressed.append($0.done) })
        guard case .walk(let report) = fresh.route else {
            Issue.record("expected a walk, got \(fresh.route)")
            return
        }
        #expect(report.added == 1)
        #expect(progressed.last == 1, "progress reached the one note: \(progressed)")
        #expect(try fresh.index.contains(NotePath(trusted: "seed.md")))
    }

    @Test("with a watcher running, it catches up and nothing is walked; the new note is indexed")
    func trustsARunningWatcher() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        try sandbox.write("late.md", noteText("lateword"))

        let fresh = try watcher.vault.freshIndex()
        #expect(fresh.route == .watcher)
        #expect(try fresh.index.contains(NotePath(trusted: "late.md")), "the catch-up applied the pending change")
    }

    @Test("reindex and rebuild walk even with a watcher running, so their report is complete")
    func reindexAlwaysWalks() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        let reindexed = try watcher.vault.freshIndex(.reindex)
        guard case .walk(let walked) = reindexed.route else {
            Issue.record("expected a walk, got \(reindexed.route)")
            return
        }
        #expect(walked.total == 1 && !walked.changedAnything, "the watcher had it current: \(walked)")
        let rebuilt = try watcher.vault.freshIndex(.rebuild)
        guard case .walk(let report) = rebuilt.route else {
            Issue.record("expected a walk, got \(rebuilt.route)")
            return
        }
        #expect(report.total == 1 && report.added == 1, "built again from the files: \(report)")
    }

    @Test("completion never builds an index: without one it answers nil and leaves none behind")
    func completionNeverBuilds() throws {
        let vault = try sandbox.vault()
        #expect(FreshIndex.forCompletion(vault) == nil)
        #expect(!FileManager.default.fileExists(atPath: NoteIndex.databasePath(for: vault)))

        _ = try vault.freshIndex()
        let index = try #require(FreshIndex.forCompletion(vault))
        #expect(try index.candidates().map(\.path.description) == ["seed.md"])
    }

    @Test(
        "a read-only vault: the index is kept in memory, said once, and answers",
        .enabled(if: TestMount.isAvailable, Comment(rawValue: ReadOnlyVaultTests.needsRoot)))
    func readOnlyVaultKeepsTheIndexInMemory() throws {
        let bare = try VaultSandbox(initialize: false)
        let mount = try TestMount.tmpfs(at: bare.root)
        defer { mount.unmount() }
        _ = try VaultInitializer.initialize(at: bare.root, sample: false)
        try bare.write("note.md", noteText("noteword"))
        try mount.remount(readOnly: true)

        let messages = Messages()
        let fresh = try Vault(root: bare.root, clock: VaultSandbox.clock).freshIndex { messages.append($0) }
        #expect(fresh.index.unsavedReason != nil)
        #expect(messages.lines.count == 1, "\(messages.lines)")
        #expect(try fresh.index.contains(NotePath(trusted: "note.md")))
    }
}
