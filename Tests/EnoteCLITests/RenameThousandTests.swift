import Foundation
import Testing

/// Issue 16's "Must show": 1,000 notes link one note in every form; after `enote mv` every link
/// still leads to it and git sees exactly the linking notes and the move; the same after a
/// `kill -9` at steps spread over the rename and one more command.
@Suite(.serialized) struct RenameThousandTests {
    static let linking = 1000

    @Test func aThousandBacklinksFollowTheNote() throws {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: Self.linking)
        let before = try RenameVault.census(vault)
        // 1,000 notes with 22 links to the note each, and index.md with one.
        #expect(before.targets[RenameVault.target] == Self.linking * 22 + 1)
        let started = Date()
        let result = try vault.run("mv", RenameVault.target, RenameTests.newPath, "--json")
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result)")
        let json = try JSONOutput.object(result)
        #expect((json["rewritten_notes"] as? [String])?.count == Self.linking + 1)
        try RenameTests.expectRenamed(vault, before: before, linking: Self.linking)
        print("enote mv with \(Self.linking) linking notes: \(String(format: "%.2f", seconds)) s")
    }

    /// Steps: 1 journal, 2 new note, 3…1003 the 1,001 linking notes, 1004 old note removed.
    @Test(arguments: [1, 2, 3, 4, 500, 1003, 1004])
    func aKillAtAnyStepIsCompletedByTheNextCommand(step: Int) throws {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: Self.linking)
        let before = try RenameVault.census(vault)
        let killed = try RenameVault.killMove(vault, [RenameVault.target, RenameTests.newPath], atStep: step)
        #expect(killed, "the process was not paused at step \(step)")
        let next = try vault.run("show", "index.md")
        #expect(next.status == 0, "\(next)")
        #expect(next.stderr.contains("Completed the interrupted rename"), "\(next.stderr)")
        try RenameTests.expectRenamed(vault, before: before, linking: Self.linking)
    }
}
