import Foundation
import Testing

/// `enote log`, `enote diff` and `enote restore`: a note's history in git, following renames,
/// and an old version brought back as a new change.
@Suite struct HistoryTests {
    /// A vault in git whose `plan.md` was created, edited (title and body), renamed to
    /// `work/plan.md` and edited again: four commits.
    static func vaultWithHistory() throws -> GitClones {
        let clones = try GitClones(count: 1, notes: ["plan.md": "---\ntitle: Plan\ntags: [a]\n---\nOne.\nTwo.\n"])
        let vault = clones[0]
        try vault.write("plan.md", "---\ntitle: The plan\ntags: [a]\n---\nOne.\nTwo, changed.\nThree.\n")
        try vault.git("commit", "-qam", "edit")
        try FileManager.default.createDirectory(at: vault.url("work"), withIntermediateDirectories: true)
        try vault.git("mv", "plan.md", "work/plan.md")
        try vault.git("commit", "-qm", "move")
        try vault.write("work/plan.md", "---\ntitle: The plan\ntags: [a, b]\n---\nOne.\nTwo, changed.\nThree.\n")
        try vault.git("commit", "-qam", "tag")
        return clones
    }

    @Test func logFollowsRenamesAndSaysWhichFieldsAndLinesChanged() throws {
        let clones = try Self.vaultWithHistory()
        let result = try clones[0].run("log", "work/plan", "--json")
        #expect(result.status == 0, "\(result)")
        let entries = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
        // Newest first, across the rename
        #expect(entries.map { $0["subject"] as? String } == ["tag", "move", "edit", "the vault"])
        #expect(entries[0]["fields"] as? [String] == ["tags"])
        #expect(entries[1]["change"] as? String == "renamed")
        #expect(entries[1]["previous_path"] as? String == "plan.md")
        #expect(entries[2]["fields"] as? [String] == ["title"])
        #expect(entries[2]["lines_added"] as? Int == 2)
        #expect(entries[2]["lines_removed"] as? Int == 1)
        #expect(entries[3]["change"] as? String == "added")
        // And the text form says the same in words
        let text = try clones[0].run("log", "work/plan")
        #expect(text.stdout.contains("fields: title; body lines +2 -1"), "\(text)")
        #expect(text.stdout.contains("renamed from plan.md to work/plan.md"), "\(text)")
    }

    @Test func diffShowsTheChangesSinceARevision() throws {
        let clones = try Self.vaultWithHistory()
        try clones[0].write("work/plan.md", "---\ntitle: The plan\ntags: [a, b]\n---\nOne.\nTwo, changed.\nThree.\nFour.\n")
        let uncommitted = try clones[0].run("diff", "work/plan")
        #expect(uncommitted.status == 0)
        #expect(uncommitted.stdout.contains("+Four."), "\(uncommitted)")
        let sinceStart = try clones[0].run("diff", "work/plan", "HEAD~3")
        #expect(sinceStart.stdout.contains("-title: Plan") && sinceStart.stdout.contains("+title: The plan"), "\(sinceStart)")
        let unknown = try clones[0].run("diff", "work/plan", "no-such-rev")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("git knows no revision \"no-such-rev\""), "\(unknown)")
    }

    @Test func restoreWritesTheOldVersionAsANewChangeWithoutRewritingHistory() throws {
        let clones = try Self.vaultWithHistory()
        let vault = clones[0]
        let head = try vault.head()
        // When the first version is restored (it had another name then)
        let result = try vault.run("restore", "work/plan", "--at", "HEAD~3")
        // Then the note has its old body and title, as a change not yet committed (and no
        // `updated`, which the note never had: issue 34)
        #expect(result.status == 0, "\(result)")
        let text = try vault.text("work/plan.md")
        #expect(text.contains("title: Plan\n") && text.hasSuffix("---\nOne.\nTwo.\n"), "\(text)")
        #expect(!text.contains("updated: "))
        #expect(try vault.head() == head)
        #expect(try vault.git("rev-list", "--count", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines) == "4")
        #expect(try vault.git("status", "--porcelain").contains("work/plan.md"))
    }

    @Test func restoreBringsBackARemovedNoteAndRefusesWhileOpenInAnEditor() throws {
        let clones = try Self.vaultWithHistory()
        let vault = clones[0]
        try vault.git("rm", "-q", "work/plan.md")
        try vault.git("commit", "-qm", "gone")
        let back = try vault.run("restore", "work/plan.md", "--at", "HEAD~1")
        #expect(back.status == 0, "\(back)")
        #expect(try vault.text("work/plan.md").contains("tags: [a, b]"))
        // And with the note open in vim, nothing is written
        try vault.write("work/.plan.md.swp", "swap")
        let before = try vault.text("work/plan.md")
        let refused = try vault.run("restore", "work/plan", "--at", "HEAD~2")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("is open in vim"), "\(refused)")
        #expect(try vault.text("work/plan.md") == before)
    }

    /// A vault that is a folder of a bigger repository, whose root has a file of the same name.
    static func vaultInsideARepository() throws -> (vault: TemporaryVault, repository: URL) {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("enote-repo-\(UUID().uuidString)")
        let vault = try TemporaryVault(sample: false, in: repository)
        try Data("ROOT FILE\n".utf8).write(to: repository.appendingPathComponent("plan.md"))
        try vault.write(".enote/config", "expiry = trash\n")
        try vault.write("plan.md", "---\ntitle: Plan\n---\nOld vault text.\n")
        try GitClones.git(["init", "--quiet", "-b", "main"], in: repository)
        try GitClones.identify(repository, name: "repo")
        try GitClones.git(["add", "-A"], in: repository)
        try GitClones.git(["commit", "--quiet", "-m", "first"], in: repository)
        try vault.write("plan.md", "---\ntitle: Plan\n---\nNew vault text.\n")
        try vault.git("commit", "-qam", "second")
        return (vault, repository)
    }

    @Test func restoreInAVaultInsideARepositoryReadsTheVaultsNoteNotTheRootFile() throws {
        let (vault, repository) = try Self.vaultInsideARepository()
        defer { try? FileManager.default.removeItem(at: repository) }
        let result = try vault.run("restore", "plan", "--at", "HEAD~1")
        #expect(result.status == 0, "\(result)")
        let text = try vault.text("plan.md")
        #expect(text.contains("Old vault text.") && !text.contains("ROOT FILE"), "\(text)")
        let log = try vault.run("log", "plan", "--json")
        #expect(log.status == 0, "\(log)")
        let entries = try #require(try JSONSerialization.jsonObject(with: log.stdoutBytes) as? [[String: Any]])
        #expect(entries.map { $0["path"] as? String } == ["plan.md", "plan.md"], "\(log)")
    }

    @Test func logAndDiffTakeANotesNameLiterallyNotAsAWildcardPattern() throws {
        let clones = try GitClones(count: 1, notes: ["[e].md": "---\ntitle: Bracket\n---\nBracket.\n"])
        let vault = clones[0]
        try vault.write("e.md", "---\ntitle: E\n---\nE.\n")
        try vault.git("add", "e.md")
        try vault.git("commit", "-qm", "e only")
        // `[e].md` as a pattern would name `e.md`
        let log = try vault.run("log", "[e].md", "--json")
        #expect(log.status == 0, "\(log)")
        let entries = try #require(try JSONSerialization.jsonObject(with: log.stdoutBytes) as? [[String: Any]])
        #expect(entries.map { $0["subject"] as? String } == ["the vault"], "\(log)")
        #expect(entries.map { $0["path"] as? String } == ["[e].md"], "\(log)")
        try vault.write("e.md", "---\ntitle: E\n---\nE, changed.\n")
        let diff = try vault.run("diff", "[e].md", "HEAD~1")
        #expect(diff.status == 0, "\(diff)")
        #expect(!diff.stdout.contains("E, changed.") && !diff.stdout.contains("e.md"), "\(diff)")
    }

    @Test func restoreRefusesToOverwriteUncommittedTextAndForceMovesItToTheTrashFirst() throws {
        let clones = try Self.vaultWithHistory()
        let vault = clones[0]
        let unsaved = "---\ntitle: The plan\ntags: [a, b]\n---\nOne.\nTwo, changed.\nThree.\nTyped, not committed.\n"
        try vault.write("work/plan.md", unsaved)
        // Without --force nothing is written, and the message says why and what to do
        let refused = try vault.run("restore", "work/plan", "--at", "HEAD~3")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("work/plan.md has changes that are not committed"), "\(refused)")
        #expect(refused.stderr.contains("git commit, or enote sync") && refused.stderr.contains("--force"), "\(refused)")
        #expect(try vault.text("work/plan.md") == unsaved)
        // With --force the uncommitted text goes to the trash first, and the old version is written
        let forced = try vault.run("restore", "work/plan", "--at", "HEAD~3", "--force")
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stderr.contains("Moved the uncommitted text of work/plan.md to .trash/work/plan.md"), "\(forced)")
        #expect(try vault.text(".trash/work/plan.md") == unsaved)
        #expect(try vault.text("work/plan.md").hasSuffix("---\nOne.\nTwo.\n"))
        let trash = try vault.run("trash")
        #expect(trash.stdout.contains("work/plan.md") && trash.stdout.contains("replaced by enote restore"), "\(trash)")
    }

    @Test func restoringAVersionWhoseDestroyDateHasPassedSaysTheNextExpiryPassDestroysIt() throws {
        let clones = try GitClones(count: 1, notes: ["due.md": "---\ntitle: Due\ndestroy: 2001-01-01\n---\nShort-lived.\n"])
        let vault = clones[0]
        try vault.write("due.md", "---\ntitle: Due\n---\nKept for good.\n")
        try vault.git("commit", "-qam", "keep it")
        let result = try vault.run("restore", "due", "--at", "HEAD~1")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("due.md").contains("destroy: 2001-01-01"))
        #expect(result.stderr.contains("due.md"), "\(result)")
        #expect(result.stderr.contains("has passed, so the next expiry pass destroys it"), "\(result)")
        #expect(result.stderr.contains("enote set due.md --destroy DATE"), "\(result)")
        // And the same when a removed note comes back
        try vault.git("rm", "-qf", "due.md")
        try vault.git("commit", "-qm", "gone")
        let back = try vault.run("restore", "due", "--at", "HEAD~2")
        #expect(back.status == 0, "\(back)")
        #expect(back.stderr.contains("has passed, so the next expiry pass destroys it"), "\(back)")
    }
}
