import Foundation
import Testing

/// Issue 23 item 28: what sync says names the way out and never quotes git.
@Suite struct SyncMessagesTests {
    static let plan = "---\ntitle: Plan\n---\nPlan.\n"

    @Test(arguments: [("en", "delete .plan.md.swp"), ("ru", ".plan.md.swp"), ("ja", ".plan.md.swp")])
    func aVimSwapFileLeftBehindNamesTheWayOut(language: String, expected: String) throws {
        let clones = try GitClones(count: 1, notes: ["plan.md": Self.plan])
        // Given a swap file a crashed vim left beside the note
        try clones[0].write(".plan.md.swp", "b0VIM 9.0\0 left by a crash")
        // When the clone syncs
        let refused = try clones[0].run("sync", "--lang", language)
        // Then the refusal names the swap file and how to recover and remove it
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains(expected), "\(refused)")
        #expect(refused.stderr.contains("vim -r plan.md"), "\(refused)")
    }

    @Test func statusOutsideGitSaysTheVaultIsNotInGit() throws {
        let vault = try TemporaryVault(sample: false)
        let status = try vault.run("sync", "--status")
        #expect(status.status == 1, "\(status)")
        #expect(status.stderr.contains("is not in a git repository"), "\(status)")
        #expect(status.stderr.contains("git init"), "\(status)")
        #expect(!status.stdout.contains("No sync is stopped"), "\(status)")
    }

    @Test func anUnreachableRemoteIsSaidWithoutGitsOwnWords() throws {
        let clones = try GitClones(count: 1, notes: ["plan.md": Self.plan])
        try FileManager.default.removeItem(at: clones.remote)
        try clones[0].write("plan.md", Self.plan + "Offline.\n")
        let offline = try clones[0].run("sync")
        #expect(offline.status == 1, "\(offline)")
        #expect(offline.stderr.contains("could not reach the remote origin"), "\(offline)")
        #expect(!offline.stderr.contains("fatal:") && !offline.stderr.contains("does not appear to be a git repository"), "\(offline)")
    }

    @Test func theAutomaticSyncLogQuotesNoGit() throws {
        let clones = try GitClones(count: 1, notes: ["plan.md": Self.plan])
        try clones[0].git("config", "enote.sync", "auto")
        try clones[0].git("config", "enote.syncInterval", "1s")
        try FileManager.default.removeItem(at: clones.remote)
        let watcher = try WatchProcess(clones[0])
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        try clones[0].write("idea.md", "---\ntitle: Idea\n---\nIdea.\n")
        #expect(watcher.wait(timeout: 30) { watcher.stderr.contains("automatic sync: could not reach") }, "\(watcher.stderr)")
        #expect(!watcher.stderr.contains("fatal:"), "\(watcher.stderr)")
    }
}
