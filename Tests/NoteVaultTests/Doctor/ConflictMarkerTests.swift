import Testing

@testable import NoteVault

/// `enote doctor` finds the conflict markers a git merge leaves in a note, and not Markdown
/// that only looks like them.
@Suite struct ConflictMarkerTests {
    @Test(
        "the first marker line, or nil",
        arguments: [
            ("Text\n<<<<<<< ours\nA\n=======\nB\n>>>>>>> theirs\n", 2 as Int?),
            ("Text\r\n<<<<<<< HEAD\r\nA\r\n", 2),
            ("A\n=======\nB\n>>>>>>> theirs\n", 4),
            ("<<<<<<<<<< ours\n", 1),
            ("<<<<<<<\n", 1),
            ("Heading\n=======\n\nText\n", nil),
            ("<<<<<<<x\n> > > quote\n", nil),
            ("Text <<<<<<< ours\n", nil),
            ("<<<<<< six only\n", nil),
            // Code is never a marker (issue 23 item 19): a note about git shows them in a fence.
            ("How git marks a conflict:\n\n```\n<<<<<<< ours\nA\n=======\nB\n>>>>>>> theirs\n```\n", nil),
            ("~~~text\n<<<<<<< HEAD\n~~~\n", nil),
            ("- item\n\n  ```\n<<<<<<< ours\n  ```\n", nil),
            ("```\ncode\n```\n<<<<<<< ours\nA\n", 4),
            ("---\ntitle: Plan\n---\n```\n>>>>>>> theirs\n```\nText\n>>>>>>> theirs\n", 8),
            ("---\ntitle: A\n<<<<<<< ours\n---\nBody\n", 3),
        ])
    func markerLine(_ text: String, _ line: Int?) {
        #expect(VaultDoctor.conflictMarkerLine(in: Array(text.utf8)) == line)
    }
}
