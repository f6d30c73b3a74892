import Foundation
import Testing

/// RELIABILITY row 36: two (or three) clones of one bare remote edit the same note; git merges
/// it with `enote merge-driver`. Real git, the real binary.
@Suite struct MergeDriverTests {
    static func note(updated: String, color: String = "green", tags: String = "[home, work]", body: String = "One.\n\nTwo.\n\nThree.\n") -> String {
        "---\ntitle: Plan\ncolor: \(color)\ntags: \(tags)\nupdated: \(updated)\n---\n\(body)"
    }

    /// Commits `ours` in the first clone and `theirs` in the second (both from the pushed
    /// base), pushes the second, and pulls it into the first with a merge.
    static func mergeInFirst(_ clones: DriverClones, _ first: URL, _ second: URL, ours: String, theirs: String) throws -> (status: Int32, output: String) {
        try clones.write(theirs, to: "plan.md", in: second)
        try clones.commitAll("theirs", in: second)
        try clones.git(["push", "--quiet"], in: second)
        try clones.write(ours, to: "plan.md", in: first)
        try clones.commitAll("ours", in: first)
        return try clones.git(["pull", "--no-rebase", "--no-edit"], in: first, allowFailure: true)
    }

    @Test func differentParagraphsOnTwoMachinesMergeCleanlyWithTheLaterUpdated() throws {
        let clones = try DriverClones()
        let (first, second) = try clones.twoClones(note: Self.note(updated: "2026-11-20T10:00:00Z"))
        let pull = try Self.mergeInFirst(
            clones, first, second,
            ours: Self.note(updated: "2026-11-21T10:00:00Z", body: "One, edited here.\n\nTwo.\n\nThree.\n"),
            theirs: Self.note(updated: "2026-11-21T11:00:00Z", body: "One.\n\nTwo.\n\nThree, edited there.\n"))
        #expect(pull.status == 0, "\(pull.output)")
        #expect(
            try clones.text("plan.md", in: first)
                == Self.note(updated: "2026-11-21T11:00:00Z", body: "One, edited here.\n\nTwo.\n\nThree, edited there.\n"))
    }

    @Test func aSecondCloneWithoutTheDriverIsReportedUntilGitSetup() throws {
        let clones = try DriverClones()
        let (first, _) = try clones.twoClones(note: Self.note(updated: "2026-11-20T10:00:00Z"))
        #expect(try clones.text(".gitattributes", in: first) == "*.md merge=enote\n")
        let third = try clones.clone("c")
        let before = try clones.enote(["doctor"], in: third)
        #expect(before.status == 1)
        #expect(before.stdout.contains(".gitattributes: merge-driver-missing: "), "\(before)")
        let setup = try clones.enote(["git", "setup"], in: third)
        #expect(setup.status == 0, "\(setup)")
        #expect(try clones.git(["config", "--get", "merge.enote.driver"], in: third).output.contains(" merge-driver %O %A %B %P --marker-size %L"))
        let after = try clones.enote(["doctor"], in: third)
        #expect(after.status == 0, "\(after)")
    }

    @Test func oneKeyChangedOnBothSidesKeepsBothValuesVisibleUntilResolved() throws {
        let clones = try DriverClones()
        let (first, second) = try clones.twoClones(note: Self.note(updated: "2026-11-20T10:00:00Z"))
        let pull = try Self.mergeInFirst(
            clones, first, second,
            ours: Self.note(updated: "2026-11-21T12:00:00Z", color: "red"),
            theirs: Self.note(updated: "2026-11-21T11:00:00Z", color: "blue"))
        #expect(pull.status == 0, "\(pull.output)")
        let merged = try clones.text("plan.md", in: first)
        #expect(!merged.contains("<<<<<<<"))
        #expect(
            merged.hasPrefix("---\ntitle: Plan\ncolor: red\ntags: [home, work]\nupdated: 2026-11-21T12:00:00Z\nconflicts: [\"color: blue\"]\n---\n"),
            "\(merged)")
        let list = try clones.enote(["list"], in: first)
        #expect(list.stdout.contains("Plan"), "\(list)")
        let doctor = try clones.enote(["doctor"], in: first)
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("plan.md:6: merge-conflict: "), "\(doctor)")
        #expect(doctor.stdout.contains("color: blue"), "\(doctor)")
        let resolve = try clones.enote(["set", "plan", "--resolve"], in: first)
        #expect(resolve.status == 0, "\(resolve)")
        #expect(try !clones.text("plan.md", in: first).contains("conflicts"))
        #expect(try clones.enote(["doctor"], in: first).status == 0)
    }

    @Test func aTagAddedOnOneSideAndAnotherRemovedOnTheOtherAreBothHonoured() throws {
        let clones = try DriverClones()
        let (first, second) = try clones.twoClones(note: Self.note(updated: "2026-11-20T10:00:00Z"))
        let pull = try Self.mergeInFirst(
            clones, first, second,
            ours: Self.note(updated: "2026-11-21T10:00:00Z", tags: "[home, work, urgent]"),
            theirs: Self.note(updated: "2026-11-21T11:00:00Z", tags: "[work]"))
        #expect(pull.status == 0, "\(pull.output)")
        #expect(try clones.text("plan.md", in: first) == Self.note(updated: "2026-11-21T11:00:00Z", tags: "[work, urgent]"))
    }

    @Test func crlfAndBOMNotesKeepTheirBytes() throws {
        let clones = try DriverClones()
        func crlf(_ text: String) -> String { "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n") }
        let (first, second) = try clones.twoClones(note: crlf(Self.note(updated: "2026-11-20T10:00:00Z")))
        let pull = try Self.mergeInFirst(
            clones, first, second,
            ours: crlf(Self.note(updated: "2026-11-21T10:00:00Z", color: "red", body: "One!\n\nTwo.\n\nThree.\n")),
            theirs: crlf(Self.note(updated: "2026-11-21T09:00:00Z", tags: "[home]", body: "One.\n\nTwo.\n\nThree!\n")))
        #expect(pull.status == 0, "\(pull.output)")
        #expect(
            try clones.text("plan.md", in: first)
                == crlf(Self.note(updated: "2026-11-21T10:00:00Z", color: "red", tags: "[home]", body: "One!\n\nTwo.\n\nThree!\n")))
    }

    @Test func brokenFrontMatterOnOneSideGivesGitsOwnConflictAndLosesNothing() throws {
        let clones = try DriverClones()
        let (first, second) = try clones.twoClones(note: Self.note(updated: "2026-11-20T10:00:00Z"))
        let ours = "---\ntitle: Plan: Q3\ncolor: green\n---\nOne, ours.\n"
        let theirs = Self.note(updated: "2026-11-21T11:00:00Z", body: "One, theirs.\n")
        let pull = try Self.mergeInFirst(clones, first, second, ours: ours, theirs: theirs)
        #expect(pull.status != 0, "\(pull.output)")
        let merged = try clones.text("plan.md", in: first)
        for line in ["title: Plan: Q3", "One, ours.", "updated: 2026-11-21T11:00:00Z", "One, theirs."] {
            #expect(merged.contains(line), "\(merged)")
        }
        let doctor = try clones.enote(["doctor"], in: first)
        #expect(doctor.stdout.contains("conflict-markers"), "\(doctor)")
    }

    @Test func conflictingBodiesPutMarkersOnlyInTheBody() throws {
        let clones = try DriverClones()
        let (first, second) = try clones.twoClones(note: Self.note(updated: "2026-11-20T10:00:00Z"))
        let pull = try Self.mergeInFirst(
            clones, first, second,
            ours: Self.note(updated: "2026-11-21T10:00:00Z", body: "One, ours.\n\nTwo.\n\nThree.\n"),
            theirs: Self.note(updated: "2026-11-21T11:00:00Z", color: "red", body: "One, theirs.\n\nTwo.\n\nThree.\n"))
        #expect(pull.status != 0, "\(pull.output)")
        let merged = try clones.text("plan.md", in: first)
        #expect(
            merged
                == Self.note(
                    updated: "2026-11-21T11:00:00Z", color: "red",
                    body: "<<<<<<< ours\nOne, ours.\n=======\nOne, theirs.\n>>>>>>> theirs\n\nTwo.\n\nThree.\n"))
        let list = try clones.enote(["list"], in: first)
        #expect(list.stdout.contains("Plan"), "\(list)")
        let doctor = try clones.enote(["doctor"], in: first)
        #expect(doctor.stdout.contains("plan.md:7: conflict-markers: "), "\(doctor)")
    }

    /// Base, one side, the other side.
    static let swapCases: [(String, String, String)] = [
        (note(updated: "2026-11-20T10:00:00Z"), note(updated: "2026-11-21T10:00:00Z", color: "red"), note(updated: "2026-11-21T10:00:00Z", color: "blue")),
        (
            note(updated: "2026-11-20T10:00:00Z"), note(updated: "2026-11-21T10:00:00Z", tags: "[a, home]"),
            note(updated: "2026-11-21T09:00:00Z", tags: "[b, work]")
        ),
        (
            note(updated: "2026-11-20T10:00:00Z"), note(updated: "2026-11-21T10:00:00Z", body: "One!\n\nTwo.\n\nThree.\n"),
            note(updated: "2026-11-21T12:00:00+03:00", body: "One.\n\nTwo.\n\nThree!\n")
        ),
        (
            note(updated: "2026-11-20T10:00:00Z"), "---\ntitle: Plan\ncolor: green\nx: 1\nupdated: 2026-11-20T10:00:00Z\n---\nOne.\n",
            "---\ntitle: Plan\ntags: [home, work]\ny: 2\nupdated: 2026-11-20T10:00:00Z\n---\nOne.\n\nTwo.\n\nThree.\n"
        ),
    ]

    @Test("the merged note is the same bytes whichever side git calls ours", arguments: swapCases)
    func swappingOursAndTheirsGivesTheSameBytes(_ sides: (String, String, String)) throws {
        let clones = try DriverClones()
        let (first, second) = try clones.twoClones(note: sides.0)
        let pull = try Self.mergeInFirst(clones, first, second, ours: sides.1, theirs: sides.2)
        #expect(pull.status == 0, "\(pull.output)")
        try clones.git(["push", "--quiet", "origin", "HEAD:refs/heads/ours-first"], in: first)
        // A third clone merges the other way round: the first clone's commit into the second's.
        let third = try clones.clone("c")
        #expect(try clones.enote(["git", "setup"], in: third).status == 0)
        try clones.git(["reset", "--quiet", "--hard", "origin/ours-first^2"], in: third)
        try clones.git(["merge", "--quiet", "--no-edit", "origin/ours-first^1"], in: third)
        #expect(try clones.text("plan.md", in: third) == clones.text("plan.md", in: first))
    }
}
