import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// Ignored folders stay ignored whichever way their notes arrive (issue 13, item 9): the walk,
/// the watcher's folder events and its note events answer "is this a note?" with one rule.
@Suite("Watcher: ignored paths")
struct WatcherIgnoreTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(".enote/config", "ignore = drafts/\nignore = archive/**/old/\nignore = *.tmp.md\n")
        try sandbox.write("keep.md", noteText("keep"))
    }

    /// A due note (destroy date long past for the sandbox's clock).
    private func dueNote(_ absolute: String) throws {
        try sandbox.writeAbsolute(absolute, Array(VaultSandbox.noteText(title: "Due", extra: ["destroy: 2020-01-01"]).utf8))
    }

    @Test("a folder moved in under an ignored name is not indexed, and its due notes are not destroyed")
    func folderMovedInUnderIgnoredName() throws {
        try dueNote(sandbox.path("elsewhere/due.md"))
        try sandbox.write("elsewhere/sub/plain.md", noteText("plain"))
        // `elsewhere` starts ignored too, so nothing in it is due at start.
        try sandbox.write(".enote/config", "ignore = drafts/\nignore = elsewhere/\n")
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(try watcher.indexedPaths() == ["keep.md"])

        try Syscall.rename(sandbox.path("elsewhere"), sandbox.path("drafts"))
        #expect(watcher.catchUp())

        #expect(try watcher.indexedPaths() == ["keep.md"], "\(watcher.lines)")
        #expect(sandbox.exists("drafts/due.md") && !sandbox.exists(".trash"), "\(watcher.lines)")

        // And written into later: still not a note.
        try sandbox.write("drafts/sub/later.md", noteText("later"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["keep.md"], "\(watcher.lines)")
    }

    @Test("a folder moved in from outside the vault under an ignored name, at any depth a pattern names")
    func treeFromOutside() throws {
        try dueNote(sandbox.outside + "/tree/due.md")
        try sandbox.writeAbsolute(sandbox.outside + "/tree/inner/n.md", Array(noteText("n").utf8))
        try sandbox.makeFolder("archive/2024")
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        try Syscall.rename(sandbox.outside + "/tree", sandbox.path("archive/2024/old"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["keep.md"], "\(watcher.lines)")
        #expect(sandbox.exists("archive/2024/old/due.md"))

        // Moved out of the ignored name: now they are notes (and the due one is destroyed).
        try Syscall.rename(sandbox.path("archive/2024/old"), sandbox.path("archive/2024/kept"))
        #expect(watcher.catchUp())
        #expect(
            watcher.waitForIndex { try $0.indexedPaths() == ["archive/2024/kept/inner/n.md", "keep.md"] },
            "\((try? watcher.indexedPaths()) ?? []); \(watcher.lines)")
        #expect(sandbox.exists(".trash/archive/2024/kept/due.md"), "\(watcher.lines)")
    }

    @Test("a note renamed to an ignored name leaves the index and is not destroyed")
    func noteRenamedToIgnoredName() throws {
        try sandbox.write("later.md", noteText("later"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(try watcher.indexedPaths() == ["keep.md", "later.md"])

        try Syscall.rename(sandbox.path("later.md"), sandbox.path("later.tmp.md"))
        try dueNote(sandbox.path("due.tmp.md"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["keep.md"], "\(watcher.lines)")
        #expect(sandbox.exists("due.tmp.md"))
    }
}
