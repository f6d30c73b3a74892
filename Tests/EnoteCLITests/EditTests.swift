import Foundation
import Testing

/// `enote edit NOTE` with scripted editors: Done, Cancel, unchanged, emptied, conflict.
@Suite struct EditTests {
    @Test func doneSavesAndStampsUpdated() throws {
        let vault = try TemporaryVault()
        let before = try vault.lines("garden.md")
        let editor = try vault.script("append.sh", #"printf 'Basil too.\n' >> "$1""#)
        let result = try vault.run(["edit", "garden"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Saved garden.md"))

        let after = try vault.lines("garden.md")
        try #require(after.count == before.count + 1, "\(after)")
        for (index, line) in before.enumerated() where !line.hasPrefix("updated: ") && index < before.count - 1 {
            #expect(after[index] == line)
        }
        let updated = try #require(after.first { $0.hasPrefix("updated: ") })
        #expect(updated != "updated: 2026-07-12T18:00:00+02:00")
        #expect(NewTests.isStamp(String(updated.dropFirst(9))), "\(updated)")
        #expect(after.suffix(2) == ["Basil too.", ""])
        let stamped = try #require(JSONOutput.date(try vault.showJSON("garden.md")["updated"]))
        #expect(stamped > Date(timeIntervalSinceNow: -3600))
    }

    @Test func visualWinsOverEditor() throws {
        let vault = try TemporaryVault()
        let visual = try vault.script("visual.sh", #"printf 'from visual\n' >> "$1""#)
        let editor = try vault.script("editor.sh", #"printf 'from editor\n' >> "$1""#)
        let result = try vault.run(["edit", "ideas"], environment: ["VISUAL": visual, "EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        let text = try vault.text("ideas.md")
        #expect(text.hasSuffix("from visual\n"))
        #expect(!text.contains("from editor"))
    }

    @Test func cancelByExitStatusLeavesTheBytes() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("garden.md")
        let editor = try vault.script("cancel.sh", "exit 1")
        let result = try vault.run(["edit", "garden"], environment: ["EDITOR": editor])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("exited with status 1; garden.md is as it was"), "\(result)")
        #expect(try vault.bytes("garden.md") == original)
    }

    @Test func cancelAfterTypingKeepsTheTextAside() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("garden.md")
        let editor = try vault.script("typed-then-quit.sh", #"printf 'precious words\n' >> "$1"; exit 7"#)
        let result = try vault.run(["edit", "garden"], environment: ["EDITOR": editor])
        #expect(result.status == 1, "\(result)")
        #expect(try vault.bytes("garden.md") == original)
        let marker = "Your edited text is kept in "
        let range = try #require(result.stderr.range(of: marker), "\(result.stderr)")
        let copy = String(result.stderr[range.upperBound...].prefix { !$0.isNewline })
        let kept = String(decoding: try Data(contentsOf: URL(fileURLWithPath: copy)), as: UTF8.self)
        #expect(kept.hasSuffix("precious words\n"))
        #expect(!copy.hasPrefix(vault.root.path), "the kept copy is outside the vault")
    }

    @Test(arguments: [":", "true", #"cat "$1" > "$1.tmp" && mv "$1.tmp" "$1""#])
    func unchangedTextLeavesTheBytes(body: String) throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("meeting-notes.md")
        let editor = try vault.script("same.sh", body)
        let result = try vault.run(["edit", "meeting"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("No changes; meeting-notes.md is as it was"), "\(result)")
        #expect(try vault.bytes("meeting-notes.md") == original)
    }

    @Test func deletingAllTextMovesTheNoteToTheTrash() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("travel/kyoto.md")
        let editor = try vault.script("erase.sh", #": > "$1""#)
        let result = try vault.run(["edit", "travel/kyoto"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("moved to the trash"), "\(result)")
        #expect(!vault.exists("travel/kyoto.md"))
        #expect(try vault.bytes(".trash/travel/kyoto.md") == original, "the trash keeps the text as it was")
        #expect(!(try vault.listedPaths()).contains("travel/kyoto.md"))

        let trash = try vault.run("trash", "list", "--json")
        let entry = try #require(try JSONOutput.array(trash).first)
        #expect(entry["original"] as? String == "travel/kyoto.md")
        #expect(entry["reason"] as? String == "emptied")

        let restore = try vault.run("trash", "restore", "travel/kyoto.md")
        #expect(restore.status == 0, "\(restore)")
        #expect(try vault.bytes("travel/kyoto.md") == original)
    }

    @Test func whitespaceOnlyCountsAsDeleted() throws {
        let vault = try TemporaryVault()
        let editor = try vault.script("blank.sh", #"printf '\n   \n\t\n' > "$1""#)
        let result = try vault.run(["edit", "quick-note"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(vault.exists(".trash/quick-note.md"))
        #expect(!vault.exists("quick-note.md"))
    }

    @Test func editorCommandIsSplitWithoutAShell() throws {
        let vault = try TemporaryVault()
        let log = vault.base.appendingPathComponent("args.txt").path
        let script = try vault.script("record.sh", #"for a in "$@"; do printf '%s\n' "$a"; done > "\#(log)"; eval "last=\${$#}"; printf 'edited\n' >> "$last""#)
        let pwned = vault.base.appendingPathComponent("pwned").path
        let editor = "sh \(script) --flag 'two words' '$(touch \(pwned))' \"quoted \\\"inner\\\"\""
        let result = try vault.run(["edit", "ideas"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        let arguments = String(decoding: try Data(contentsOf: URL(fileURLWithPath: log)), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        try #require(arguments.count == 5, "\(arguments)")
        #expect(Array(arguments.prefix(4)) == ["--flag", "two words", "$(touch \(pwned))", "quoted \"inner\""])
        #expect(arguments[4].hasPrefix("/") && arguments[4].hasSuffix("/ideas.md"), "\(arguments[4])")
        #expect(!FileManager.default.fileExists(atPath: pwned), "no shell ran the command substitution")
        #expect(try vault.text("ideas.md").hasSuffix("edited\n"))
    }

    @Test func editorPathWithSpaces() throws {
        let vault = try TemporaryVault()
        let folder = vault.base.appendingPathComponent("My Editors")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("ed it.sh").path
        try Data("#!/bin/sh\nprintf 'spaced\\n' >> \"$1\"\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        let result = try vault.run(["edit", "garden"], environment: ["EDITOR": "'\(path)'"])
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("garden.md").hasSuffix("spaced\n"))
    }

    @Test func missingEditorIsAClearError() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("garden.md")
        let result = try vault.run(["edit", "garden"], environment: ["EDITOR": "no-such-editor-here --wait"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("could not start the editor"), "\(result)")
        #expect(try vault.bytes("garden.md") == original)
    }

    @Test func conflictKeepsTheDiskVersionAndSavesACopy() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("reading-list.md")
        let note = vault.url("reading-list.md").path
        // The "editor" changes the real note behind enote's back, then saves its own text.
        let editor = try vault.script(
            "race.sh",
            """
            printf 'changed on disk\\n' >> '\(note)'
            printf 'typed in the editor\\n' >> "$1"
            """)
        let result = try vault.run(["edit", "reading"], environment: ["EDITOR": editor])
        #expect(result.status == 3, "\(result)")
        #expect(try vault.bytes("reading-list.md") == original + Data("changed on disk\n".utf8), "the disk version stays")

        let copies = try FileManager.default.contentsOfDirectory(atPath: vault.root.path)
            .filter { $0.hasPrefix("reading-list.conflict-") && $0.hasSuffix(".md") }
        try #require(copies.count == 1, "\(copies)")
        let copy = try vault.text(copies[0])
        #expect(copy.hasSuffix("Natsume Sōseki\ntyped in the editor\n"), "\(copy)")
        #expect(!copy.contains("changed on disk"))
        #expect(result.stderr.contains(copies[0]), "the message names the copy: \(result.stderr)")
    }

    @Test func noteDeletedWhileEditingKeepsTheTextAsACopy() throws {
        let vault = try TemporaryVault()
        let note = vault.url("garden.md").path
        let editor = try vault.script(
            "delete.sh",
            """
            rm '\(note)'
            printf 'still mine\\n' >> "$1"
            """)
        let result = try vault.run(["edit", "garden"], environment: ["EDITOR": editor])
        #expect(result.status == 3, "\(result)")
        #expect(!vault.exists("garden.md"), "a deleted note is not silently recreated")
        let copies = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.hasPrefix("garden.conflict-") }
        try #require(copies.count == 1, "the edited text must not be lost: \(result)")
        #expect(try vault.text(copies[0]).hasSuffix("attachments/garden.png)\nstill mine\n"))
        #expect(result.stderr.contains(copies[0]))
    }
}
