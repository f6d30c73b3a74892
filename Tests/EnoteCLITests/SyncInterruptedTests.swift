import EnoteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY rows 80 and 81: a sync killed in the middle of its rebase, with its git (a power
/// cut, the OOM killer) or alone. The next command knows the sync was interrupted, says so, and
/// ends with every change of both machines; git's leftovers (a stale `index.lock`, the merge
/// driver's `.merge_file_*` files) never reach a commit or a message.
@Suite struct SyncInterruptedTests {
    /// Notes `n00.md`…: two paragraphs each.
    static func note(_ number: Int, first: String = "First", second: String = "Second") -> String {
        "---\ntitle: Note \(number)\n---\n\(first) paragraph of \(number).\n\nMiddle of \(number).\n\n\(second) paragraph of \(number).\n"
    }

    static func name(_ number: Int) -> String { String(format: "n%02d.md", number) }

    /// Two clones of 30 notes: the second changed the last paragraph of notes 0–19 and synced;
    /// the first changed the first paragraph of notes 10–29 and added `new.md`, not synced yet.
    /// Notes 10–19 go through the merge driver.
    static func clones() throws -> GitClones {
        var notes: [String: String] = [:]
        for number in 0..<30 { notes[name(number)] = note(number) }
        let clones = try GitClones(count: 2, notes: notes)
        for number in 0..<20 { try clones[1].write(name(number), note(number, second: "Theirs")) }
        try #require(try clones[1].run("sync").status == 0)
        for number in 10..<30 { try clones[0].write(name(number), note(number, first: "Ours")) }
        try clones[0].write("new.md", "---\ntitle: New\n---\nWritten here.\n")
        return clones
    }

    /// Every change of both machines is in `clone`, and nothing else differs.
    static func expectEveryChange(_ clone: TemporaryVault, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for number in 0..<30 {
            let expected = note(number, first: number >= 10 ? "Ours" : "First", second: number < 20 ? "Theirs" : "Second")
            #expect(try clone.text(name(number)) == expected, "\(name(number))", sourceLocation: sourceLocation)
        }
        #expect(try clone.text("new.md") == "---\ntitle: New\n---\nWritten here.\n", sourceLocation: sourceLocation)
    }

    /// After both clones synced: the same commit, the same files, nothing of git's own.
    static func expectIdentical(_ clones: GitClones, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try clones[0].head() == clones[1].head(), sourceLocation: sourceLocation)
        let tracked = try clones[0].git("ls-files")
        #expect(!tracked.contains(".merge_file_"), "\(tracked)", sourceLocation: sourceLocation)
        for clone in clones.clones {
            #expect(try clone.git("status", "--porcelain", "--untracked-files=no").isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test func aSyncKilledWithItsGitMidRebaseIsSaidAndFinishedWithEveryChange() throws {
        let clones = try Self.clones()
        // Given a sync killed, with its git and the merge driver, while the driver merges n15.md
        let sync = try PausedSync(clones[0], hook: ("ENOTE_TEST_PAUSE_MERGE_DRIVER_AT", Self.name(15)))
        try #require(sync.waitUntilPaused() != nil, "\(sync.printed)")
        sync.kill9(withGit: true)
        #expect(clones[0].exists(".git/rebase-merge"))
        // Then --status says the sync was interrupted, naming no empty set of notes
        let status = try clones[0].run("sync", "--status")
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout.contains("was interrupted"), "\(status)")
        #expect(!status.stdout.contains("changed the same lines of these notes"), "\(status)")
        // And a plain sync says so too, never "a conflict in ;"
        let again = try clones[0].run("sync")
        #expect(!again.stderr.contains("conflict in ;"), "\(again)")
        #expect(again.stderr.contains("was interrupted"), "\(again)")
        #expect(again.status == 0, "\(again)")
        // And every change of both machines is there, and the two clones end up the same
        try Self.expectEveryChange(clones[0])
        #expect(try clones[1].run("sync").status == 0)
        try Self.expectEveryChange(clones[1])
        try Self.expectIdentical(clones)
    }

    @Test func continueAfterAnInterruptedSyncNeverFinishesWithoutTheLocalChanges() throws {
        let clones = try Self.clones()
        let sync = try PausedSync(clones[0], hook: ("ENOTE_TEST_PAUSE_MERGE_DRIVER_AT", Self.name(12)))
        try #require(sync.waitUntilPaused() != nil, "\(sync.printed)")
        sync.kill9(withGit: true)
        // When the user runs --continue
        let continued = try clones[0].run("sync", "--continue")
        // Then it says the sync was interrupted and finishes it with every change
        #expect(continued.status == 0, "\(continued)")
        #expect(continued.stderr.contains("was interrupted"), "\(continued)")
        try Self.expectEveryChange(clones[0])
        #expect(try clones[1].run("sync").status == 0)
        try Self.expectEveryChange(clones[1])
        try Self.expectIdentical(clones)
    }

    @Test func abortAfterAnInterruptedSyncGoesBackDespiteAStaleIndexLock() throws {
        let clones = try Self.clones()
        let sync = try PausedSync(clones[0], hook: ("ENOTE_TEST_PAUSE_MERGE_DRIVER_AT", Self.name(18)))
        try #require(sync.waitUntilPaused() != nil, "\(sync.printed)")
        sync.kill9(withGit: true)
        // Given the lock a git killed while writing the index leaves behind
        try clones[0].write(".git/index.lock", "")
        // When the user aborts
        let aborted = try clones[0].run("sync", "--abort")
        // Then the interrupted sync is undone without git's own words, and the local changes are there
        #expect(aborted.status == 0, "\(aborted)")
        #expect(aborted.stderr.contains("was interrupted"), "\(aborted)")
        #expect(!aborted.stderr.contains("fatal:") && !aborted.stderr.contains("index.lock': File exists"), "\(aborted)")
        #expect(!clones[0].exists(".git/index.lock"))
        #expect(!clones[0].exists(".git/rebase-merge"))
        for number in 10..<30 { #expect(try clones[0].text(Self.name(number)) == Self.note(number, first: "Ours")) }
        #expect(try clones[0].git("status", "--porcelain").isEmpty, "nothing left over")
        // And the next sync finishes with everything
        #expect(try clones[0].run("sync").status == 0)
        try Self.expectEveryChange(clones[0])
    }

    @Test func killingEnoteAloneTakesItsGitWithIt() throws {
        let clones = try Self.clones()
        let sync = try PausedSync(clones[0], hook: ("ENOTE_TEST_PAUSE_MERGE_DRIVER_AT", Self.name(14)))
        let driver = try #require(sync.waitUntilPaused(), "\(sync.printed)")
        let gits = ProcessTree.descendants(of: sync.process.processIdentifier).filter { $0.name == "git" }
        try #require(!gits.isEmpty)
        defer { kill(driver, SIGKILL) }
        // When only enote is killed
        sync.kill9(withGit: false)
        // Then its git does not go on without it
        let gone = ProcessTree.wait(timeout: 10) { gits.allSatisfy { !ProcessTree.isRunning($0.pid) } }
        #expect(gone, "git still runs: \(gits)")
        // And --continue never says Synced with work missing
        kill(driver, SIGKILL)
        let continued = try clones[0].run("sync", "--continue")
        #expect(continued.status == 0, "\(continued)")
        try Self.expectEveryChange(clones[0])
        #expect(try clones[1].run("sync").status == 0)
        try Self.expectIdentical(clones)
    }

    @Test func aContinueKilledOnceItsRebaseEndedKeepsTheResolution() throws {
        let clones = try SyncAbortTests.stopped()
        // Given a resolution, and --continue killed once git has finished the rebase with it
        let resolved = "---\ntitle: Plan\n---\nOur line and their line, resolved by hand.\n"
        try clones[0].write("plan.md", resolved)
        let continued = try PausedSync(clones[0], ["sync", "--continue"], hook: ("ENOTE_TEST_PAUSE_SYNC_AT", "continued"))
        try #require(continued.waitUntilPaused() != nil, "\(continued.printed)")
        continued.kill9(withGit: true)
        // When the next sync runs, it says so and pushes the resolution
        let next = try clones[0].run("sync")
        #expect(next.status == 0, "\(next)")
        #expect(next.stderr.contains("was interrupted"), "\(next)")
        #expect(try clones[1].run("sync").status == 0)
        #expect(try clones[1].text("plan.md") == resolved)
    }

    @Test func aContinueKilledInsideGitKeepsTheResolvedTextInACopy() throws {
        // Given two local commits: the first conflicts on plan.md, the second needs the merge driver for n00.md
        let clones = try GitClones(count: 2, notes: ["plan.md": SyncConflictTests.note, Self.name(0): Self.note(0)])
        try clones[1].write("plan.md", "---\ntitle: Plan\n---\nTheir line.\n")
        try clones[1].write(Self.name(0), Self.note(0, second: "Theirs"))
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", "---\ntitle: Plan\n---\nOur line.\n")
        try clones[0].git("commit", "-qam", "first")
        try clones[0].write(Self.name(0), Self.note(0, first: "Ours"))
        #expect(try clones[0].run("sync").status == 3)
        let resolved = "---\ntitle: Plan\n---\nOur line and their line, resolved by hand.\n"
        try clones[0].write("plan.md", resolved)
        // When --continue is killed with its git while the driver merges the second commit
        let continued = try PausedSync(clones[0], ["sync", "--continue"], hook: ("ENOTE_TEST_PAUSE_MERGE_DRIVER_AT", Self.name(0)))
        try #require(continued.waitUntilPaused() != nil, "\(continued.printed)")
        continued.kill9(withGit: true)
        let next = try clones[0].run("sync")
        // Then the next sync says so, keeps the resolved text in a conflict copy and stops there
        #expect(next.status == 0, "\(next)")
        #expect(next.stderr.contains("was interrupted"), "\(next)")
        let files = try FileManager.default.contentsOfDirectory(atPath: clones[0].root.path)
        let copy = try #require(files.first { $0.hasPrefix("plan.conflict-") }, "\(files)\n\(next)")
        #expect(try clones[0].text(copy) == resolved)
        #expect(next.stderr.contains(copy), "\(next)")
        #expect(try clones[0].text(Self.name(0)) == Self.note(0, first: "Ours"), "this machine's change is kept")
        // And the sync after it meets the same conflict again, the copy beside it
        #expect(try clones[0].run("sync").status == 3)
    }

    @Test func theMergeDriversTemporaryFilesAreNeverCommitted() throws {
        let clones = try GitClones(count: 2, notes: ["plan.md": "---\ntitle: Plan\n---\nPlan.\n"])
        // Given the files a killed git leaves beside the notes while its merge driver runs
        try clones[0].write(".merge_file_a1B2c3", "---\ntitle: Plan\n---\nPlan.\n")
        try clones[0].write("plan.md", "---\ntitle: Plan\n---\nPlan, changed.\n")
        // When the clone syncs
        #expect(try clones[0].run("sync").status == 0)
        // Then they are neither committed nor pushed
        #expect(!(try clones[0].git("ls-files")).contains(".merge_file_"))
        #expect(try clones[1].run("sync").status == 0)
        #expect(!clones[1].exists(".merge_file_a1B2c3"))
    }

    /// RELIABILITY row 187: what a sync killed while it records its step leaves in `.enote/`:
    /// the temp file it was about to rename over `sync-state`. Its own (named after its pid), or
    /// Foundation's (`.dat.nosync` and the pid in hex), through which enote wrote it before; seen
    /// in `SyncCrashTests` as a clone whose `git status` was never clean again.
    @Test(arguments: [".sync-state.%d.tmp", ".dat.nosync%X.Q2xk9a"], [true, false])
    func aSyncKilledWhileRecordingItsStepLeavesNothingInGitStatus(leftover: String, afterCommitting: Bool) throws {
        let clones = try Self.clones()
        let pid: pid_t
        if afterCommitting {
            // Given a sync killed as it recorded its next step (its state still says it commits)
            let sync = try PausedSync(clones[0], hook: ("ENOTE_TEST_PAUSE_SYNC_AT", "committed"))
            try #require(sync.waitUntilPaused() != nil, "\(sync.printed)")
            sync.kill9(withGit: false)
            pid = sync.process.processIdentifier
        } else {
            // Given a sync killed as it recorded its start (no state yet, nothing done)
            let gone = Process()
            gone.executableURL = URL(fileURLWithPath: "/bin/true")
            try gone.run()
            _ = EnoteProcess.exitStatus(of: gone)
            pid = gone.processIdentifier
        }
        let name = ".enote/" + String(format: leftover, pid)
        let state = (try? clones[0].text(".enote/sync-state")) ?? ""
        try clones[0].write(name, state.replacingOccurrences(of: "phase committing", with: "phase integrating"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: clones[0].url(name).path)
        // When the clone syncs
        let synced = try clones[0].run("sync")
        #expect(synced.status == 0, "\(synced)")
        // Then the temp file is gone, git sees nothing left over, and every change is there
        #expect(!clones[0].exists(name))
        #expect(try clones[0].git("status", "--porcelain").isEmpty)
        try Self.expectEveryChange(clones[0])
        #expect(try clones[1].run("sync").status == 0)
        try Self.expectIdentical(clones)
    }
}
