import Foundation
import Testing

/// `enote new TITLE [BODY] [--color C] [--destroy WHEN] [--in DIR] [--edit]`.
@Suite struct NewTests {
    /// `2026-11-22T10:47:00+00:00`: how enote stamps times (TZ is UTC in tests).
    static func isStamp(_ text: String) -> Bool {
        text.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00/#) != nil
    }

    @Test func titleAndBodyArguments() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new", "Hello World", "First line\nSecond line")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "hello-world.md\n")

        let lines = try vault.lines("hello-world.md")
        try #require(lines.count == 8, "\(lines)")
        #expect(lines[0] == "---")
        #expect(lines[1] == "title: Hello World")
        #expect(lines[2].hasPrefix("created: "))
        #expect(lines[3].hasPrefix("updated: "))
        #expect(lines[4] == "---")
        #expect(Array(lines[5...]) == ["First line", "Second line", ""])
        let created = String(lines[2].dropFirst("created: ".count))
        #expect(Self.isStamp(created), "\(created)")
        #expect(lines[3] == "updated: \(created)")
    }

    @Test func bodyFromStandardInput() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new", "Piped", stdin: "from stdin\n\n- item\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "piped.md\n")
        #expect(try vault.text("piped.md").hasSuffix("---\nfrom stdin\n\n- item\n"))
        #expect(try vault.showJSON("piped.md")["body"] as? String == "from stdin\n\n- item\n")
    }

    @Test(arguments: [
        ("red", "red"), ("Blue", "blue"), ("grey", "gray"), ("#FF8000", "#ff8000"),
        ("hsb(288, 0%, 100%)", "hsb(288, 0%, 100%)"), ("hsb(360, 80%, 100%)", "hsb(360, 80%, 100%)"),
        ("hsb(72, 30%, 0%)", "hsb(72, 30%, 0%)"), ("hsb(12.5, 40.25%, 90%)", "hsb(12.5, 40.25%, 90%)"),
    ])
    func colorIsStoredExactly(typed: String, stored: String) throws {
        let vault = try TemporaryVault(sample: false)
        let result = try vault.run("new", "Coloured", "body", "--color", typed)
        #expect(result.status == 0, "\(result)")
        #expect(try vault.showJSON("coloured")["color"] as? String == stored)
        let line = try vault.lines("coloured.md").first { $0.hasPrefix("color: ") }
        // Valid YAML: the hex form needs quotes, or other tools read a comment.
        #expect(line == (stored.hasPrefix("#") ? "color: \"\(stored)\"" : "color: \(stored)"))
    }

    @Test func destroyInThreeDays() throws {
        let vault = try TemporaryVault()
        let before = Date()
        let result = try vault.run("new", "Standup", "notes", "--destroy", "3d")
        let after = Date()
        #expect(result.status == 0, "\(result)")
        let note = try vault.showJSON("standup")
        let destroy = try #require(JSONOutput.date(note["destroy"]), "\(note)")
        let threeDays: TimeInterval = 3 * 86_400
        #expect(destroy >= before.addingTimeInterval(threeDays - 1) && destroy <= after.addingTimeInterval(threeDays + 1))
        #expect(note["pending_expiry"] as? Bool == false)
        #expect(try vault.listedPaths().contains("standup.md"))
    }

    @Test func destroyAtAnAbsoluteDate() throws {
        let vault = try TemporaryVault(sample: false)
        let result = try vault.run("new", "Party", "cake", "--destroy", "2099-12-01 18:00")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.lines("party.md").contains("destroy: 2099-12-01T18:00:00+00:00"))
    }

    @Test func inASubFolder() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new", "Plan", "Step one", "--in", "work/deep")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "work/deep/plan.md\n")
        #expect(vault.exists("work/deep/plan.md"))
        let existing = try vault.run("new", "Trip", "Pack", "--in", "travel/")
        #expect(existing.stdout == "travel/trip.md\n", "\(existing)")
    }

    @Test(arguments: [
        ("Hello World", "hello-world.md"),
        ("Grocery *list*: week 47", "grocery-list-week-47.md"),
        ("  Spaces   around  ", "spaces-around.md"),
        ("Список дел", "список-дел.md"),
        ("東京の夜", "東京の夜.md"),
        ("Ёлка 2026", "ёлка-2026.md"),
        ("CON", "con-note.md"),
        ("!!!", "note.md"),
        ("Grocery list", "grocery-list-2.md"),
    ])
    func fileNameIsASlugOfTheTitle(title: String, path: String) throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new", title, "content")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == path + "\n")
        let note = try vault.showJSON(path)
        #expect(note["title"] as? String == title.trimmingCharacters(in: .whitespaces))
    }

    @Test func collisionsGetANumberAndNeverOverwrite() throws {
        let vault = try TemporaryVault()
        let original = try vault.bytes("grocery-list.md")
        var paths: [String] = []
        for body in ["one", "two", "three"] {
            let result = try vault.run("new", "Grocery list", body)
            #expect(result.status == 0, "\(result)")
            paths.append(result.stdout.trimmingCharacters(in: .newlines))
        }
        #expect(paths == ["grocery-list-2.md", "grocery-list-3.md", "grocery-list-4.md"])
        #expect(try vault.bytes("grocery-list.md") == original)
        #expect(try vault.text("grocery-list-3.md").hasSuffix("\ntwo\n"))
    }

    @Test func cyrillicAndJapaneseTitlesAreListedAndFound() throws {
        let vault = try TemporaryVault(sample: false)
        #expect(try vault.run("new", "Заметки о поездке", "Москва").status == 0)
        #expect(try vault.run("new", "会議の議事録", "出席者").status == 0)
        let titles = Set(try vault.listJSON().compactMap { $0["title"] as? String })
        #expect(titles == ["Заметки о поездке", "会議の議事録"])
        #expect(try vault.showJSON("заметки")["path"] as? String == "заметки-о-поездке.md")
        #expect(try vault.showJSON("会議")["path"] as? String == "会議の議事録.md")
    }

    // MARK: - Without content nothing is created

    @Test(arguments: [["new", "Empty"], ["new", "Empty", ""], ["new", "Empty", "  \n\t\n"]])
    func withoutContentNothingIsCreated(arguments: [String]) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run(arguments)
        #expect(result.status == 2, "a usage error: \(result)")
        #expect(result.stderr.contains("needs content"), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try vault.tree() == before)
    }

    @Test func withoutTitleIsAUsageError() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("a note needs a title"))
    }

    // MARK: - --edit

    @Test func editorWritesTheNote() throws {
        let vault = try TemporaryVault()
        let editor = try vault.script("write.sh", #"printf '# Shopping\n\nMilk\nBread\n' > "$1""#)
        let result = try vault.run(["new", "--edit"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "shopping.md\n")
        let note = try vault.showJSON("shopping.md")
        #expect(note["title"] as? String == "Shopping")
        #expect((note["body"] as? String)?.contains("Milk\nBread\n") == true, "\(note)")
    }

    /// The title taken from the editor's first line follows the one rule a list uses for a note
    /// without a `title` key (`NoteHeadline`): Markdown removed, cut at 100 characters.
    @Test(arguments: [
        ("# Grocery *list*", "Grocery list"),
        ("## [Trip](https://example.org) `plan` ##", "Trip plan"),
        (String(repeating: "word ", count: 30), String(String(repeating: "word ", count: 20).dropLast()) + "…"),
    ])
    func editorFirstLineTitleFollowsTheHeadlineRule(firstLine: String, title: String) throws {
        let vault = try TemporaryVault()
        let editor = try vault.script("write.sh", #"printf '%s\n\nMilk\n' "$FIRST" > "$1""#)
        let result = try vault.run(["new", "--edit"], environment: ["EDITOR": editor, "FIRST": firstLine])
        #expect(result.status == 0, "\(result)")
        let path = String(result.stdout.dropLast())
        let note = try vault.showJSON(path)
        #expect(note["title"] as? String == title, "\(note)")
        #expect((note["body"] as? String)?.hasSuffix("\nMilk\n") == true, "the rest is the body: \(note)")
    }

    @Test func editorWritesTheBodyOfATitledNote() throws {
        let vault = try TemporaryVault()
        let editor = try vault.script("write.sh", #"printf 'Written in the editor\n' >> "$1""#)
        let result = try vault.run(["new", "From editor", "--edit"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "from-editor.md\n")
        #expect(try vault.showJSON("from-editor.md")["body"] as? String == "Written in the editor\n")
    }

    @Test func editorThatFailsCreatesNothing() throws {
        let vault = try TemporaryVault()
        let editor = try vault.script("fail.sh", #"printf 'half a thought\n' > "$1"; exit 1"#)
        let before = try vault.tree()
        let result = try vault.run(["new", "Unfinished", "--edit"], environment: ["EDITOR": editor])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("exited with status 1; no note was created"), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try vault.tree() == before)
    }

    @Test func editorThatWritesNothingCreatesNothing() throws {
        let vault = try TemporaryVault()
        let editor = try vault.script("quit.sh", ":")
        let before = try vault.tree()
        let result = try vault.run(["new", "Nothing", "--edit"], environment: ["EDITOR": editor])
        #expect(result.status == 1, "no note was created, so the command did not succeed: \(result)")
        #expect(result.stderr.contains("no note was created"), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try vault.tree() == before)
    }

    @Test func editorThatEmptiesTheTextCreatesNothing() throws {
        let vault = try TemporaryVault()
        let editor = try vault.script("blank.sh", #"printf '\n  \n' > "$1""#)
        let before = try vault.tree()
        let result = try vault.run(["new", "Blank", "--edit"], environment: ["EDITOR": editor])
        #expect(result.status == 1, "\(result)")
        #expect(try vault.tree() == before)
    }
}
