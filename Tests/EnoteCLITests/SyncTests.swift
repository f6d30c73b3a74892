import EnoteTestSupport
import Foundation
import Testing

/// RELIABILITY row 37: `enote sync` with two and three clones of a bare remote, all real git.
@Suite struct SyncTests {
    static let plan = "---\ntitle: Plan\n---\nFirst paragraph.\n\nSecond paragraph.\n"

    @Test func changesOnTwoMachinesMeetAfterSyncingWithAMessageThatSaysWhatChangedWhere() throws {
        // Given two clones of one vault
        let clones = try GitClones(count: 2, notes: ["plan.md": Self.plan])
        let host = ProcessInfo.processInfo.hostName
        // When one changes a note and removes nothing, and the other adds a note and an attachment
        try clones[0].write("plan.md", Self.plan.replacingOccurrences(of: "First", with: "Changed first"))
        try clones[1].write("idea.md", "---\ntitle: Idea\n---\nAn idea.\n")
        try clones[1].write("attachments/a.txt", "attached")
        let first = try clones[0].run("sync")
        let second = try clones[1].run("sync")
        let third = try clones[0].run("sync")

        // Then every sync succeeds, and both clones have both changes
        for result in [first, second, third] { #expect(result.status == 0, "\(result)") }
        for clone in clones.clones {
            #expect(try clone.text("plan.md").contains("Changed first paragraph."))
            #expect(try clone.text("idea.md").contains("An idea."))
            #expect(try clone.text("attachments/a.txt") == "attached")
        }
        // And each commit says what changed and where, and history is a straight line
        let subjects = try clones[0].git("log", "--format=%s").split(separator: "\n")
        #expect(subjects.contains("1 note changed on \(host)"), "\(subjects)")
        #expect(subjects.contains("1 note added, 1 other file changed on \(host)"), "\(subjects)")
        #expect(try clones[0].git("rev-list", "--merges", "HEAD").isEmpty, "no merge commits")
        // And the index and the vault's local state were never committed
        let tracked = try clones[1].git("ls-files")
        #expect(!tracked.contains("index.sqlite"))
        #expect(tracked.contains(".enote/config"))
        #expect(try clones[0].git("status", "--porcelain").isEmpty)
    }

    @Test func notesInTheTrashAndEnoteStateStayOnTheirMachine() throws {
        let clones = try GitClones(count: 2, notes: ["plan.md": Self.plan, "old.md": "---\ntitle: Old\n---\nOld.\n"])
        // When a note is removed (to .trash/) and synced
        try #require(try clones[0].run("rm", "old").status == 0)
        let result = try clones[0].run("sync")
        #expect(result.status == 0, "\(result)")
        #expect(try clones[0].git("log", "-1", "--format=%s").hasPrefix("1 note removed on "))
        // Then the other machine loses the note but gets no .trash/ and no state
        #expect(try clones[1].run("sync").status == 0)
        #expect(!clones[1].exists("old.md"))
        #expect(!clones[1].exists(".trash"))
        #expect(!(try clones[0].git("ls-files")).contains(".trash"))
    }

    /// One refusal: how to bring it about in a clone, and what the message must say.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var expected: String
        var testDescription: String { name }
    }

    @Test(
        arguments: [
            Refusal(name: "a merge in progress", expected: "a git merge is in progress"),
            Refusal(name: "a rebase in progress", expected: "a git rebase is in progress"),
            Refusal(name: "a note open in vim", expected: "plan.md is open in vim"),
            Refusal(name: "an Emacs lock", expected: "plan.md is open in Emacs"),
            Refusal(name: "no upstream", expected: "has no upstream"),
            Refusal(name: "a detached HEAD", expected: "detached HEAD"),
        ])
    func refusesWithWhatToDoAndChangesNothing(_ refusal: Refusal) throws {
        // Given a clone with a local change, and the situation
        let clones = try GitClones(count: 2, notes: ["plan.md": Self.plan, "other.md": "---\ntitle: Other\n---\nOther.\n"])
        let clone = clones[0]
        switch refusal.name {
        case "a merge in progress", "a rebase in progress":
            // Both sides changed one line: git stops on the conflict.
            try clones[1].write("other.md", "---\ntitle: Other\n---\nTheirs.\n")
            try clones[1].git("commit", "-qam", "theirs")
            try clones[1].git("push", "-q")
            try clone.write("other.md", "---\ntitle: Other\n---\nOurs.\n")
            try clone.git("commit", "-qam", "ours")
            try clone.git("fetch", "-q")
            let command = refusal.name == "a merge in progress" ? ["merge", "origin/main"] : ["rebase", "origin/main"]
            #expect(try GitClones.run(command, in: clone.root).status != 0)
        case "a note open in vim":
            try clone.write(".plan.md.swp", "vim swap")
        case "an Emacs lock":
            try FileManager.default.createSymbolicLink(atPath: clone.url(".#plan.md").path, withDestinationPath: "me@host.4242:1700000000")
        case "no upstream":
            try clone.git("branch", "--unset-upstream")
        default:
            try clone.git("switch", "-q", "--detach")
        }
        try clone.write("plan.md", Self.plan + "A local change.\n")
        let head = try clone.head()
        let remoteHead = try clone.git("ls-remote", clones.remote.path, "refs/heads/main")
        // When it syncs
        let result = try clone.run("sync")
        // Then it refuses, saying why and what to do, and commits and pushes nothing
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(refusal.expected), "\(result)")
        #expect(try clone.head() == head)
        #expect(try clone.text("plan.md").hasSuffix("A local change.\n"))
        #expect(try clone.git("ls-remote", clones.remote.path, "refs/heads/main") == remoteHead)
    }

    @Test func aNoteOpenInEnoteEditIsNotSyncedUnderIt() throws {
        let clones = try GitClones(count: 1, notes: ["plan.md": "---\ntitle: Plan\n---\nLine.\n"])
        let vault = clones[0]
        // Given an editor, started by a real `enote edit`, that runs `enote sync` while it has the note
        let editor = try vault.script(
            "sync-while-editing.sh",
            """
            printf 'Typed.\\n' >> "$1"
            cd "\(vault.root.path)"
            "\(EnoteProcess.executable.path)" sync > "\(vault.base.path)/sync-out" 2>&1
            echo $? > "\(vault.base.path)/sync-status"
            """)
        let edit = try vault.run(["edit", "plan"], environment: ["EDITOR": editor])
        #expect(edit.status == 0, "\(edit)")
        // Then that sync was refused, naming the note and enote edit, and committed nothing
        let status = try String(contentsOfFile: vault.base.path + "/sync-status", encoding: .utf8)
        let said = try String(contentsOfFile: vault.base.path + "/sync-out", encoding: .utf8)
        #expect(status == "1\n", "\(said)")
        #expect(said.contains("plan.md is open in enote edit"), "\(said)")
        #expect(try vault.git("log", "--format=%s") == "the vault\n")
        // And the claim file is never committed
        #expect(try vault.run("sync").status == 0)
        #expect(!(try vault.git("ls-files")).contains(".claim"))
    }

    @Test func aStaleMergeDriverPathIsReportedAndRewrittenSoTheMergeIsClean() throws {
        let note = "---\ntitle: Plan\nstatus: open\n---\nBody.\n"
        let clones = try GitClones(count: 2, notes: ["plan.md": note])
        // Given a clone whose driver runs an enote that is no longer there
        try clones[0].git("config", "merge.enote.name", "enote")
        try clones[0].git("config", "merge.enote.driver", "/nonexistent/enote merge-driver %O %A %B %P --marker-size %L")
        // Then doctor reports it
        let doctor = try clones[0].run("doctor")
        #expect(doctor.status == 1, "\(doctor)")
        #expect(doctor.stdout.contains(".gitattributes: merge-driver-missing: "), "\(doctor)")
        #expect(doctor.stdout.contains("/nonexistent/enote"), "\(doctor)")
        #expect(doctor.stdout.contains("enote git setup"), "\(doctor)")
        // When both machines change neighbouring front matter keys and the first syncs
        try clones[1].write("plan.md", "---\ntitle: Plan B\nstatus: open\n---\nBody.\n")
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", "---\ntitle: Plan\nstatus: done\n---\nBody.\n")
        let result = try clones[0].run("sync")
        // Then the driver line was rewritten and the notes merged key by key
        #expect(result.status == 0, "\(result)")
        let driver = try clones[0].git("config", "--get", "merge.enote.driver")
        #expect(!driver.contains("/nonexistent/"), "\(driver)")
        #expect(driver.contains(" merge-driver %O %A %B %P --marker-size %L"), "\(driver)")
        let text = try clones[0].text("plan.md")
        #expect(text.contains("title: Plan B") && text.contains("status: done") && !text.contains("<<<<<<<"), "\(text)")
    }

    @Test func offlineKeepsTheLocalCommitAndTheNextSyncPushesIt() throws {
        // Given a clone whose remote is gone (moved away)
        let clones = try GitClones(count: 2, notes: ["plan.md": Self.plan])
        let away = clones.remote.deletingLastPathComponent().appendingPathComponent("away.git")
        try FileManager.default.moveItem(at: clones.remote, to: away)
        try clones[0].write("plan.md", Self.plan + "Written offline.\n")
        // When it syncs
        let offline = try clones[0].run("sync")
        // Then it says it could not reach the remote and that the change is committed here
        #expect(offline.status == 1, "\(offline)")
        #expect(offline.stderr.contains("could not reach the remote"), "\(offline)")
        #expect(offline.stderr.contains("committed locally"), "\(offline)")
        #expect(try clones[0].git("status", "--porcelain").isEmpty)
        #expect(try clones[0].git("log", "-1", "--format=%s").hasPrefix("1 note changed on "))
        // And once the remote is back, the next sync pushes it and the other clone gets it
        try FileManager.default.moveItem(at: away, to: clones.remote)
        let online = try clones[0].run("sync")
        #expect(online.status == 0, "\(online)")
        #expect(try clones[1].run("sync").status == 0)
        #expect(try clones[1].text("plan.md").hasSuffix("Written offline.\n"))
    }

    @Test func aPushRejectedBecauseTheRemoteMovedOnIsIntegratedAndRetried() throws {
        // Given three clones; the first has a hook that, right after its sync's rebase, makes
        // the third push a change (once): the remote moves on between fetch and push
        let clones = try GitClones(count: 3, notes: ["plan.md": Self.plan, "b.md": "B\n", "c.md": "C\n"])
        let flag = clones[2].base.appendingPathComponent("pushed-once").path
        let hook = clones[0].root.appendingPathComponent(".git/hooks/post-rewrite").path
        try Data(
            """
            #!/bin/sh
            [ -e '\(flag)' ] && exit 0
            touch '\(flag)'
            unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
            cd '\(clones[2].root.path)' && git pull -q --rebase && echo 'C changed meanwhile' > c.md && git commit -qam meanwhile && git push -q

            """.utf8
        ).write(to: URL(fileURLWithPath: hook))
        chmod(hook, 0o755)
        try clones[1].write("b.md", "B changed\n")
        #expect(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", Self.plan + "Mine.\n")
        // When the first syncs
        let result = try clones[0].run("sync")
        // Then its first push was rejected, and it integrated and pushed again
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: flag))
        #expect(result.stderr.contains("The remote moved on during the sync"), "\(result)")
        #expect(try clones[0].text("c.md") == "C changed meanwhile\n")
        #expect(try clones[0].text("b.md") == "B changed\n")
        let remoteHead = try clones[0].git("ls-remote", clones.remote.path, "refs/heads/main").prefix(40)
        #expect(try clones[0].head() == String(remoteHead))
    }

    @Test func aNoteRemovedOnOneSideAndChangedOnTheOtherIsKeptWithTheChange() throws {
        let clones = try GitClones(count: 2, notes: ["plan.md": Self.plan])
        try #require(try clones[0].run("rm", "plan").status == 0)
        try clones[1].write("plan.md", Self.plan + "Still needed.\n")
        #expect(try clones[1].run("sync").status == 0)
        // When the removing side syncs
        let result = try clones[0].run("sync")
        // Then the change wins over the removal, and says so
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("plan.md was removed on one side and changed on the other: it is kept"), "\(result)")
        #expect(try clones[0].text("plan.md").hasSuffix("Still needed.\n"))
        #expect(try clones[1].run("sync").status == 0)
        #expect(try clones[1].text("plan.md").hasSuffix("Still needed.\n"))
    }
}

/// What a sync says about the notes it brought in, however many there are.
@Suite struct SyncReportTests {
    @Test(arguments: [3, 25])
    func namesTheFirstNotesBroughtInAndCountsTheRest(count: Int) throws {
        // Given a change to `count` notes pushed from another clone
        var notes: [String: String] = [:]
        for number in 1...count { notes[String(format: "n%02d.md", number)] = "---\ntitle: N\(number)\n---\nText.\n" }
        let clones = try GitClones(count: 2, notes: notes)
        for number in 1...count { try clones[1].write(String(format: "n%02d.md", number), "---\ntitle: N\(number)\n---\nChanged.\n") }
        try #require(try clones[1].run("sync").status == 0)

        // When the first clone syncs
        let result = try clones[0].run("sync")

        // Then at most ten notes are named on one line, and the rest are counted
        #expect(result.status == 0, "\(result)")
        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains("Brought in changes to:") })
        #expect(line.contains("n01.md"))
        let named = (1...count).filter { line.contains(String(format: "n%02d.md", $0)) }.count
        #expect(named == min(count, SyncNamedNotes.limit), "\(line)")
        if count > SyncNamedNotes.limit {
            #expect(line.hasSuffix("and \(count - SyncNamedNotes.limit) more"), "\(line)")
        } else {
            #expect(!line.contains("more"), "\(line)")
        }
    }
}

/// The number of notes `enote sync` names before it counts the rest (Sync.namedNotes).
enum SyncNamedNotes {
    static let limit = 10
}
