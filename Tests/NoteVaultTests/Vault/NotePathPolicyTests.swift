import Testing

@testable import NoteVault

/// ``NotePathPolicy``, the one answer to "is this path a note?": hidden names, other kinds of
/// file, ignore patterns on folders (at any depth above the file) and on files.
@Suite("NotePathPolicy")
struct NotePathPolicyTests {
    static let policy = NotePathPolicy(ignore: ["drafts/", "archive/**/old/", "*.tmp.md", "work/private.md"])

    @Test(
        "which files are notes",
        arguments: [
            ("a.md", true), ("UPPER.MD", true), ("work/deep/x.md", true), ("work/drafts/d.md", true), ("other/private.md", true),
            ("archive/2024/keep.md", true), ("notes.markdown", false), ("readme.txt", false), ("plan.md~", false), ("md", false),
            (".hidden.md", false), (".git/n.md", false), (".enote/x.md", false), (".trash/t.md", false), ("work/.secret/s.md", false),
            ("work/.#plan.md", false), ("work/.plan.md.swp", false),
            ("drafts/a.md", false), ("drafts/sub/b.md", false), ("archive/2024/old/c.md", false), ("archive/old/e.md", false),
            ("archive/2024/old/deeper/f.md", false), ("scratch.tmp.md", false), ("work/x.tmp.md", false), ("work/private.md", false),
        ])
    func notes(path: String, isNote: Bool) {
        #expect(Self.policy.isNote(NotePath(trusted: path), kind: .regular) == isNote)
    }

    @Test("only regular files are notes: never a link, a folder or a FIFO", arguments: [FileStatus.Kind.symbolicLink, .directory, .other])
    func kinds(kind: FileStatus.Kind) {
        #expect(!Self.policy.isNote(NotePath(trusted: "a.md"), kind: kind))
    }

    @Test(
        "which folders the walk and the watcher enter",
        arguments: [
            ("", true), ("work", true), ("work/drafts", true), ("archive/2024", true), ("drafts", false), ("drafts/sub", false),
            ("archive/2024/old", false), ("archive/old", false), ("archive/2024/old/deeper", false), (".git", false),
            ("work/.secret", false), ("work/.secret/inner", false), ("scratch.tmp.md", true),
        ])
    func folders(path: String, entered: Bool) {
        #expect(Self.policy.admitsFolder(NotePath(trusted: path)) == entered)
    }

    @Test("without patterns every visible *.md file is a note")
    func noPatterns() {
        let policy = NotePathPolicy()
        #expect(policy.isNote(NotePath(trusted: "drafts/x.tmp.md"), kind: .regular))
        #expect(!policy.isNote(NotePath(trusted: ".x.md"), kind: .regular))
        #expect(policy == NotePathPolicy(config: VaultConfig()))
    }
}
