import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A vault carries enote's own files too (`.enote/`, its config and templates, the trash), and
/// git checks out symbolic links: none of them is ever followed out of the vault, nor is the
/// editor's copy of a note. Each case ends in a clear refusal and leaves the outside untouched.
@Suite struct StateLinkTests {
    /// A file outside the vault whose text must never show up in the vault or in the output.
    private func secret(_ vault: TemporaryVault, _ name: String = "secret.txt") throws -> String {
        try vault.outsideFile(name, Array("root:x:0:0:SECRET-OUTSIDE:/root:/bin/sh\nexpiry = delete\n".utf8))
    }

    private func link(_ vault: TemporaryVault, _ path: String, to target: String) throws {
        try? FileManager.default.removeItem(at: vault.url(path))
        try FileManager.default.createSymbolicLink(atPath: vault.url(path).path, withDestinationPath: target)
    }

    private func noteFiles(_ vault: TemporaryVault) throws -> [String: TreeEntry] {
        try vault.tree().filter { !$0.key.hasPrefix(".enote") }
    }

    @Test func aTemplateThatIsALinkIsRefused() throws {
        let vault = try TemporaryVault()
        try link(vault, ".enote/templates/evil.md", to: try secret(vault))
        let before = try noteFiles(vault)
        let result = try vault.run("new", "Stolen", "--template", "evil")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(".enote/templates/evil.md is a symbolic link"), "\(result)")
        #expect(!result.stdout.contains("SECRET") && !result.stderr.contains("SECRET"))
        #expect(try noteFiles(vault) == before, "no note was created")
    }

    @Test func aTemplatesFolderThatIsALinkIsRefused() throws {
        let vault = try TemporaryVault()
        let outside = vault.base.appendingPathComponent("outside-templates")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("# {{title}}\nSECRET-OUTSIDE\n".utf8).write(to: outside.appendingPathComponent("meeting.md"))
        try link(vault, ".enote/templates", to: outside.path)
        let before = try noteFiles(vault)
        let result = try vault.run("new", "Stolen", "--template", "meeting")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(".enote/templates is a symbolic link"), "\(result)")
        #expect(try noteFiles(vault) == before, "no note was created")
    }

    @Test func aConfigThatIsALinkIsNeitherReadNorEchoed() throws {
        let vault = try TemporaryVault()
        try link(vault, ".enote/config", to: try secret(vault))
        let result = try vault.run("list")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(".enote/config is a symbolic link"), "\(result)")
        #expect(!result.stderr.contains("SECRET"), "the outside file is not echoed: \(result)")
    }

    @Test func aStateFolderThatIsALinkIsRefusedAndNothingIsCreatedThere() throws {
        let vault = try TemporaryVault()
        let outside = vault.base.appendingPathComponent("outside-state")
        try FileManager.default.moveItem(at: vault.url(".enote"), to: outside)
        try link(vault, ".enote", to: outside.path)
        let before = try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted()
        for arguments in [["list"], ["search", "garden"], ["new", "Another", "text"]] {
            let result = try vault.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("/.enote is a symbolic link"), "\(arguments): \(result)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == before, "no index, lock or socket outside")
    }

    @Test(arguments: ["index.sqlite", "index.sqlite-wal"])
    func anIndexFileThatIsALinkIsReplacedNotFollowed(name: String) throws {
        let vault = try TemporaryVault()
        let target = vault.base.appendingPathComponent("outside-\(name)").path
        try link(vault, ".enote/\(name)", to: target)
        let result = try vault.run("search", "garden", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("garden.md"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: target), "nothing was written through the link")
        var status = stat()
        #expect(lstat(vault.url(".enote/index.sqlite").path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "the index is a real file again")
    }

    /// `.trash` as a link: nothing is moved there, its log is neither read nor written (even
    /// by `expiry = delete`, which deletes a committed note and only logs it).
    @Test func aTrashThatIsALinkGetsNoLogAndNoNote() throws {
        let vault = try TemporaryVault()
        try vault.write(".enote/config", try vault.text(".enote/config").replacingOccurrences(of: "expiry = trash", with: "expiry = delete"))
        try vault.commitAll()
        let outside = vault.base.appendingPathComponent("outside-trash")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let forged = #"{"date":"2026-01-01T00:00:00Z","originalPath":"SECRET-OUTSIDE.md","reason":"removed","trashedPath":"x.md"}"# + "\n"
        try Data(forged.utf8).write(to: outside.appendingPathComponent(".log.jsonl"))
        try link(vault, ".trash", to: outside.path)
        let list = try vault.run("trash", "list", "--json")
        #expect(!list.stdout.contains("SECRET") && !list.stderr.contains("SECRET"), "\(list)")
        let removed = try vault.run("rm", "garden")
        #expect(removed.status == 1, "\(removed)")
        #expect(vault.exists("garden.md"))
        let expired = try vault.run("expire")
        #expect(expired.status == 0, "\(expired)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [".log.jsonl"])
        #expect(String(decoding: try Data(contentsOf: outside.appendingPathComponent(".log.jsonl")), as: UTF8.self) == forged, "the outside log is untouched")
    }

    @Test func attachmentsThatAreALinkAreNotListed() throws {
        let vault = try TemporaryVault()
        let outside = vault.base.appendingPathComponent("outside-attachments")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: outside.appendingPathComponent("SECRET-OUTSIDE.png"))
        try? FileManager.default.removeItem(at: vault.url("attachments"))
        try link(vault, "attachments", to: outside.path)
        let result = try vault.run("doctor", "--json")
        #expect(!result.stdout.contains("SECRET"), "\(result)")
    }

    /// The editor (or anything else) swaps its temporary copy for a link to a file outside:
    /// the outside file must not become the note.
    @Test(arguments: [["edit", "garden"], ["new", "Plan", "--edit"]])
    func anEditorThatSwapsItsCopyForALinkSavesNothing(arguments: [String]) throws {
        let vault = try TemporaryVault()
        let outside = try secret(vault)
        let editor = try vault.script("swap.sh", "rm -f \"$1\"; ln -s '\(outside)' \"$1\"")
        let before = try noteFiles(vault)
        let result = try vault.run(arguments, environment: ["EDITOR": editor])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("symbolic link"), "\(result)")
        #expect(try noteFiles(vault) == before, "the note is as it was and no note was created")
        let leaked = try vault.tree().values.contains { entry in
            guard case .file(let data, _) = entry else { return false }
            return String(decoding: data, as: UTF8.self).contains("SECRET")
        }
        #expect(!leaked, "the outside file's text is nowhere in the vault")
    }
}
