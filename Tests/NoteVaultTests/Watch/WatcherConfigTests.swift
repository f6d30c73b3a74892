import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A running watcher follows `.enote/config` (issue 13, item 8): a changed expiry action applies
/// to the next destroy, changed ignore patterns reconcile the whole vault, and a config that
/// becomes invalid keeps the last valid settings, says so and keeps the watcher running.
@Suite("Watcher: config changes")
struct WatcherConfigTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Waits until the index holds exactly `expected` (and says what it held instead).
    private func expectIndex(_ watcher: RunningWatcher, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let sorted = expected.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let converged = watcher.waitForIndex { try $0.indexedPaths() == sorted }
        #expect(
            converged, "index: \((try? watcher.indexedPaths()) ?? []), expected \(sorted); log: \(watcher.lines.suffix(15))",
            sourceLocation: sourceLocation)
    }

    @Test("new ignore lines apply at once: notes now ignored leave the index, notes no longer ignored come back")
    func ignoreLinesApply() throws {
        for path in ["keep.md", "drafts/a.md", "drafts/sub/b.md", "scratch.tmp.md", "work/c.md"] {
            try sandbox.write(path, noteText(path))
        }
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        expectIndex(watcher, ["keep.md", "drafts/a.md", "drafts/sub/b.md", "scratch.tmp.md", "work/c.md"])

        try sandbox.write(".enote/config", "ignore = drafts/\nignore = *.tmp.md\n")
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["keep.md", "work/c.md"], "\(watcher.lines.suffix(10))")

        // A note written under the newly ignored folder stays out.
        try sandbox.write("drafts/later.md", noteText("later"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["keep.md", "work/c.md"], "\(watcher.lines.suffix(10))")

        try sandbox.write(".enote/config", "ignore = work/\n")
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["drafts/a.md", "drafts/later.md", "drafts/sub/b.md", "keep.md", "scratch.tmp.md"])

        // Without any command asking, the watcher notices the change by itself.
        try sandbox.write(".enote/config", "# nothing ignored\n")
        expectIndex(watcher, ["keep.md", "drafts/a.md", "drafts/later.md", "drafts/sub/b.md", "scratch.tmp.md", "work/c.md"])
        #expect(watcher.lines.contains { $0.contains(".enote/config") }, "the change is logged: \(watcher.lines)")
    }

    @Test("a due note in a folder the new config ignores is not destroyed; one no longer ignored is")
    func dueNotesFollowTheIgnoreSet() throws {
        try sandbox.write(".enote/config", "ignore = drafts/\n")
        try sandbox.write("drafts/due.md", VaultSandbox.noteText(title: "Due", extra: ["destroy: 2020-01-01"]))
        try sandbox.write("keep.md", noteText("keep"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(watcher.catchUp())
        #expect(sandbox.exists("drafts/due.md"), "ignored: never a note, never destroyed")

        try sandbox.write(".enote/config", "expiry = trash\n")
        #expect(watcher.catchUp())
        #expect(poll(until: 10) { sandbox.exists(".trash/drafts/due.md") }, "\(watcher.lines)")
        #expect(!sandbox.exists("drafts/due.md"))
    }

    @Test("expiry switched from delete to trash while watching: the next destroyed note goes to the trash")
    func expiryActionApplies() throws {
        try git("init", "--quiet")
        try sandbox.write(".enote/config", "expiry = delete\n")
        let destroy = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) + 4)
        let stamp = NoteDate.stamp(destroy, in: TimeZone(identifier: "UTC")!)
        try sandbox.write("due.md", VaultSandbox.noteText(title: "Due", extra: ["destroy: \(stamp)"]))
        try git("add", "-A")
        try git("commit", "--quiet", "-m", "notes")
        let watcher = try RunningWatcher.start(sandbox, clock: VaultClock(timeZone: TimeZone(identifier: "UTC")!) { Date() })
        defer { watcher.stop() }

        try sandbox.write(".enote/config", "expiry = trash\n")
        #expect(watcher.catchUp())
        #expect(watcher.vault.config.expiry == .trash, "\(watcher.lines)")

        #expect(poll(until: 20) { !sandbox.exists("due.md") }, "\(watcher.lines)")
        #expect(sandbox.exists(".trash/due.md"), "moved to the trash, not deleted: \(watcher.lines)")
    }

    @Test("a config that becomes invalid: the last valid one is kept, the error is logged once, the watcher runs on")
    func invalidConfigKeepsTheLastGood() throws {
        try sandbox.write(".enote/config", "ignore = drafts/\n")
        try sandbox.write("drafts/a.md", noteText("a"))
        try sandbox.write("keep.md", noteText("keep"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        expectIndex(watcher, ["keep.md"])

        try sandbox.write(".enote/config", "ignore = drafts/\nexpiry = shred\n")
        #expect(watcher.catchUp())
        try sandbox.write("new.md", noteText("new"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["keep.md", "new.md"], "drafts/ stays ignored: \(watcher.lines.suffix(10))")
        let errors = { watcher.lines.filter { $0.contains("expiry must be trash or delete") } }
        #expect(errors().count == 1, "\(watcher.lines)")
        #expect(errors().first?.contains(".enote/config:2") == true, "names the line: \(errors())")
        #expect(errors().first?.contains("last valid settings") == true, "says what the watcher does: \(errors())")

        try sandbox.write("other.md", noteText("other"))
        #expect(watcher.catchUp())
        #expect(errors().count == 1, "said once, not at every change: \(watcher.lines)")

        // Fixed: the new settings apply.
        try sandbox.write(".enote/config", "expiry = trash\n")
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["drafts/a.md", "keep.md", "new.md", "other.md"], "\(watcher.lines.suffix(10))")
    }

    @Test("a config saved again unchanged (an editor's :w, touch) changes nothing and logs nothing")
    func unchangedSave() throws {
        try sandbox.write(".enote/config", "ignore = drafts/\n")
        try sandbox.write("keep.md", noteText("keep"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let mark = watcher.mark

        try sandbox.write(".enote/config", "ignore = drafts/\n")
        #expect(watcher.catchUp())
        try sandbox.write("other.md", noteText("other"))
        #expect(watcher.catchUp())

        #expect(watcher.lines(since: mark) == ["indexed other.md (new)"], "\(watcher.lines(since: mark))")
    }

    /// Runs git in the vault (no user or system config; an identity for commits).
    @discardableResult
    private func git(_ arguments: String...) throws -> String {
        let output = GitRepository(folder: sandbox.root).run(
            ["-c", "user.name=enote tests", "-c", "user.email=tests@enote.invalid", "-c", "commit.gpgsign=false"] + arguments)
        try #require(output.status == 0, "git \(arguments.joined(separator: " ")) exited \(output.status)")
        return String(decoding: output.stdout, as: UTF8.self)
    }
}
