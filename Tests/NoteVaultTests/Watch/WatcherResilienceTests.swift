import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A watcher that only follows (`enote serve --read-only`) changes nothing.
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
        let watcher = try RunningWatcher.start(sandbox, clock: VaultClock(timeZone: utc) { Date() }) { options in options.readOnly = true }
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
}
