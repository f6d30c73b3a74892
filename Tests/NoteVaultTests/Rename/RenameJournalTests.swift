import Foundation
import Testing

@testable import NoteVault

/// A rename cut short after its journal was written is completed by the next command, whatever
/// step it reached; a note someone changed meanwhile is left as it is.
@Suite("RenameJournal")
struct RenameJournalTests {
    let sandbox: VaultSandbox
    init() throws { sandbox = try VaultSandbox() }

    func makeVault() throws -> Vault {
        try sandbox.write("a.md", "see [b](sub/b.md)\n")
        try sandbox.write("sub/b.md", "back to [a](../a.md)\n")
        try sandbox.write("c.md", "[[b]] and [x](sub/b.md)\n")
        return try sandbox.vault()
    }

    @Test func aJournalAloneIsRolledForward() throws {
        let vault = try makeVault()
        let plan = try vault.planRename(NotePath(trusted: "sub/b.md"), to: NotePath(trusted: "new/B2.md"))
        try RenameJournal(plan: plan).write(in: vault)
        #expect(sandbox.exists(".enote/rename.journal"))

        let result = try #require(try vault.completeInterruptedRename())
        #expect(result.leftAlone.isEmpty)
        #expect(sandbox.text("a.md") == "see [b](new/B2.md)\n")
        #expect(sandbox.text("c.md") == "[[B2]] and [x](new/B2.md)\n")
        #expect(sandbox.text("new/B2.md") == "back to [a](../a.md)\n")
        #expect(!sandbox.exists("sub/b.md") && !sandbox.exists(".enote/rename.journal"))
        #expect(try vault.completeInterruptedRename() == nil)
    }

    @Test func aNoteChangedAfterTheCrashIsLeftAlone() throws {
        let vault = try makeVault()
        let plan = try vault.planRename(NotePath(trusted: "sub/b.md"), to: NotePath(trusted: "B2.md"))
        try RenameJournal(plan: plan).write(in: vault)
        try sandbox.write("c.md", "the user wrote this [[b]]\n")
        let result = try #require(try vault.completeInterruptedRename())
        #expect(result.leftAlone.map(\.description) == ["c.md"])
        #expect(sandbox.text("c.md") == "the user wrote this [[b]]\n")
        #expect(sandbox.text("a.md") == "see [b](B2.md)\n")
        #expect(!sandbox.exists(".enote/rename.journal"))
    }

    @Test func stepsAlreadyDoneAreNotDoneTwice() throws {
        let vault = try makeVault()
        let plan = try vault.planRename(NotePath(trusted: "sub/b.md"), to: NotePath(trusted: "B2.md"))
        let journal = RenameJournal(plan: plan)
        try journal.write(in: vault)
        // Crash after step 3: the new note and the first linking note are written.
        try sandbox.write("B2.md", String(decoding: plan.moved.after, as: UTF8.self))
        try sandbox.write("a.md", String(decoding: plan.linking[0].after, as: UTF8.self))
        let status = try sandbox.status("a.md")
        let result = try #require(try vault.completeInterruptedRename())
        #expect(result.leftAlone.isEmpty)
        #expect(try sandbox.status("a.md") == status)
        #expect(sandbox.text("c.md") == "[[B2]] and [x](B2.md)\n")
        #expect(!sandbox.exists("sub/b.md"))
    }
}
