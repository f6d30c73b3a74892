import Foundation
import Testing

/// Notes enote must read but never damage (RELIABILITY rows 6, 22–25, 29, 30): links, modes,
/// odd front matter, files that are not UTF-8 text, odd file names.
@Suite struct BadFileTests {
    // MARK: - Row 6: links and modes

    @Test func symbolicLinkNoteIsRefusedAndStaysALink() throws {
        let vault = try TemporaryVault()
        try FileManager.default.createSymbolicLink(atPath: vault.url("link.md").path, withDestinationPath: "garden.md")
        let before = try vault.tree()
        for command in [["set", "link.md", "--color", "red"], ["set", "link", "--title", "X"], ["rm", "link.md"]] {
            let result = try vault.run(command)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("link.md"), "\(result.stderr)")
            #expect(result.stderr.contains("symbolic link"), "the message states the rule: \(result.stderr)")
        }
        #expect(try vault.tree() == before)
        #expect(try vault.tree()["link.md"] == .link("garden.md"))
        #expect(!(try vault.listedPaths()).contains("link.md"))
    }

    @Test func symbolicLinkOutOfTheVaultIsNeverRead() throws {
        let vault = try TemporaryVault()
        let secret = vault.base.appendingPathComponent("secret.txt")
        try Data("TOP SECRET\n".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(atPath: vault.url("key.md").path, withDestinationPath: secret.path)
        for command in [["show", "key.md"], ["show", "--raw", "key.md"], ["set", "key.md", "--color", "red"]] {
            let result = try vault.run(command)
            #expect(result.status == 1, "\(result)")
            #expect(!result.stdout.contains("TOP SECRET"))
        }
        let list = try vault.run("list", "--json")
        #expect(!list.stdout.contains("TOP SECRET"))
        #expect(try Data(contentsOf: secret) == Data("TOP SECRET\n".utf8))
    }

    @Test func hardLinkedNoteIsRefusedAndStaysLinked() throws {
        let vault = try TemporaryVault()
        try FileManager.default.linkItem(atPath: vault.url("grocery-list.md").path, toPath: vault.base.appendingPathComponent("backup.md").path)
        let inode = try #require(vault.status("grocery-list.md")).st_ino
        let before = try vault.tree()
        let result = try vault.run("set", "grocery-list.md", "--color", "blue")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("grocery-list.md has 2 hard links"), "\(result.stderr)")
        #expect(try vault.tree() == before)
        let status = try #require(vault.status("grocery-list.md"))
        #expect(status.st_nlink == 2)
        #expect(status.st_ino == inode)
    }

    @Test func modeIsKeptWhenANoteIsChanged() throws {
        let vault = try TemporaryVault()
        chmod(vault.url("welcome.md").path, 0o600)
        chmod(vault.url("garden.md").path, 0o640)
        #expect(try vault.run("set", "welcome", "--color", "blue").status == 0)
        let editor = try vault.script("append.sh", #"printf 'more\n' >> "$1""#)
        #expect(try vault.run(["edit", "garden"], environment: ["EDITOR": editor]).status == 0)
        #expect(try vault.text("welcome.md").contains("color: blue"))
        #expect(try vault.text("garden.md").hasSuffix("more\n"))
        #expect(try #require(vault.status("welcome.md")).st_mode & 0o7777 == 0o600)
        #expect(try #require(vault.status("garden.md")).st_mode & 0o7777 == 0o640)
    }

    // MARK: - Row 22: front matter that is not closed, not YAML, alone, or an empty file

    @Test(arguments: [
        ("noclose.md", "---\ntitle: Never closed\nbody line\n", "title: Never closed"),
        ("only.md", "---\ntitle: Only front matter\ncolor: red\n---\n", "Only front matter"),
        ("empty.md", "", "Untitled"),
        ("blank.md", "\n\n   \n", "Untitled"),
    ])
    func oddFrontMatterIsListedAndNothingIsDropped(path: String, text: String, title: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(path, text)
        let notes = try vault.listJSON()
        #expect(notes.count == 1)
        #expect(notes.first?["title"] as? String == title)

        let result = try vault.run("set", path, "--color", "green")
        #expect(result.status == 0, "\(result)")
        let after = try vault.text(path)
        if text.hasPrefix("---\ntitle: Only") {
            #expect(after.hasSuffix("color: green\n---\n"), "no updated: the note never had one; \(after)")
        } else {
            #expect(after.hasSuffix(text), "the original text is all still there: \(after)")
        }
        #expect(try vault.showJSON(path)["color"] as? String == "green")
    }

    @Test func unclosedFrontMatterWarnsWithTheLine() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("noclose.md", "---\ntitle: Never closed\nbody line\n")
        let result = try vault.run("show", "noclose.md")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("noclose.md:1"), "\(result.stderr)")
        #expect(result.stderr.contains("never closed"))
        #expect(result.stdout.contains("body line"))
    }

    // MARK: - Row 23: duplicate keys

    @Test func duplicateTitleUsesTheFirstAndWarns() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("dup.md", "---\ntitle: First\ntitle: Second\n---\nx\n")
        let original = try vault.bytes("dup.md")
        let note = try vault.showJSON("dup.md")
        #expect(note["title"] as? String == "First")
        let warnings = try #require(note["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("dup.md:3") }, "\(warnings)")

        let result = try vault.run("set", "dup.md", "--title", "Third")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("title appears on lines 2, 3"), "\(result.stderr)")
        #expect(try vault.bytes("dup.md") == original)
    }

    @Test func duplicateDestroyIsAmbiguousAndNeverExpires() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("twice.md", "---\ntitle: Twice\ndestroy: 2020-01-01\ndestroy: 2021-01-01\n---\nx\n")
        let notes = try vault.listJSON()
        #expect(notes.map { $0["path"] as? String } == ["twice.md"], "an ambiguous destroy date never hides a note")
        #expect(notes.first?["destroy"] is NSNull)
        #expect(notes.first?["pending_expiry"] as? Bool == false)
        let shown = try vault.run("show", "twice.md")
        #expect(shown.stdout.contains("destroy: ambiguous"), "\(shown.stdout)")
        #expect(shown.stderr.contains("twice.md:4"), "\(shown.stderr)")
    }

    // MARK: - Row 24: typed scalars

    @Test(arguments: ["yes", "NO", "1.10", "2024-01-01", "null", "~", "0x1F", "12:30"])
    func titlesStayLiteralStrings(title: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("typed.md", "---\ntitle: \(title)\n---\nbody\n")
        #expect(try vault.showJSON("typed.md")["title"] as? String == title)
        #expect(try vault.run("set", "typed.md", "--color", "red").status == 0)
        let lines = try vault.lines("typed.md")
        #expect(lines[1] == "title: \(title)", "the title line is not touched")
        #expect(try vault.showJSON("typed.md")["title"] as? String == title)
    }

    @Test func unquotedHexColourIsAcceptedWithAWarning() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("hex.md", "---\ntitle: Hex\ncolour: #ff0000\n---\nbody\n")
        let note = try vault.showJSON("hex.md")
        #expect(note["color"] as? String == "#ff0000")
        let warnings = try #require(note["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("hex.md:3") && $0.contains("quotes") }, "\(warnings)")
    }

    // MARK: - Row 25: invalid destroy dates

    @Test(arguments: ["2024-13-45", "01/06/2024", "tomorrow", "", "[2020-01-01, 2021-01-01]", "0000-00-00", "yesterday 5pm"])
    func invalidDestroyDateKeepsTheNote(value: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("bad.md", "---\ntitle: Bad date\ndestroy: \(value)\n---\nbody\n")
        let original = try vault.bytes("bad.md")
        let notes = try vault.listJSON()
        #expect(notes.map { $0["path"] as? String } == ["bad.md"])
        #expect(notes.first?["destroy"] is NSNull)
        #expect(notes.first?["pending_expiry"] as? Bool == false)
        let warnings = try #require(try vault.showJSON("bad.md")["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("bad.md:3") }, "\(warnings)")
        #expect(try vault.bytes("bad.md") == original)
    }

    // MARK: - Row 29: not UTF-8, not text, too large

    /// Latin-1 text: `Café` and `naïve` with one byte each for é and ï.
    static let latin1: [UInt8] = Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\nna".utf8) + [0xEF] + Array("ve\n".utf8)
    /// A real PNG (the sample's garden picture), to be renamed to .md.
    static let png: [UInt8] = Array((try? Data(contentsOf: TemporaryVault.sampleVault.appendingPathComponent("attachments/garden.png"))) ?? Data())

    @Test(arguments: [
        ("latin.md", latin1, "not valid UTF-8 at byte offset 14"),
        ("image.md", png, "not text"),
    ])
    func fileThatIsNotUTF8TextIsListedButNeverRewritten(path: String, bytes: [UInt8], reason: String) throws {
        let vault = try TemporaryVault()
        try #require(bytes.count > 20)
        try vault.write(path, bytes: bytes)
        let list = try vault.run("list", "--json")
        let note = try #require(try JSONOutput.array(list).first { $0["path"] as? String == path }, "\(list)")
        #expect(note["title"] as? String == String(path.dropLast(3)), "listed by its file name")
        #expect(list.stderr.contains(path), "the summary names it: \(list.stderr)")

        let before = try vault.tree()
        let editor = try vault.script("append.sh", #"printf 'x\n' >> "$1""#)
        for (command, environment) in [(["set", path, "--color", "red"], [:]), (["edit", path], ["EDITOR": editor])] {
            let result = try vault.run(command, environment: environment)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("\(path) is \(reason)"), "\(result.stderr)")
        }
        #expect(try vault.tree() == before)
        #expect(Array(try vault.run("show", "--raw", path).stdoutBytes) == bytes)
    }

    @Test func fileOverTheSizeLimitIsListedByName() throws {
        let vault = try TemporaryVault(sample: false)
        let path = vault.url("huge.md").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("---\ntitle: Huge\n---\n".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 11 * 1_048_576)
        try handle.close()
        let notes = try vault.listJSON()
        #expect(notes.map { $0["path"] as? String } == ["huge.md"])
        let result = try vault.run("set", "huge.md", "--color", "red")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("huge.md is larger than 10 MiB"), "\(result.stderr)")
        #expect(try #require(vault.status("huge.md")).st_size == 11 * 1_048_576)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4) == Data("---\n".utf8))
    }

    // MARK: - Row 30: odd file names

    @Test func namesThatDifferOnlyInBytesAreDistinctNotes() throws {
        let vault = try TemporaryVault(sample: false)
        // `bad\xFF.md`: a name that is not valid UTF-8, made from raw bytes.
        var name = Array((vault.root.path + "/bad").utf8) + [0xFF] + Array(".md".utf8) + [0]
        let created = name.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) }
        }
        try #require(created >= 0)
        #expect(write(created, "x\n", 2) == 2)
        close(created)
        try vault.write("caf\u{E9}.md", "nfc\n")
        try vault.write("cafe\u{301}.md", "nfd\n")
        try vault.write("Note.md", "upper\n")
        try vault.write("note.md", "lower\n")

        let notes = try vault.listJSON()
        let titles = Set(notes.compactMap { $0["title"] as? String })
        #expect(titles == ["x", "nfc", "nfd", "upper", "lower"], "\(notes)")
        #expect(notes.contains { $0["path"] as? String == "bad\\xFF.md" }, "invalid bytes are shown escaped")
        #expect(notes.count == 5)
    }

    @Test func newNeverCreatesANameThatCollidesOnOtherSystems() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("Note.md", "upper\n")
        try vault.write("cafe\u{301}.md", "nfd\n")
        let note = try vault.run("new", "note", "body")
        #expect(note.stdout == "note-2.md\n", "\(note)")
        let cafe = try vault.run("new", "Café", "body")
        #expect(cafe.stdout == "caf\u{E9}-2.md\n", "\(cafe)")
        #expect(try vault.text("Note.md") == "upper\n")
        #expect(try vault.text("cafe\u{301}.md") == "nfd\n")
    }
}
