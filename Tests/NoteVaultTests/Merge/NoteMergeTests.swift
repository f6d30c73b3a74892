import Foundation
import Testing

@testable import NoteVault

/// The three-way merge of one note (RELIABILITY row 36): front matter key by key and
/// symmetric, the body with git's own merge, git's text merge when a side does not parse.
@Suite struct NoteMergeTests {
    static func merge(_ base: String, _ ours: String, _ theirs: String) throws -> NoteMerge.Result {
        try NoteMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), timeZone: TimeZone(identifier: "UTC")!)
    }

    static func text(_ result: NoteMerge.Result) -> String { String(decoding: result.bytes, as: UTF8.self) }

    static func frontMatter(_ result: NoteMerge.Result) throws -> FrontMatter {
        guard case .parsed(let frontMatter) = FrontMatterParser.read(result.bytes, file: "n.md").0 else {
            Issue.record("the merged front matter does not parse:\n\(text(result))")
            throw CancellationError()
        }
        return frontMatter
    }

    static let body = "First paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n"

    @Test func differentParagraphsOnBothSidesMergeCleanlyWithTheLaterUpdated() throws {
        let base = "---\ntitle: Plan\nupdated: 2026-11-20T10:00:00Z\n---\n" + Self.body
        let ours = "---\ntitle: Plan\nupdated: 2026-11-21T09:45:00Z\n---\nFirst paragraph, ours.\n\nSecond paragraph.\n\nThird paragraph.\n"
        let theirs = "---\ntitle: Plan\nupdated: 2026-11-21T12:30:00+03:00\n---\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph, theirs.\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(!result.hasConflicts)
        #expect(
            Self.text(result)
                == "---\ntitle: Plan\nupdated: 2026-11-21T09:45:00Z\n---\nFirst paragraph, ours.\n\nSecond paragraph.\n\nThird paragraph, theirs.\n")
    }

    @Test func oneKeyChangedOnBothSidesKeepsTheLaterAndRecordsTheOther() throws {
        let base = "---\ntitle: Plan\ncolor: green\nupdated: 2026-11-20T10:00:00Z\n---\nBody\n"
        let ours = "---\ntitle: Plan\ncolor: red\nupdated: 2026-11-21T10:00:00Z\n---\nBody\n"
        let theirs = "---\ntitle: Plan\ncolor: blue\nupdated: 2026-11-22T10:00:00Z\n---\nBody\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(!result.hasConflicts)
        #expect(
            Self.text(result) == "---\ntitle: Plan\ncolor: blue\nupdated: 2026-11-22T10:00:00Z\nconflicts: [\"color: red\"]\n---\nBody\n")
        #expect(MergeConflicts.items(in: try Self.frontMatter(result)) == ["color: red"])
        #expect(result.recordedConflicts == ["color: red"])
    }

    @Test func aTagAddedOnOneSideAndAnotherRemovedOnTheOtherAreBothHonoured() throws {
        let base = "---\ntitle: Plan\ntags: [home, work]\n---\nBody\n"
        let ours = "---\ntitle: Plan\ntags: [home, work, urgent]\n---\nBody\n"
        let theirs = "---\ntitle: Plan\ntags: [work]\n---\nBody\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(try Self.frontMatter(result).value(for: "tags") == .list(["work", "urgent"]))
        #expect(result.recordedConflicts.isEmpty)
    }

    @Test func crlfAndBOMAreKept() throws {
        let base = "\u{FEFF}---\r\ntitle: Plan\r\ncolour: red   # team\r\nupdated: 2026-11-20T10:00:00Z\r\n---\r\nOne\r\nTwo\r\nThree\r\n"
        let ours = "\u{FEFF}---\r\ntitle: Plan\r\ncolour: red   # team\r\nupdated: 2026-11-21T10:00:00Z\r\n---\r\nOne!\r\nTwo\r\nThree\r\n"
        let theirs = "\u{FEFF}---\r\ntitle: \"Plan: Q3\"\r\ncolour: red   # team\r\nupdated: 2026-11-20T11:00:00Z\r\n---\r\nOne\r\nTwo\r\nThree!\r\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(!result.hasConflicts)
        #expect(
            Self.text(result)
                == "\u{FEFF}---\r\ntitle: \"Plan: Q3\"\r\ncolour: red   # team\r\nupdated: 2026-11-21T10:00:00Z\r\n---\r\nOne!\r\nTwo\r\nThree!\r\n")
    }

    @Test func keysNoSideChangedKeepTheirBytesCommentsAndOrder() throws {
        let base = "---\n# about\nz: 'quoted'   # kept\ntitle: Plan\nnested:\n  a: 1\ncolor: red\n---\nBody\n"
        let ours = "---\n# about\nz: 'quoted'   # kept\ntitle: Plan 2\nnested:\n  a: 1\ncolor: red\n---\nBody\n"
        let theirs = "---\n# about\nz: 'quoted'   # kept\ntitle: Plan\nnested:\n  a: 1\ncolor: red\nextra: yes\n---\nBody\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(Self.text(result) == "---\n# about\nz: 'quoted'   # kept\ntitle: Plan 2\nnested:\n  a: 1\ncolor: red\nextra: yes\n---\nBody\n")
    }

    @Test func removedOnOneSideAndChangedOnTheOtherKeepsTheChange() throws {
        let base = "---\ntitle: Plan\ncolor: red\n---\nBody\n"
        let ours = "---\ntitle: Plan\n---\nBody\n"
        let theirs = "---\ntitle: Plan\ncolor: blue\n---\nBody\n"
        let result = try Self.merge(base, ours, theirs)
        let frontMatter = try Self.frontMatter(result)
        #expect(frontMatter.value(for: "color") == .string("blue"))
        #expect(MergeConflicts.items(in: frontMatter) == ["color:"])
        let removed = try Self.merge(base, ours, base)
        #expect(Self.text(removed) == ours)
    }

    @Test func orderMovedOnBothSidesTakesTheLaterMoveWithoutARecord() throws {
        let base = "---\ntitle: A\norder: b\nupdated: 2026-11-20T10:00:00Z\n---\nBody\n"
        let ours = "---\ntitle: A\norder: aV\nupdated: 2026-11-21T10:00:00Z\n---\nBody\n"
        let theirs = "---\ntitle: A\norder: c\nupdated: 2026-11-21T11:00:00Z\n---\nBody\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(try Self.frontMatter(result).value(for: "order") == .string("c"))
        #expect(result.recordedConflicts.isEmpty)
    }

    @Test func bodyConflictMarkersStayInTheBody() throws {
        let base = "---\ntitle: Plan\nupdated: 2026-11-20T10:00:00Z\n---\nLine\n"
        let ours = "---\ntitle: Plan\nupdated: 2026-11-21T10:00:00Z\n---\nOurs\n"
        let theirs = "---\ntitle: Plan\nupdated: 2026-11-22T10:00:00Z\n---\nTheirs\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(result.hasConflicts)
        #expect(Self.text(result) == "---\ntitle: Plan\nupdated: 2026-11-22T10:00:00Z\n---\n<<<<<<< ours\nOurs\n=======\nTheirs\n>>>>>>> theirs\n")
    }

    @Test func frontMatterThatDoesNotParseOnOneSideIsStillMergedApartFromTheBody() throws {
        let base = "---\ntitle: Plan\n---\nBody\n"
        let ours = "---\ntitle: Plan: Q3\n---\nBody\n"
        let theirs = "---\ntitle: Plan\n---\nBody, changed\n"
        let result = try Self.merge(base, ours, theirs)
        #expect(!result.usedTextMerge)
        #expect(!result.hasConflicts)
        #expect(Self.text(result) == "---\ntitle: Plan: Q3\n---\nBody, changed\n")
    }

    /// Pairs of sides, each from the same base; every case is merged both ways round.
    static let symmetricCases: [(String, String, String)] = [
        ("---\ntitle: A\n---\nx\n", "---\ntitle: B\n---\nx\n", "---\ntitle: C\n---\nx\n"),
        ("---\ntitle: A\n---\nx\n", "---\ntitle: A\nb: 1\nc: 2\n---\nx\n", "---\ntitle: A\nc: 3\nd: 4\n---\nx\n"),
        ("---\ntags: [a]\n---\nx\n", "---\ntags: [a, b, c]\n---\nx\n", "---\ntags: [d, c]\n---\nx\n"),
        ("---\ncreated: 2026-01-01\n---\nx\n", "---\ncreated: 2025-01-01\n---\nx\n", "---\ncreated: 2025-06-01\n---\nx\n"),
        (
            "---\nupdated: 2026-01-01T00:00:00Z\n---\nx\n", "---\nupdated: 2026-01-02T00:00:00Z\n---\nx\n",
            "---\nupdated: \"2026-01-02T03:00:00+03:00\"\n---\nx\n"
        ),
        ("---\na: 1\n---\nx\n", "---\n# mine\na: 1\n---\nx\n", "---\n# yours\na: 1\n---\nx\n"),
        ("---\na: 1\n---\nx\n", "\u{FEFF}---\r\na: 2\r\n---\r\nx\r\n", "---\na: 1\nb: 3\n---\nx\n"),
        ("x\n", "---\ntitle: T\n---\nx\n", "---\ncolor: red\n---\nx\n"),
        ("---\na: 1\nconflicts: [\"a: 0\"]\n---\nx\n", "---\na: 2\nconflicts: [\"a: 0\"]\n---\nx\n", "---\na: 3\n---\nx\n"),
        ("---\nt: x\n---\n1\n2\n3\n4\n5\n", "---\nt: y\n---\n1\nB\n3\n4\n5\n", "---\nt: x\n---\n1\n2\n3\n4\nE\n"),
        ("---\na: [1, 2]\n---\nx\n", "---\na:\n  - 1\n  - 2\n  - 3\n---\nx\n", "---\na: [2]\n---\nx\n"),
        ("---\na: 1\nb: 2\n---\nx\n", "---\nb: 2\n---\nx\n", "---\na: 1\n---\nx\n"),
    ]

    @Test("swapping ours and theirs gives the same bytes", arguments: symmetricCases)
    func symmetric(_ sides: (String, String, String)) throws {
        let (base, ours, theirs) = sides
        let forward = try Self.merge(base, ours, theirs)
        let backward = try Self.merge(base, theirs, ours)
        #expect(!forward.hasConflicts)
        #expect(Self.text(forward) == Self.text(backward))
        _ = try Self.frontMatter(forward)
    }
}
