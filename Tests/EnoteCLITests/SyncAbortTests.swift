import Foundation
import Testing

/// RELIABILITY row 79: `enote sync --abort` throws away nothing typed after the sync stopped, in
/// the conflicted notes too: it refuses, naming the note, while the note differs from what the
/// sync left in it.
@Suite struct SyncAbortTests {
    static let conflicted = "---\ntitle: Plan\n---\n<<<<<<< ours\nTheir line.\n=======\nOur line.\n>>>>>>> theirs\n"

    /// Two clones stopped on a conflict in `plan.md` (two conflicting paragraphs when `twice`).
    static func stopped(twice: Bool = false) throws -> GitClones {
        let middle = "\n\nMiddle 1.\n\nMiddle 2.\n\nMiddle 3.\n\n"
        let base = twice ? "---\ntitle: Plan\n---\nShared one.\(middle)Shared two.\n" : SyncConflictTests.note
        let clones = try GitClones(count: 2, notes: ["plan.md": base, "other.md": "Other.\n"])
        let theirs = twice ? "---\ntitle: Plan\n---\nTheir one.\(middle)Their two.\n" : "---\ntitle: Plan\n---\nTheir line.\n"
        let ours = twice ? "---\ntitle: Plan\n---\nOur one.\(middle)Our two.\n" : "---\ntitle: Plan\n---\nOur line.\n"
        try clones[1].write("plan.md", theirs)
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", ours)
        let stopped = try clones[0].run("sync")
        try #require(stopped.status == 3, "\(stopped)")
        return clones
    }

    @Test func abortRefusesWhileTextWasTypedIntoTheConflictedNote() throws {
        let clones = try Self.stopped()
        // Given a line typed into the conflicted note after the sync stopped, markers still there
        let typed = try clones[0].text("plan.md") + "A line typed after the sync stopped.\n"
        try clones[0].write("plan.md", typed)
        // When the user aborts
        let refused = try clones[0].run("sync", "--abort")
        // Then it is refused, naming the note, and the typed text is still there
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("plan.md"), "\(refused)")
        #expect(!refused.stderr.contains("undone"), "\(refused)")
        #expect(try clones[0].text("plan.md") == typed)
        #expect(clones[0].exists(".git/rebase-merge"))
    }

    @Test func abortRefusesAfterAHalfResolvedConflict() throws {
        let clones = try Self.stopped(twice: true)
        // Given the first of two conflicts resolved by hand
        let text = try clones[0].text("plan.md")
        let end = try #require(text.range(of: ">>>>>>> theirs\n"))
        let start = try #require(text.range(of: "<<<<<<< ours\n"))
        let halfResolved = text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "Our one and their one.\n")
        #expect(halfResolved.contains("<<<<<<<"))
        try clones[0].write("plan.md", halfResolved)
        // When the user aborts
        let refused = try clones[0].run("sync", "--abort")
        // Then it is refused, naming the note
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("plan.md"), "\(refused)")
        #expect(try clones[0].text("plan.md") == halfResolved)
    }

    @Test func abortRefusesWhenAResolutionWasStagedWithGitAdd() throws {
        let clones = try Self.stopped()
        // Given the conflict resolved and staged with git itself
        try clones[0].write("plan.md", "---\ntitle: Plan\n---\nBoth lines, resolved.\n")
        try clones[0].git("add", "plan.md")
        // When the user aborts
        let refused = try clones[0].run("sync", "--abort")
        // Then it is refused, naming the note, and the resolution is kept
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("plan.md"), "\(refused)")
        #expect(try clones[0].text("plan.md") == "---\ntitle: Plan\n---\nBoth lines, resolved.\n")
    }

    @Test func abortGoesThroughOnceTheNoteIsAsTheSyncLeftIt() throws {
        let clones = try Self.stopped()
        let left = try clones[0].text("plan.md")
        try clones[0].write("plan.md", left + "Typed.\n")
        #expect(try clones[0].run("sync", "--abort").status == 1)
        // When the typed line is taken out again
        try clones[0].write("plan.md", left)
        let aborted = try clones[0].run("sync", "--abort")
        // Then the abort goes back to this machine's version
        #expect(aborted.status == 0, "\(aborted)")
        #expect(try clones[0].text("plan.md") == "---\ntitle: Plan\n---\nOur line.\n")
    }
}
