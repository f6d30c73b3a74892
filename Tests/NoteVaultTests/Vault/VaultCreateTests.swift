import Foundation
import Testing

@testable import NoteVault

/// Creating notes: names from titles, collisions (row 30), folders that would leave the vault
/// (row 31).
@Suite("Vault.create")
struct VaultCreateTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func createError(_ new: NewNote) throws -> VaultError? {
        let vault = try sandbox.vault()
        do {
            try vault.create(new)
            return nil
        } catch {
            return error
        }
    }

    @Test("a new note: slug name, front matter with title and times, body ending in a newline")
    func createsNote() throws {
        let vault = try sandbox.vault()
        let note = try vault.create(NewNote(title: "Grocery list", body: "Eggs\nMilk", color: .palette(.red)))

        #expect(note.path.description == "grocery-list.md")
        #expect(note.title == "Grocery list")
        #expect(
            sandbox.text("grocery-list.md") == """
                ---
                title: Grocery list
                color: red
                created: \(VaultSandbox.stamp)
                updated: \(VaultSandbox.stamp)
                ---
                Eggs
                Milk

                """)
        #expect(sandbox.tempFiles().isEmpty)
    }

    @Test("the same title again gets -2, -3")
    func collisionSuffixes() throws {
        let vault = try sandbox.vault()
        let paths = try (1...3).map { _ in try vault.create(NewNote(title: "Plan", body: "x")).path.description }
        #expect(paths == ["plan.md", "plan-2.md", "plan-3.md"])
    }

    @Test(
        "names that differ only in case or normalisation from an existing one get a suffix",
        arguments: [
            ("Plan.md", "plan", "plan-2.md"),
            ("PLAN.MD", "Plan", "plan-2.md"),
            ("cafe\u{301}.md", "Caf\u{E9}", "caf\u{E9}-2.md"),
            ("Cafe\u{301}.md", "cafe\u{301}", "caf\u{E9}-2.md"),
            ("Список.md", "список", "список-2.md"),
        ])
    func caseAndNormalisationCollisions(existing: String, title: String, expected: String) throws {
        try sandbox.write(existing, "theirs\n")
        let vault = try sandbox.vault()

        let note = try vault.create(NewNote(title: title, body: "ours"))

        #expect(Array(note.path.bytes) == Array(expected.utf8))
        #expect(sandbox.text(existing) == "theirs\n")
    }

    @Test(
        "a folder that leaves the vault or breaks a rule is refused, nothing written",
        arguments: [
            ("../x", PathError.Rule.parentReference),
            ("work/../../x", .parentReference),
            ("/etc", .absolute),
            ("/tmp/notes", .absolute),
            (".git", .hidden),
            ("work/.trash", .hidden),
            ("a//b", .emptyComponent),
            ("CON", .reservedName),
            ("bad\nname", .controlCharacter),
        ])
    func refusedFolders(folder: String, rule: PathError.Rule) throws {
        let before = sandbox.names()

        let error = try #require(try createError(NewNote(title: "Escape", body: "x", folder: folder)))

        guard case .path(let pathError) = error else { Issue.record("\(error)"); return }
        #expect(pathError.rule == rule)
        #expect(sandbox.names() == before)
        #expect(sandbox.outsideContents().isEmpty)
    }

    @Test("a symbolic link to a folder outside the vault is not followed", arguments: ["evil", "evil/deeper"])
    func symlinkedFolder(folder: String) throws {
        try sandbox.symlink(sandbox.outside, at: "evil")

        let error = try #require(try createError(NewNote(title: "passwd", body: "root::0:0", folder: folder)))

        guard case .path(let pathError) = error else { Issue.record("\(error)"); return }
        #expect(pathError.rule == .symbolicLink)
        #expect(error.description.contains("\"evil\" is a symbolic link"), "\(error)")
        #expect(sandbox.outsideContents().isEmpty, "nothing written outside the vault")
    }

    @Test("a relative link inside a sub-folder pointing out is not followed either")
    func nestedRelativeSymlink() throws {
        try sandbox.makeFolder("work")
        try sandbox.symlink("../../outside", at: "work/out")

        let error = try #require(try createError(NewNote(title: "x", body: "x", folder: "work/out/sub")))

        #expect(error.description.contains("work/out"), "\(error)")
        #expect(sandbox.outsideContents().isEmpty)
    }

    @Test("folders are created as needed; trailing and empty folder names are fine")
    func folders() throws {
        let vault = try sandbox.vault()
        #expect(try vault.create(NewNote(title: "Plan", body: "x", folder: "work/2026")).path.description == "work/2026/plan.md")
        #expect(try vault.create(NewNote(title: "Plan", body: "x", folder: "work/2026/")).path.description == "work/2026/plan-2.md")
        #expect(try vault.create(NewNote(title: "Plan", body: "x", folder: "")).path.description == "plan.md")
        #expect(try sandbox.status("work/2026").kind == .directory)
    }

    @Test("a file in the way of a folder is an error, not replaced")
    func fileInTheWay() throws {
        try sandbox.write("work", "a file\n")
        let error = try #require(try createError(NewNote(title: "Plan", body: "x", folder: "work")))
        #expect(error.description.contains("work exists and is not a folder"), "\(error)")
        #expect(sandbox.text("work") == "a file\n")
    }

    @Test(
        "a note needs a one-line title and content",
        arguments: [
            ("", "body", "a note needs a title"),
            ("   ", "body", "a note needs a title"),
            ("two\nlines", "body", "a title is one line"),
            ("Title", "", "a note needs content as well as a title"),
            ("Title", " \n\t\n", "nothing was created"),
        ])
    func requiresTitleAndContent(title: String, body: String, message: String) throws {
        let error = try #require(try createError(NewNote(title: title, body: body)))
        #expect(error.description.contains(message), "\(error)")
        #expect(sandbox.names() == [".enote"])
    }

    @Test("max_notes is enforced")
    func limit() throws {
        try sandbox.writeAbsolute(sandbox.root + "/.enote/config", Array("max_notes = 2\n".utf8))
        let vault = try sandbox.vault()
        try vault.create(NewNote(title: "One", body: "x"))
        try vault.create(NewNote(title: "Two", body: "x"))

        #expect {
            try vault.create(NewNote(title: "Three", body: "x"))
        } throws: { error in
            guard case .limitReached(2) = error as? VaultError else { return false }
            return true
        }
        #expect(!sandbox.exists("three.md"))
    }

    @Test("noteLimit counts the notes create counts: none without max_notes, reached at the limit")
    func limitStatus() throws {
        #expect(try sandbox.vault().noteLimit() == nil)
        try sandbox.writeAbsolute(sandbox.root + "/.enote/config", Array("max_notes = 2\n".utf8))
        let vault = try sandbox.vault()
        #expect(vault.noteLimit() == NoteLimit(count: 0, limit: 2))
        try vault.create(NewNote(title: "One", body: "x"))
        #expect(vault.noteLimit()?.remaining == 1)
        #expect(vault.noteLimit()?.isReached == false)
        try vault.create(NewNote(title: "Two", body: "x"))
        #expect(vault.noteLimit() == NoteLimit(count: 2, limit: 2))
        #expect(vault.noteLimit()?.isReached == true)
        _ = try vault.trash.move(NotePath(validating: "one.md", purpose: .lookup), reason: .removed)
        #expect(vault.noteLimit()?.remaining == 1)
    }

    @Test(
        "titles that need quoting are written as valid YAML and read back exactly",
        arguments: ["Meeting: Q3", "yes", "#ff0000", "[draft] x", "1.10", "it's \"quoted\""])
    func yamlTitles(title: String) throws {
        let vault = try sandbox.vault()
        let note = try vault.create(NewNote(title: title, body: "x"))
        #expect(note.title == title)
        #expect(note.content.diagnostics.isEmpty, "\(note.content.diagnostics)")
    }
}
