import Foundation
import Testing

/// While a sync is stopped on a conflict: marker lines that are the note's own code are not
/// conflicts (RELIABILITY row 84), and commands that move or remove notes wait for the sync
/// (row 85).
@Suite struct SyncStoppedTests {
    static let fence = "How git marks a conflict:\n\n```\n<<<<<<< ours\nmine\n=======\nyours\n>>>>>>> theirs\n```\n\n"

    @Test func continueAcceptsMarkerLinesThatAreTheNotesOwnCode() throws {
        let note = "---\ntitle: Git notes\n---\n" + Self.fence
        let clones = try GitClones(count: 2, notes: ["git.md": note + "Shared line.\n"])
        try clones[1].write("git.md", note + "Their line.\n")
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("git.md", note + "Our line.\n")
        #expect(try clones[0].run("sync").status == 3)
        // When the conflict below the code is resolved
        try clones[0].write("git.md", note + "Our line and their line.\n")
        // Then --status calls the note ready, --continue finishes, and doctor finds no markers
        let status = try clones[0].run("sync", "--status")
        #expect(status.stdout.contains("git.md (no conflict markers left; ready)"), "\(status)")
        let finished = try clones[0].run("sync", "--continue")
        #expect(finished.status == 0, "\(finished)")
        let doctor = try clones[0].run("doctor")
        #expect(!doctor.stdout.contains("conflict-markers"), "\(doctor)")
    }

    @Test func continueRefusesMarkersTheMergeLeftInsideCode() throws {
        let note = { (line: String) in "---\ntitle: Script\n---\n```sh\necho start\n\(line)\necho end\n```\n" }
        let clones = try GitClones(count: 2, notes: ["script.md": note("echo shared")])
        try clones[1].write("script.md", note("echo theirs"))
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("script.md", note("echo ours"))
        #expect(try clones[0].run("sync").status == 3)
        // The markers git left are inside the code block
        #expect(try clones[0].text("script.md").contains("```sh\necho start\n<<<<<<< ours\n"))
        // Then --status names the marker line and --continue refuses
        let status = try clones[0].run("sync", "--status")
        #expect(status.stdout.contains("script.md (first conflict marker on line 6)"), "\(status)")
        let early = try clones[0].run("sync", "--continue")
        #expect(early.status == 1, "\(early)")
        #expect(early.stderr.contains("script.md still has a conflict marker on line 6"), "\(early)")
    }

    @Test(arguments: [["mv", "other", "moved.md"], ["mv", "plan", "moved.md"], ["rm", "other"], ["rm", "plan"], ["tag", "rename", "work", "job"]])
    func commandsThatMoveOrRemoveNotesWaitForAStoppedSync(command: [String]) throws {
        let tagged = "---\ntitle: Other\ntags: [work]\n---\nOther.\n"
        let clones = try GitClones(count: 2, notes: ["plan.md": SyncConflictTests.note, "other.md": tagged])
        try clones[1].write("plan.md", "---\ntitle: Plan\ntags: [work]\n---\nTheir line.\n")
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", "---\ntitle: Plan\ntags: [work]\n---\nOur line.\n")
        #expect(try clones[0].run("sync").status == 3)
        let before = try clones[0].tree()
        // When a command that moves, removes or rewrites notes runs while the sync is stopped
        let refused = try clones[0].run(command)
        // Then it is refused as a conflict (status 3), saying why and what to type, and nothing changed
        #expect(refused.status == 3, "\(refused)")
        #expect(refused.stderr.contains("a sync stopped on a conflict"), "\(refused)")
        #expect(refused.stderr.contains("enote sync --continue"), "\(refused)")
        #expect(try clones[0].tree() == before)
        // And the sync can still be finished, naming its note
        #expect(try clones[0].run("sync", "--status").stdout.contains("plan.md (first conflict marker"))
        try clones[0].write("plan.md", "---\ntitle: Plan\ntags: [work]\n---\nBoth lines.\n")
        let finished = try clones[0].run("sync", "--continue")
        #expect(finished.status == 0, "\(finished)")
    }

    @Test("trash restore waits for a stopped sync, as mv and rm do")
    func trashRestoreWaitsForAStoppedSync() throws {
        let clones = try GitClones(count: 2, notes: ["plan.md": SyncConflictTests.note, "other.md": "---\ntitle: Other\n---\nOther.\n"])
        #expect(try clones[0].run("rm", "other").status == 0)
        try clones[1].write("plan.md", "---\ntitle: Plan\n---\nTheir line.\n")
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", "---\ntitle: Plan\n---\nOur line.\n")
        #expect(try clones[0].run("sync").status == 3)
        let before = try clones[0].tree()
        let refused = try clones[0].run("trash", "restore", "other")
        #expect(refused.status == 3, "\(refused)")
        #expect(refused.stderr.contains("a sync stopped on a conflict"), "\(refused)")
        #expect(try clones[0].tree() == before)
    }
}
