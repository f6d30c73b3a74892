import Foundation
import Testing

/// `sync = auto`: the watcher commits and syncs after a quiet interval, and brings in the other
/// machines' changes every interval. A real watcher, two clones and a bare remote.
@Suite struct AutoSyncTests {
    @Test func theWatcherPushesLocalChangesAndBringsInTheOthers() throws {
        let clones = try GitClones(count: 2, notes: ["plan.md": "---\ntitle: Plan\n---\nPlan.\n"], config: "sync = auto\nsync_interval = 1s\n")
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

    @Test(arguments: [("sync = sometimes", "sync must be auto or manual"), ("sync_interval = soon", "sync_interval must be a duration")])
    func aBadSyncSettingIsRefusedWithItsLine(line: String, message: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(".enote/config", line + "\n")
        let result = try vault.run("list")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }
}
