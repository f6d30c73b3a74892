import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 27 in the watcher: the system clock set days ahead (injected through
/// ``VaultClock``, while real time goes on) must not destroy the notes that became due only
/// because of the jump. The watcher says why in one line and goes on destroying notes that
/// become due afterwards; `enote expire` destroys the others when the user asks.
@Suite("Watcher: a clock that jumps forward")
struct WatcherClockJumpTests {
    let sandbox: VaultSandbox
    static let utc = TimeZone(identifier: "UTC")!

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Writes a note destroyed at `date` (to the second).
    private func note(_ name: String, destroy date: Date) throws {
        let stamp = NoteDate.stamp(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.up)), in: Self.utc)
        try sandbox.write(name, VaultSandbox.noteText(title: name, extra: ["destroy: \(stamp)"]))
    }

    /// Writes a note, which makes the watcher apply it and run an expiry pass, and catches up.
    private func pass(_ watcher: RunningWatcher, _ name: String) throws {
        try sandbox.write(name, noteText(name))
        #expect(watcher.catchUp())
    }

    private func jumpLines(_ watcher: RunningWatcher) -> [String] {
        watcher.lines.filter { $0.contains("clock jumped") }
    }

    @Test("notes due only because the clock jumped are kept, with one line saying why; later ones expire")
    func jumpedClockKeepsWhatItMadeDue() throws {
        // Given a note due in two days and a watcher whose clock reads the real time.
        let clock = ShiftableClock(timeZone: Self.utc)
        try note("soon.md", destroy: clock.now().addingTimeInterval(2 * 86_400))
        try sandbox.write("keep.md", noteText("keep"))
        let watcher = try RunningWatcher.start(sandbox, clock: clock.clock)
        defer { watcher.stop() }
        try pass(watcher, "first.md")
        #expect(sandbox.exists("soon.md"))

        // When the clock is set three days ahead, and the watcher looks at its notes again.
        clock.shift(by: 3 * 86_400)
        try pass(watcher, "second.md")

        // Then the note is kept, and one line says why and what to do.
        #expect(sandbox.exists("soon.md") && !sandbox.exists(".trash/soon.md"), "\(watcher.lines)")
        let lines = jumpLines(watcher)
        try #require(lines.count == 1, "\(watcher.lines)")
        #expect(lines[0].contains("3 days"), "\(lines[0])")
        // What to do (`enote expire`) is the front end's remedy; the library's line ends with the facts.
        #expect(lines[0].hasSuffix("(1 now)"), "\(lines[0])")

        // A note that becomes due later by the new clock, with no jump in between, expires.
        try note("later.md", destroy: clock.now().addingTimeInterval(60))
        try pass(watcher, "third.md")
        clock.shift(by: 120)
        try pass(watcher, "fourth.md")
        #expect(poll(until: 10) { sandbox.exists(".trash/later.md") }, "\(watcher.lines)")
        #expect(sandbox.exists("soon.md"), "still kept at the next passes")
        #expect(jumpLines(watcher).count == 1, "said once: \(watcher.lines)")

        // And `enote expire`, asked deliberately, destroys it.
        let vault = try Vault(root: sandbox.root, clock: clock.clock)
        let report = try Expirer(vault: vault, index: try NoteIndex.open(vault)).run()
        #expect(report.expired.map(\.path.description) == ["soon.md"])
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["first.md", "fourth.md", "keep.md", "second.md", "third.md"])
    }

    @Test("a clock that moves with real time, or stays within an hour of it, keeps nothing back")
    func smallAdjustmentsAreNoJump() throws {
        let clock = ShiftableClock(timeZone: Self.utc)
        try note("due.md", destroy: clock.now().addingTimeInterval(30 * 60))
        let watcher = try RunningWatcher.start(sandbox, clock: clock.clock)
        defer { watcher.stop() }

        // NTP setting the clock 50 minutes ahead is a correction, not a jump.
        clock.shift(by: 50 * 60)
        try pass(watcher, "trigger.md")

        #expect(poll(until: 10) { sandbox.exists(".trash/due.md") }, "\(watcher.lines)")
        #expect(jumpLines(watcher).isEmpty, "\(watcher.lines)")
    }
}

/// The real clock, which a test can set ahead (as `date -s` would) while the elapsed-time
/// clock goes on as usual.
final class ShiftableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: Double = 0
    let timeZone: TimeZone

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// Sets the wall clock `seconds` further ahead.
    func shift(by seconds: Double) {
        lock.withLock { offset += seconds }
    }

    /// The wall-clock time now.
    func now() -> Date {
        Date().addingTimeInterval(lock.withLock { offset })
    }

    /// The vault clock reading this one.
    var clock: VaultClock {
        VaultClock(timeZone: timeZone) { [self] in now() }
    }
}
