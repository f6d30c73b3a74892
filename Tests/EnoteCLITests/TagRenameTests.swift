import Foundation
import Testing

/// `enote tag rename`: every form of the tag is renamed and nothing else changes, unsafe renames
/// change nothing, and a rename killed at any step is completed by the next command.
@Suite struct TagRenameTests {
    static let notes: [String: String] = [
        "a.md": "---\ntitle: A\ntags: [work, home]\n---\n# A\n\nToday #work and #Work/q1, not `#work`.\n",
        "b.md": "\u{FEFF}---\r\ntitle: B\r\ntags:\r\n  - work/q2\r\n---\r\n## work\r\n\r\n```\r\n#work\r\n```\r\n#workshop\r\n",
        "c.md": "---\ntitle: C\ntags: home, work\n---\nNothing in the body.\n",
        "d.md": "---\ntitle: D\n---\n#job already\n",
        "e.md": "---\ntitle: E\n---\nNo tags here #123.\n",
    ]
    static let renamed: [String: String] = [
        "a.md": "---\ntitle: A\ntags: [job, home]\n---\n# A\n\nToday #job and #job/q1, not `#work`.\n",
        "b.md": "\u{FEFF}---\r\ntitle: B\r\ntags:\r\n  - job/q2\r\n---\r\n## work\r\n\r\n```\r\n#work\r\n```\r\n#workshop\r\n",
        "c.md": "---\ntitle: C\ntags: home, job\n---\nNothing in the body.\n",
        "d.md": notes["d.md"]!,
        "e.md": notes["e.md"]!,
    ]

    static func make() throws -> TemporaryVault {
        let vault = try TemporaryVault(sample: false)
        for (path, text) in notes { try vault.write(path, text) }
        return vault
    }

    static func expectRenamed(_ vault: TemporaryVault, _ comment: String = "") throws {
        for (path, text) in renamed {
            #expect(String(decoding: try vault.bytes(path), as: UTF8.self) == text, "\(comment) \(path)")
        }
        #expect(!vault.exists(".enote/rename.journal"), "\(comment)")
    }

    @Test func renamesFrontMatterAndBodyTagsAndSaysItMerges() throws {
        let vault = try Self.make()
        let result = try vault.run("tag", "rename", "work", "job")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Renamed the tag work to job (tags rewritten: 5, in notes: 3)"), "\(result.stderr)")
        #expect(result.stderr.contains("job was already used by 1 note: the two tags are merged"), "\(result.stderr)")
        try Self.expectRenamed(vault)
        let list = try vault.run("list", "--json")
        #expect(list.status == 0 && !list.stderr.contains("interrupted"), "\(list)")
    }

    @Test func dryRunPrintsTheDiffAndChangesNothing() throws {
        let vault = try Self.make()
        let before = try vault.tree()
        let result = try vault.run("tag", "rename", "#work", "job", "--dry-run")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.tree() == before)
        #expect(result.stdout.hasPrefix("diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n"), "\(result.stdout)")
        #expect(result.stdout.contains("-tags: [work, home]\n+tags: [job, home]\n"))
        #expect(result.stdout.contains("-  - work/q2\r\n+  - job/q2\r\n"))
        #expect(!result.stdout.contains("d.md") && !result.stdout.contains("e.md"))
        let json = try JSONOutput.object(try vault.run("tag", "rename", "work", "job", "--dry-run", "--json"))
        #expect(json["merged"] as? Bool == true)
        #expect(json["rewritten_notes"] as? [String] == ["a.md", "b.md", "c.md"])
        #expect(try vault.tree() == before)
    }

    @Test func unsafeRenamesChangeNothing() throws {
        let vault = try Self.make()
        let before = try vault.tree()
        let invalid = try vault.run("tag", "rename", "work", "two words")
        #expect(invalid.status == 1 && invalid.stderr.contains("two words is not a tag"), "\(invalid)")
        let unused = try vault.run("tag", "rename", "nothing", "job")
        #expect(unused.status == 1 && unused.stderr.contains("no note has the tag nothing"), "\(unused)")
        try vault.write(".c.md.swp", "vim")
        let open = try vault.run("tag", "rename", "work", "job")
        #expect(open.status == 1 && open.stderr.contains("is open in vim"), "\(open)")
        try FileManager.default.removeItem(at: vault.url(".c.md.swp"))
        #expect(try vault.tree() == before)
        let forced = try vault.run("tag", "rename", "work", "job", "--force")
        #expect(forced.status == 0, "\(forced)")
    }

    /// A tag renamed to itself is the same tag: the message says so, not that no note has it.
    @Test(arguments: [("work", "work"), ("#job", "job")])
    func renamingATagToItselfSaysItIsTheSameTag(old: String, new: String) throws {
        let vault = try Self.make()
        let before = try vault.tree()
        let same = try vault.run("tag", "rename", old, new)
        #expect(same.status == 1 && same.stderr.contains("are the same tag"), "\(same)")
        #expect(!same.stderr.contains("no note has"), "\(same)")
        #expect(try vault.tree() == before)
    }

    @Test func aRenameKilledAtEachStepIsCompletedByTheNextCommand() throws {
        // Steps: 1 journal, 2 (no note moves), 3…5 the three notes, 6 the end.
        for step in 1...6 {
            let vault = try Self.make()
            let killed = try RenameVault.killMove(vault, ["work", "job"], atStep: step, command: ["tag", "rename"])
            #expect(killed, "step \(step): the process was not paused there")
            #expect(vault.exists(".enote/rename.journal"), "step \(step)")
            let next = try vault.run("list", "--json")
            #expect(next.status == 0, "step \(step): \(next)")
            #expect(next.stderr.contains("Completed the interrupted rename of the tag work to job"), "step \(step): \(next.stderr)")
            try Self.expectRenamed(vault, "step \(step)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.contains("enote-rename") }
            #expect(leftovers.isEmpty, "step \(step): \(leftovers)")
        }
    }
}
