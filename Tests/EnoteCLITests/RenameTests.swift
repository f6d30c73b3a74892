import Foundation
import Testing

/// `enote mv`: every link still leads to the note, nothing else changes, and a rename killed at
/// any step is completed by the next command.
@Suite struct RenameTests {
    static let newPath = "archive/2024/Kyoto café.md"

    @Test func dryRunPrintsTheDiffAndChangesNothing() throws {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: 3)
        let before = try vault.tree()
        let result = try vault.run("mv", RenameVault.target, Self.newPath, "--dry-run")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.tree() == before)
        #expect(result.stdout.hasPrefix("diff --git a/notes/Café trip.md b/archive/2024/Kyoto café.md\nrename from notes/Café trip.md\n"))
        #expect(result.stdout.contains("-Back to [the index](../index.md), ![map](../pics/map.png), [[Unrelated 1]].\n"))
        #expect(result.stdout.contains("+Back to [the index](../../index.md), ![map](../../pics/map.png), [[Unrelated 1]].\n"))
        #expect(result.stdout.contains("+[trip](archive/2024/Kyoto%20caf%C3%A9.md)\n"))
        let json = try JSONOutput.object(try vault.run("mv", RenameVault.target, Self.newPath, "--dry-run", "--json"))
        #expect(json["to"] as? String == Self.newPath)
        #expect((json["rewritten_notes"] as? [String])?.count == 4)
    }

    @Test("a damaged rename journal is reported with the facts and what to check, and the command still reads the vault", arguments: [("en", "check the renamed note's links with `enote doctor`"), ("ru", "проверьте ссылки переименованной заметки с помощью `enote doctor`")])
    func aDamagedJournalSaysWhatToCheck(language: String, remedy: String) throws {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: 1)
        try Data("{ not a plan".utf8).write(to: vault.root.appendingPathComponent(".enote/rename.journal"))
        let before = try vault.tree()
        let result = try vault.run("list", "--lang", language)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(RenameVault.target.split(separator: "/").last!.replacingOccurrences(of: ".md", with: "")), "\(result)")
        #expect(result.stderr.contains("rename.journal"), "\(result)")
        #expect(result.stderr.contains(remedy), "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test func aRenameKeepsEveryLinkAndChangesOnlyTheLinkingNotes() throws {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: 30)
        let before = try RenameVault.census(vault)
        let result = try vault.run("mv", "Café trip", Self.newPath, "--json")
        #expect(result.status == 0, "\(result)")
        try Self.expectRenamed(vault, before: before, linking: 30)
    }

    @Test func commitMakesOneCommitThatLogFollowFollows() throws {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: 3)
        vault.environment.merge([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "t@example.com",
        ]) { $1 }
        let result = try vault.run("mv", RenameVault.target, Self.newPath, "--commit")
        #expect(result.status == 0, "\(result)")
        #expect(try RenameVault.gitStatus(vault).isEmpty)
        let log = try RenameVault.git(vault, "log", "--follow", "--format=%s", "--", Self.newPath)
        #expect(log == "Rename notes/Café trip.md to archive/2024/Kyoto café.md\nstart\n")
        let changed = try RenameVault.git(vault, "show", "--name-status", "--format=", "-M", "HEAD")
        #expect(changed.contains("R"), "\(changed)")
    }

    /// `[draft].md` is a glob to git (it matches `d.md`, `r.md`, …): the commit names the paths
    /// literally, so a person's unfinished change to `d.md` is neither staged nor committed.
    @Test func commitTakesPathsLiterallyNotAsGlobs() throws {
        let vault = try TemporaryVault(sample: false)
        vault.environment.merge([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "t@example.com",
        ]) { $1 }
        try vault.write("[draft].md", "---\ntitle: Draft\n---\nThe draft.\n")
        try vault.write("d.md", "---\ntitle: D\n---\nCommitted.\n")
        try vault.write("r.md", "---\ntitle: R\n---\nCommitted.\n")
        _ = try RenameVault.git(vault, "init", "-q")
        _ = try RenameVault.git(vault, "add", "-A")
        _ = try RenameVault.git(vault, "commit", "-qm", "start")
        try vault.write("d.md", "---\ntitle: D\n---\nA person's unfinished change.\n")
        try vault.write("r.md", "---\ntitle: R\n---\nAnother one.\n")
        let result = try vault.run("mv", "[draft].md", "final.md", "--commit")
        #expect(result.status == 0, "\(result)")
        let committed = try RenameVault.git(vault, "show", "--no-renames", "--name-only", "--format=", "HEAD")
        #expect(committed.split(separator: "\n").sorted() == ["[draft].md", "final.md"], "\(committed)")
        let status = try RenameVault.gitStatus(vault)
        #expect(status["d.md"] == " M" && status["r.md"] == " M", "left as the person left them: \(status)")
    }

    @Test func unsafeRenamesChangeNothing() throws {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: 3)
        try vault.write("archive/2024/Kyoto café.md", "taken\n")
        let before = try vault.tree()
        let taken = try vault.run("mv", RenameVault.target, Self.newPath)
        #expect(taken.status == 1 && taken.stderr.contains("already exists; nothing was renamed"), "\(taken)")
        // `[[Unrelated 1]]` leads to other/Unrelated 1.md; a note named so nearer the root would take it.
        let elsewhere = try vault.run("mv", RenameVault.target, "/Unrelated 1.md")
        #expect(elsewhere.status == 1 && elsewhere.stderr.contains("would lead elsewhere after the rename"), "\(elsewhere)")
        try vault.write("notes/.Linking 0.md.swp", "vim")
        let open = try vault.run("mv", RenameVault.target, "fine.md")
        #expect(open.status == 1 && open.stderr.contains("is open in vim"), "\(open)")
        try FileManager.default.removeItem(at: vault.url("notes/.Linking 0.md.swp"))
        #expect(try vault.tree() == before)
    }

    /// A move that a check refuses leaves no journal behind: nothing is journaled before every
    /// check has passed, so no later command carries out the refused move.
    @Test func aRefusedMoveIsNeverCarriedOutLater() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "# Plan\n")
        try vault.write("index.md", "[p](plan.md)\n")
        try vault.write("file.md", "a note, not a folder\n")
        let before = try vault.tree()
        let refused = try vault.run("mv", "plan", "file.md/")
        #expect(refused.status == 1 && refused.stderr.contains("file.md exists and is not a folder"), "\(refused)")
        #expect(try vault.tree() == before)
        let doctor = try vault.run("doctor")
        #expect(doctor.status == 0 && !doctor.stderr.contains("rename"), "\(doctor)")
        // The obstacle goes away; an unrelated command moves nothing.
        try FileManager.default.removeItem(at: vault.url("file.md"))
        let list = try vault.run("list")
        #expect(list.status == 0 && !list.stderr.contains("rename"), "\(list)")
        #expect(vault.exists("plan.md") && !vault.exists("file.md"))
        #expect(try vault.text("index.md") == "[p](plan.md)\n")
    }

    /// The new name typed for a rename means one place everywhere (``Vault/renameTarget(_:for:)``,
    /// the rule the editor's rename follows too): a bare name keeps the note's folder, a path or
    /// a leading `/` is from the vault's root, a folder (ending in `/`, or one that is there)
    /// keeps the file's name, and `.md` is added when missing.
    @Test(arguments: [
        ("trip", "work/trip.md"), ("Trip.MD", "work/Trip.MD"), ("/trip", "trip.md"), ("archive/", "archive/plan.md"),
        ("archive/поездка", "archive/поездка.md"), ("sub", "work/sub/plan.md"), ("/", "plan.md"), ("./trip", "work/trip.md"),
    ])
    func theNewNameMeansOnePlace(typed: String, expected: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("work/plan.md", "# Plan\n")
        try vault.write("work/sub/other.md", "# Other\n")
        try vault.write("index.md", "[[plan]] [p](work/plan.md)\n")
        let result = try vault.run("mv", "work/plan.md", typed)
        #expect(result.status == 0, "\(typed): \(result)")
        #expect(vault.exists(expected) && !vault.exists("work/plan.md"), "\(typed) → \(expected)")
    }

    /// Paths are case-sensitive here, so a rename that changes only the case of a note's name
    /// rewrites the Markdown path links that named it exactly; wikilinks match names in any case
    /// and stay.
    @Test func aCaseOnlyRenameRewritesThePathLinks() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "# Plan\n\n[self](plan.md#plan)\n")
        try vault.write("index.md", "[p](plan.md) [q](plan) [r](./plan.md#plan) [[plan]] [[plan.md|the plan]]\n")
        let result = try vault.run("mv", "plan", "Plan.md")
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.hasSuffix(".md") }.sorted() == ["Plan.md", "index.md"])
        #expect(try vault.text("index.md") == "[p](Plan.md) [q](Plan) [r](./Plan.md#plan) [[plan]] [[plan.md|the plan]]\n")
        #expect(try vault.text("Plan.md") == "# Plan\n\n[self](Plan.md#plan)\n")
    }

    /// A new name that differs from another note's only in case or Unicode normalisation is
    /// refused, as `enote new` never makes one: macOS and Windows would keep only one of them.
    @Test(arguments: ["PLAN.md", "Cafe\u{301}.md", "sub/Note.md"])
    func aNameThatCollidesWithAnotherNotesIsRefused(_ new: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "# Plan\n")
        try vault.write("Caf\u{E9}.md", "# Café\n")
        try vault.write("sub/note.md", "# Note\n")
        try vault.write("other.md", "# Other\n")
        let before = try vault.tree()
        let result = try vault.run("mv", "other", new)
        #expect(result.status == 1 && result.stderr.contains("only in case or Unicode normalisation"), "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test func aRenameKilledAtEachStepIsCompletedByTheNextCommand() throws {
        let template = try TemporaryVault(sample: false)
        try RenameVault.make(template, linking: 3)
        let before = try RenameVault.census(template)
        // Steps: 1 journal, 2 new note, 3…6 the four linking notes (index.md too), 7 old note removed.
        for step in 1...7 {
            let vault = try TemporaryVault(sample: false)
            try FileManager.default.removeItem(at: vault.root)
            try FileManager.default.copyItem(at: template.root, to: vault.root)
            let killed = try RenameVault.killMove(vault, [RenameVault.target, Self.newPath], atStep: step)
            #expect(killed, "step \(step): the process was not paused there")
            #expect(vault.exists(".enote/rename.journal"), "step \(step)")
            let next = try vault.run("list", "--json")
            #expect(next.status == 0, "step \(step): \(next)")
            #expect(next.stderr.contains("Completed the interrupted rename"), "step \(step): \(next.stderr)")
            try Self.expectRenamed(vault, before: before, linking: 3)
        }
    }

    /// The note is at its new path only, every link that led to it leads there, no link died,
    /// and git sees exactly the linking notes and the move.
    static func expectRenamed(_ vault: TemporaryVault, before: (targets: [String: Int], dead: Int), linking: Int) throws {
        #expect(!vault.exists(RenameVault.target) && vault.exists(newPath))
        #expect(!vault.exists(".enote/rename.journal"))
        let after = try RenameVault.census(vault)
        #expect(after.dead == before.dead)
        #expect(after.targets[RenameVault.target] == nil)
        #expect(after.targets[newPath] == before.targets[RenameVault.target])
        #expect(after.targets.filter { $0.key != newPath } == before.targets.filter { $0.key != RenameVault.target })
        let status = try RenameVault.gitStatus(vault)
        var expected: [String: String] = [RenameVault.target: " D", newPath: "??", "index.md": " M"]
        let folders = ["notes/", "linking/", "linking/deep/er/"]
        for number in 0..<linking { expected["\(folders[number % 3])Linking \(number).md"] = " M" }
        #expect(status == expected)
        // Text that is not a link is as it was.
        let text = try vault.text("notes/Linking 0.md")
        #expect(text.contains("Not links: `[[Café trip]]` and \\[[Café trip]] and `[x](Caf%C3%A9%20trip.md)`."), "\(text)")
        #expect(text.contains("```\n[[Café trip]] [x](Caf%C3%A9%20trip.md)\n```"))
    }
}

/// `enote set NOTE --title T --rename`: the file takes the title's name through the same rename.
@Suite struct SetRenameTests {
    @Test func theFileTakesTheNewTitlesNameAndLinksFollow() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("work/plan.md", "---\ntitle: Plan\n---\nThe plan.\n")
        try vault.write("index.md", "[p](work/plan.md) and [[plan|the plan]]\n")
        let result = try vault.run("set", "work/plan.md", "--title", "Project plan: Q1", "--rename")
        #expect(result.status == 0, "\(result)")
        #expect(!vault.exists("work/plan.md"))
        #expect(try vault.text("work/project-plan-q1.md").hasPrefix("---\ntitle: \"Project plan: Q1\"\n"))
        #expect(try vault.text("index.md") == "[p](work/project-plan-q1.md) and [[project-plan-q1|the plan]]\n")
    }

    @Test func anUnsafeRenameLeavesTheTitleAsItWas() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "---\ntitle: Plan\n---\nThe plan.\n")
        try vault.write("taken.md", "taken\n")
        let before = try vault.tree()
        let result = try vault.run("set", "plan.md", "--title", "Taken", "--rename")
        #expect(result.status == 1 && result.stderr.contains("already exists"), "\(result)")
        #expect(try vault.tree() == before)
        let usage = try vault.run("set", "plan.md", "--rename")
        #expect(usage.status == 2, "\(usage)")
    }
}
