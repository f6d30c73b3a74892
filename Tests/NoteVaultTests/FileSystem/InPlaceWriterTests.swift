import Foundation
import Synchronization
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY rows 140–142: a program that saves a note in place (opens it, truncating it, and
/// writes a moment later through the descriptor it holds) never loses its bytes to a write of
/// enote's, and a delete moves exactly the version it checked.
@Suite("In-place saves by other programs")
struct InPlaceWriterTests {
    let sandbox: VaultSandbox
    let path = NotePath(trusted: "plan.md")
    let original = VaultSandbox.noteText(title: "Plan", body: "Original body.\n")
    let person = "---\ntitle: Plan\n---\nWhat the person typed, saved in place.\n"

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("plan.md", original)
    }

    /// Opens the note for writing (truncating it unless `append`) and returns its descriptor: a
    /// program in the middle of saving it in place.
    private func openAsInPlaceSaver(append: Bool = false) -> Int32 {
        Glibc.open(sandbox.path("plan.md"), O_WRONLY | (append ? O_APPEND : O_TRUNC))
    }

    /// Writes `text` through `descriptor` after `delay` seconds, then closes it, on a thread of
    /// its own.
    private func finishSaving(_ descriptor: Int32, _ text: String, after delay: Double) -> Thread {
        let thread = Thread {
            Thread.sleep(forTimeInterval: delay)
            _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            Glibc.close(descriptor)
        }
        thread.start()
        return thread
    }

    /// Sets the note's colour as `enote set` does; the error, if it was refused.
    private func setColor(in vault: Vault) -> VaultError? {
        do {
            try vault.updateFrontMatter(of: path, [.set(.color, "red")])
            return nil
        } catch {
            return error
        }
    }

    private func waitUntilClosed(_ thread: Thread) {
        while !thread.isFinished { usleep(1_000) }
    }

    @Test(
        "enote set on a note another program has truncated and is still writing: its save is kept, nothing of ours is written",
        arguments: [false, true])
    func setDuringAnInPlaceSave(leasesUnavailable: Bool) throws {
        let fileSystem = FaultyFileSystem()
        if leasesUnavailable { fileSystem.withoutLeases() }
        let vault = try sandbox.vault(fileSystem: fileSystem)
        // Given a program that has opened the note (now empty) and writes in 0.3 s,
        let descriptor = openAsInPlaceSaver()
        let saver = finishSaving(descriptor, person, after: 0.3)

        // when enote sets a colour meanwhile,
        let caught = setColor(in: vault)
        waitUntilClosed(saver)

        // then the program's save is the note, and enote refused as for any change it did not see.
        #expect(sandbox.text("plan.md") == person)
        guard case .write(.conflict(_, nil)) = caught else {
            Issue.record("expected a conflict without a copy, got \(String(describing: caught))")
            return
        }
        #expect(caught?.kind == .race)
    }

    @Test("a program that keeps the note open for writing longer than enote waits: refused as being written, the note untouched")
    func writerThatDoesNotFinish() throws {
        let vault = try sandbox.vault()
        let writer = DurableWriter(fileSystem: vault.fileSystem, root: vault.rootDescriptor, writerPatience: .milliseconds(100)) { name in
            Vault.conflictName(for: name, at: VaultSandbox.now, timeZone: VaultSandbox.timeZone)
        }
        let (_, snapshot) = try vault.readWithSnapshot(path)
        let descriptor = openAsInPlaceSaver(append: true)
        defer { Glibc.close(descriptor) }

        #expect(throws: DurableWriter.WriteError.beingWritten(path)) {
            try writer.replace(path, with: Array("ours\n".utf8), expecting: snapshot)
        }

        #expect(sandbox.text("plan.md") == original)
        #expect(sandbox.names().filter { $0.contains("conflict") || $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("a program that opens the note in the last instant before the swap and writes after it: the note goes back to it, ours is a copy")
    func writerOpensJustBeforeTheSwap() throws {
        let fileSystem = FaultyFileSystem()
        let box = DescriptorBox()
        // Opened without truncating, so the file the swap displaces still reads as the original.
        fileSystem.before(.exchange) { [self] in box.descriptor = openAsInPlaceSaver(append: true) }
        let vault = try sandbox.vault(fileSystem: fileSystem)

        let added = "Appended by the other program after the swap.\n"
        let saver = Thread {
            while box.descriptor < 0 { usleep(500) }
            usleep(200_000)
            _ = Array(added.utf8).withUnsafeBytes { Glibc.write(box.descriptor, $0.baseAddress, $0.count) }
            Glibc.close(box.descriptor)
        }
        saver.start()
        let caught = setColor(in: vault)
        waitUntilClosed(saver)

        #expect(sandbox.text("plan.md") == original + added)
        let copy = try #require(try sandbox.expectConflictKeptBoth(caught, note: path, external: original + added))
        #expect(sandbox.text(copy.description)?.contains("color: red") == true)
    }

    @Test("a delete with the revision it checked, when a newer save lands before the move: refused, the newer save stays the note", arguments: ExternalSave.allCases)
    func deleteNeverTrashesANewerSave(style: ExternalSave) throws {
        // The trash exists already, so the first no-replace rename is the note's move.
        try sandbox.write("other.md", "Other\n")
        try sandbox.vault().trash.move(NotePath(trusted: "other.md"), reason: .removed)
        let fileSystem = FaultyFileSystem()
        let newer = person
        fileSystem.before(.renameNoReplace) { [self] in sandbox.saveAsAnotherEditor(newer, to: "plan.md", style) }
        let vault = try sandbox.vault(fileSystem: fileSystem)
        let revision = try vault.read(path).revision

        var caught: VaultError?
        do {
            try vault.trash.move(path, reason: .removed, from: revision)
        } catch {
            caught = error
        }

        #expect(sandbox.text("plan.md") == newer)
        guard case .write(.conflict(_, nil)) = caught else {
            Issue.record("expected a conflict, got \(String(describing: caught))")
            return
        }
        #expect(!vault.trash.entries().contains { $0.originalPath == "plan.md" })
    }
}

/// A descriptor set by one thread and read by another (the test's own hand-off).
private final class DescriptorBox: Sendable {
    private let value = Atomic<Int32>(-1)
    var descriptor: Int32 {
        get { value.load(ordering: .acquiring) }
        set { value.store(newValue, ordering: .releasing) }
    }
}
