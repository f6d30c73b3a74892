import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The index recognises a note moved outside enote by its bytes (or, edited too, by its inode
/// and title), over one update or several, and never guesses between two candidates.
@Suite("Moves recorded by the index")
struct MoveTrackerTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("plan.md", "# Plan\n\nThe plan.\n")
        try sandbox.write("index.md", "[p](plan.md)\n")
    }

    private func move(_ old: String, _ new: String) throws {
        try FileManager.default.createDirectory(atPath: (sandbox.path(new) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(rename(sandbox.path(old), sandbox.path(new)) == 0)
    }

    @Test func aMoveSeenByTheWatcherAsAFolderThenAFileIsRecognised() throws {
        let index = try sandbox.openIndex()
        try move("plan.md", "work/plan.md")
        // The watcher applies a new folder's subtree and a file's event in two updates.
        try index.reconcile(folder: NotePath(trusted: "work"))
        #expect(try index.recordedMoves().isEmpty)
        try index.reconcile(files: [NotePath(trusted: "plan.md")])
        #expect(
            try index.recordedMoves() == [RecordedMove(from: NotePath(trusted: "plan.md"), to: [NotePath(trusted: "work/plan.md")], rivals: [], byInode: false)]
        )
    }

    @Test func theFileFirstThenTheFolderIsRecognisedToo() throws {
        let index = try sandbox.openIndex()
        try move("plan.md", "work/plan.md")
        try index.reconcile(files: [NotePath(trusted: "plan.md")])
        try index.reconcile(folder: NotePath(trusted: "work"))
        #expect(try index.recordedMoves().map(\.to) == [[NotePath(trusted: "work/plan.md")]])
    }

    @Test func aNoteAddedWithTheSameBytesAsOneThatStaysIsNoMove() throws {
        let index = try sandbox.openIndex()
        try sandbox.write("copy.md", "# Plan\n\nThe plan.\n")
        try index.synchronize()
        #expect(try index.recordedMoves().isEmpty)
    }

    @Test func twoNotesWithTheSameBytesMovedAtOnceAreAmbiguous() throws {
        try sandbox.write("twin.md", "# Plan\n\nThe plan.\n")
        let index = try sandbox.openIndex()
        try move("plan.md", "a/plan.md")
        try move("twin.md", "b/twin.md")
        try index.synchronize()
        let moves = try index.recordedMoves()
        #expect(moves.count == 2 && moves.allSatisfy(\.isAmbiguous), "\(moves)")
    }

    @Test func aMoveIsForgottenWhenItsNewPathIsGone() throws {
        let index = try sandbox.openIndex()
        try move("plan.md", "work/plan.md")
        try index.synchronize()
        #expect(try index.recordedMoves().count == 1)
        try FileManager.default.removeItem(atPath: sandbox.path("work/plan.md"))
        try index.synchronize()
        #expect(try index.recordedMoves().isEmpty)
    }

    @Test func aMoveWithNothingToRepairIsForgottenOnceChecked() throws {
        let vault = try sandbox.vault()
        let index = try sandbox.openIndex()
        // `enote mv` rewrote the links itself; the next update still sees a note go and come.
        _ = try vault.renameNote(NotePath(trusted: "plan.md"), to: NotePath(trusted: "work/plan.md"), graph: IndexLinkGraph(index: index))
        try index.synchronize()
        #expect(try index.recordedMoves().count == 1)
        #expect(try vault.moveRepairs(index: index).isEmpty)
        #expect(try index.recordedMoves().isEmpty)
    }
}
