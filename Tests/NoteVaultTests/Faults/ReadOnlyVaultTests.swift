import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 5, the watcher's side, on a real tmpfs remounted read-only (root only).
///
/// Linux refuses to remount a file system read-only while a file on it is open for writing
/// (EBUSY), and a running watcher keeps its index and lock open: so the notes' file system
/// becomes read-only under a running watcher only when `.enote/` lives on another one (here a
/// bind mount from the sandbox). The whole vault read-only is tested at start-up.
@Suite("Watcher: a read-only vault")
struct ReadOnlyVaultTests {
    static let needsRoot = "needs root to mount a tmpfs (mount -t tmpfs); run the tests as root to include it"
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox(initialize: false)
    }

    /// Writes a note destroyed `seconds` from now (to the second).
    private func note(_ name: String, destroyIn seconds: Double) throws {
        let date = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + seconds).rounded(.up))
        try sandbox.write(name, VaultSandbox.noteText(title: name, body: "Due soon\n", extra: ["destroy: \(NoteDate.stamp(date, in: VaultSandbox.timeZone))"]))
    }

    @Test(
        "notes on a file system that becomes read-only: the watcher keeps serving and says once what it cannot do",
        .enabled(if: TestMount.isAvailable, Comment(rawValue: needsRoot)))
    func notesBecomeReadOnly() throws {
        // Given a vault on a tmpfs, its .enote/ bound from the sandbox, and two notes due soon.
        let notes = try TestMount.tmpfs(at: sandbox.root)
        defer { notes.unmount() }
        _ = try VaultInitializer.initialize(at: sandbox.root, sample: false)
        let state = sandbox.base + "/state"
        try FileManager.default.copyItem(atPath: sandbox.path(".enote"), toPath: state)
        let stateMount = try TestMount.bind(state, at: sandbox.path(".enote"))
        defer { stateMount.unmount() }
        try sandbox.write("keep.md", noteText("keepword"))
        try note("first.md", destroyIn: 2)
        try note("second.md", destroyIn: 3)
        let watcher = try RunningWatcher.start(sandbox, clock: VaultClock(timeZone: VaultSandbox.timeZone) { Date() })
        defer { watcher.stop() }

        // When the notes' file system becomes read-only.
        try notes.remount(readOnly: true)
        #expect(throws: SystemCallFailure.self) { try Syscall.write(sandbox.path("new.md"), "x") }

        // Then commands still catch up and read the index.
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["first.md", "keep.md", "second.md"])
        // Both destroy times pass; neither note can be moved; each is named once, with the cause.
        let bothKept = poll(until: 15) { watcher.lines.contains { $0.hasPrefix("kept second.md: ") } }
        #expect(bothKept, "\(watcher.lines)")
        let kept = watcher.lines.filter { $0.hasPrefix("kept first.md: ") }
        #expect(kept.count == 1, "named once, not at every pass: \(watcher.lines)")
        #expect(kept.first?.contains("read-only file system") == true, "\(kept)")
        #expect(watcher.catchUp(), "still answering")
        #expect(try watcher.indexedPaths() == ["first.md", "keep.md", "second.md"], "kept notes stay listed")
        #expect(sandbox.exists("first.md") && sandbox.exists("second.md"))

        // And once it is writable again, the next change lets them go.
        try notes.remount(readOnly: false)
        try sandbox.write("after.md", noteText("after"))
        #expect(watcher.catchUp())
        #expect(poll(until: 10) { sandbox.exists(".trash/first.md") && sandbox.exists(".trash/second.md") }, "\(watcher.lines)")
        #expect(watcher.waitForIndex { try $0.indexedPaths() == ["after.md", "keep.md"] })
    }

    @Test("a watcher started on a read-only vault refuses with a clear message", .enabled(if: TestMount.isAvailable, Comment(rawValue: needsRoot)))
    func startOnAReadOnlyVault() throws {
        let mount = try TestMount.tmpfs(at: sandbox.root)
        defer { mount.unmount() }
        _ = try VaultInitializer.initialize(at: sandbox.root, sample: false)
        try sandbox.write("note.md", noteText("note"))
        try mount.remount(readOnly: true)

        let vault = try Vault(root: sandbox.root, clock: VaultSandbox.clock)
        #expect(try vault.read(NotePath(trusted: "note.md")).content.bytes == Array(noteText("note").utf8), "reading still works")
        #expect {
            _ = try VaultWatcher(vault: vault)
        } throws: { error in
            let text = "\(error)"
            return text.contains("read-only file system") && text.contains(".enote/watch.lock")
        }
    }
}
