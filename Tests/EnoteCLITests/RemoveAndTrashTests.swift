import Foundation
import Testing

/// `enote rm NOTE…` and `enote trash [list | restore NOTE | empty]`.
@Suite struct RemoveAndTrashTests {
    @Test func removeMovesToTheTrashKeepingTheFolders() throws {
        let vault = try TemporaryVault()
        let kyoto = try vault.bytes("travel/kyoto.md")
        let retro = try vault.bytes("archive/2025-retro.md")
        let grocery = try vault.bytes("grocery-list.md")
        let result = try vault.run("rm", "travel/kyoto", "2025 retrospective", "grocery")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Moved travel/kyoto.md to the trash"))

        #expect(try vault.bytes(".trash/travel/kyoto.md") == kyoto)
        #expect(try vault.bytes(".trash/archive/2025-retro.md") == retro)
        #expect(try vault.bytes(".trash/grocery-list.md") == grocery)
        for path in ["travel/kyoto.md", "archive/2025-retro.md", "grocery-list.md"] {
            #expect(!vault.exists(path))
        }
        #expect(vault.exists("travel"), "the folder itself stays")
        let listed = try vault.listedPaths()
        #expect(Set(listed) == Set(SampleNotes.listed).subtracting(["travel/kyoto.md", "archive/2025-retro.md", "grocery-list.md"]))
    }

    @Test func trashListShowsWhereNotesCameFrom() throws {
        let vault = try TemporaryVault()
        #expect(try vault.run("rm", "travel/kyoto", "garden").status == 0)
        let table = try vault.run("trash", "list")
        #expect(table.status == 0, "\(table)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("travel/kyoto.md") && $0.hasSuffix("removed") }, "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("garden.md") && $0.hasSuffix("removed") })

        let json = try JSONOutput.array(try vault.run("trash", "list", "--json"))
        let originals = Set(json.compactMap { $0["original"] as? String })
        #expect(originals == ["travel/kyoto.md", "garden.md"])
        for entry in json {
            #expect(entry["path"] as? String == entry["original"] as? String)
            #expect(entry["reason"] as? String == "removed")
            #expect(JSONOutput.date(entry["removed"]) != nil)
        }
        let bare = try vault.run("trash")
        #expect(bare.stdout == table.stdout, "list is the default")
    }

    @Test func emptyTrashListSaysSo() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("trash", "list")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("The trash is empty"))
        #expect(try JSONOutput.array(try vault.run("trash", "list", "--json")).isEmpty)
    }

    @Test(arguments: ["travel/kyoto.md", "travel/kyoto", "travel/ky"])
    func restorePutsTheNoteBack(reference: String) throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("travel/kyoto.md")
        #expect(try vault.run("rm", "travel/kyoto").status == 0)
        let result = try vault.run("trash", "restore", reference)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "travel/kyoto.md\n")
        #expect(try vault.bytes("travel/kyoto.md") == original)
        #expect(!vault.exists(".trash/travel/kyoto.md"))
        #expect(try vault.listedPaths().contains("travel/kyoto.md"))
    }

    @Test func restoreRecreatesAMissingFolder() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("archive/2025-retro.md")
        #expect(try vault.run("rm", "archive/2025-retro").status == 0)
        try FileManager.default.removeItem(at: vault.url("archive"))
        let result = try vault.run("trash", "restore", "archive/2025-retro.md")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.bytes("archive/2025-retro.md") == original)
    }

    @Test func restoreNeverOverwritesANewNoteOfTheSameName() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("garden.md")
        #expect(try vault.run("rm", "garden").status == 0)
        try vault.write("garden.md", "A new garden note\n")
        let result = try vault.run("trash", "restore", "garden.md")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "garden-2.md\n")
        #expect(try vault.text("garden.md") == "A new garden note\n")
        #expect(try vault.bytes("garden-2.md") == original)
    }

    @Test func removingTheSameNameTwiceKeepsBothInTheTrash() throws {
        let vault = try TemporaryVault()
        let first = try vault.bytes("garden.md")
        #expect(try vault.run("rm", "garden").status == 0)
        try vault.write("garden.md", "second garden\n")
        #expect(try vault.run("rm", "garden.md").status == 0)
        #expect(try vault.bytes(".trash/garden.md") == first)
        #expect(try vault.text(".trash/garden-2.md") == "second garden\n")
    }

    @Test func emptyWithoutYesOnAPipeRefuses() throws {
        let vault = try TemporaryVault()
        #expect(try vault.run("rm", "garden", "grocery").status == 0)
        let before = try vault.tree()
        let result = try vault.run("trash", "empty")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("deletes 2 notes for good; run it again with --yes"), "\(result.stderr)")
        #expect(try vault.tree() == before)
        #expect(vault.exists(".trash/garden.md"))
    }

    @Test func emptyWithYesDeletesTheTrashOnly() throws {
        let vault = try TemporaryVault()
        #expect(try vault.run("rm", "garden", "travel/kyoto").status == 0)
        let result = try vault.run("trash", "empty", "--yes")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Deleted 2 notes from the trash"))
        #expect(try JSONOutput.array(try vault.run("trash", "list", "--json")).isEmpty)
        #expect(!vault.exists(".trash/garden.md"))
        #expect(!vault.exists(".trash/travel/kyoto.md"))
        #expect(Set(try vault.listedPaths()) == Set(SampleNotes.listed).subtracting(["garden.md", "travel/kyoto.md"]))
    }

    @Test func emptyNeverFollowsALinkOutOfTheTrash() throws {
        let vault = try TemporaryVault()
        let outside = vault.base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep me\n".utf8).write(to: outside.appendingPathComponent("precious.md"))
        #expect(try vault.run("rm", "garden").status == 0)
        try FileManager.default.createSymbolicLink(atPath: vault.url(".trash/escape").path, withDestinationPath: outside.path)
        let result = try vault.run("trash", "empty", "--yes")
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("precious.md").path))
    }

    @Test func removingAnUnknownNoteFailsButRemovesTheOthers() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("rm", "garden", "zebra")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no note matches \"zebra\""))
        #expect(vault.exists(".trash/garden.md"))
        #expect(!vault.exists("garden.md"))
    }

    @Test func removeWithoutANoteIsAUsageError() throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run("rm")
        #expect(result.status == 2, "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test func restoringAnUnknownNoteIsAnError() throws {
        let vault = try TemporaryVault()
        #expect(try vault.run("rm", "garden").status == 0)
        let result = try vault.run("trash", "restore", "zebra")
        #expect(result.status == 1, "\(result)")
        #expect(vault.exists(".trash/garden.md"))
    }
}
