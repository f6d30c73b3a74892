import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// RELIABILITY row 17 and the watcher's folder bookkeeping: new folders (scanned after their
/// watch is added), trees moved in, out of and within the vault, single notes moved in and out.
@Suite("Watcher: folders and moves")
struct WatcherFolderTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("seed.md", noteText("seed"))
    }

    /// Waits until the index holds exactly `expected` (and says what it held instead).
    private func expectIndex(_ watcher: RunningWatcher, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let sorted = expected.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let converged = watcher.waitForIndex { try $0.indexedPaths() == sorted }
        #expect(
            converged, "index: \((try? watcher.indexedPaths()) ?? []), expected \(sorted); log: \(watcher.lines.suffix(15))",
            sourceLocation: sourceLocation)
    }

    /// Builds `tree/` with notes at three depths, a hidden folder and a non-note, under `base`.
    private func makeTree(at base: String) throws -> [String] {
        for folder in ["", "/sub", "/sub/deeper", "/.hidden"] { try Syscall.mkdir(base + folder) }
        try Syscall.write(base + "/x.md", noteText("x"))
        try Syscall.write(base + "/sub/y.md", noteText("y"))
        try Syscall.write(base + "/sub/deeper/z.md", noteText("z"))
        try Syscall.write(base + "/.hidden/h.md", noteText("hidden"))
        try Syscall.write(base + "/notes.txt", "not a note")
        return ["x.md", "sub/y.md", "sub/deeper/z.md"]
    }

    @Test("folders made and filled in one burst are all indexed, and then watched", arguments: [1, 3, 8])
    func nestedFoldersInOneBurst(depth: Int) throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        // `mkdir -p a/b/c && echo x > a/b/c/n.md`, with a note at every level, without a pause.
        var folder = sandbox.root
        var expected = ["seed.md"]
        var relative = ""
        for level in 0..<depth {
            let name = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
            folder += "/" + name
            relative += (relative.isEmpty ? "" : "/") + name
            try Syscall.mkdir(folder)
        }
        try Syscall.write(folder + "/n.md", "x\n")
        expected.append(relative + "/n.md")
        var parent = relative
        while let slash = parent.lastIndex(of: "/") {
            parent = String(parent[..<slash])
            try Syscall.write(sandbox.path(parent) + "/level.md", noteText(parent))
            expected.append(parent + "/level.md")
        }
        expectIndex(watcher, expected)

        // Every new folder is watched: a note written later in the deepest one is seen.
        try Syscall.write(folder + "/later.md", noteText("later"))
        expectIndex(watcher, expected + [relative + "/later.md"])
    }

    @Test("a tree moved in from outside the vault is indexed and watched")
    func treeMovedIn() throws {
        let notes = try makeTree(at: sandbox.outside + "/tree")
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        try Syscall.rename(sandbox.outside + "/tree", sandbox.path("tree"))

        expectIndex(watcher, ["seed.md"] + notes.map { "tree/" + $0 })
        try Syscall.write(sandbox.path("tree/sub/deeper/new.md"), noteText("new"))
        expectIndex(watcher, ["seed.md", "tree/sub/deeper/new.md"] + notes.map { "tree/" + $0 })
    }

    @Test("a tree moved out of the vault leaves the index, and is no longer watched")
    func treeMovedOut() throws {
        let notes = try makeTree(at: sandbox.path("tree"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        #expect(try watcher.indexedPaths() == (["seed.md"] + notes.map { "tree/" + $0 }).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })

        try Syscall.rename(sandbox.path("tree"), sandbox.outside + "/tree")

        expectIndex(watcher, ["seed.md"])
        let mark = watcher.mark
        try Syscall.write(sandbox.outside + "/tree/sub/after.md", noteText("after"))
        #expect(watcher.catchUp())
        #expect(try watcher.indexedPaths() == ["seed.md"])
        #expect(!watcher.lines(since: mark).contains { $0.contains("after.md") }, "events from outside the vault are not ours")
        #expect(FileManager.default.fileExists(atPath: sandbox.outside + "/tree/sub/deeper/z.md"), "the moved notes are untouched")
    }

    @Test("a tree moved within the vault changes its paths, and its new place is watched")
    func treeMovedWithin() throws {
        let notes = try makeTree(at: sandbox.path("tree"))
        try sandbox.makeFolder("archive")
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        try Syscall.rename(sandbox.path("tree"), sandbox.path("archive/moved"))

        expectIndex(watcher, ["seed.md"] + notes.map { "archive/moved/" + $0 })
        try Syscall.write(sandbox.path("archive/moved/sub/deeper/new.md"), noteText("new"))
        try Syscall.write(sandbox.path("archive/moved/sub/y.md"), noteText("changed"))
        expectIndex(watcher, ["seed.md", "archive/moved/sub/deeper/new.md"] + notes.map { "archive/moved/" + $0 })
        #expect(watcher.waitForIndex { try $0.indexedDescription("archive/moved/sub/y.md") == "changed" })

        // And back again, to the name it had: the old watches were not kept under stale paths.
        try Syscall.rename(sandbox.path("archive/moved"), sandbox.path("tree"))
        expectIndex(watcher, ["seed.md", "tree/sub/deeper/new.md"] + notes.map { "tree/" + $0 })
        try Syscall.write(sandbox.path("tree/sub/again.md"), noteText("again"))
        expectIndex(watcher, ["seed.md", "tree/sub/again.md", "tree/sub/deeper/new.md"] + notes.map { "tree/" + $0 })
    }

    @Test("a folder removed with its notes leaves the index; a sibling with the same prefix stays")
    func folderRemoved() throws {
        _ = try makeTree(at: sandbox.path("tree"))
        try sandbox.write("tree-b/keep.md", noteText("keep"))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        try FileManager.default.removeItem(atPath: sandbox.path("tree"))

        expectIndex(watcher, ["seed.md", "tree-b/keep.md"])
    }

    @Test("a note moved out is removed once it is gone for good; one moved in is added; a rename changes the path")
    func singleNotes() throws {
        try sandbox.write("out.md", noteText("out"))
        try sandbox.write("old-name.md", noteText("renamed"))
        try sandbox.writeAbsolute(sandbox.outside + "/in.md", Array(noteText("in").utf8))
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }

        try Syscall.rename(sandbox.path("out.md"), sandbox.outside + "/out.md")
        try Syscall.rename(sandbox.outside + "/in.md", sandbox.path("in.md"))
        try Syscall.rename(sandbox.path("old-name.md"), sandbox.path("new-name.md"))

        expectIndex(watcher, ["in.md", "new-name.md", "seed.md"])
        #expect(try watcher.indexedDescription("new-name.md") == "renamed")
        #expect(try watcher.indexedDescription("in.md") == "in")
        #expect(FileManager.default.fileExists(atPath: sandbox.outside + "/out.md"))
    }
}
