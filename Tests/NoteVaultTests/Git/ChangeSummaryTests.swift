import Testing

@testable import NoteVault

/// The sync commit's subject says what changed and where; `enote log` counts body lines.
@Suite struct ChangeSummaryTests {
    @Test(
        arguments: [
            (["M", "a.md", "M", "b.md", "M", "c.md", "D", "d.md"], "3 notes changed, 1 removed on laptop"),
            (["A", "a.md"], "1 note added on laptop"),
            (["A", "a.md", "A", "attachments/p.png"], "1 note added, 1 other file changed on laptop"),
            (["R100", "a.md", "work/a.md"], "1 note renamed on laptop"),
            (["M", ".enote/config", "M", "x.png"], "2 other files changed on laptop"),
            (["A", "Plan.MD", "R100", "a.md", "work/A.Md"], "1 note added, 1 renamed on laptop"),
        ])
    func subject(fields: [String], expected: String) {
        #expect(ChangeSummary(nameStatus: fields).subject(host: "laptop") == expected)
    }

    @Test func nothingStagedIsEmpty() {
        #expect(ChangeSummary(nameStatus: []).isEmpty)
    }

    @Test(
        arguments: [
            ("a\nb\nc", "a\nB\nc", 1, 1),
            ("a\nb", "a\nb\nc\nd", 2, 0),
            ("a\nb\nc", "c", 0, 2),
            ("x", "x", 0, 0),
        ])
    func bodyLines(old: String, new: String, added: Int, removed: Int) {
        let lines = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).map { ArraySlice(Array($0.utf8)) } }
        let counted = NoteDifference.lineChanges(lines(old), lines(new))
        #expect(counted.added == added && counted.removed == removed)
    }
}
