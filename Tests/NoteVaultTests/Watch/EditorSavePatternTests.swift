import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY rows 12–14: every editor's save gives one update of the final content; backup
/// and temp names are never indexed; the note is never missing from the index, even to a
/// command that asks the watcher to catch up in the middle of a save.
@Suite("Watcher: editor save patterns")
struct EditorSavePatternTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    @Test("one update of the final content, no removal", arguments: EditorSavePattern.allCases, ["", "work/deep"])
    func oneUpdateOfTheFinalContent(pattern: EditorSavePattern, folder: String) throws {
        let note = folder.isEmpty ? "note.md" : folder + "/note.md"
        try sandbox.write(note, noteText("firstversion"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(try watcher.indexedDescription(note) == "firstversion")
        let mark = watcher.mark

        try pattern.save(noteText("secondversion"), in: sandbox.path(folder))

        #expect(watcher.waitForIndex { try $0.indexedDescription(note) == "secondversion" }, "\(watcher.lines(since: mark))")
        #expect(watcher.catchUp(), "a catch-up applies whatever is still pending")
        #expect(try watcher.indexedPaths() == [note], "exactly one entry: no backup or temp file")
        #expect(try watcher.indexedDescription(note) == "secondversion")
        let log = watcher.lines(since: mark)
        #expect(log.filter { $0 == "indexed \(note)" }.count == 1, "one update: \(log)")
        #expect(!log.contains { $0.hasPrefix("removed") || $0.hasPrefix("expired") }, "never a transient removal: \(log)")
        #expect(sandbox.text(note) == noteText("secondversion"))
        for leftover in pattern.leftovers {
            #expect(sandbox.exists(folder.isEmpty ? leftover : folder + "/" + leftover), "\(leftover) is the editor's; we never delete it")
        }
    }

    @Test("backup, lock, swap and temp files are never indexed, live or by a full reconcile")
    func editorFilesNeverIndexed() throws {
        try sandbox.write("note.md", noteText("original"))
        let names = [
            "note.md~", "4913", ".note.md.swp", ".note.md.swo", "#note.md#", "note.md___jb_tmp___", "note.md___jb_old___",
            ".goutputstream-X1Y2Z3", ".note.md", "work/.hidden/inside.md",
        ]
        let watcher = try RunningWatcher.start(sandbox)
        for name in names {
            try sandbox.write(name, noteText("leftover"))
        }
        try sandbox.symlink("user@host.4242:1700000000", at: ".#note.md")  // Emacs' lock: a dangling link
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["note.md"])
        watcher.stop()

        // A new watcher starts with a full reconcile of the folder.
        let again = try RunningWatcher.start(sandbox)
        defer { again.stop() }
        #expect(try again.indexedPaths() == ["note.md"])
        for name in names + [".#note.md"] {
            #expect(sandbox.exists(name), "\(name) is left alone")
        }
        #expect(!again.lines.contains { $0.contains("note.md~") || $0.contains("4913") || $0.contains("___jb_") })
    }

    /// A command asking for a catch-up while an editor is half-way through its save must find
    /// the note: the old content or the new one, never nothing. The pattern runs in a loop with
    /// short pauses between its steps, so catch-ups land in every phase of it.
    @Test("a catch-up in the middle of a save never finds the note missing", arguments: EditorSavePattern.allCases)
    func neverMissingAtACatchUp(pattern: EditorSavePattern) throws {
        try sandbox.write("note.md", noteText("version0"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        let saver = PatternLoop(pattern: pattern, folder: sandbox.root)
        saver.start()
        defer { saver.stop() }
        var answered = 0
        var missing: [Int] = []
        for attempt in 0..<40 {
            guard watcher.catchUp() else { continue }
            answered += 1
            if try !watcher.isIndexed("note.md") { missing.append(attempt) }
        }
        let last = try saver.finish()

        #expect(missing.isEmpty, "missing from the index at catch-ups \(missing); log: \(watcher.lines.suffix(20))")
        #expect(answered >= 20, "the watcher answered \(answered) of 40 catch-ups")
        #expect(last > 0, "the editor saved at least once")
        #expect(watcher.catchUp())
        #expect(watcher.waitForIndex { try $0.indexedDescription("note.md") == "version\(last)" })
        #expect(try watcher.indexedPaths() == ["note.md"])
    }

    /// A command that asks for a catch-up while nano or VS Code is between its truncation and
    /// its write must not see the note empty: it sees the last complete version, and the save
    /// as soon as it is finished (it ends with `CLOSE_WRITE`).
    @Test("a catch-up in the middle of an in-place save keeps the last complete version", arguments: InPlaceWrite.allCases)
    func catchUpNeverIndexesTheTruncatedNote(writer: InPlaceWrite) throws {
        try sandbox.write("note.md", noteText("firstversion"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let mark = watcher.mark

        // Given the note truncated by the editor, which has not written the new text yet.
        let descriptor = try writer.truncate(sandbox.path("note.md"))
        var finished = false
        defer { if !finished, let descriptor { close(descriptor) } }
        #expect(sandbox.bytes("note.md") == [])

        // When commands ask the watcher to catch up, they find the last complete version.
        for _ in 0..<3 {
            #expect(watcher.catchUp())
            #expect(try watcher.indexedDescription("note.md") == "firstversion", "\(watcher.lines(since: mark))")
        }

        // Then the save, once finished, is what the very next catch-up finds.
        try writer.finish(sandbox.path("note.md"), descriptor: descriptor, noteText("secondversion"))
        finished = true
        #expect(watcher.catchUp())
        #expect(try watcher.indexedDescription("note.md") == "secondversion", "\(watcher.lines(since: mark))")
        let log = watcher.lines(since: mark)
        #expect(log.filter { $0 == "indexed note.md" }.count == 1, "one update, never the empty text: \(log)")
    }

    /// A save whose descriptor lives on elsewhere (a child spawned while it was open, without
    /// `O_CLOEXEC`) has its `CLOSE_WRITE` only when the last copy closes; a catch-up must see the
    /// written text meanwhile. A `dup` stands in for the child here.
    @Test("a save is seen by the next catch-up even when its CLOSE_WRITE comes late")
    func saveSeenBeforeALateClose() throws {
        try sandbox.write("note.md", noteText("firstversion"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        let descriptor = open(sandbox.path("note.md"), O_WRONLY | O_TRUNC | O_CLOEXEC)
        try #require(descriptor >= 0)
        let bytes = Array(noteText("secondversion").utf8)
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        let copy = dup(descriptor)
        close(descriptor)  // no CLOSE_WRITE yet: the copy still holds the file open
        defer { close(copy) }

        #expect(watcher.catchUp())
        #expect(try watcher.indexedDescription("note.md") == "secondversion", "\(watcher.lines)")
    }

    /// An empty file is a valid note: emptied by a program that closes it (`: > note.md`) it is
    /// indexed at once; emptied by `truncate(2)` alone (no `CLOSE_WRITE` ever comes) it is
    /// indexed once the write limit has passed. Either way it stays in the index.
    @Test("a note that stays empty is indexed as empty, never removed", arguments: [true, false])
    func aNoteLeftEmptyIsIndexedAsEmpty(closed: Bool) throws {
        try sandbox.write("note.md", noteText("firstversion"))
        let watcher = try RunningWatcher.start(sandbox) { $0.maximumWrite = 0.3 }
        defer { watcher.stop() }
        let mark = watcher.mark

        if closed {
            try Syscall.write(sandbox.path("note.md"), "")
            #expect(watcher.catchUp())
            #expect(try watcher.indexedDescription("note.md") == "", "at once: the write is finished")
        } else {
            try Syscall.truncate(sandbox.path("note.md"))
            #expect(watcher.waitForIndex { try $0.indexedDescription("note.md") == "" }, "\(watcher.lines(since: mark))")
            #expect(watcher.catchUp())
        }

        let note = try #require(try watcher.indexedNotes().first { $0.path.description == "note.md" })
        #expect(note.title == "Untitled")
        #expect(try watcher.indexedPaths() == ["note.md"])
        #expect(sandbox.bytes("note.md") == [])
        let log = watcher.lines(since: mark)
        #expect(log == ["indexed note.md"], "updated once, never removed: \(log)")
    }
}

/// How an editor rewrites a note in place, leaving it empty for a moment (RELIABILITY row 14).
enum InPlaceWrite: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// nano: `open(O_TRUNC)`, the descriptor kept open until the text is written.
    case nano
    /// VS Code: `truncate(2)` by path, then `open`, write, `close`.
    case vscode

    var testDescription: String { rawValue }

    /// Empties the note; returns the descriptor to finish with (nano's, still open), if any.
    func truncate(_ path: String) throws -> Int32? {
        switch self {
        case .nano:
            let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw SystemCallFailure(call: "open", path: path) }
            return descriptor
        case .vscode:
            try Syscall.truncate(path)
            return nil
        }
    }

    /// Writes `text` and closes, which ends the save with `CLOSE_WRITE`.
    func finish(_ path: String, descriptor: Int32?, _ text: String) throws {
        guard let descriptor else { return try Syscall.write(path, text, flags: O_WRONLY) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw SystemCallFailure(call: "write", path: path)
        }
    }
}

/// Saves the note over and over with one editor's pattern on a background thread, with random
/// pauses of up to 1.5 ms between its steps.
final class PatternLoop: @unchecked Sendable {
    let pattern: EditorSavePattern
    let folder: String
    private let lock = NSLock()
    private var stopping = false
    private var version = 0
    private var failure: Error?
    private let running = DispatchGroup()

    init(pattern: EditorSavePattern, folder: String) {
        self.pattern = pattern
        self.folder = folder
    }

    func start() {
        running.enter()
        Thread { [self] in
            var next = 1
            while !lock.withLock({ stopping }) {
                do {
                    try pattern.save(noteText("version\(next)"), in: folder) { usleep(UInt32.random(in: 0...1_500)) }
                } catch {
                    lock.withLock { failure = error }
                    break
                }
                lock.withLock { version = next }
                next += 1
                usleep(UInt32.random(in: 0...1_000))
            }
            running.leave()
        }.start()
    }

    /// Stops after the save in progress and waits for the thread (idempotent).
    func stop() {
        lock.withLock { stopping = true }
        running.wait()
    }

    /// Stops; returns the last version saved, or throws what made a save fail.
    func finish() throws -> Int {
        stop()
        if let failure = lock.withLock({ failure }) { throw failure }
        return lock.withLock { version }
    }
}
