import Foundation
import Testing

@testable import NoteVault

/// ``VaultSession/fresh(progress:)``: the one decider of how a front end's index becomes
/// current with the files, asking a running watcher or walking the vault.
@Suite("VaultSession: an up-to-date index for every front end")
struct VaultSessionFreshnessTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seedword"))
    }

    @Test("without a watcher the vault is walked, with progress, and the index holds the notes")
    func walksWithoutAWatcher() throws {
        var progressed: [Int] = []
        let session = try VaultSession(vault: sandbox.vault(), role: .command)
        let route = try session.fresh(progress: { progressed.append($0.done) })
        guard case .walk(let report) = route else {
            Issue.record("expected a walk, got \(route)")
            return
        }
        #expect(report.added == 1)
        #expect(progressed.last == 1, "progress reached the one note: \(progressed)")
        #expect(try session.withIndex { index throws(VaultError) in try index.contains(NotePath(trusted: "seed.md")) })
    }

    @Test("with a watcher running, it catches up and nothing is walked; the new note is indexed")
    func trustsARunningWatcher() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        try sandbox.write("late.md", noteText("lateword"))

        let session = try VaultSession(vault: watcher.vault, role: .command)
        #expect(try session.fresh() == .watcher)
        #expect(try session.withIndex { index throws(VaultError) in try index.contains(NotePath(trusted: "late.md")) }, "the catch-up applied the pending change")
    }

    @Test("reindex and rebuild walk even with a watcher running, so their report is complete")
    func reindexAlwaysWalks() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        let reindexed = try VaultSession(vault: watcher.vault, role: .command, purpose: .reindex).fresh()
        guard case .walk(let walked) = reindexed else {
            Issue.record("expected a walk, got \(reindexed)")
            return
        }
        #expect(walked.total == 1 && !walked.changedAnything, "the watcher had it current: \(walked)")
        let rebuilt = try VaultSession(vault: watcher.vault, role: .command, purpose: .rebuild).fresh()
        guard case .walk(let report) = rebuilt else {
            Issue.record("expected a walk, got \(rebuilt)")
            return
        }
        #expect(report.total == 1 && report.added == 1, "built again from the files: \(report)")
    }

    @Test("completion never builds an index: without one it answers nil and leaves none behind")
    func completionNeverBuilds() throws {
        let vault = try sandbox.vault()
        #expect(VaultSession.forCompletion(vault) == nil)
        #expect(!FileManager.default.fileExists(atPath: NoteIndex.databasePath(for: vault)))

        try VaultSession(vault: vault, role: .command).fresh()
        let session = try #require(VaultSession.forCompletion(vault))
        #expect(try session.withIndex { index throws(VaultError) in try index.candidates() }.map(\.path.description) == ["seed.md"])
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
        let session = try VaultSession(vault: Vault(root: bare.root, clock: VaultSandbox.clock), role: .web(readOnly: true)) { messages.append($0) }
        try session.fresh()
        #expect(session.unsavedReason != nil)
        #expect(session.openConnections == 1, "a copy in memory is one connection's alone")
        #expect(messages.lines.count == 1, "\(messages.lines)")
        #expect(try session.read { index throws(VaultError) in try index.contains(NotePath(trusted: "note.md")) })
    }
}
