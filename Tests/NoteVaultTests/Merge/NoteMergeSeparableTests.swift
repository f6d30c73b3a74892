import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY row 86 (issue 23 items 24 and 25): separable edits merge cleanly, the same way
/// whichever side is ours, in the cases that used to fall back to git's text merge or to one
/// side's value: a front matter that does not parse, a side converted to CRLF, `tags` written
/// as a string, a nested map, comments inside a block list.
@Suite struct NoteMergeSeparableTests {
    /// Merges both ways round; expects the same clean result.
    static func both(_ base: String, _ ours: String, _ theirs: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> NoteMerge.Result {
        let forward = try NoteMergeTests.merge(base, ours, theirs)
        let backward = try NoteMergeTests.merge(base, theirs, ours)
        #expect(!forward.hasConflicts, "\(NoteMergeTests.text(forward))", sourceLocation: sourceLocation)
        #expect(NoteMergeTests.text(forward) == NoteMergeTests.text(backward), sourceLocation: sourceLocation)
        return forward
    }

    @Test func aFrontMatterThatDoesNotParseIsMergedKeyByKeyWithMarkersNeverInIt() throws {
        let base = "---\ntitle: Plan\nupdated: 2026-11-20T10:00:00Z\n---\nOne.\n\nTwo.\n"
        let ours = "---\ntitle: Plan: Q3\nupdated: 2026-11-20T10:00:00Z\n---\nOne, ours.\n\nTwo.\n"
        let theirs = "---\ntitle: Plan\nupdated: 2026-11-21T10:00:00Z\n---\nOne.\n\nTwo, theirs.\n"
        let result = try Self.both(base, ours, theirs)
        #expect(NoteMergeTests.text(result) == "---\ntitle: Plan: Q3\nupdated: 2026-11-21T10:00:00Z\n---\nOne, ours.\n\nTwo, theirs.\n")
        #expect(!result.usedTextMerge)
    }

    @Test func aKeyThatDoesNotParseChangedOnBothSidesIsRecordedNotMarked() throws {
        let base = "---\ntitle: Plan\nupdated: 2026-11-20T10:00:00Z\n---\nBody\n"
        let ours = "---\ntitle: Plan: Q3\nupdated: 2026-11-21T10:00:00Z\n---\nBody\n"
        let theirs = "---\ntitle: Plan B\nupdated: 2026-11-22T10:00:00Z\n---\nBody\n"
        let result = try Self.both(base, ours, theirs)
        #expect(
            NoteMergeTests.text(result) == "---\ntitle: Plan B\nupdated: 2026-11-22T10:00:00Z\nconflicts: [\"title: Plan: Q3\"]\n---\nBody\n")
        #expect(result.recordedConflicts == ["title: Plan: Q3"])
    }

    @Test func aSideConvertedToCRLFMergesAsTheSameText() throws {
        let base = "---\ntitle: Plan\n---\nOne\nTwo\nThree\n"
        let ours = "---\r\ntitle: Plan\r\n---\r\nOne\r\nTwo\r\nThree\r\n"
        let theirs = "---\ntitle: Plan\n---\nOne\nTwo\nThree, theirs\n"
        let result = try Self.both(base, ours, theirs)
        #expect(NoteMergeTests.text(result) == "---\r\ntitle: Plan\r\n---\r\nOne\r\nTwo\r\nThree, theirs\r\n")
    }

    @Test(
        arguments: [
            ("tags: home work", "tags: home work urgent", "tags: work", "tags: work urgent"),
            ("tags: home, work", "tags: home, work, urgent", "tags: work", "tags: work, urgent"),
            ("tags: home", "tags: [home, urgent]", "tags: home work", "tags: [home, urgent, work]"),
        ])
    func tagsWrittenAsAStringMergeAsASet(base: String, ours: String, theirs: String, merged: String) throws {
        let result = try Self.both("---\n\(base)\n---\nx\n", "---\n\(ours)\n---\nx\n", "---\n\(theirs)\n---\nx\n")
        #expect(NoteMergeTests.text(result) == "---\n\(merged)\n---\nx\n")
        #expect(result.recordedConflicts.isEmpty)
    }

    @Test func aNestedMapKeepsAnEditOfEachSide() throws {
        let base = "---\ntitle: T\nmeta:\n  a: 1\n  b: 2\n---\nx\n"
        let ours = "---\ntitle: T\nmeta:\n  a: 10\n  b: 2\n---\nx\n"
        let theirs = "---\ntitle: T\nmeta:\n  a: 1\n  b: 20\n---\nx\n"
        let result = try Self.both(base, ours, theirs)
        #expect(NoteMergeTests.text(result) == "---\ntitle: T\nmeta:\n  a: 10\n  b: 20\n---\nx\n")
        #expect(result.recordedConflicts.isEmpty)
    }

    @Test func aBlockListKeepsItsCommentsAndTheEditsOfBothSides() throws {
        let base = "---\ntags:\n  - home   # where\n  - work\n---\nx\n"
        let ours = "---\ntags:\n  - home   # where\n  - work\n  - urgent\n---\nx\n"
        let theirs = "---\ntags:\n  - home   # where I live\n  - work\n---\nx\n"
        let result = try Self.both(base, ours, theirs)
        #expect(NoteMergeTests.text(result) == "---\ntags:\n  - home   # where I live\n  - work\n  - urgent\n---\nx\n")
    }

    @Test func itemsAddedAtTheEndOfABlockListOnBothSidesStayABlockListWithItsComments() throws {
        let base = "---\ntags:\n  # mine\n  - home\n---\nx\n"
        let ours = "---\ntags:\n  # mine\n  - home\n  - a\n---\nx\n"
        let theirs = "---\ntags:\n  # mine\n  - home\n  - b\n---\nx\n"
        let result = try Self.both(base, ours, theirs)
        #expect(NoteMergeTests.text(result) == "---\ntags:\n  # mine\n  - home\n  - a\n  - b\n---\nx\n")
    }
}
