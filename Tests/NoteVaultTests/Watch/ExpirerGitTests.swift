import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 28 with a real git repository in the vault: nothing is destroyed while a git
/// operation is in progress, `expiry = delete` deletes only what git has committed, and notes
/// that come back unchanged after they expired (an older branch checked out) are not destroyed
/// again.
@Suite("Expirer with git")
struct ExpirerGitTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try git("init", "--quiet")
    }

    /// Runs git in the vault (no user or system config; an identity for commits).
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let output = GitRepository(folder: sandbox.root).run(
            ["-c", "user.name=enote tests", "-c", "user.email=tests@enote.invalid", "-c", "commit.gpgsign=false"] + arguments)
        try #require(output.status == 0, "git \(arguments.joined(separator: " ")) exited \(output.status)")
        return String(decoding: output.stdout, as: UTF8.self)
    }

    func note(_ name: String, destroy: String = "2020-01-01", body: String = "Text\n") throws {
        try sandbox.write(name, VaultSandbox.noteText(title: name, body: body, extra: ["destroy: \(destroy)"]))
    }

    func expirer() throws -> Expirer {
        let index = try NoteIndex.open(try sandbox.vault())
        try index.synchronize()
        return Expirer(vault: index.vault, index: index)
    }

    @Test(
        "a git operation in progress keeps every due note, and says which operation",
        arguments: [
            ("MERGE_HEAD", false, "a git merge is in progress"),
            ("index.lock", false, "a git command is writing the index (.git/index.lock)"),
            ("rebase-merge", true, "a git rebase is in progress"),
            ("rebase-apply", true, "a git rebase or am is in progress"),
            ("CHERRY_PICK_HEAD", false, "a git cherry-pick is in progress"),
            ("REVERT_HEAD", false, "a git revert is in progress"),
            ("BISECT_LOG", false, "a git bisect is in progress"),
        ])
    func gitOperationKeepsEverything(marker: String, isFolder: Bool, operation: String) throws {
        try note("a.md")
        try note("work/b.md")
        try git("add", "-A")
        try git("commit", "--quiet", "-m", "notes")
        let expirer = try expirer()
        if isFolder {
            try sandbox.makeFolder(".git/" + marker)
        } else {
            try sandbox.write(".git/" + marker, "0123456789abcdef0123456789abcdef01234567\n")
        }

        let report = try expirer.run(force: true)

        #expect(report.expired.isEmpty)
        #expect(Set(report.skipped.map(\.path.description)) == ["a.md", "work/b.md"])
        #expect(report.skipped.allSatisfy { $0.reason.english.hasPrefix(operation) }, "\(report.skipped)")
        #expect(sandbox.exists("a.md") && sandbox.exists("work/b.md") && !sandbox.exists(".trash"))

        // When it is over, the next pass destroys them.
        try FileManager.default.removeItem(atPath: sandbox.path(".git/" + marker))
        #expect(try expirer.run().expired.count == 2)
    }

    @Test("a real merge stopped by a conflict keeps the due notes")
    func realMergeConflict() throws {
        try note("due.md")
        try sandbox.write("shared.md", "base\n")
        try git("add", "-A")
        try git("commit", "--quiet", "-m", "base")
        try git("checkout", "--quiet", "-b", "other")
        try sandbox.write("shared.md", "other\n")
        try git("commit", "--quiet", "-am", "other")
        try git("checkout", "--quiet", "-")
        try sandbox.write("shared.md", "mine\n")
        try git("commit", "--quiet", "-am", "mine")
        let merge = GitRepository(folder: sandbox.root).run(["-c", "user.name=t", "-c", "user.email=t@t.invalid", "merge", "other"])
        try #require(merge.status != 0, "the merge stops with a conflict")
        #expect(sandbox.exists(".git/MERGE_HEAD"))

        let report = try expirer().run()
        #expect(report.expired.isEmpty)
        #expect(report.skipped.map(\.path.description) == ["due.md"])
        #expect(sandbox.exists("due.md"))
    }

    /// `expiry = delete` deletes a note outright only when git holds exactly its bytes;
    /// anything else (untracked, staged only, changed since the commit) goes to the trash.
    @Test("expiry = delete deletes committed, clean notes and trashes the rest")
    func deleteOnlyCommittedContent() throws {
        try sandbox.write(".enote/config", "expiry = delete\n")
        try note("committed.md")
        try note("work/committed-too.md")
        try note("changed.md")
        try git("add", "committed.md", "work/committed-too.md", "changed.md")
        try git("commit", "--quiet", "-m", "notes")
        try note("changed.md", body: "Changed after the commit\n")
        try note("staged.md", body: "Staged only\n")
        try git("add", "staged.md")
        try note("untracked.md")
        let originals = Dictionary(uniqueKeysWithValues: ["changed.md", "staged.md", "untracked.md"].map { ($0, sandbox.bytes($0)) })
        let expirer = try expirer()

        let report = try expirer.run()

        let outcome = Dictionary(uniqueKeysWithValues: report.expired.map { ($0.path.description, $0.trashedAs) })
        #expect(outcome.count == 5, "\(report)")
        #expect(outcome["committed.md"] == .some(nil), "deleted")
        #expect(outcome["work/committed-too.md"] == .some(nil), "deleted")
        for name in ["changed.md", "staged.md", "untracked.md"] {
            #expect(outcome[name] == .some(name), "\(name) goes to the trash")
            #expect(sandbox.bytes(".trash/" + name) == originals[name] ?? nil, "\(name) kept byte for byte")
        }
        for name in ["committed.md", "work/committed-too.md", "changed.md", "staged.md", "untracked.md"] {
            #expect(!sandbox.exists(name))
        }
        #expect(!sandbox.exists(".trash/committed.md") && !sandbox.exists(".trash/work/committed-too.md"))
        #expect(try git("cat-file", "-p", "HEAD:committed.md").contains("title: committed.md"), "git still has it")
        #expect(try expirer.index.count(NoteFilter(now: VaultSandbox.now).including(pending: true)) == 0)
    }

    /// git's index can be told to stop looking at a file (`--assume-unchanged`,
    /// `--skip-worktree`): `git status` then says clean whatever the file holds. Committed means
    /// the file's bytes are the blob HEAD has for it, so a line added since goes to the trash,
    /// while a note still byte for byte as committed is deleted, and a plainly changed one trashed.
    @Test(
        "expiry = delete compares the bytes with the committed blob, never trusts git status",
        arguments: [
            ("--assume-unchanged", true, false),
            ("--skip-worktree", true, false),
            (nil, true, false),
            (nil, false, true),
        ] as [(String?, Bool, Bool)])
    func deleteComparesBytesWithTheCommittedBlob(indexFlag: String?, appendLine: Bool, expectDeleted: Bool) throws {
        try sandbox.write(".enote/config", "expiry = delete\n")
        try sandbox.write(".gitignore", ".enote/\n.trash/\n")
        try note("au.md")
        try git("add", ".gitignore", "au.md")
        try git("commit", "--quiet", "-m", "notes")
        if let indexFlag { try git("update-index", indexFlag, "au.md") }
        if appendLine {
            let handle = try #require(FileHandle(forWritingAtPath: sandbox.path("au.md")))
            handle.seekToEndOfFile()
            handle.write(Data("A line git does not have\n".utf8))
            try handle.close()
        }
        let bytes = sandbox.bytes("au.md")
        if indexFlag != nil { #expect(try git("status", "--porcelain").isEmpty, "git status says clean") }

        let report = try expirer().run()

        #expect(report.expired.map(\.path.description) == ["au.md"], "\(report)")
        #expect(!sandbox.exists("au.md"))
        if expectDeleted {
            #expect(report.expired.first?.trashedAs == nil, "committed and unchanged: deleted")
            #expect(!sandbox.exists(".trash/au.md"))
        } else {
            #expect(report.expired.first?.trashedAs == "au.md", "text git does not have goes to the trash")
            #expect(sandbox.bytes(".trash/au.md") == bytes, "kept byte for byte")
        }
    }

    /// git cannot be asked about a name that is not UTF-8 on its own, and asking about the vault
    /// folder instead would take an ignored note for committed content: such a note is trashed.
    @Test("expiry = delete trashes a note whose name is not UTF-8, whatever git says of the folder")
    func deleteNeverGuessesForANameGitCannotBeAskedAbout() throws {
        try sandbox.write(".enote/config", "expiry = delete\n")
        try sandbox.write(".gitignore", "ignored-*\n.enote/\n")
        try git("add", ".gitignore")
        try git("commit", "--quiet", "-m", "ignore")
        let name: [UInt8] = Array("ignored-caf".utf8) + [0xE9] + Array(".md".utf8)
        let text = VaultSandbox.noteText(title: "Latin-1 name", body: "Text\n", extra: ["destroy: 2020-01-01"])
        try sandbox.write(bytesNamed: name, text)
        #expect(try git("status", "--porcelain").isEmpty, "git sees a clean work tree")

        let report = try expirer().run()

        #expect(report.expired.count == 1, "\(report)")
        #expect(report.expired.first?.trashedAs != nil, "the note went to the trash, not deleted")
        let inTrash = try FileManager.default.contentsOfDirectory(atPath: sandbox.path(".trash")).filter { $0.hasSuffix(".md") }
        #expect(inTrash.count == 1, "\(inTrash)")
    }

    /// Commits due.md and edited.md (past destroy dates) and keep.md on a branch `old`, lets
    /// them expire on the main branch and commits that, then checks out `old`: both notes are
    /// back, byte for byte, while `.trash/` (not tracked) keeps its log.
    /// - Returns: due.md's bytes.
    private func expireThenCheckOutTheOlderBranch() throws -> [UInt8]? {
        try note("due.md")
        try note("edited.md")
        try sandbox.write("keep.md", VaultSandbox.noteText(title: "Keep"))
        try git("add", "due.md", "edited.md", "keep.md")
        try git("commit", "--quiet", "-m", "notes")
        try git("branch", "old")
        let original = sandbox.bytes("due.md")
        let first = try expirer().run()
        #expect(first.expired.map(\.path.description).sorted() == ["due.md", "edited.md"], "\(first)")
        try git("commit", "--quiet", "-am", "due.md and edited.md expired")
        try git("checkout", "--quiet", "old")
        #expect(sandbox.bytes("due.md") == original, "git brought it back")
        return original
    }

    @Test("a note that comes back unchanged after it expired is kept with a warning, and never destroyed again", arguments: [false, true])
    func expiredNoteThatComesBackIsKept(deleteCommitted: Bool) throws {
        if deleteCommitted { try sandbox.write(".enote/config", "expiry = delete\n") }
        let original = try expireThenCheckOutTheOlderBranch()
        // The user edits one of them after it came back: new content, a new note to expire.
        try note("edited.md", body: "Edited after it came back\n")
        let expirer = try expirer()

        let report = try expirer.run()

        #expect(report.expired.map(\.path.description) == ["edited.md"], "\(report)")
        #expect(report.refusal == nil)
        let kept = try #require(report.skipped.first { $0.path.description == "due.md" }, "\(report)")
        #expect(kept.reason.english.hasPrefix("it already expired on "), "\(kept.reason)")
        #expect(kept.reason.english.contains("remove its destroy date, or delete it by hand"), "\(kept.reason)")
        #expect(Localization.translate(kept.reason, into: .japanese).contains("再び破棄はしません"), "\(kept.reason.format)")
        #expect(sandbox.bytes("due.md") == original)
        for _ in 0..<3 {
            let again = try expirer.run()
            #expect(again.expired.isEmpty, "\(again)")
            #expect(again.skipped.map(\.path.description) == ["due.md"])
        }
        #expect(sandbox.bytes("due.md") == original, "never destroyed again")
        let trashed = (FileManager.default.subpaths(atPath: sandbox.path(".trash")) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        #expect(trashed == (deleteCommitted ? ["edited.md"] : ["due.md", "edited-2.md", "edited.md"]), "due.md went once")
    }

    @Test("the watcher keeps a note that came back after it expired, and says so once")
    func watcherKeepsAnExpiredNoteThatCameBack() throws {
        let original = try expireThenCheckOutTheOlderBranch()
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let kept = { watcher.lines.filter { $0.hasPrefix("kept due.md: it already expired on ") || $0.hasPrefix("kept edited.md: it already expired on ") } }
        #expect(kept().count == 2, "one line each: \(watcher.lines)")

        // Every change makes the watcher run another expiry pass.
        for round in 0..<3 {
            try sandbox.write("other-\(round).md", noteText("other"))
            #expect(watcher.catchUp())
            #expect(try watcher.isIndexed("other-\(round).md"))
        }

        #expect(kept().count == 2, "said once each: \(watcher.lines)")
        #expect(sandbox.bytes("due.md") == original)
        #expect(sandbox.exists("edited.md"))
        #expect(!watcher.lines.contains { $0.hasPrefix("expired ") }, "\(watcher.lines)")
    }
}
