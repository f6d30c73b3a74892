import Foundation
import Testing

/// `enote init [DIR] [--sample]`.
@Suite struct InitTests {
    @Test func newVaultWritesConfigAndGitignore() throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("fresh")
        let result = try vault.run(in: vault.base, ["init", folder.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == folder.path + "\n")
        #expect(result.stderr.contains("Created a vault in \(folder.path)"))

        let tree = try vault.tree(folder)
        #expect(Set(tree.keys) == [".enote", ".enote/config", ".enote/.gitignore"], "\(tree)")
        let config = String(decoding: try Data(contentsOf: folder.appendingPathComponent(".enote/config")), as: UTF8.self)
        #expect(config.contains("expiry = trash"))
        let gitignore = String(decoding: try Data(contentsOf: folder.appendingPathComponent(".enote/.gitignore")), as: UTF8.self)
        let ignored = Set(gitignore.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        #expect(ignored.isSuperset(of: ["index.sqlite", "index.sqlite-*", "lock"]), "\(gitignore)")

        let list = try vault.run(in: vault.base, ["list", "--json", "--vault", folder.path])
        #expect(list.status == 0, "\(list)")
        #expect(try JSONOutput.array(list).isEmpty)
    }

    @Test func initWithoutDirectoryMakesTheCurrentFolderAVault() throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try vault.run(in: folder, ["init"])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/.enote/config"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/.enote/.gitignore"))
    }

    @Test func initCreatesAMissingFolderWithParents() throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("a/b/notes")
        let result = try vault.run(in: vault.base, ["init", "a/b/notes"])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/.enote/config"))
    }

    @Test func adoptsExistingNotesWithoutChangingAByte() throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("mine")
        let files: [String: [UInt8]] = [
            "plan.md": Array("# Plan\n\nStep one\n".utf8),
            "windows.md": [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: From Windows\r\n---\r\nText\r\n".utf8),
            "work/ideas.md": Array("---\ntitle: Ideas\ncolor: blue\n---\nMore\n".utf8),
            "readme.txt": Array("not a note\n".utf8),
            ".hidden.md": Array("hidden\n".utf8),
        ]
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        chmod(folder.appendingPathComponent("plan.md").path, 0o600)
        let before = try vault.tree(folder)

        let result = try vault.run(in: vault.base, ["init", folder.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Adopted 3 existing notes"), "\(result)")

        var after = try vault.tree(folder)
        #expect(Set(after.keys).subtracting(before.keys) == [".enote", ".enote/config", ".enote/.gitignore"])
        for key in [".enote", ".enote/config", ".enote/.gitignore"] { after[key] = nil }
        #expect(after == before, "init changed an existing file")

        let list = try vault.run(in: folder, ["list", "--json"])
        let paths = Set(try JSONOutput.array(list).compactMap { $0["path"] as? String })
        #expect(paths == ["plan.md", "windows.md", "work/ideas.md"])
    }

    @Test func sampleCopiesThePresetNotesAndNeverOverwrites() throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("demo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mine = Data("My own garden note\n".utf8)
        try mine.write(to: folder.appendingPathComponent("garden.md"))

        let result = try vault.run(in: vault.base, ["init", "--sample", folder.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Kept the existing garden.md"), "\(result)")

        let sample = try TemporaryVault.sampleTree()
        let copied = try vault.tree(folder)
        for (path, entry) in sample where !path.hasPrefix(".enote") {
            if path == "garden.md" {
                #expect(try Data(contentsOf: folder.appendingPathComponent(path)) == mine, "the existing file was overwritten")
            } else if case .file(let data, _) = entry, case .file(let copy, _)? = copied[path] {
                #expect(copy == data, "\(path) differs from SampleVault")
            } else {
                #expect(copied[path] != nil, "\(path) was not copied")
            }
        }
        let titles = try JSONOutput.array(try vault.run(in: folder, ["list", "--json"])).compactMap { $0["title"] as? String }
        #expect(titles.contains("Grocery list"))
        #expect(titles.contains("京都旅行"))
    }

    @Test func sampleIntoAVaultThatHasEveryFileChangesNothing() throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run("init", "--sample")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Kept the existing grocery-list.md"))
        #expect(try vault.tree() == before)
    }

    /// A folder of the vault that is a link (a clone can carry one) is never written through
    /// by `init --sample`.
    @Test func sampleIsNeverWrittenThroughALinkedFolder() throws {
        let vault = try TemporaryVault(sample: false)
        let outside = vault.base.appendingPathComponent("outside-pictures")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.url("attachments").path, withDestinationPath: outside.path)
        let result = try vault.run("init", "--sample")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("could not copy the sample note attachments/"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing was written outside the vault")
    }

    @Test func initOfAnExistingVaultChangesNothing() throws {
        let vault = try TemporaryVault()
        try vault.write(".enote/config", "# my settings\nexpiry = delete\nsort = title\n")
        try vault.write(".enote/.gitignore", "custom\n")
        let before = try vault.tree()

        let here = try vault.run("init")
        #expect(here.status == 0, "\(here)")
        #expect(here.stderr.contains("is already a vault; nothing was changed"), "\(here)")
        let fromOutside = try vault.run(in: vault.base, ["init", vault.root.path])
        #expect(fromOutside.status == 0, "\(fromOutside)")
        #expect(fromOutside.stdout == vault.root.path + "\n")

        #expect(try vault.tree() == before)
    }
}

extension TemporaryVault {
    /// The repository's SampleVault as a tree.
    static func sampleTree() throws -> [String: TreeEntry] {
        let reader = try TemporaryVault(sample: false)
        return try reader.tree(sampleVault)
    }
}
