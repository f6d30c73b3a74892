import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY rows 7 and 8: a note changed by someone else after enote read it is never
/// overwritten, and no byte of either version is lost.
@Suite("DurableWriter: changes by other writers")
struct DurableWriterConflictTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "plan.md")
    let original = VaultSandbox.noteText(title: "Plan", body: "Original body.\n")
    let external = "---\ntitle: Plan\n---\nTyped in another editor at the last instant.\n"

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("plan.md", original)
    }

    private func save(_ text: String, _ style: ExternalSave) {
        sandbox.saveAsAnotherEditor(text, to: "plan.md", style)
    }

    // MARK: - Row 8: the last instant before the swap

    @Test("an external save just before RENAME_EXCHANGE: theirs stays in the note, ours goes to a conflict copy", arguments: ExternalSave.allCases)
    func externalWriteBeforeExchange(style: ExternalSave) throws {
        let fileSystem = FaultyFileSystem()
        let external = self.external
        fileSystem.before(.exchange) { [self] in save(external, style) }
        let vault = try sandbox.vault(fileSystem: fileSystem)

        var caught: VaultError?
        do {
            try vault.updateFrontMatter(of: path, [.set(.color, "red")])
        } catch {
            caught = error
        }

        let copy = try #require(try sandbox.expectConflictKeptBoth(caught, note: path, external: external))
        #expect(copy.description.hasPrefix("plan.conflict-") && copy.isMarkdown, "\(copy)")
        #expect(sandbox.text(copy.description)?.contains("updated: \(VaultSandbox.stamp)\n") == true)
        #expect(fileSystem.count(.exchange) == 2, "swapped, then swapped back")
    }

    @Test("a lost race and then a failed swap back: reported, and both versions are still on disk")
    func swapBackFails() throws {
        let fileSystem = FaultyFileSystem()
        let external = self.external
        fileSystem.before(.exchange) { [self] in save(external, .inPlace) }
        fileSystem.fail(.exchange, nth: 2, with: EIO)
        let vault = try sandbox.vault(fileSystem: fileSystem)

        #expect(throws: VaultError.self) { try vault.updateFrontMatter(of: path, [.set(.color, "red")]) }

        let texts = sandbox.names().filter { $0 != ".enote" }.compactMap { sandbox.text($0) }
        #expect(texts.contains(external), "theirs survives")
        #expect(texts.contains { $0.contains("color: red\n") && $0.hasSuffix("Original body.\n") }, "ours survives")
    }

    @Test("without a race the swap displaces exactly what was read, and no copy is made")
    func exchangeWithoutRace() throws {
        let fileSystem = FaultyFileSystem()
        let vault = try sandbox.vault(fileSystem: fileSystem)

        try vault.updateFrontMatter(of: path, [.set(.color, "blue")])

        #expect(sandbox.text("plan.md")?.contains("color: blue\n") == true)
        #expect(fileSystem.count(.exchange) == 1)
        #expect(sandbox.names() == [".enote", "plan.md"])
    }

    // MARK: - Row 7: between read and commit

    @Test("a change after the read, while the temp file is written: conflict, nothing written")
    func changeBetweenReadAndCommit() throws {
        let fileSystem = FaultyFileSystem()
        let external = self.external
        fileSystem.before(.write) { [self] in save(external, .inPlace) }
        let vault = try sandbox.vault(fileSystem: fileSystem)

        var caught: VaultError?
        do {
            try vault.updateFrontMatter(of: path, [.set(.color, "red")])
        } catch {
            caught = error
        }

        let error = try #require(caught)
        guard case .write(.conflict(path, nil)) = error else {
            Issue.record("expected a conflict without a copy, got \(error)")
            return
        }
        #expect(error.description.contains("changed on disk since it was read; nothing written"), "\(error)")
        #expect(error.kind == .race)
        #expect(sandbox.text("plan.md") == external, "the file holds the external version")
        #expect(sandbox.names() == [".enote", "plan.md"], "no temp file, no copy")
        #expect(fileSystem.count(.exchange) == 0 && fileSystem.count(.rename) == 0)
    }

    @Test("a stale snapshot is refused before anything is written")
    func staleSnapshot() throws {
        let fileSystem = FaultyFileSystem()
        let vault = try sandbox.vault(fileSystem: fileSystem)
        let snapshot = try vault.readWithSnapshot(path).snapshot
        save(external, .renameOver)

        #expect(throws: DurableWriter.WriteError.conflict(path: path, conflictCopy: nil)) {
            try sandbox.writer(vault).replace(path, with: Array("ours\n".utf8), expecting: snapshot)
        }
        #expect(sandbox.text("plan.md") == external)
        #expect(fileSystem.count(.write) == 0, "not even a temp file was written")
    }

    @Test("same size, modification time put back: the change time and the bytes still give it away")
    func sameSizeSameModificationTime() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(path).snapshot
        let sameSize = String(repeating: "x", count: original.utf8.count)
        save(sameSize, .inPlace)
        var times = [timespec](repeating: timespec(), count: 2)
        times[1] = timespec(tv_sec: Int(snapshot.status.modified / 1_000_000_000), tv_nsec: Int(snapshot.status.modified % 1_000_000_000))
        times[0] = times[1]
        #expect(utimensat(AT_FDCWD, sandbox.path("plan.md"), times, 0) == 0)
        #expect(try sandbox.status("plan.md").modified == snapshot.status.modified)

        #expect(throws: DurableWriter.WriteError.conflict(path: path, conflictCopy: nil)) {
            try sandbox.writer(vault).replace(path, with: Array("ours\n".utf8), expecting: snapshot)
        }
        #expect(sandbox.text("plan.md") == sameSize)
    }

    @Test("only the times changed (touch): the bytes are compared and the write goes ahead")
    func touchedOnly() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(path).snapshot
        #expect(utimensat(AT_FDCWD, sandbox.path("plan.md"), nil, 0) == 0)
        #expect(try sandbox.status("plan.md").fingerprint != snapshot.status.fingerprint)

        try sandbox.writer(vault).replace(path, with: Array("ours\n".utf8), expecting: snapshot)

        #expect(sandbox.text("plan.md") == "ours\n")
    }

    @Test("Vault.replaceText after a change on disk keeps both: theirs in the note, ours in a copy")
    func replaceTextConflict() throws {
        let vault = try sandbox.vault()
        let snapshot = try vault.readWithSnapshot(path).snapshot
        save(external, .inPlace)
        let ours = VaultSandbox.noteText(title: "Plan", body: "Edited by us.\n")

        var caught: VaultError?
        do {
            _ = try vault.replaceText(of: path, with: Array(ours.utf8), expecting: snapshot)
        } catch {
            caught = error
        }

        guard case .write(.conflict(path, let copy?))? = caught else {
            Issue.record("expected a conflict with a copy, got \(String(describing: caught))")
            return
        }
        #expect(sandbox.text("plan.md") == external)
        #expect(sandbox.text(copy.description)?.hasSuffix("---\nEdited by us.\n") == true)
        #expect(sandbox.tempFiles().isEmpty)
    }
}
