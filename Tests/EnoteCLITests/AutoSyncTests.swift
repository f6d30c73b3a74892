import Foundation
import Testing

/// `git config enote.sync auto` in a clone: its watcher commits and syncs after a quiet interval,
/// and brings in the other machines' changes every interval. A real watcher, two clones and a
/// bare remote. The vault's own config cannot turn it on: it is committed, and one collaborator
/// must not make every clone push by itself.
@Suite struct AutoSyncTests {
    @Test func theWatcherPushesLocalChangesAndBringsInTheOthers() throws {
        let clones = try GitClones(count: 2, notes: ["plan.md": "---\ntitle: Plan\n---\nPlan.\n"])
        try clones[0].git("config", "enote.sync", "auto")
        try clones[0].git("config", "enote.syncInterval", "1s")
        let watcher = try WatchProcess(clones[0])
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        let remoteBefore = try clones[0].git("ls-remote", clones.remote.path, "refs/heads/main")
        // When a note is written on the watched clone
        try clones[0].write("idea.md", "---\ntitle: Idea\n---\nWritten with the watcher running.\n")
        // Then the watcher commits and pushes it on its own
        let pushed = watcher.wait(timeout: 30) {
            (try? clones[0].git("ls-remote", clones.remote.path, "refs/heads/main")) != remoteBefore
        }
        #expect(pushed, "\(watcher.stderr)")
        #expect(watcher.wait(timeout: 10) { watcher.stderr.contains("automatic sync: committed") }, "\(watcher.stderr)")
        #expect(try clones[1].run("sync").status == 0)
        #expect(try clones[1].text("idea.md").contains("Written with the watcher running."))
        // And a change pushed from the other clone arrives without any command
        try clones[1].write("plan.md", "---\ntitle: Plan\n---\nPlan, changed elsewhere.\n")
        #expect(try clones[1].run("sync").status == 0)
        let arrived = watcher.wait(timeout: 30) { (try? clones[0].text("plan.md"))?.contains("changed elsewhere") ?? false }
        #expect(arrived, "\(watcher.stderr)")
        // And the watcher indexed what arrived
        let listed = try clones[0].run("list", "--json")
        #expect(listed.stdout.contains("idea.md"))
    }

    @Test(arguments: ["sync = auto", "sync_interval = 1s"])
    func theVaultCannotTurnItOn(line: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(".enote/config", line + "\n")
        let result = try vault.run("list")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("is not a vault setting"), "\(result)")
        #expect(result.stderr.contains("git config enote.sync auto"), "\(result)")
    }

    @Test func aCloneThatDidNotTurnItOnNeverSyncsByItself() throws {
        // Given a clone without the setting (the default), and a watcher on it
        let clones = try GitClones(count: 2, notes: ["plan.md": "---\ntitle: Plan\n---\nPlan.\n"])
        let remoteBefore = try clones[0].git("ls-remote", clones.remote.path, "refs/heads/main")
        let watcher = try WatchProcess(clones[0])
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        // When a note is written and the watcher indexes it
        try clones[0].write("idea.md", "---\ntitle: Idea\n---\nLocal only.\n")
        #expect(watcher.wait(timeout: 10) { (try? clones[0].run("list", "--json").stdout.contains("idea.md")) ?? false })
        sleep(2)
        // Then nothing was committed or pushed
        #expect(try clones[0].git("ls-remote", clones.remote.path, "refs/heads/main") == remoteBefore)
        #expect(try clones[0].git("status", "--porcelain").contains("idea.md"))
        #expect(!watcher.stderr.contains("automatic sync"), "\(watcher.stderr)")
    }

    @Test(arguments: [("enote.sync", "sometimes", "must be auto or manual"), ("enote.syncInterval", "soon", "must be a duration")])
    func aBadValueInTheCloneIsSaidAndLeavesItOff(key: String, value: String, message: String) throws {
        let clones = try GitClones(count: 1, notes: ["plan.md": "---\ntitle: Plan\n---\nPlan.\n"])
        try clones[0].git("config", "enote.sync", "auto")
        try clones[0].git("config", key, value)
        let watcher = try WatchProcess(clones[0])
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        #expect(watcher.wait(timeout: 10) { watcher.stderr.contains(message) && watcher.stderr.contains("automatic sync stays off") }, "\(watcher.stderr)")
    }
}
