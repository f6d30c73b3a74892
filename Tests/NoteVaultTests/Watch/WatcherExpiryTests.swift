import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The watcher destroys notes at their destroy time: a timer (timerfd) set to the next destroy
/// date, re-armed as notes change, and another look when an editor lets go of a due note.
@Suite("Watcher: expiry")
struct WatcherExpiryTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// A note whose destroy date is `date`, written with seconds and an offset.
    private func note(_ name: String, destroy date: Date) throws {
        let stamp = NoteDate.stamp(date, in: TimeZone(identifier: "UTC")!)
        try sandbox.write(name, VaultSandbox.noteText(title: name, extra: ["destroy: \(stamp)"]))
    }

    @Test("notes are moved to the trash when their destroy time comes, not before")
    func timerExpires() throws {
        let start = Date().timeIntervalSince1970.rounded(.down)
        let first = Date(timeIntervalSince1970: start + 3)
        let second = Date(timeIntervalSince1970: start + 4)
        try note("first.md", destroy: first)
        try sandbox.write("keep.md", noteText("keep"))
        let watcher = try RunningWatcher.start(sandbox, clock: VaultClock(timeZone: TimeZone(identifier: "UTC")!) { Date() })
        defer { watcher.stop() }
        // Written while the watcher runs: the timer is re-armed for it.
        try note("work/second.md", destroy: second)
        #expect(watcher.catchUp())

        // The watcher logs a note as expired once it is moved and its trash log line written.
        let expired = poll(until: 20) { watcher.lines.filter { $0.hasPrefix("expired ") }.count == 2 }
        #expect(expired, "\(watcher.lines)")
        #expect(sandbox.exists(".trash/first.md") && sandbox.exists(".trash/work/second.md"))
        #expect(!sandbox.exists("first.md") && !sandbox.exists("work/second.md"))
        #expect(sandbox.exists("keep.md"))

        let entries = watcher.vault.trash.entries()
        for (path, destroy) in [("first.md", first), ("work/second.md", second)] {
            let entry = try #require(entries.first { $0.originalPath == path }, "\(entries)")
            #expect(entry.reason == .expired)
            #expect(entry.date >= destroy, "\(path) was moved at \(entry.date), its destroy date is \(destroy)")
            #expect(
                poll(until: 10) { watcher.lines.contains { $0.hasPrefix("expired \(path) (destroy date ") && $0.hasSuffix("→ .trash/\(path)") } },
                "\(watcher.lines)")
        }
        #expect(watcher.waitForIndex { try $0.indexedPaths() == ["keep.md"] })
    }

    @Test("a note with an unusable destroy date is kept and named at start and when saved, not at every change")
    func unusableDateNamed() throws {
        try sandbox.write("bad.md", VaultSandbox.noteText(title: "Bad", extra: ["destroy: tomorrow"]))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let named = { (path: String) in watcher.lines.filter { $0.hasPrefix("kept \(path): its destroy date") } }
        #expect(
            named("bad.md") == [
                "kept bad.md: its destroy date \"tomorrow\" is not a valid date (expected \(NoteDate.acceptedFormats)), so it is never destroyed"
            ], "\(watcher.lines)")

        try sandbox.write("other.md", noteText("unrelated"))
        try sandbox.write("twice.md", VaultSandbox.noteText(title: "Twice", extra: ["destroy: 2020-01-01", "expires: 2020-02-01"]))
        #expect(watcher.catchUp())
        #expect(try watcher.isIndexed("other.md"))
        #expect(named("bad.md").count == 1, "not again for an unrelated change: \(watcher.lines)")
        #expect(named("twice.md") == ["kept twice.md: its destroy date is set twice (lines 4, 5), so it is never destroyed"], "\(watcher.lines)")
        #expect(sandbox.exists("bad.md") && sandbox.exists("twice.md") && !sandbox.exists(".trash"))
    }

    @Test("a due note kept because vim has it open is destroyed when vim lets go of it", arguments: [".due.md.swp", ".#due.md"])
    func keptWhileOpenThenDestroyed(lockName: String) throws {
        try sandbox.write("due.md", VaultSandbox.noteText(title: "Due", extra: ["destroy: 2020-01-01"]))
        if lockName.hasPrefix(".#") {
            try sandbox.symlink("user@host.4242:1700000000", at: lockName)
        } else {
            try sandbox.write(lockName, "b0VIM 9.0")
        }
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(watcher.lines.contains { $0.hasPrefix("kept due.md") && $0.contains("it is open in") }, "\(watcher.lines)")
        #expect(sandbox.exists("due.md"))

        try Syscall.unlink(sandbox.path(lockName))

        #expect(poll(until: 10) { sandbox.exists(".trash/due.md") }, "\(watcher.lines)")
        #expect(!sandbox.exists("due.md"))
    }

    @Test(
        "lock and swap file names map to their note; other hidden names to none",
        arguments: [
            (".#note.md", "note.md"), (".note.md.swp", "note.md"), (".note.md.swo", "note.md"), (".n.MD.swn", "n.MD"),
            (".#note.txt", nil), (".note.txt.swp", nil), (".swp", nil), (".md.swp", nil), (".goutputstream-X1", nil), (".note.md", nil),
        ] as [(String, String?)])
    func lockFileNames(name: String, note: String?) {
        #expect(EditorLockDetector.noteName(lockedBy: Array(name.utf8)).map { String(decoding: $0, as: UTF8.self) } == note)
    }

    @Test("a due note that vanishes for a moment during a save is updated, not destroyed or lost")
    func dueNoteSavedByVim() throws {
        // Due in a minute: the save happens before the destroy date.
        let later = Date(timeIntervalSince1970: VaultSandbox.now.timeIntervalSince1970 + 60)
        try note("note.md", destroy: later)
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let mark = watcher.mark

        let stamp = NoteDate.stamp(later, in: TimeZone(identifier: "UTC")!)
        try EditorSavePattern.vim.save(VaultSandbox.noteText(title: "Saved", body: "Saved by vim\n", extra: ["destroy: \(stamp)"]), in: sandbox.root)

        #expect(watcher.waitForIndex { try $0.indexedNotes().first?.title == "Saved" })
        #expect(sandbox.exists("note.md") && !sandbox.exists(".trash"))
        #expect(!watcher.lines(since: mark).contains { $0.hasPrefix("expired") || $0.hasPrefix("removed") })
    }

    @Test("a pass that would destroy more notes than expiry_cap refuses, says so once, and destroys nothing")
    func refusalSaidOnce() throws {
        try sandbox.write(".enote/config", "expiry_cap = 3\n")
        for number in 0..<5 {
            try note("due-\(number).md", destroy: VaultSandbox.now.addingTimeInterval(-3_600))
        }
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        // Each save changes a due note, so each runs a whole pass that refuses again.
        for edit in 0..<3 {
            let stamp = NoteDate.stamp(VaultSandbox.now.addingTimeInterval(-3_600), in: TimeZone(identifier: "UTC")!)
            try sandbox.write("due-0.md", VaultSandbox.noteText(title: "due-0.md", body: "edit \(edit)\n", extra: ["destroy: \(stamp)"]))
            #expect(watcher.catchUp())
        }
        #expect(watcher.lines.filter { $0 == "indexed due-0.md" }.count == 3, "\(watcher.lines)")
        let refusals = watcher.lines.filter { $0.hasPrefix("expiry refused: ") }
        #expect(refusals.count == 1, "\(watcher.lines)")
        #expect(refusals.first?.contains("5 of 5 notes are past their destroy date at once (the cap is 3 per pass)") == true, "\(refusals)")
        #expect((0..<5).allSatisfy { sandbox.exists("due-\($0).md") })
        #expect(!sandbox.exists(".trash"))
    }

    @Test("a due note kept while a git merge is in progress goes once the merge ends, with no note touched")
    func destroyedAfterAGitOperationEnds() throws {
        try sandbox.makeFolder(".git")
        try sandbox.write(".git/HEAD", "ref: refs/heads/main\n")
        try sandbox.write(".git/MERGE_HEAD", "0123456789abcdef0123456789abcdef01234567\n")
        try note("due.md", destroy: VaultSandbox.now.addingTimeInterval(-60))
        let watcher = try RunningWatcher.start(sandbox) { $0.expiryRetryInterval = 0.3 }
        defer { watcher.stop() }
        #expect(poll(until: 10) { watcher.lines.contains { $0.hasPrefix("kept due.md: a git merge is in progress") } }, "\(watcher.lines)")
        #expect(sandbox.exists("due.md"))

        // `git commit` ends the merge: it removes MERGE_HEAD and writes no note.
        try FileManager.default.removeItem(atPath: sandbox.path(".git/MERGE_HEAD"))

        #expect(poll(until: 10) { sandbox.exists(".trash/due.md") }, "\(watcher.lines)")
        #expect(!sandbox.exists("due.md"))
    }
}
