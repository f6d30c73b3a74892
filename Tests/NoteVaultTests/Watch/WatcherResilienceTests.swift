import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A watcher that only follows (`enote serve --read-only`) changes nothing, and one that cannot
/// open a changed note for a while (no descriptors left: EMFILE) tries again and says so,
/// rather than leave the note out of the index until something else touches it.
@Suite("Watcher: read-only and unreadable notes")
struct WatcherResilienceTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
    }

    @Test("a read-only watcher destroys no note, whether its date passed before the start or while it runs")
    func readOnlyDestroysNothing() throws {
        let utc = TimeZone(identifier: "UTC")!
        let passed = VaultSandbox.noteText(title: "passed", extra: ["destroy: \(NoteDate.stamp(Date().addingTimeInterval(-3600), in: utc))"])
        try sandbox.write("passed.md", passed)
        let watcher = try RunningWatcher.start(sandbox, clock: VaultClock(timeZone: utc) { Date() }) { options in options.role = .web(readOnly: true) }
        defer { watcher.stop() }
        let soon = VaultSandbox.noteText(title: "soon", extra: ["destroy: \(NoteDate.stamp(Date().addingTimeInterval(1), in: utc))"])
        try sandbox.write("soon.md", soon)
        #expect(watcher.catchUp())
        #expect(watcher.waitForIndex { try $0.isIndexed("soon.md") })
        usleep(2_500_000)
        #expect(watcher.catchUp())
        #expect(sandbox.text("passed.md") == passed)
        #expect(sandbox.text("soon.md") == soon)
        #expect(!sandbox.exists(".trash"))
        #expect(!watcher.lines.contains { $0.hasPrefix("expired ") }, "\(watcher.lines)")
    }

    @Test("a note the watcher cannot open (EMFILE) is said once and read again until it can be; then it is indexed")
    func unreadableNoteIsRetried() throws {
        let fileSystem = FaultyFileSystem()
        let watcher = try RunningWatcher.start(sandbox, fileSystem: fileSystem)
        defer { watcher.stop() }
        let mark = watcher.mark
        fileSystem.failEvery(.open, with: EMFILE)
        try sandbox.write("new.md", noteText("new"))
        let said = poll(until: 10) { watcher.lines(since: mark).contains { $0.contains("new.md") } }
        #expect(said, "the watcher said nothing of the note it could not read: \(watcher.lines(since: mark))")
        #expect(watcher.lines(since: mark).contains { $0.contains("new.md") && $0.contains("too many open files") }, "\(watcher.lines(since: mark))")
        #expect(try !watcher.isIndexed("new.md"))
        fileSystem.stopFailing(.open)
        #expect(watcher.waitForIndex(timeout: 15) { try $0.isIndexed("new.md") }, "\(watcher.lines(since: mark))")
        let lines = watcher.lines(since: mark).filter { $0.contains("new.md") && $0.contains("too many open files") }
        #expect(lines.count == 1, "said once: \(lines)")
    }

    @Test("a changed note the watcher cannot open stays in the index as it was, and takes its new text once it can be read")
    func unreadableChangeKeepsTheOldEntry() throws {
        let fileSystem = FaultyFileSystem()
        let watcher = try RunningWatcher.start(sandbox, fileSystem: fileSystem)
        defer { watcher.stop() }
        let mark = watcher.mark
        fileSystem.failEvery(.open, with: EMFILE)
        try sandbox.write("seed.md", noteText("seed, edited"))
        #expect(poll(until: 10) { watcher.lines(since: mark).contains { $0.contains("seed.md") } }, "\(watcher.lines(since: mark))")
        #expect(try watcher.isIndexed("seed.md"), "the note went from the index")
        fileSystem.stopFailing(.open)
        #expect(watcher.waitForIndex(timeout: 15) { try $0.indexedDescription("seed.md")?.contains("edited") == true }, "\(watcher.lines(since: mark))")
    }
}
