import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Notes moved outside enote (`rename(2)`, `git mv`, a file manager): the next index update
/// recognises the move by the file's content, `enote doctor` lists the links it broke, and
/// `enote doctor --fix-links` rewrites them as `enote mv` would have.
@Suite struct MovedOutsideTests {
    static let newPath = RenameTests.newPath

    /// A vault of `linking` notes linking the target in every form, indexed before the move.
    static func indexedVault(linking: Int = 3) throws -> (vault: TemporaryVault, before: (targets: [String: Int], dead: Int)) {
        let vault = try TemporaryVault(sample: false)
        try RenameVault.make(vault, linking: linking)
        let before = try RenameVault.census(vault)
        let list = try vault.run("list")
        try #require(list.status == 0, "\(list)")
        return (vault, before)
    }

    /// Moves a file with `rename(2)`, making the folders of its new path.
    static func rename(_ vault: TemporaryVault, _ old: String, _ new: String) throws {
        try FileManager.default.createDirectory(at: vault.url(new).deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(Glibc.rename(vault.url(old).path, vault.url(new).path) == 0)
    }

    /// `enote doctor --json`'s findings of `kind`.
    static func findings(_ vault: TemporaryVault, kind: String) throws -> [[String: Any]] {
        let result = try vault.run("doctor", "--json")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
        return all.filter { $0["kind"] as? String == kind }
    }

    @Test func aPlainRenameIsReportedAndFixedAsEnoteMvWouldHave() throws {
        let (vault, before) = try Self.indexedVault()
        try Self.rename(vault, RenameVault.target, Self.newPath)

        let doctor = try vault.run("doctor")
        #expect(doctor.status == 1)
        #expect(
            doctor.stdout.contains(
                "linking/Linking 1.md:7: moved-link: the link to ../notes/Caf%C3%A9%20trip.md leads nowhere since notes/Café trip.md was moved to \(Self.newPath) outside enote; it can be rewritten to ../archive/2024/Kyoto%20caf%C3%A9.md"
            ), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(Self.newPath):6: moved-link: the link to ../index.md"), "the moved note's own relative links: \(doctor.stdout)")
        #expect(!doctor.stdout.contains("broken-link: the link to ../notes/Caf"), "a link the move broke is listed once, as moved-link: \(doctor.stdout)")
        #expect(!doctor.stdout.contains("missing-image: the picture ../pics/map.png"), "\(doctor.stdout)")
        #expect(doctor.stderr.contains("enote doctor --fix-links"), "\(doctor.stderr)")
        let moved = try Self.findings(vault, kind: "moved-link")
        // Every link that named the note's path broke; wikilinks by a name that stays unique did not.
        #expect(moved.count >= 3 * 9, "\(moved.count)")

        let tree = try vault.tree()
        let dryRun = try vault.run("doctor", "--fix-links", "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(try vault.tree() == tree, "--dry-run changes nothing")
        #expect(dryRun.stdout.contains("--- a/index.md\n+++ b/index.md\n"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("-[trip](notes/Caf%C3%A9%20trip.md)\n+[trip](archive/2024/Kyoto%20caf%C3%A9.md)\n"), "\(dryRun.stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try vault.run("doctor", "--fix-links", "--dry-run", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 1 && json[0]["from"] as? String == RenameVault.target && json[0]["to"] as? [String] == [Self.newPath])
        #expect((json[0]["links"] as? [Any])?.count == moved.count)

        let fix = try vault.run("doctor", "--fix-links")
        #expect(fix.status == 0, "\(fix)")
        #expect(fix.stderr.contains("Rewrote the links to notes/Café trip.md, moved to \(Self.newPath)"), "\(fix.stderr)")
        try RenameTests.expectRenamed(vault, before: before, linking: 3)
        #expect(try Self.findings(vault, kind: "moved-link").isEmpty)
        let again = try vault.run("doctor", "--fix-links")
        #expect(again.status == 0 && again.stderr.contains("No links broken by notes moved outside enote"), "\(again)")
    }

    @Test func gitMvIsRecognised() throws {
        let (vault, before) = try Self.indexedVault()
        try FileManager.default.createDirectory(at: vault.url("archive/2024"), withIntermediateDirectories: true)
        try RenameVault.git(vault, "mv", RenameVault.target, Self.newPath)
        #expect(try Self.findings(vault, kind: "moved-link").count >= 27)
        let fix = try vault.run("doctor", "--fix-links")
        #expect(fix.status == 0, "\(fix)")
        let after = try RenameVault.census(vault)
        #expect(after.dead == before.dead)
        #expect(after.targets[Self.newPath] == before.targets[RenameVault.target])
    }

    @Test func aMoveIntoASubfolderRewritesOnlyTheLinksThatBroke() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "# Plan\n\nSee [the index](index.md).\n")
        try vault.write("index.md", "[p](plan.md) [[plan]] [[plan|the plan]] [x](plan.md#goals)\n")
        try vault.write("other.md", "Unrelated [i](index.md)\n")
        #expect(try vault.run("list").status == 0)
        try Self.rename(vault, "plan.md", "work/plan.md")
        let moved = try Self.findings(vault, kind: "moved-link")
        #expect(moved.compactMap { $0["location"] as? String }.sorted() == ["index.md:1", "index.md:1", "work/plan.md:3"], "\(moved)")
        let fix = try vault.run("doctor", "--fix-links")
        #expect(fix.status == 0, "\(fix)")
        // The wikilinks by name still lead there: they are left as written.
        #expect(try vault.text("index.md") == "[p](work/plan.md) [[plan]] [[plan|the plan]] [x](work/plan.md#goals)\n")
        #expect(try vault.text("work/plan.md") == "# Plan\n\nSee [the index](../index.md).\n")
        #expect(try vault.text("other.md") == "Unrelated [i](index.md)\n")
    }

    /// Decided: a file moved and edited before the index saw either is recognised when it kept
    /// its inode (edited in place) and its title; an editor's save that replaces the file (a new
    /// inode) and changes its bytes leaves nothing to recognise it by, and doctor lists plain
    /// broken links.
    @Test func aMovePlusAnEditIsRecognisedByInodeOnlyWhenTheFileWasKept() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "# Plan\n\nThe plan.\n")
        try vault.write("index.md", "[p](plan.md)\n")
        try vault.write("recipe.md", "# Recipe\n\nFlour.\n")
        try vault.write("menu.md", "[r](recipe.md)\n")
        #expect(try vault.run("list").status == 0)
        try Self.rename(vault, "plan.md", "work/plan.md")
        let handle = try FileHandle(forWritingTo: vault.url("work/plan.md"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("More.\n".utf8))
        try handle.close()
        // An editor's save: a new file written beside, then renamed over the note.
        try Self.rename(vault, "recipe.md", "food/recipe.md")
        try vault.write("food/.recipe.md.tmp", "# Recipe\n\nFlour and salt.\n")
        try Self.rename(vault, "food/.recipe.md.tmp", "food/recipe.md")

        let moved = try Self.findings(vault, kind: "moved-link")
        #expect(moved.map { $0["location"] as? String } == ["index.md:1"], "\(moved)")
        let broken = try Self.findings(vault, kind: "broken-link")
        #expect(broken.map { $0["location"] as? String } == ["menu.md"], "\(broken)")
        #expect(try vault.run("doctor", "--fix-links").status == 0)
        #expect(try vault.text("index.md") == "[p](work/plan.md)\n")
        #expect(try vault.text("menu.md") == "[r](recipe.md)\n")
    }

    @Test func twoIdenticalFilesAreReportedAndNeverFixed() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "# Plan\n\nThe plan.\n")
        try vault.write("index.md", "[p](plan.md)\n")
        #expect(try vault.run("list").status == 0)
        try Self.rename(vault, "plan.md", "a/plan.md")
        try vault.write("b/plan.md", "# Plan\n\nThe plan.\n")
        let notes = try Self.findings(vault, kind: "moved-note")
        #expect(notes.count == 1, "\(notes)")
        #expect((notes.first?["message"] as? String)?.contains("more than one note fits (a/plan.md, b/plan.md)") == true, "\(notes)")
        #expect(try Self.findings(vault, kind: "moved-link").isEmpty)
        let tree = try vault.tree()
        let fix = try vault.run("doctor", "--fix-links")
        #expect(fix.status == 1, "\(fix)")
        #expect(fix.stderr.contains("more than one note fits"), "\(fix.stderr)")
        #expect(try vault.tree() == tree)
    }

    @Test func fixLinksRefusesANoteOpenInAnEditorAndChangesNothing() throws {
        let (vault, _) = try Self.indexedVault()
        try Self.rename(vault, RenameVault.target, Self.newPath)
        try vault.write("notes/.Linking 0.md.swp", "vim")
        let tree = try vault.tree()
        let open = try vault.run("doctor", "--fix-links")
        #expect(open.status == 1 && open.stderr.contains("is open in vim"), "\(open)")
        #expect(try vault.tree() == tree)
        let forced = try vault.run("doctor", "--fix-links", "--force")
        #expect(forced.status == 0, "\(forced)")
        #expect(try Self.findings(vault, kind: "moved-link").isEmpty)
        let usage = try vault.run("doctor", "--dry-run")
        #expect(usage.status == 2, "\(usage)")
    }

    @Test func theRecordIsDroppedWhenTheOldPathIsBack() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", "# Plan\n\nThe plan.\n")
        try vault.write("index.md", "[p](plan.md)\n")
        #expect(try vault.run("list").status == 0)
        try Self.rename(vault, "plan.md", "work/plan.md")
        #expect(try Self.findings(vault, kind: "moved-link").count == 1)
        try Self.rename(vault, "work/plan.md", "plan.md")
        #expect(try vault.run("doctor").status == 0)
        // Moved twice: the record follows the note to where it is now.
        try Self.rename(vault, "plan.md", "a/plan.md")
        #expect(try vault.run("list").status == 0)
        try Self.rename(vault, "a/plan.md", "b/plan.md")
        let moved = try Self.findings(vault, kind: "moved-link")
        #expect((moved.first?["message"] as? String)?.contains("it can be rewritten to b/plan.md") == true, "\(moved)")
    }

    @Test func aMoveWhileTheWatcherRunsIsRecognisedAndFixed() throws {
        let (vault, before) = try Self.indexedVault()
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        // A new folder and a move into it: the watcher applies the folder and the file apart.
        try Self.rename(vault, RenameVault.target, Self.newPath)
        var moved: [[String: Any]] = []
        watcher.wait {
            moved = (try? Self.findings(vault, kind: "moved-link")) ?? []
            return moved.count >= 27
        }
        #expect(moved.count >= 27, "watcher log:\n\(watcher.stderr)")
        let fix = try vault.run(["doctor", "--fix-links"], environment: ["ENOTE_TRACE": "1"])
        #expect(fix.status == 0, "\(fix)")
        #expect(usedTheWatcher(fix), "\(fix.stderr)")
        try RenameTests.expectRenamed(vault, before: before, linking: 3)
    }

    @Test func fixLinksKilledAtEachStepIsCompletedByTheNextCommand() throws {
        let template = try TemporaryVault(sample: false)
        try RenameVault.make(template, linking: 3)
        let before = try RenameVault.census(template)
        #expect(try template.run("list").status == 0)
        try Self.rename(template, RenameVault.target, Self.newPath)
        // Steps: 1 journal, 2 nothing moves, 3…7 the five notes rewritten (index.md, three
        // linking notes, the moved note's own links), 8 all done but the journal's removal.
        for step in 1...8 {
            let vault = try TemporaryVault(sample: false)
            try FileManager.default.removeItem(at: vault.root)
            try FileManager.default.copyItem(at: template.root, to: vault.root)
            let killed = try RenameVault.killMove(vault, ["--fix-links"], atStep: step, command: ["doctor"])
            #expect(killed, "step \(step): the process was not paused there")
            #expect(vault.exists(".enote/rename.journal"), "step \(step)")
            let next = try vault.run("list", "--json")
            #expect(next.status == 0, "step \(step): \(next)")
            #expect(next.stderr.contains("Completed the interrupted rename"), "step \(step): \(next.stderr)")
            try RenameTests.expectRenamed(vault, before: before, linking: 3)
            let doctor = try vault.run("doctor", "--fix-links")
            #expect(doctor.status == 0 && doctor.stderr.contains("No links broken"), "step \(step): \(doctor)")
        }
    }
}
