import Foundation
import Testing

/// `enote expire [--dry-run] [--force]` on a copy of SampleVault, where old-reminder.md's destroy
/// date (2025-01-15) has passed and grocery-list.md's (2099) has not.
@Suite struct ExpireTests {
    /// A due note (its date passed long ago) with a body to find it by.
    private func writeDue(_ vault: TemporaryVault, _ name: String, destroy: String = "2024-06-01") throws {
        try vault.write(name, "---\ntitle: \(name)\ndestroy: \(destroy)\n---\nDue \(name)\n")
    }

    @Test func dryRunListsWithoutMoving() throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()

        let result = try vault.run("expire", "--dry-run")

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "old-reminder.md\t2025-01-15T00:00:00+00:00\twould be destroyed\n", "\(result)")
        #expect(try vault.tree() == before, "nothing moved")
        #expect(!vault.exists(".trash"))
    }

    @Test func expireMovesTheDueNoteToTheTrashAndSaysSo() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("old-reminder.md")

        let result = try vault.run("expire")

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "old-reminder.md\t2025-01-15T00:00:00+00:00\tmoved to .trash/old-reminder.md\n", "\(result)")
        #expect(!vault.exists("old-reminder.md"))
        #expect(try vault.bytes(".trash/old-reminder.md") == original)
        #expect(vault.exists("grocery-list.md"), "its date is in 2099")

        let trash = try JSONOutput.array(try vault.run("trash", "list", "--json"))
        #expect(trash.count == 1)
        #expect(trash.first?["original"] as? String == "old-reminder.md")
        #expect(trash.first?["reason"] as? String == "expired")
        #expect(Set(try vault.listedPaths()) == Set(SampleNotes.listed))

        let again = try vault.run("expire")
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr.contains("No note was destroyed"), "\(again.stderr)")
    }

    @Test func expireFindsADueNoteWrittenSinceTheLastCommand() throws {
        let vault = try TemporaryVault()
        #expect(try vault.run("list").status == 0)  // the index exists now
        try writeDue(vault, "work/fresh-due.md")

        let result = try vault.run("expire")

        #expect(result.stdout.contains("work/fresh-due.md\t2024-06-01T00:00:00+00:00\tmoved to .trash/work/fresh-due.md"), "\(result)")
        #expect(vault.exists(".trash/work/fresh-due.md"))
    }

    @Test(arguments: ["destroy: tomorrow", "destroy: 2024-13-45", "destroy: [2024-01-01, 2024-02-01]", "destroy: 2020-01-01\nexpires: 2020-01-02"])
    func anUnusableDateKeepsTheNoteAndSaysWhy(line: String) throws {
        let vault = try TemporaryVault()
        try vault.write("unusable.md", "---\ntitle: Unusable\n\(line)\n---\nKeep me\n")
        let original = try vault.bytes("unusable.md")

        for arguments in [["expire", "--dry-run"], ["expire"]] {
            let result = try vault.run(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("kept unusable.md: its destroy date"), "\(result)")
            #expect(result.stderr.contains("so it is never destroyed"), "\(result)")
            #expect(!result.stdout.contains("unusable.md"))
        }
        #expect(try vault.bytes("unusable.md") == original)
        #expect(!vault.exists(".trash/unusable.md"))
    }

    @Test func aNoteOpenInVimIsKept() throws {
        let vault = try TemporaryVault()
        try vault.write(".old-reminder.md.swp", "b0VIM 9.0")

        let result = try vault.run("expire")

        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("kept old-reminder.md: it is open in vim"), "\(result)")
        #expect(vault.exists("old-reminder.md") && !vault.exists(".trash/old-reminder.md"))
    }

    @Test func theCapRefusesAndForceGoesAhead() throws {
        let vault = try TemporaryVault()
        let config = try vault.text(".enote/config")
        try vault.write(".enote/config", config + "expiry_cap = 2\n")
        for name in ["due-a.md", "due-b.md", "work/due-c.md"] { try writeDue(vault, name) }
        let before = try vault.tree()

        let refused = try vault.run("expire")

        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("enote: 4 of 16 notes are past their destroy date at once (the cap is 2 per pass)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("enote expire --force"), "the message says what to do")
        #expect(refused.stdout.isEmpty)
        #expect(try vault.tree() == before, "nothing destroyed")

        let forced = try vault.run("expire", "--force")

        #expect(forced.status == 0, "\(forced)")
        let moved = forced.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(Set(moved) == ["old-reminder.md", "due-a.md", "due-b.md", "work/due-c.md"], "\(forced)")
        for name in ["old-reminder.md", "due-a.md", "due-b.md", "work/due-c.md"] {
            #expect(!vault.exists(name))
            #expect(vault.exists(".trash/" + name))
        }
    }

    /// RELIABILITY row 28: after a note expired and the removal was committed, checking out the
    /// older branch brings it back unchanged; `enote expire` keeps it, every time, and says why.
    @Test func anExpiredNoteCheckedOutAgainIsKept() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("old-reminder.md")
        try vault.commitAll()
        #expect(try vault.tool(["git", "branch", "old"]).status == 0)
        #expect(try vault.run("expire").stdout.contains("moved to .trash/old-reminder.md"))
        #expect(try vault.tool(["git", "commit", "-q", "-am", "old-reminder.md expired"]).status == 0)
        #expect(try vault.tool(["git", "checkout", "-q", "old"]).status == 0)
        #expect(try vault.bytes("old-reminder.md") == original, "git brought it back")

        for _ in 0..<2 {
            let result = try vault.run("expire")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.isEmpty, "nothing destroyed: \(result)")
            #expect(result.stderr.contains("kept old-reminder.md: it already expired on 20"), "\(result.stderr)")
            #expect(result.stderr.contains("remove its destroy date, or delete it by hand"), "\(result.stderr)")
        }
        #expect(try vault.bytes("old-reminder.md") == original)
    }

    @Test func expireWhileTheWatcherRunsUsesItsIndex() throws {
        let vault = try TemporaryVault()
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        // The watcher expired old-reminder.md at start; a new due note is expired by it too, at once.
        try writeDue(vault, "new-due.md")
        #expect(watcher.wait { vault.exists(".trash/new-due.md") }, "\(watcher.stderr)")

        let result = try vault.run(["expire", "--dry-run"], environment: ["ENOTE_TRACE": "1"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No note is due"), "\(result.stderr)")
        #expect(usedTheWatcher(result), "\(result.stderr)")
    }
}
