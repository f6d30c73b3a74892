import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 8 on a file system without `RENAME_EXCHANGE` (the seam fails it with EINVAL, as
/// such a kernel or file system does): another editor's save in the last instant is still never
/// lost. Theirs stays in the note, ours goes to a conflict copy, and the user is told (exit
/// status 3).
@Suite("DurableWriter without RENAME_EXCHANGE: the last instant")
struct DurableWriterFallbackTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "plan.md")
    let original = VaultSandbox.noteText(title: "Plan", body: "Original body.\n")
    let external = "---\ntitle: Plan\n---\nTyped in another editor at the last instant.\n"

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("plan.md", original)
    }

    /// How the other editor saves, and which step of the fallback its save lands just before.
    enum Race: String, CaseIterable, Sendable {
        /// Truncate and write the note just before it is moved aside (nano, VS Code).
        case inPlaceBeforeMovingAside
        /// Rename a new file over the note just before it is moved aside (vim).
        case renameOverBeforeMovingAside
        /// Create the note anew after it was moved aside, before ours takes its name.
        case newFileBeforeOursTakesTheName
        /// The same where the file system has no RENAME_NOREPLACE either (a hard link is used).
        case newFileBeforeTheHardLink
    }

    private func save(_ text: String, renameOver: Bool) {
        sandbox.saveAsAnotherEditor(text, to: "plan.md", renameOver ? .renameOver : .inPlace)
    }

    @Test(arguments: Race.allCases)
    func anExternalSaveInTheLastInstantIsKept(_ race: Race) throws {
        // Given a file system that cannot swap, and another editor that saves at the worst moment
        let fileSystem = FaultyFileSystem()
        fileSystem.failEvery(.exchange, with: EINVAL)
        let external = self.external
        switch race {
        case .inPlaceBeforeMovingAside:
            fileSystem.before(.rename) { [self] in save(external, renameOver: false) }
        case .renameOverBeforeMovingAside:
            fileSystem.before(.rename) { [self] in save(external, renameOver: true) }
        case .newFileBeforeOursTakesTheName:
            fileSystem.before(.renameNoReplace) { [self] in save(external, renameOver: true) }
        case .newFileBeforeTheHardLink:
            fileSystem.failEvery(.renameNoReplace, with: EINVAL)
            fileSystem.before(.link) { [self] in save(external, renameOver: true) }
        }
        let vault = try sandbox.vault(fileSystem: fileSystem)

        // When enote changes the note
        var caught: VaultError?
        do {
            try vault.updateFrontMatter(of: path, [.set(.color, "red")])
        } catch {
            caught = error
        }

        // Then it is a conflict that names the copy, and neither version lost a byte
        let copy = try #require(try sandbox.expectConflictKeptBoth(caught, note: path, external: external))
        #expect(sandbox.names() == [".enote", copy.description, "plan.md"].sorted())
    }

    @Test(arguments: [false, true])
    func withoutARaceTheNoteIsReplacedAndNothingIsLeft(hardLink: Bool) throws {
        let fileSystem = FaultyFileSystem()
        fileSystem.failEvery(.exchange, with: EINVAL)
        if hardLink { fileSystem.failEvery(.renameNoReplace, with: EINVAL) }
        try sandbox.write("plan.md", original, mode: 0o600)
        let vault = try sandbox.vault(fileSystem: fileSystem)

        try vault.updateFrontMatter(of: path, [.set(.color, "blue")])

        let text = try #require(sandbox.text("plan.md"))
        #expect(text.contains("color: blue\n") && text.hasSuffix("---\nOriginal body.\n"))
        #expect(try sandbox.status("plan.md").mode == 0o600)
        #expect(try sandbox.status("plan.md").linkCount == 1)
        #expect(sandbox.names() == [".enote", "plan.md"])
        #expect(fileSystem.count(.link) == (hardLink ? 1 : 0))
    }
}
