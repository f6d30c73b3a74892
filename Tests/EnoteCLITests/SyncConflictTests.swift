import Foundation
import Testing

/// RELIABILITY row 37: a sync that meets a conflict it cannot resolve stops in a state
/// `enote sync --status` explains, and `--continue` or `--abort` finish it.
@Suite struct SyncConflictTests {
    static let note = "---\ntitle: Plan\n---\nShared line.\n"

    /// Two clones that changed the same body line; the second has synced, the first has not.
    static func conflictingClones() throws -> GitClones {
        let clones = try GitClones(count: 2, notes: ["plan.md": note, "other.md": "Other.\n"])
        try clones[1].write("plan.md", "---\ntitle: Plan\n---\nTheir line.\n")
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", "---\ntitle: Plan\n---\nOur line.\n")
        try clones[0].write("other.md", "Other, changed here.\n")
        return clones
    }

    @Test func aConflictStopsTheSyncAndStatusSaysWhichNotesAndWhatToDo() throws {
        let clones = try Self.conflictingClones()
        // When the first syncs
        let result = try clones[0].run("sync")
        // Then it stops with exit status 3, naming the note and the way out
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("both sides changed the same lines of plan.md"), "\(result)")
        #expect(result.stderr.contains("enote sync --continue"), "\(result)")
        // And the front matter has no markers (they are in the body only)
        let text = try clones[0].text("plan.md")
        #expect(text.hasPrefix("---\ntitle: Plan\n---\n"), "\(text)")
        #expect(text.contains("<<<<<<<"))
        // And --status names the note and the line of its first marker, and what to do
        let status = try clones[0].run("sync", "--status")
        #expect(status.status == 0)
        #expect(status.stdout.contains("plan.md (first conflict marker on line 4)"), "\(status)")
        #expect(status.stdout.contains("enote sync --continue"), "\(status)")
        #expect(status.stdout.contains("enote sync --abort"), "\(status)")
        // And another sync is refused until it is finished
        let again = try clones[0].run("sync")
        #expect(again.status == 3, "\(again)")
        #expect(again.stderr.contains("a sync stopped on a conflict in plan.md"), "\(again)")
    }

    @Test func theMarkersHoldTheOtherMachinesLinesFirstAndTheMessagesSaySo() throws {
        let clones = try Self.conflictingClones()
        let stopped = try clones[0].run("sync")
        #expect(stopped.status == 3, "\(stopped)")
        // Then between <<<<<<< and ======= is the other machine's line, then this machine's
        let lines = try clones[0].text("plan.md").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("<<<<<<<") })
        let middle = try #require(lines.firstIndex { $0 == "=======" })
        let end = try #require(lines.firstIndex { $0.hasPrefix(">>>>>>>") })
        #expect(Array(lines[(start + 1)..<middle]) == ["Their line."], "\(lines)")
        #expect(Array(lines[(middle + 1)..<end]) == ["Our line."], "\(lines)")
        // And the stop message and --status say so
        #expect(stopped.stderr.contains("Between <<<<<<< and ======= are the other machine's lines, between ======= and >>>>>>> this machine's"), "\(stopped)")
        let status = try clones[0].run("sync", "--status")
        #expect(
            status.stdout.contains("the lines between <<<<<<< and ======= are the other machine's and those between ======= and >>>>>>> are this machine's"),
            "\(status)")
    }

    @Test func continueRefusesWhileMarkersAreLeftThenFinishesAndPushes() throws {
        let clones = try Self.conflictingClones()
        #expect(try clones[0].run("sync").status == 3)
        // When the user continues without fixing the note
        let early = try clones[0].run("sync", "--continue")
        // Then it is refused, naming the line
        #expect(early.status == 1, "\(early)")
        #expect(early.stderr.contains("plan.md still has a conflict marker on line 4"), "\(early)")
        // When the note is fixed and the sync continued
        try clones[0].write("plan.md", "---\ntitle: Plan\n---\nOur line and their line.\n")
        let finished = try clones[0].run("sync", "--continue")
        // Then it is pushed, and the other clone gets both the fix and the other change
        #expect(finished.status == 0, "\(finished)")
        #expect(try clones[0].run("sync", "--status").stdout.contains("No sync is stopped"))
        #expect(try clones[1].run("sync").status == 0)
        #expect(try clones[1].text("plan.md").hasSuffix("Our line and their line.\n"))
        #expect(try clones[1].text("other.md") == "Other, changed here.\n")
        #expect(try clones[0].git("status", "--porcelain").isEmpty)
    }

    @Test func continueAcceptsAMarkdownHeadingUnderlinedWithEqualsSigns() throws {
        let heading = "---\ntitle: Plan\n---\nHeading\n=======\n\n"
        let clones = try GitClones(count: 2, notes: ["plan.md": heading + "Shared line.\n"])
        try clones[1].write("plan.md", heading + "Their line.\n")
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", heading + "Our line.\n")
        #expect(try clones[0].run("sync").status == 3)
        // When the conflict is resolved, keeping the heading and its underline
        try clones[0].write("plan.md", heading + "Our line and their line.\n")
        #expect(try clones[0].run("sync", "--status").stdout.contains("plan.md (no conflict markers left; ready)"))
        let finished = try clones[0].run("sync", "--continue")
        // Then the sync finishes
        #expect(finished.status == 0, "\(finished)")
        #expect(try clones[0].text("plan.md") == heading + "Our line and their line.\n")
        #expect(try clones[0].git("status", "--porcelain").isEmpty)
    }

    @Test func abortGoesBackToBeforeTheSyncKeepingTheLocalCommit() throws {
        let clones = try Self.conflictingClones()
        #expect(try clones[0].run("sync").status == 3)
        // When the user aborts
        let aborted = try clones[0].run("sync", "--abort")
        // Then the note is this machine's version again, committed, and nothing was pushed
        #expect(aborted.status == 0, "\(aborted)")
        #expect(try clones[0].text("plan.md").hasSuffix("Our line.\n"))
        #expect(try clones[0].git("status", "--porcelain").isEmpty)
        #expect(try clones[0].git("log", "-1", "--format=%s").hasPrefix("2 notes changed on "))
        #expect(try clones[0].run("sync", "--status").stdout.contains("No sync is stopped"))
        // And --continue or --abort with nothing stopped say so
        let nothing = try clones[0].run("sync", "--continue")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no sync is stopped on a conflict"), "\(nothing)")
    }

    @Test func abortRefusesWhileANoteWasEditedAfterTheSyncStopped() throws {
        let clones = try Self.conflictingClones()
        #expect(try clones[0].run("sync").status == 3)
        // Given an edit to another note while the sync is stopped
        try clones[0].write("other.md", "Other, edited while stopped.\n")
        // When the user aborts
        let refused = try clones[0].run("sync", "--abort")
        // Then it is refused, naming the note, and nothing changed
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("other.md"), "\(refused)")
        #expect(refused.stderr.contains("enote sync --abort"), "\(refused)")
        #expect(try clones[0].text("other.md") == "Other, edited while stopped.\n")
        #expect(FileManager.default.fileExists(atPath: clones[0].url(".git/rebase-merge").path))
        // And once the edit is put back, the abort goes through
        try clones[0].git("checkout", "--", "other.md")
        let aborted = try clones[0].run("sync", "--abort")
        #expect(aborted.status == 0, "\(aborted)")
        #expect(try clones[0].text("other.md") == "Other, changed here.\n")
    }

    @Test func abortLeavesARebaseTheUserStartedAlone() throws {
        let clones = try Self.conflictingClones()
        try clones[0].git("commit", "-qam", "ours")
        try clones[0].git("fetch", "-q")
        #expect(try GitClones.run(["rebase", "origin/main"], in: clones[0].root).status != 0)
        let result = try clones[0].run("sync", "--abort")
        #expect(result.status == 1, "\(result)")
        #expect(FileManager.default.fileExists(atPath: clones[0].url(".git/rebase-merge").path))
    }
}
