import Foundation
import Testing

/// Titles, folders and names chosen to escape the vault or the terminal (RELIABILITY rows 31, 33).
@Suite struct UnsafeInputTests {
    /// Everything in the test's base folder outside the vault, to prove nothing was written there.
    static func outside(_ vault: TemporaryVault) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: vault.base.path))
    }

    // MARK: - Row 31: paths

    @Test(arguments: [
        ("../../etc/passwd", "etc-passwd.md"),
        ("/etc/passwd", "etc-passwd.md"),
        ("..", "note.md"),
        (".git/config", "git-config.md"),
        (".hidden", "hidden.md"),
        ("aux", "aux-note.md"),
        ("name.", "name.md"),
        ("a/../../b", "a-b.md"),
    ])
    func titlesBecomeSafeSlugsInsideTheVault(title: String, path: String) throws {
        let vault = try TemporaryVault()
        let outside = try Self.outside(vault)
        let result = try vault.run("new", title, "content")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == path + "\n")
        #expect(vault.exists(path))
        #expect(try Self.outside(vault) == outside)
        #expect(try vault.showJSON(path)["title"] as? String == title)
    }

    @Test(arguments: [
        ("../x", "uses . or ..; paths must stay inside the vault"),
        ("a/../../b", "uses . or ..; paths must stay inside the vault"),
        ("..", "uses . or .."),
        ("/etc", "is absolute"),
        ("/", "is absolute"),
        ("/tmp/elsewhere", "is absolute"),
        (".git", "names a hidden file or folder"),
        ("work/.git", "names a hidden file or folder"),
        (".trash", "names a hidden file or folder"),
        ("CON", "a name Windows reserves"),
        ("docs/aux.md", "a name Windows reserves"),
        ("x:y", "which Windows cannot store"),
        ("a//b", "empty folder name"),
        ("name.", "ends a name with a dot or a space"),
        ("tab\there", "control character"),
    ])
    func unsafeFoldersAreRefused(folder: String, rule: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let outside = try Self.outside(vault)
        let result = try vault.run("new", "Escape", "content", "--in", folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(rule), "the message states the rule: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try vault.tree() == before)
        #expect(try Self.outside(vault) == outside)
    }

    @Test func folderThroughASymbolicLinkIsRefused() throws {
        let vault = try TemporaryVault()
        let elsewhere = vault.base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.url("evil").path, withDestinationPath: elsewhere.path)
        for folder in ["evil", "evil/deeper"] {
            let result = try vault.run("new", "passwd", "owned", "--in", folder)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test(arguments: [String(repeating: "é", count: 150), String(repeating: "a", count: 300), String(repeating: "東", count: 100)])
    func longTitleGetsACappedName(title: String) throws {
        let vault = try TemporaryVault(sample: false)
        let outside = try Self.outside(vault)
        let result = try vault.run("new", title, "content")
        #expect(result.status == 0, "\(result)")
        let path = result.stdout.trimmingCharacters(in: .newlines)
        #expect(!path.contains("/"))
        #expect(path.utf8.count <= 255)
        #expect(path.hasSuffix(".md"))
        #expect(vault.exists(path))
        #expect(try Self.outside(vault) == outside)
        #expect(try vault.showJSON(path)["title"] as? String == title, "the title itself is kept whole")
    }

    @Test(arguments: ["two\nlines", "carriage\rreturn", "line\u{2028}separator"])
    func titleWithALineBreakIsRefused(title: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run("new", title, "content")
        #expect(result.status == 2, "a usage error: \(result)")
        #expect(result.stderr.contains("a title is one line"), "\(result.stderr)")
        #expect(try vault.tree() == before)
    }

    // MARK: - Row 33: terminal escapes and option-like names

    static let hostileTitles = ["evil\u{1B}]0;pwned\u{07} title", "clear\u{1B}[2J screen", "link\u{1B}]8;;http://x\u{1B}\\ here"]

    @Test(arguments: hostileTitles)
    func escapeSequencesAreShownEscaped(title: String) throws {
        let vault = try TemporaryVault()
        let created = try vault.run("new", title, "body \u{1B}]52;c;cGFzc3dk\u{07} and \u{1B}[31mred\u{9B}31m")
        #expect(created.status == 0, "\(created)")
        let path = created.stdout.trimmingCharacters(in: .newlines)
        #expect(!containsEscape(created.stdoutBytes))
        #expect(path.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{7F}" }, "\(path)")

        let list = try vault.run("list")
        #expect(list.status == 0, "\(list)")
        #expect(!containsEscape(list.stdoutBytes), "no raw ESC in the table")
        #expect(!list.stdoutBytes.contains(0x07))
        #expect(list.stdout.contains("\\e"), "\(list.stdout)")

        let show = try vault.run("show", path)
        #expect(show.status == 0, "\(show)")
        #expect(!containsEscape(show.stdoutBytes), "no raw ESC in show")
        #expect(!show.stdout.unicodeScalars.contains("\u{9B}"), "no raw C1 CSI")
        #expect(show.stdout.contains("\\e]52;c;cGFzc3dk\\a"), "\(show.stdout)")

        for json in [try vault.run("list", "--json"), try vault.run("show", "--json", path)] {
            #expect(json.status == 0, "\(json)")
            #expect(!containsEscape(json.stdoutBytes), "JSON escapes control characters")
            #expect(json.stdout.contains("\\u001b"))
        }
        let note = try vault.showJSON(path)
        #expect(note["title"] as? String == title, "JSON round-trips the exact title")
    }

    @Test func escapeSequencesInMessagesAreEscaped() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "nothing\u{1B}]0;pwned\u{07}")
        #expect(result.status == 1, "\(result)")
        #expect(!result.stderr.unicodeScalars.contains("\u{1B}"), "\(result.stderr)")
        #expect(result.stderr.contains("\\e]0;pwned\\a"))
    }

    @Test func noteNamedLikeAnOptionIsHandledSafely() throws {
        let vault = try TemporaryVault()
        try vault.write("-rf.md", "---\ntitle: Dash\n---\nrf body\n")

        for command in [["show", "--", "-rf"], ["show", "./-rf.md"], ["show", "--", "-rf.md"]] {
            let result = try vault.run(command)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("path:    -rf.md"), "\(result)")
        }

        let log = vault.base.appendingPathComponent("editor-args").path
        let editor = try vault.script("record.sh", #"printf '%s\n' "$@" > "\#(log)"; printf 'edited\n' >> "$1""#)
        let edit = try vault.run(["edit", "--", "-rf"], environment: ["EDITOR": editor])
        #expect(edit.status == 0, "\(edit)")
        let arguments = String(decoding: try Data(contentsOf: URL(fileURLWithPath: log)), as: UTF8.self).split(separator: "\n")
        #expect(arguments.count == 1)
        #expect(arguments.first?.hasPrefix("/") == true, "the editor gets an absolute path, never an option: \(arguments)")
        #expect(try vault.text("-rf.md").hasSuffix("rf body\nedited\n"))

        let set = try vault.run("set", "--color", "red", "--", "-rf")
        #expect(set.status == 0, "\(set)")
        #expect(try vault.text("-rf.md").contains("color: red"))

        let remove = try vault.run("rm", "--", "-rf.md")
        #expect(remove.status == 0, "\(remove)")
        #expect(vault.exists(".trash/-rf.md"))
        #expect(vault.exists("garden.md"), "nothing else was removed")
        #expect(Set(try vault.listedPaths()) == Set(SampleNotes.listed))
    }

    @Test func optionLikeReferenceWithoutSeparatorIsAUsageError() throws {
        let vault = try TemporaryVault()
        try vault.write("-rf.md", "x\n")
        let before = try vault.tree()
        let result = try vault.run("rm", "-rf")
        #expect(result.status == 2, "\(result)")
        #expect(try vault.tree() == before)
    }
}
