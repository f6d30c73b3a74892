import Foundation
import Testing

@testable import NoteVault

/// The library's rules for agents' writes (``AgentEditor``): exact text replaced once, against a
/// revision; the person's limits; the journal and undo, which never loses a later change.
@Suite("Agent writes: replace rules, limits, journal and undo")
struct AgentEditorTests {
    let sandbox: VaultSandbox
    let vault: Vault

    init() throws {
        sandbox = try VaultSandbox()
        vault = try sandbox.vault()
        try sandbox.write("plan.md", "---\ntitle: Plan\ntags: [weekly]\n---\nsame\nsame\nonce\n")
    }

    func editor(_ limits: AgentLimits = .none) -> AgentEditor { AgentEditor(vault: vault, limits: limits) }

    func text(_ name: String) throws -> String { try String(contentsOfFile: sandbox.path(name), encoding: .utf8) }

    func revision(_ name: String) throws -> NoteRevision { try vault.read(NotePath(trusted: name)).revision }

    @Test("old text must occur exactly once in the body: never in the front matter, never twice")
    func replaceRules() throws {
        let path = NotePath(trusted: "plan.md")
        let before = try text("plan.md")
        let cases: [(String, String)] = [("same", "text_ambiguous"), ("absent", "text_not_found"), ("weekly", "front_matter")]
        for (old, kind) in cases {
            #expect(throws: AgentError.self, "\(kind)") { try editor().replace(in: path, old: old, new: "x", expecting: try revision("plan.md"), client: "t") }
            let current = try revision("plan.md")
            do throws(AgentError) {
                _ = try editor().replace(in: path, old: old, new: "x", expecting: current, client: "t")
            } catch .textAmbiguous(_, let count, let lines) {
                #expect(kind == "text_ambiguous" && count == 2 && lines == [5, 6])
            } catch .textNotFound(_, let inFrontMatter) {
                #expect(inFrontMatter == (kind == "front_matter"))
            } catch {
                Issue.record("\(error)")
            }
        }
        #expect(try text("plan.md") == before)
        let write = try editor().replace(in: path, old: "once", new: "twice", expecting: try revision("plan.md"), client: "t")
        #expect(try text("plan.md").contains("same\nsame\ntwice\n"))
        #expect(write.revision == (try revision("plan.md")))
    }

    @Test("a stale revision is refused and nothing is written or journaled")
    func staleRevision() throws {
        let old = try revision("plan.md")
        try sandbox.write("plan.md", try text("plan.md") + "a person's line\n")
        let before = try text("plan.md")
        #expect(throws: AgentError.self) { try editor().replace(in: NotePath(trusted: "plan.md"), old: "once", new: "x", expecting: old, client: "t") }
        #expect(try text("plan.md") == before)
        #expect(AgentJournal(vault: vault).entries(last: 10).isEmpty)
    }

    @Test("limits: read-only refuses all, the person's folders allow only inside them, the vault's only narrow", arguments: [
        (AgentLimits(readOnly: true), "inbox/a.md", false),
        (AgentLimits(personFolders: [NotePath(trusted: "inbox")]), "inbox/a.md", true),
        (AgentLimits(personFolders: [NotePath(trusted: "inbox")]), "inboxes/a.md", false),
        (AgentLimits(personFolders: [NotePath(trusted: "inbox")]), "plan.md", false),
        (AgentLimits(personFolders: [NotePath(trusted: "inbox")], vaultFolders: [nil]), "plan.md", false),
        (AgentLimits(personFolders: [nil], vaultFolders: [NotePath(trusted: "inbox")]), "plan.md", false),
        (AgentLimits(personFolders: [nil], vaultFolders: [NotePath(trusted: "inbox")]), "inbox/deep/a.md", true),
        (AgentLimits(), "plan.md", true),
    ])
    func limits(limits: AgentLimits, path: String, allowed: Bool) {
        #expect(limits.allows(NotePath(trusted: path)) == allowed)
    }

    @Test("mcp_write is read from the person's config; the vault's config can hold it too")
    func configKeys() throws {
        let person = try UserConfig(parsing: "mcp_write = inbox/, projects\n", file: "config")
        #expect(person.mcpWrite == [NotePath(trusted: "inbox"), NotePath(trusted: "projects")])
        #expect(throws: VaultConfig.ParseError.self) { try UserConfig(parsing: "mcp_write = ../up\n", file: "config") }
        #expect(throws: VaultConfig.ParseError.self) { try UserConfig(parsing: "mcp_write =\n", file: "config") }
        #expect(try VaultConfig(parsing: "mcp_write = /\n", file: "config").mcpWrite == [nil])
    }

    @Test("every write is journaled with the bytes it replaced, and undo brings them back")
    func journalAndUndo() throws {
        let path = NotePath(trusted: "plan.md")
        let original = try text("plan.md")
        let write = try editor().insert("added", into: path, at: .end, under: nil, expecting: nil, client: "claude 1")
        let number = try #require(write.number)
        let entry = try #require(AgentJournal(vault: vault).entry(number))
        #expect(entry.client == "claude 1" && entry.tool == "append" && entry.kind == .edit)
        #expect(entry.before.map { String(decoding: $0, as: UTF8.self) } == original)
        #expect(entry.after == write.revision?.description)
        let undone = try editor().undo(number, client: "t")
        #expect(try text("plan.md") == original)
        let undoNumber = try #require(undone.number)
        #expect(AgentJournal(vault: vault).entry(undoNumber)?.undoes == write.number)
    }

    @Test("undo is refused once the note changed after the write")
    func undoAfterAPersonsEdit() throws {
        let path = NotePath(trusted: "plan.md")
        let write = try editor().insert("added", into: path, at: .end, under: nil, expecting: nil, client: "t")
        try sandbox.write("plan.md", try text("plan.md") + "a person's line\n")
        let before = try text("plan.md")
        let number = try #require(write.number)
        do throws(AgentError) {
            _ = try editor().undo(number, client: "t")
            Issue.record("undo went through")
        } catch .changedSinceWrite(let refused, _) {
            #expect(refused == number)
        } catch {
            Issue.record("\(error)")
        }
        #expect(try text("plan.md") == before)
    }

    @Test("create never overwrites, not even a name that differs in case; undo of a create trashes it, of a delete brings it back")
    func createAndDelete() throws {
        let new = NewNote(title: "Plan", body: "again")
        #expect(throws: AgentError.self) { try editor().create(new, at: NotePath(trusted: "plan.md"), client: "t") }
        #expect(throws: AgentError.self) { try editor().create(new, at: NotePath(trusted: "PLAN.md"), client: "t") }
        let made = try editor().create(new, at: NotePath(trusted: "inbox/plan.md"), client: "t")
        let createdNumber = try #require(made.number)
        _ = try editor().undo(createdNumber, client: "t")
        #expect(!vault.exists(NotePath(trusted: "inbox/plan.md")))
        let original = try text("plan.md")
        let deleted = try editor().delete(NotePath(trusted: "plan.md"), expecting: nil, client: "t")
        #expect(!vault.exists(NotePath(trusted: "plan.md")))
        let deletedNumber = try #require(deleted.number)
        _ = try editor().undo(deletedNumber, client: "t")
        #expect(try text("plan.md") == original)
    }

    @Test("a heading's section ends before the next heading of its level or higher")
    func sections() {
        let bytes = Array("# A\none\n## B\ntwo\n### C\nthree\n## D\nfour\n".utf8)
        let headings = NoteHeading.headings(in: bytes, bodyStart: 0)
        let lines = NoteLines(bytes).count
        #expect(NoteHeading.section(of: headings[1], in: headings, lineCount: lines) == 3...6)
        #expect(NoteHeading.section(of: headings[0], in: headings, lineCount: lines) == 1...8)
        #expect(NoteHeading.section(of: headings[3], in: headings, lineCount: lines) == 7...8)
    }
}
