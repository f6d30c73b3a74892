import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The claim `enote edit` holds on a note while the editor runs: expiry and every command that
/// honours editor locks leave the note alone; a claim left by an edit that crashed is ignored;
/// text saved past its destroy date is never destroyed without the user being told.
@Suite("EditClaim")
struct EditClaimTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "due.md")

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("due.md", VaultSandbox.noteText(title: "Due", body: "Text\n", extra: ["destroy: 2020-01-01"]))
    }

    func expirer() throws -> Expirer {
        let index = try NoteIndex.open(try sandbox.vault())
        try index.synchronize()
        return Expirer(vault: index.vault, index: index)
    }

    @Test("a claimed note is kept by expiry, named with the pid of enote edit, and tried again; released, it expires")
    func claimedNoteIsKept() throws {
        let vault = try sandbox.vault()
        let claim = try #require(try EditClaim.acquire(path, in: vault))
        let expirer = try expirer()

        let report = try expirer.run()

        #expect(report.expired.isEmpty, "\(report)")
        let kept = try #require(report.skipped.first)
        #expect(kept.reason.english == "it is open in enote edit (pid \(getpid()))")
        #expect(kept.mayRetry, "no change in the vault tells the watcher when the edit ends")
        #expect(sandbox.exists("due.md"))
        #expect(throws: VaultError.self) { try vault.updateFrontMatter(of: path, [.set(.color, "red")]) }

        // A second edit of the same note claims it too; the claim holds until both end.
        let second = try #require(try EditClaim.acquire(path, in: vault))
        claim.release()
        #expect(EditorLockDetector.holder(of: path, in: vault)?.editor == "enote edit")
        #expect(try expirer.run().expired.isEmpty)
        #expect(sandbox.exists(".enote/" + EditClaim.fileName(for: path)))
        second.release()
        #expect(!sandbox.exists(".enote/" + EditClaim.fileName(for: path)), "the last edit removes the claim file")
        #expect(try expirer.run().expired.map(\.path) == [path])
    }

    @Test("a claim left by an edit that ended without releasing it (kill -9) is ignored")
    func staleClaimIsIgnored() throws {
        // What a killed `enote edit` leaves: the file with its pid, and no lock (the kernel
        // released it with the process).
        try sandbox.write(".enote/" + EditClaim.fileName(for: path), "2147483\ndue.md\n")
        let vault = try sandbox.vault()
        #expect(EditorLockDetector.holder(of: path, in: vault) == nil)

        #expect(try expirer().run().expired.map(\.path) == [path])
    }

    @Test("a claim held by another process is honoured, and goes when that process is killed")
    func claimOfAnotherProcess() throws {
        let vault = try sandbox.vault()
        let file = sandbox.path(".enote/" + EditClaim.fileName(for: path))
        // flock(1) holds the lock in a child process, as a running `enote edit` would.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--exclusive", "--close", file, "sleep", "5"]
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        var waited = 0
        while EditorLockDetector.holder(of: path, in: vault) == nil, waited < 100 {
            usleep(20_000)
            waited += 1
        }
        #expect(EditorLockDetector.holder(of: path, in: vault)?.editor == "enote edit")
        #expect(try expirer().run().expired.isEmpty)

        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()

        #expect(EditorLockDetector.holder(of: path, in: vault) == nil)
        #expect(try expirer().run().expired.map(\.path) == [path])
    }

    @Test("saving text whose destroy date has passed warns that it is due, with the command to keep it")
    func savedPastDueWarns() throws {
        let vault = try sandbox.vault()
        let session = EditorSession(
            command: EditorCommand(arguments: ["/bin/sh", try sandbox.script("append", #"printf 'More.\n' >> "$1""#)]),
            environment: sandbox.editorEnvironment)

        let result = try vault.edit(path, with: session)

        guard case .saved(_, let warnings) = result else { Issue.record("\(result)"); return }
        let warning = try #require(warnings.first)
        #expect(warning.line == 4)
        #expect(warning.message.english.hasPrefix("its destroy date 2020-01-01T00:00:00+00:00 has passed"), "\(warning)")
        #expect(warning.message.remedy == .setLaterDestroyDate(path: "due.md"))
        #expect(!sandbox.exists(".enote/" + EditClaim.fileName(for: path)), "released after the save")
    }

    @Test("a conflict copy is saved without a destroy date that has passed, and the error says so")
    func conflictCopyDropsAPastDestroyDate() throws {
        let vault = try sandbox.vault()
        let script = #"printf 'Theirs.\n' >> "$VAULT/due.md"; printf 'Ours.\n' >> "$1""#
        let session = EditorSession(
            command: EditorCommand(arguments: ["/bin/sh", try sandbox.script("conflict", script)]), environment: sandbox.editorEnvironment)

        #expect {
            _ = try vault.edit(path, with: session)
        } throws: { error in
            guard case .conflictCopy(let note, let copy, false, "2020-01-01T00:00:00+00:00") = error as? VaultError else { return false }
            let text = sandbox.text(copy.description) ?? ""
            return note == path && (error as? VaultError)?.kind == .race && text.hasSuffix("Text\nOurs.\n") && !text.contains("destroy")
                && (error as? VaultError)?.message.english.contains("so the copy was saved without one") == true
        }
        #expect(sandbox.text("due.md")?.hasSuffix("Text\nTheirs.\n") == true, "theirs kept as it is")
    }
}
