import Foundation
import Testing

/// RELIABILITY row 37, with `enote watch` running: a note whose destroy date passed on one
/// machine (its watcher destroyed it) and that was changed on the other comes back with the
/// change, and the watcher does not destroy it again.
@Suite struct SyncWatcherTests {
    static func note(_ title: String, destroy: String, body: String) -> String {
        "---\ntitle: \(title)\ndestroy: \(destroy)\n---\n\(body)\n"
    }

    @Test func nothingTheOtherMachineChangedIsDestroyedAfterSync() throws {
        // Given two clones with three notes past their destroy date, and a watcher on the first,
        // which destroys them at once
        let clones = try GitClones(count: 2, notes: [
            "edited.md": Self.note("Edited", destroy: "2020-01-01", body: "Original."),
            "later.md": Self.note("Later", destroy: "2020-01-01", body: "Kept longer."),
            "untouched.md": Self.note("Untouched", destroy: "2020-01-01", body: "Nobody cares."),
        ])
        let watcher = try WatchProcess(clones[0])
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        #expect(watcher.wait { !clones[0].exists("edited.md") && !clones[0].exists("later.md") && !clones[0].exists("untouched.md") })

        // And on the second machine (no watcher) one note's body was changed and another's
        // destroy date moved later, and synced
        try clones[1].write("edited.md", Self.note("Edited", destroy: "2020-01-01", body: "Original, and more written elsewhere."))
        try clones[1].write("later.md", Self.note("Later", destroy: "2099-01-01", body: "Kept longer."))
        let pushed = try clones[1].run("sync")
        try #require(pushed.status == 0, "\(pushed)")

        // When the first machine syncs, its watcher running
        let result = try clones[0].run("sync")
        #expect(result.status == 0, "\(result)")
        // And something changes afterwards, so the watcher looks at every due note again
        try clones[0].write("trigger.md", "---\ntitle: Trigger\n---\nA change.\n")
        let decided = watcher.wait(timeout: 20) {
            watcher.stderr.contains("kept edited.md: it was changed on another machine")
                || watcher.stderr.components(separatedBy: "expired edited.md").count > 2
        }
        #expect(decided, "\(watcher.stderr)")

        // Then both changed notes are there with the other machine's change, and stay
        #expect(try clones[0].text("edited.md").contains("more written elsewhere"), "\(watcher.stderr)")
        #expect(try clones[0].text("later.md").contains("destroy: 2099-01-01"))
        // And the note nobody changed stays destroyed
        #expect(!clones[0].exists("untouched.md"))
        // And the other machine, syncing, loses only that one
        #expect(try clones[1].run("sync").status == 0)
        #expect(clones[1].exists("edited.md") && clones[1].exists("later.md"))
        #expect(!clones[1].exists("untouched.md"))
        #expect(!watcher.stderr.contains("later.md (destroy date 2099"))
    }
}
