import Foundation
import Testing

@testable import NoteVault

/// Issue 34 ("Hardening III"): what a buggy or hostile agent found in ``AgentEditor`` and
/// ``AgentJournal``, each seen failing before its fix.
@Suite("Agent writes: hardening (issue 34)")
struct AgentHardeningTests {
    let sandbox: VaultSandbox
    let vault: Vault

    init() throws {
        sandbox = try VaultSandbox()
        vault = try sandbox.vault()
        try sandbox.write("plan.md", "---\ntitle: Plan\ntags: [weekly]\ncolor: red\n---\nbody aaa\n")
    }

    func editor() -> AgentEditor { AgentEditor(vault: vault, limits: .none) }
    func text(_ name: String) throws -> String { try String(contentsOfFile: sandbox.path(name), encoding: .utf8) }
    func revision(_ name: String) throws -> NoteRevision { try vault.read(NotePath(trusted: name)).revision }
    let plan = NotePath(trusted: "plan.md")

    /// Item 9: `aa` occurs twice in `aaa` (at 0 and at 1); which one to replace is ambiguous.
    @Test("replace counts overlapping occurrences and refuses when they are more than one")
    func overlappingOccurrences() throws {
        let before = try text("plan.md")
        let current = try revision("plan.md")
        do throws(AgentError) {
            _ = try editor().replace(in: plan, old: "aa", new: "b", expecting: current, client: "t")
            Issue.record("replaced, once")
        } catch .textAmbiguous(_, let count, let lines) {
            #expect(count == 2 && lines == [6, 6])
        } catch {
            Issue.record("\(error)")
        }
        #expect(try text("plan.md") == before)
        #expect(AgentEditor.occurrences(of: Array("aa".utf8), in: Array("aaaa".utf8), from: 0) == [0, 1, 2])
    }

    /// Item 6: a key that is not a plain YAML key (`---` ends the block, `-` starts a list) makes
    /// the whole front matter unreadable: title, tags, colour and the destroy date are lost.
    @Test("a front matter key that is not a plain YAML key is refused, the note unchanged", arguments: ["---", "-", "-x", "", "a b", "a:b", "#x", "x\n", "?"])
    func notPlainKeys(key: String) throws {
        let before = try text("plan.md")
        #expect(throws: AgentError.self) {
            try editor().setFrontMatter(of: plan, [.set(key: key, aliases: [], yaml: "v")], expecting: nil, client: "t")
        }
        #expect(throws: AgentError.self) {
            try editor().setFrontMatter(of: plan, [.remove(key: key, aliases: [])], expecting: nil, client: "t")
        }
        #expect(try text("plan.md") == before)
        #expect(!FrontMatterEditor.isPlainKey(key))
    }

    @Test("plain keys are still set", arguments: ["status", "due_date", "x-y", "a1", "_private", "Статус"])
    func plainKeys(key: String) throws {
        #expect(FrontMatterEditor.isPlainKey(key))
        _ = try editor().setFrontMatter(of: plan, [.set(key: key, aliases: [], yaml: "v")], expecting: nil, client: "t")
        let note = try vault.read(plan)
        #expect(note.title == "Plan")
        #expect(try text("plan.md").contains("\n\(key): v\n"))
    }

    /// Item 11: a stray `99999999.json` made the next number 100000000, a name the journal did not
    /// count: that write pruned every entry below it, and the numbers after it were all "taken".
    @Test("a stray 99999999.json in the journal keeps the history and the writes going")
    func strayEntryNumber() throws {
        for index in 0..<3 {
            _ = try editor().insert("line \(index)", into: plan, at: .end, under: nil, expecting: nil, client: "t")
        }
        try sandbox.write(".enote/agent-journal/99999999.json", "{}")
        for index in 0..<110 {
            _ = try editor().insert("more \(index)", into: plan, at: .end, under: nil, expecting: nil, client: "t")
        }
        let journal = AgentJournal(vault: vault)
        #expect(journal.entry(1)?.tool == "append")
        #expect(journal.entries(last: 2000).count == 113)
        let undone = try editor().undo(journal.entries(last: 1)[0].number, client: "t")
        #expect(undone.number != nil)
    }

    /// Item 10: a process killed after its entry was written and before its write was done (kill
    /// -9 mid-write) left an entry for a write that never happened, listed by `enote mcp log`.
    @Test("an entry whose write never finished is neither listed nor undone")
    func entryOfAWriteNeverDone() throws {
        let journal = AgentJournal(vault: vault)
        var entry = AgentJournal.Entry(
            number: 0, date: Date(), client: "t", tool: "append", kind: .edit, path: "plan.md", before: Data("old\n".utf8), after: "0000000000000000")
        // The process dies here: the entry is written, the note never is.
        let number = try journal.record(&entry)
        #expect(journal.entries(last: 10).isEmpty)
        #expect(journal.entry(number) == nil)
        // The next write takes the next number and is listed alone.
        let write = try editor().insert("x", into: plan, at: .end, under: nil, expecting: nil, client: "t")
        #expect(write.number == number + 1)
        #expect(journal.entries(last: 10).map(\.number) == [number + 1])
    }

    /// Item 8: a move whose journal entry cannot be written moved anyway and could not be undone.
    @Test("a move is refused when its journal entry cannot be written, and nothing moves")
    func moveWithoutAJournal() throws {
        try sandbox.write(".enote/agent-journal", "not a folder")
        let before = try text("plan.md")
        #expect(throws: AgentError.self) {
            try editor().move(plan, to: NotePath(trusted: "moved.md"), expecting: nil, client: "t")
        }
        #expect(try text("plan.md") == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("moved.md")))
    }

    /// Item 8, the other half: a move is journaled (as every write is) and undone.
    @Test("a move is journaled and undone")
    func moveUndone() throws {
        let write = try editor().move(plan, to: NotePath(trusted: "moved.md"), expecting: nil, client: "t")
        let number = try #require(write.number)
        #expect(AgentJournal(vault: vault).entry(number)?.after == (try revision("moved.md")).description)
        _ = try editor().undo(number, client: "t")
        #expect(FileManager.default.fileExists(atPath: sandbox.path("plan.md")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("moved.md")))
    }

    /// Item 4: a person's config that is there but cannot be read (a link to nothing, a folder,
    /// a file of another user's mode 600) was taken for no config, and with it no `mcp_write`:
    /// agents could write anywhere. It fails closed.
    @Test("a person's config that exists but cannot be read stops the agent server", arguments: ["link to nothing", "folder"])
    func unreadablePersonConfig(kind: String) throws {
        let home = sandbox.path(".home-\(kind.count)")
        let folder = home + "/.config/enote"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        } else {
            try FileManager.default.createSymbolicLink(atPath: folder + "/config", withDestinationPath: home + "/nowhere")
        }
        #expect(throws: VaultError.self) { try AgentLimits.load(for: vault, readOnly: false, environment: ["HOME": home]) }
        do throws(VaultError) {
            _ = try AgentLimits.load(for: vault, readOnly: false, environment: ["HOME": home])
        } catch {
            #expect(error.message.text.contains(folder + "/config"), "\(error.message.text)")
        }
        // No file at all is no config: agents may write anywhere.
        try FileManager.default.removeItem(atPath: folder + "/config")
        #expect(try AgentLimits.load(for: vault, readOnly: false, environment: ["HOME": home]) == AgentLimits())
    }

    /// Item 7: a destroy date an agent set sent the note to the trash once it passed, and undo
    /// was refused ("changed since the write"): the write destroyed and could not be undone.
    @Test("undo of a destroy date that passed brings the note back from the trash as it was")
    func destroyDateUndone() throws {
        let before = try text("plan.md")
        let soon = NoteDate.stamp(VaultSandbox.now + 120, in: VaultSandbox.timeZone)
        let write = try editor().setFrontMatter(of: plan, [.set(.destroy, soon)], expecting: nil, client: "t")
        let later = try Vault(root: sandbox.root, clock: .fixed(VaultSandbox.now + 3600, timeZone: VaultSandbox.timeZone))
        let index = try NoteIndex.open(later)
        try index.synchronize()
        let report = try Expirer(vault: later, index: index).run(force: true)
        #expect(report.expired.count == 1)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("plan.md")))
        let undone = try editor().undo(try #require(write.number), client: "t")
        #expect(undone.path == plan)
        #expect(try text("plan.md") == before)
        #expect(vault.trash.entries().isEmpty)
    }
}
