import Foundation
import Testing

/// RELIABILITY row 5 on a real read-only mount (a tmpfs remounted `ro`; `chmod` does not stop
/// root). Every command that changes the vault stops before it reads or changes anything and
/// says the vault is read-only; `list`, `search` and `show` still answer, from a copy of the
/// index brought up to date in memory, and say once that the index cannot be saved.
@Suite(.enabled(if: TemporaryMount.isAvailable, TemporaryMount.skipReason))
struct ReadOnlyVaultTests {
    /// A sample vault on a tmpfs, indexed; `prepare` runs before the tmpfs is made read-only.
    private static func readOnlyVault(on disk: TemporaryMount, prepare: (TemporaryVault) throws -> Void = { _ in }) throws -> TemporaryVault {
        let vault = try TemporaryVault(in: disk.url)
        try #require(try vault.run("list").status == 0)
        try vault.run("rm", "quick-note")  // something in the trash, for `trash restore`
        try prepare(vault)
        try disk.remountReadOnly()
        return vault
    }

    static let changes: [[String]] = [
        ["set", "garden", "--color", "blue"], ["new", "Read only", "Cannot be written."], ["edit", "garden"],
        ["rm", "garden"], ["move", "garden", "--top"], ["trash", "restore", "quick-note"], ["trash", "empty", "--yes"],
        ["expire"], ["index"], ["index", "--rebuild"],
    ]

    @Test(arguments: changes)
    func aChangeStopsFirstAndSaysTheVaultIsReadOnly(_ arguments: [String]) throws {
        let disk = try TemporaryMount(sizeKiB: 2048)
        defer { disk.unmount() }
        let vault = try Self.readOnlyVault(on: disk)
        let before = try vault.tree()
        let index = try vault.bytes(".enote/index.sqlite")
        let marker = vault.base.appendingPathComponent("editor-ran").path
        let editor = try vault.script("editor", "touch '\(marker)'; printf 'more\\n' >> \"$1\"")

        let result = try vault.run(arguments, environment: ["EDITOR": editor])

        #expect(result.status == 1, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines == [
                "enote: the vault \(vault.root.path) is read-only (read-only file system), so enote cannot change anything in it; nothing was changed. Mount it read-write or fix its permissions, then run the command again"
            ], "\(result)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the editor was started on a read-only vault")
        #expect(try vault.tree() == before)
        #expect(try vault.bytes(".enote/index.sqlite") == index)
    }

    @Test func listSearchAndShowAnswerFromAnIndexInMemory() throws {
        // Given changes made after the index was built, then the vault made read-only
        let disk = try TemporaryMount(sizeKiB: 2048)
        defer { disk.unmount() }
        let vault = try Self.readOnlyVault(on: disk) { vault in
            try vault.write("garden.md", try vault.text("garden.md") + "\nPruned before the remount.\n")
            try vault.write("late.md", "---\ntitle: Late arrival\n---\nWritten just before the remount.\n")
        }
        let index = try vault.bytes(".enote/index.sqlite")
        let notice = "enote: the index cannot be saved (the vault \(vault.root.path) is read-only: read-only file system)"

        // When the read commands run, they see the changes and say once why nothing is saved
        let list = try vault.run("list", "--json")
        #expect(list.status == 0, "\(list)")
        #expect(Set(try JSONOutput.array(list).compactMap { $0["path"] as? String }) == Set(SampleNotes.listed.filter { $0 != "quick-note.md" } + ["late.md"]))
        #expect(list.stderr.components(separatedBy: notice).count == 2, "\(list)")

        let search = try vault.run("search", "--json", "pruned")
        #expect(search.status == 0, "\(search)")
        #expect(try JSONOutput.array(search).map { $0["path"] as? String } == ["garden.md"])

        let show = try vault.run("show", "late")
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains("Written just before the remount."))

        // And the index file is as it was
        #expect(try vault.bytes(".enote/index.sqlite") == index)
    }

    @Test func aReadOnlyVaultWithoutAnIndexIsStillListed() throws {
        let disk = try TemporaryMount(sizeKiB: 2048)
        defer { disk.unmount() }
        let vault = try Self.readOnlyVault(on: disk) { vault in
            try FileManager.default.removeItem(at: vault.url(".enote/index.sqlite"))
        }

        let list = try vault.run("list", "--json")

        #expect(list.status == 0, "\(list)")
        #expect(try JSONOutput.array(list).count == SampleNotes.listed.count - 1)
        #expect(!vault.exists(".enote/index.sqlite"))
    }
}
