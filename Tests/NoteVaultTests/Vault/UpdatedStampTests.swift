import Foundation
import Testing

@testable import NoteVault

/// The `updated` key: every write keeps it current where a note has it, and none adds it to a
/// note that never had it (an adopted Obsidian or Hugo vault), unless the vault's config asks
/// (`updated_stamp = always`).
@Suite("updated: stamped where a note has it, never added unless the vault asks")
struct UpdatedStampTests {
    /// One way of writing a note, through the library as its front end calls it.
    struct Writer: Sendable, CustomTestStringConvertible {
        var name: String
        var write: @Sendable (Vault, NotePath) throws -> Void
        var testDescription: String { name }
    }

    static let writers: [Writer] = [
        Writer(name: "enote set (updateFrontMatter)") { vault, path in
            try vault.updateFrontMatter(of: path, [.set(.color, "red")])
        },
        Writer(name: "the web's Done (save)") { vault, path in
            let note = try vault.read(path)
            _ = try vault.save(NoteEdit(body: "Changed body.\n- [ ] a task\n"), to: path, from: note.revision)
        },
        Writer(name: "enote edit, enote restore (replaceText)") { vault, path in
            let (note, snapshot) = try vault.readWithSnapshot(path)
            _ = try vault.replaceText(of: path, with: snapshot.bytes + Array("More.\n".utf8), expecting: snapshot)
            _ = note
        },
        Writer(name: "an agent's append") { vault, path in
            _ = try AgentEditor(vault: vault, limits: .none).insert("Appended.", into: path, at: .end, under: nil, expecting: nil, client: "t")
        },
        Writer(name: "an agent's replace") { vault, path in
            let revision = try vault.read(path).revision
            _ = try AgentEditor(vault: vault, limits: .none).replace(in: path, old: "Body", new: "New body", expecting: revision, client: "t")
        },
        Writer(name: "an agent's set_front_matter") { vault, path in
            _ = try AgentEditor(vault: vault, limits: .none).setFrontMatter(of: path, [.set(.color, "red")], expecting: nil, client: "t")
        },
        Writer(name: "a task marked done (setTask)") { vault, path in
            _ = try vault.setTask(in: path, line: 5, done: true)
        },
    ]

    /// A note as an Obsidian vault has it: front matter without `updated`, and a task on line 5.
    static let withoutUpdated = "---\ntitle: Plan\ntags: [x]\n---\n- [ ] a task\nBody text.\n"
    /// The same note written by enote, which stamps `updated` at creation.
    static let withUpdated = "---\ntitle: Plan\nupdated: 2020-01-01T00:00:00Z\n---\n- [ ] a task\nBody text.\n"
    static let noFrontMatter = "\n\n\n\n- [ ] a task\nBody text.\n"

    func updatedLines(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("updated:") }.map(String.init)
    }

    @Test("a note without updated gets none, with or without front matter", arguments: writers, [withoutUpdated, noFrontMatter])
    func neverAdded(_ writer: Writer, original: String) throws {
        let sandbox = try VaultSandbox()
        let vault = try sandbox.vault()
        try sandbox.write("plan.md", original)
        try writer.write(vault, NotePath(trusted: "plan.md"))
        let text = try String(contentsOfFile: sandbox.path("plan.md"), encoding: .utf8)
        #expect(text != original, "the write happened")
        #expect(updatedLines(text) == [], "\(text)")
    }

    @Test("a note with updated has it stamped (a task's toggle aside, which changes one byte)", arguments: writers)
    func keptCurrent(_ writer: Writer) throws {
        let sandbox = try VaultSandbox()
        let vault = try sandbox.vault()
        try sandbox.write("plan.md", Self.withUpdated)
        try writer.write(vault, NotePath(trusted: "plan.md"))
        let text = try String(contentsOfFile: sandbox.path("plan.md"), encoding: .utf8)
        let expected = writer.name.hasPrefix("a task") ? "updated: 2020-01-01T00:00:00Z" : "updated: " + NoteDate.stamp(VaultSandbox.clock.now(), in: VaultSandbox.clock.timeZone)
        #expect(updatedLines(text) == [expected], "\(text)")
    }

    @Test("updated_stamp = always adds it to a note without it", arguments: writers.filter { !$0.name.hasPrefix("a task") })
    func addedWhenTheVaultAsks(_ writer: Writer) throws {
        let sandbox = try VaultSandbox()
        try sandbox.write(".enote/config", "updated_stamp = always\n")
        let vault = try sandbox.vault()
        #expect(vault.config.updatedStamp == .always)
        try sandbox.write("plan.md", Self.withoutUpdated)
        try writer.write(vault, NotePath(trusted: "plan.md"))
        let text = try String(contentsOfFile: sandbox.path("plan.md"), encoding: .utf8)
        #expect(updatedLines(text) == ["updated: " + NoteDate.stamp(VaultSandbox.clock.now(), in: VaultSandbox.clock.timeZone)], "\(text)")
    }

    @Test("updated_stamp takes existing or always, and nothing else")
    func configValues() throws {
        #expect(try VaultConfig(parsing: "updated_stamp = existing\n", file: "c").updatedStamp == .existing)
        #expect(try VaultConfig(parsing: "", file: "c").updatedStamp == .existing)
        #expect(throws: (any Error).self) { try VaultConfig(parsing: "updated_stamp = sometimes\n", file: "c") }
    }
}
