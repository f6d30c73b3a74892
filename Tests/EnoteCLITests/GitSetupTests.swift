import EnoteTestSupport
import Foundation
import Testing

/// `enote git setup`, the offer of `enote init` in a git work tree, and `enote merge-driver`
/// run by hand as git runs it.
@Suite struct GitSetupTests {
    @Test func initInAGitWorkTreeWithoutATerminalSuggestsGitSetupAndChangesNothing() throws {
        let clones = try DriverClones()
        let folder = try clones.clone("a")
        let result = try clones.enote(["init"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("run enote git setup"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".gitattributes").path))
        #expect(try clones.git(["config", "--get", "merge.enote.driver"], in: folder, allowFailure: true).status != 0)
    }

    @Test func initWithNoGitSetupSaysNothingAboutIt() throws {
        let clones = try DriverClones()
        let folder = try clones.clone("a")
        let result = try clones.enote(["init", "--no-git-setup"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("git setup"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".gitattributes").path))
    }

    @Test func gitSetupOutsideAGitRepositoryFailsWithWhatToDo() throws {
        let clones = try DriverClones()
        let folder = clones.base.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try clones.enote(["init", "--git-setup"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("is not in a git repository; run git init there"), "\(result)")
    }

    @Test func gitSetupKeepsWhatIsThereAndRunsTwiceHarmlessly() throws {
        let clones = try DriverClones()
        let folder = try clones.clone("a")
        #expect(try clones.enote(["init", "--no-git-setup"], in: folder).status == 0)
        try clones.write("*.png binary", to: ".gitattributes", in: folder)
        let first = try clones.enote(["git", "setup"], in: folder)
        #expect(first.status == 0, "\(first)")
        #expect(try clones.text(".gitattributes", in: folder) == "*.png binary\n*.md merge=enote\n")
        let second = try clones.enote(["git", "setup"], in: folder)
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("already set up"), "\(second)")
        #expect(try clones.text(".gitattributes", in: folder) == "*.png binary\n*.md merge=enote\n")
        let driver = try clones.git(["config", "--get", "merge.enote.driver"], in: folder).output
        #expect(driver == "\(EnoteProcess.executable.resolvingSymlinksInPath().path) merge-driver %O %A %B %P --marker-size %L\n")
    }

    @Test func theDriverWritesTheResultToOursAndExitsThreeOnABodyConflict() throws {
        let clones = try DriverClones()
        let folder = clones.base
        try clones.write("---\ntitle: A\n---\nline\n", to: "base", in: folder)
        try clones.write("---\ntitle: B\n---\nours\n", to: "ours", in: folder)
        try clones.write("---\ntitle: A\ncolor: red\n---\ntheirs\n", to: "theirs", in: folder)
        let result = try clones.enote(
            ["merge-driver", "base", "ours", "theirs", "notes/a.md", "--marker-size", "9", "--ours-label", "HEAD", "--theirs-label", "main"], in: folder)
        #expect(result.status == 3, "\(result)")
        #expect(try clones.text("ours", in: folder) == "---\ntitle: B\ncolor: red\n---\n<<<<<<<<< HEAD\nours\n=========\ntheirs\n>>>>>>>>> main\n")
        let help = try clones.enote(["merge-driver", "--help"], in: folder)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--marker-size"), "\(help)")
        let missing = try clones.enote(["merge-driver", "base", "nowhere", "theirs"], in: folder)
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("nowhere"), "\(missing)")
    }
}

extension GitSetupTests {
    @Test func theDriverAcceptsTheGlobalOptionsLikeEveryCommand() throws {
        let clones = try DriverClones()
        let folder = clones.base
        try clones.write("---\ntitle: A\n---\nline\n", to: "base", in: folder)
        try clones.write("---\ntitle: B\n---\nline\n", to: "ours", in: folder)
        try clones.write("---\ntitle: A\n---\nline 2\n", to: "theirs", in: folder)
        let result = try clones.enote(["--lang", "ru", "merge-driver", "base", "ours", "theirs"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(try clones.text("ours", in: folder) == "---\ntitle: B\n---\nline 2\n")
    }
}

/// RELIABILITY row 83: the README's own set-up (`git add -A && git commit`) never commits
/// `.trash/`, whose notes expired or were removed and whose log names them.
extension GitSetupTests {
    @Test func theReadmesGitSetUpNeverCommitsTheTrash() throws {
        let clones = try DriverClones()
        let folder = try clones.clone("a")
        // Given a vault made with enote init --git-setup, a note removed to the trash
        #expect(try clones.enote(["init", "--git-setup"], in: folder).status == 0)
        try clones.write("---\ntitle: Gone\n---\nA secret.\n", to: "gone.md", in: folder)
        try clones.write("Kept.\n", to: "kept.md", in: folder)
        #expect(try clones.enote(["rm", "gone"], in: folder).status == 0)
        // When the README's commands commit everything
        try clones.commitAll("notes", in: folder)
        // Then nothing of the trash is in git
        let tracked = try clones.git(["ls-files"], in: folder).output
        #expect(!tracked.contains(".trash"), "\(tracked)")
        #expect(tracked.contains("kept.md"), "\(tracked)")
    }

    @Test func gitSetupOfAVaultThatAlreadyHasATrashKeepsItOutOfGit() throws {
        let clones = try DriverClones()
        // Given a vault with a trash, made before git (as by an older enote)
        let folder = clones.base.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".trash"), withIntermediateDirectories: true)
        #expect(try clones.enote(["init"], in: folder).status == 0)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(".trash/.gitignore"))
        try clones.write("Expired secret.\n", to: ".trash/old.md", in: folder)
        try clones.write("{\"originalPath\":\"old.md\"}\n", to: ".trash/.log.jsonl", in: folder)
        try clones.write("Kept.\n", to: "kept.md", in: folder)
        // When git is set up as the README says
        try clones.git(["init", "--quiet", "-b", "main"], in: folder)
        let setup = try clones.enote(["git", "setup"], in: folder)
        #expect(setup.status == 0, "\(setup)")
        try clones.commitAll("notes", in: folder)
        // Then the trash stays out of git, and what was in it is still there
        let tracked = try clones.git(["ls-files"], in: folder).output
        #expect(!tracked.contains(".trash"), "\(tracked)")
        #expect(try clones.text(".trash/old.md", in: folder) == "Expired secret.\n")
    }
}
