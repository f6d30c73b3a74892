import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The POSIX walk: what is a note, what is never one, links never followed (row 19), names kept
/// as bytes (row 30).
@Suite("DirectoryWalker")
struct DirectoryWalkerTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func walk(_ policy: NotePathPolicy = NotePathPolicy()) throws -> DirectoryWalker.Result {
        let vault = try sandbox.vault()
        return DirectoryWalker(policy: policy).walk(root: vault.rootDescriptor)
    }

    private func notes(_ result: DirectoryWalker.Result) -> [String] {
        result.notes.map(\.path.description).sorted()
    }

    @Test("notes anywhere below the root, with their status; .md in any case")
    func findsNotes() throws {
        for path in ["a.md", "work/plan.md", "work/2026/deep/n.md", "UPPER.MD", "Mixed.Md"] {
            try sandbox.write(path, "x\n")
        }
        for path in ["readme.txt", "image.png", "work/notes.markdown", "md", "work/.md"] {
            try sandbox.write(path, "x\n")
        }

        let result = try walk()

        #expect(notes(result) == ["Mixed.Md", "UPPER.MD", "a.md", "work/2026/deep/n.md", "work/plan.md"])
        let plan = try #require(result.notes.first { $0.path.description == "work/plan.md" })
        #expect(plan.status.inode == (try sandbox.status("work/plan.md")).inode)
        #expect(plan.status.size == 2 && plan.status.kind == .regular)
        #expect(result.folderCount == 4, "root, work, work/2026, work/2026/deep (.enote is hidden)")
    }

    @Test("hidden files and folders, .trash, .enote and .git are never walked or listed")
    func hidden() throws {
        for path in [".hidden.md", ".trash/old.md", ".enote/x.md", ".git/notes.md", "work/.secret/n.md", "work/.draft.md"] {
            try sandbox.write(path, "x\n")
        }
        try sandbox.write("visible.md", "x\n")

        let result = try walk()

        #expect(notes(result) == ["visible.md"])
        #expect(result.symbolicLinks.isEmpty && result.leftoverTempFiles.isEmpty)
    }

    @Test(
        "editors' temp, backup, lock and swap files are never notes",
        arguments: [
            "4913", "note.md~", "#note.md#", ".note.md.swp", ".note.md.swo", "note.md___jb_tmp___", "note.md___jb_old___",
            ".goutputstream-X1Y2Z3", "note.md.orig", "note.md.bak", ".~lock.note.md#",
        ])
    func editorTempNames(name: String) throws {
        try sandbox.write("note.md", "x\n")
        try sandbox.write(name, "temp\n")
        try sandbox.write("work/" + name, "temp\n")

        let result = try walk()

        #expect(notes(result) == ["note.md"])
        #expect(result.leftoverTempFiles.isEmpty)
    }

    @Test("Emacs's dangling .#note.md lock link is neither listed nor reported nor followed")
    func emacsLockLink() throws {
        try sandbox.write("note.md", "x\n")
        try sandbox.symlink("root@host.1234:5678", at: ".#note.md")

        let result = try walk()

        #expect(notes(result) == ["note.md"])
        #expect(result.symbolicLinks.isEmpty)
    }

    @Test("enote's own temp files are reported as leftovers, not notes")
    func leftoverTempFiles() throws {
        try sandbox.write("plan.md", "x\n")
        let temp = String(decoding: DurableWriter.tempName(for: Array("plan.md".utf8)), as: UTF8.self)
        try sandbox.write(temp, "half-written")
        try sandbox.write("work/" + temp, "half-written")

        let result = try walk()

        #expect(notes(result) == ["plan.md"])
        #expect(result.leftoverTempFiles.map(\.description).sorted() == [temp, "work/" + temp])
    }

    @Test("symbolic links are reported once each and not followed; the walk ends")
    func symbolicLinks() throws {
        try sandbox.writeAbsolute(sandbox.outside + "/id_rsa", Array("PRIVATE KEY\n".utf8))
        try sandbox.writeAbsolute(sandbox.outside + "/outside.md", Array("outside\n".utf8))
        try sandbox.write("real.md", "x\n")
        try sandbox.symlink("/etc", at: "etc")
        try sandbox.symlink("../outside/id_rsa", at: "key.md")
        try sandbox.symlink(".", at: "loop")
        try sandbox.symlink("..", at: "up")
        try sandbox.symlink("../outside", at: "outside-folder")
        try sandbox.symlink("real.md", at: "alias.md")
        try sandbox.makeFolder("work")
        try sandbox.symlink("..", at: "work/back")

        let result = try walk()

        #expect(notes(result) == ["real.md"])
        #expect(result.symbolicLinks.map(\.description).sorted() == ["alias.md", "etc", "key.md", "loop", "outside-folder", "up", "work/back"])
        #expect(result.folderCount == 2, "root and work; no linked folder walked")

        let vault = try sandbox.vault()
        let warnings = vault.scan().warnings.filter { $0.kind == .unsafeName }
        #expect(warnings.count == 7)
        #expect(warnings.allSatisfy { $0.message.english.contains("symbolic link") })
    }

    @Test("names as bytes: invalid UTF-8, NFC and NFD, and case all give distinct notes")
    func namesAreBytes() throws {
        let invalid: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".md".utf8)
        try sandbox.write(bytesNamed: invalid, "latin-1 name\n")
        try sandbox.write("caf\u{E9}.md", "nfc\n")
        try sandbox.write("cafe\u{301}.md", "nfd\n")
        try sandbox.write("Note.md", "upper\n")
        try sandbox.write("note.md", "lower\n")

        let result = try walk()

        let bytes = Set(result.notes.map(\.path.bytes))
        #expect(bytes.count == 5)
        #expect(bytes.contains(invalid))
        #expect(bytes.contains(Array("caf\u{E9}.md".utf8)) && bytes.contains(Array("cafe\u{301}.md".utf8)))
        #expect(bytes.contains(Array("Note.md".utf8)) && bytes.contains(Array("note.md".utf8)))

        // The vault reads each one, and warns (without dropping it) about the invalid name.
        let vault = try sandbox.vault()
        let all = vault.readAllNotes()
        #expect(all.notes.count == 5)
        #expect(Set(all.notes.map { $0.content.bodyText }) == ["latin-1 name\n", "nfc\n", "nfd\n", "upper\n", "lower\n"])
        #expect(all.diagnostics.contains { $0.file == "bad\\xFF.md" && $0.message.english.contains("not valid UTF-8") })
    }

    @Test("a folder the policy ignores is left unwalked; the root is always walked")
    func ignoredFolder() throws {
        try sandbox.write("a.md", "x\n")
        try sandbox.write("drafts/d.md", "x\n")
        try sandbox.write("work/drafts/d.md", "x\n")

        let result = try walk(NotePathPolicy(ignore: ["drafts/"]))

        #expect(notes(result) == ["a.md", "work/drafts/d.md"])
        #expect(result.folderCount == 3, "root, work, work/drafts: drafts is never opened")
    }

    @Test("a walk of a folder matches the patterns against vault paths, not paths within the folder")
    func walkBelowAFolder() throws {
        for path in ["work/a.md", "work/drafts/d.md", "work/x.tmp.md", "work/sub/private.md"] { try sandbox.write(path, "x\n") }
        let vault = try sandbox.vault()
        let descriptor = open(sandbox.path("work"), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        let policy = NotePathPolicy(ignore: ["work/drafts/", "*.tmp.md", "work/sub/private.md", "drafts/"])
        let result = DirectoryWalker(policy: policy, base: NotePath(trusted: "work")).walk(root: descriptor)

        #expect(notes(result) == ["a.md"], "\(vault.root)")
    }

    @Test(
        "ignore patterns from the vault config skip folders and files",
        arguments: [
            ("ignore = drafts/", ["a.md", "a.tmp.md", "work/b.md", "work/drafts/keep.md", "work/x.tmp.md"]),
            ("ignore = *.tmp.md", ["a.md", "drafts/c.md", "work/b.md", "work/drafts/keep.md"]),
            ("ignore = work/**/", ["a.md", "a.tmp.md", "drafts/c.md", "work/b.md", "work/x.tmp.md"]),
            ("ignore = work/\nignore = drafts/", ["a.md", "a.tmp.md"]),
            ("ignore = **/drafts/", ["a.md", "a.tmp.md", "work/b.md", "work/x.tmp.md"]),
            ("ignore = work/*.md", ["a.md", "a.tmp.md", "drafts/c.md", "work/drafts/keep.md"]),
        ])
    func ignorePatterns(config: String, expected: [String]) throws {
        for path in ["a.md", "a.tmp.md", "drafts/c.md", "work/b.md", "work/drafts/keep.md", "work/x.tmp.md"] {
            try sandbox.write(path, "x\n")
        }
        try sandbox.writeAbsolute(sandbox.root + "/.enote/config", Array("\(config)\n".utf8))
        let vault = try sandbox.vault()

        #expect(vault.scan().notes.map(\.path.description).sorted() == expected)
    }

    @Test("an unreadable folder is reported and the walk goes on", .enabled(if: geteuid() != 0, "root reads any folder"))
    func unreadableFolder() throws {
        try sandbox.write("locked/n.md", "x\n")
        try sandbox.write("open.md", "x\n")
        chmod(sandbox.path("locked"), 0)
        defer { chmod(sandbox.path("locked"), 0o755) }

        let result = try walk()

        #expect(notes(result) == ["open.md"])
        #expect(result.unreadableFolders.map(\.path.description) == ["locked"])
    }
}
