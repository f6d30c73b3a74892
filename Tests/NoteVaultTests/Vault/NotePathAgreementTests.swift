import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// "Is this path a note?" has one answer (issue 13 item 9, issue 15): the scan, a full
/// synchronisation, a reconcile of each folder (the watcher's folder events) and a reconcile of
/// each file (its note events) index exactly the same notes, in a tree with every kind of path
/// that is not one.
@Suite("One rule for what is a note")
struct NotePathAgreementTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(".enote/config", "ignore = drafts/\nignore = archive/**/old/\nignore = *.tmp.md\nignore = work/private.md\n")
        let notes = [
            "a.md", "UPPER.MD", "work/plan.md", "work/deep/x.md", "archive/2024/keep.md", "work/drafts/d.md", "other/private.md",
            // not notes: ignored folders and files, hidden names, other extensions
            "drafts/a.md", "drafts/sub/b.md", "archive/2024/old/c.md", "archive/old/e.md", "scratch.tmp.md", "work/x.tmp.md",
            "work/private.md", ".hidden.md", ".git/n.md", "work/.secret/s.md", ".trash/t.md", "readme.txt", "work/notes.markdown",
            "work/.#plan.md", "work/.plan.md.swp", "work/plan.md~",
        ]
        for path in notes { try sandbox.write(path, noteText(path)) }
        try sandbox.symlink("a.md", at: "link.md")
        try sandbox.symlink("work", at: "linkdir")
        try sandbox.symlink("drafts", at: "drafts-link")
        guard mkfifo(sandbox.path("fifo.md"), 0o644) == 0 else { throw SystemError("mkfifo", path: "fifo.md") }
    }

    static let expected = ["UPPER.MD", "a.md", "archive/2024/keep.md", "other/private.md", "work/deep/x.md", "work/drafts/d.md", "work/plan.md"]

    /// The paths an index built by `build` on an empty index holds.
    private func indexed(_ build: (NoteIndex) throws -> Void) throws -> [String] {
        for name in ["index.sqlite", "index.sqlite-wal", "index.sqlite-shm"] { unlink(sandbox.path(".enote/" + name)) }
        let vault = try sandbox.vault()
        let index = try NoteIndex.open(vault)
        try build(index)
        return try index.list(NoteFilter(now: vault.clock.now()).including(pending: true), sort: NoteSort(key: .title))
            .map(\.path.description).sorted()
    }

    /// Every path below the root, hidden ones included, with its kind (not following links).
    private func everything() throws -> [(path: NotePath, kind: FileStatus.Kind)] {
        try (FileManager.default.subpaths(atPath: sandbox.root) ?? []).map { (NotePath(trusted: $0), try sandbox.status($0).kind) }
    }

    @Test("the scan and a full synchronisation")
    func walk() throws {
        #expect(try sandbox.vault().scan().notes.map(\.path.description).sorted() == Self.expected)
        #expect(try indexed { try $0.synchronize() } == Self.expected)
    }

    @Test("a reconcile of every folder, as the watcher does for a folder moved in")
    func folders() throws {
        let all = try everything()
        let folders = all.filter { $0.kind == .directory }.map(\.path)
        let rootFiles = all.filter { $0.kind != .directory && $0.path.parent == nil }.map(\.path)
        let result = try indexed { index in
            for folder in folders { try index.reconcile(folder: folder) }
            try index.reconcile(files: rootFiles)
        }
        #expect(result == Self.expected)
    }

    @Test("a reconcile of every file, as the watcher does for note events")
    func files() throws {
        let files = try everything().filter { $0.kind != .directory }.map(\.path)
        #expect(try indexed { try $0.reconcile(files: files) } == Self.expected)
    }
}
