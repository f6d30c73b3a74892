import Foundation
import Testing

/// `enote new TITLE --template NAME` from `.enote/templates/NAME.md`, and `init --sample`
/// copying the templates.
@Suite struct TemplateTests {
    /// The value of `key: value` in a note's front matter lines.
    private func value(_ key: String, in lines: [String]) -> String? {
        lines.first { $0.hasPrefix(key + ": ") }.map { String($0.dropFirst(key.count + 2)) }
    }

    @Test func meetingTemplateKeepsItsFrontMatterAndFillsPlaceholders() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new", "Weekly sync", "--template", "meeting")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "weekly-sync.md\n")
        let lines = try vault.lines("weekly-sync.md")
        let fence = try #require(lines.dropFirst().firstIndex(of: "---"))
        let frontMatter = Array(lines[1..<fence])
        // The template's own keys first, as written; enote's keys added after them.
        #expect(Array(frontMatter.prefix(3)) == ["tags: [meeting]", "color: orange", "title: Weekly sync"], "\(frontMatter)")
        let created = try #require(value("created", in: frontMatter))
        #expect(value("updated", in: frontMatter) == created)
        #expect(frontMatter.count == 5)
        // {{date}} and {{time}} are the creation time (TZ=UTC).
        let date = String(created.prefix(10))
        let time = String(created.dropFirst(11).prefix(5))
        #expect(Array(lines[(fence + 1)...]) == ["# Weekly sync", "", "\(date) at \(time)", "", "Attendees:", "", "- ", "", "Decisions:", "", "- ", ""])
        let note = try vault.showJSON("weekly-sync")
        #expect(note["title"] as? String == "Weekly sync")
        #expect(note["color"] as? String == "orange")
        #expect(note["tags"] as? [String] == ["meeting"])
    }

    /// A template's `.md` is matched in any case, as a note's is (``NotePath``'s one rule): a
    /// `Weekly.MD` is listed and used by its name.
    @Test func aTemplateWhoseExtensionIsUpperCaseIsFoundByItsName() throws {
        let vault = try TemporaryVault()
        try vault.write(".enote/templates/Неделя.MD", "# {{title}}\n\nИтоги 😀\n")
        let result = try vault.run("new", "Week 1", "--template", "Неделя")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("week-1.md").hasSuffix("---\n# Week 1\n\nИтоги 😀\n"))
        let missing = try vault.run("new", "Week 2", "--template", "nothing")
        #expect(missing.stderr.contains("Неделя"), "\(missing)")
    }

    @Test func templateWithoutFrontMatterGetsOne() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new", "Tuesday", "--template", "journal.md")
        #expect(result.status == 0, "\(result)")
        let lines = try vault.lines("tuesday.md")
        #expect(lines[0] == "---" && lines[1] == "title: Tuesday", "\(lines)")
        let created = try #require(value("created", in: lines))
        let fence = try #require(lines.dropFirst().firstIndex(of: "---"))
        #expect(Array(lines[(fence + 1)...]) == ["# Tuesday", "", "What went well on \(created.prefix(10)):", "", "What to try tomorrow:", ""])
    }

    @Test func optionsOverrideTheTemplateAndABodyIsAppended() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("new", "Retro: Q4", "Notes from the call.", "--template", "meeting", "--color", "blue", "--destroy", "2099-01-01")
        #expect(result.status == 0, "\(result)")
        let lines = try vault.lines("retro-q4.md")
        #expect(lines.filter { $0.hasPrefix("color:") } == ["color: blue"], "the template's colour line is replaced, not repeated")
        #expect(lines.contains("title: \"Retro: Q4\""), "a title that needs quotes is valid YAML")
        #expect(lines.contains("destroy: 2099-01-01T00:00:00+00:00"))
        #expect(lines.contains("# Retro: Q4"))
        #expect(Array(lines.suffix(3)) == ["- ", "Notes from the call.", ""])
        #expect(try vault.showJSON("retro-q4")["title"] as? String == "Retro: Q4")
    }

    @Test func everyByteOfTheTemplatesFrontMatterIsKept() throws {
        let vault = try TemporaryVault(sample: false)
        let template = "---\r\n# team notes\r\nproject:\r\n  owner: me   # the owner\r\ntags: [a, b]\r\n---\r\n{{title}} on {{date}}\r\n"
        try vault.write(".enote/templates/team.md", template)
        let result = try vault.run("new", "Kickoff", "--template", "team")
        #expect(result.status == 0, "\(result)")
        let text = try vault.text("kickoff.md")
        let match = try #require(
            text.wholeMatch(
                of:
                    /---\r\n# team notes\r\nproject:\r\n  owner: me   # the owner\r\ntags: \[a, b\]\r\ntitle: Kickoff\r\ncreated: (\S+)\r\nupdated: (\S+)\r\n---\r\nKickoff on (\S+)\r\n/
            ), "\(text.debugDescription)")
        #expect(match.output.1 == match.output.2)
        #expect(match.output.1.prefix(10) == match.output.3)
        #expect(try vault.showJSON("kickoff")["tags"] as? [String] == ["a", "b"])
    }

    @Test func everyPlaceholderIsFilledEverywhere() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(".enote/templates/all.md", "---\nsummary: \"{{title}} at {{time}}\"\n---\n{{title}}/{{title}} {{date}}T{{time}} {{unknown}}\n")
        let result = try vault.run("new", "Daily", "--template", "all")
        #expect(result.status == 0, "\(result)")
        let lines = try vault.lines("daily.md")
        let created = try #require(value("created", in: lines))
        let (date, time) = (String(created.prefix(10)), String(created.dropFirst(11).prefix(5)))
        #expect(lines.contains("summary: \"Daily at \(time)\""))
        #expect(lines.contains("Daily/Daily \(date)T\(time) {{unknown}}"), "\(lines)")
    }

    @Test(arguments: [
        ("nope", "no template named \"nope\" in .enote/templates/ (there are: journal, meeting)"),
        ("../config", "no template named \"../config\""),
        ("/etc/passwd", "no template named \"/etc/passwd\""),
        (".hidden", "no template named \".hidden\""),
    ])
    func unknownTemplateIsRefused(name: String, message: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run("new", "Something", "--template", name)
        #expect(result.status == 2, "a usage error: \(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test func noTemplatesYet() throws {
        let vault = try TemporaryVault(sample: false)
        let result = try vault.run("new", "Something", "--template", "meeting")
        #expect(result.status == 2, "a usage error: \(result)")
        #expect(result.stderr.contains("there are none yet; put Markdown files in .enote/templates/"), "\(result)")
    }

    @Test func aTemplateWithBrokenFrontMatterIsRefused() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(".enote/templates/bad.md", "---\nsummary: a: b\n---\n{{title}}\n")
        let before = try vault.tree()
        let result = try vault.run("new", "Something", "--template", "bad")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("the template's front matter cannot be read"), "\(result)")
        #expect(result.stderr.contains("template:2"), "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test func initSampleCopiesTheTemplates() throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("fresh")
        let result = try vault.run(in: vault.base, ["init", folder.path, "--sample"])
        #expect(result.status == 0, "\(result)")
        for name in ["meeting.md", "journal.md"] {
            let copied = try Data(contentsOf: folder.appendingPathComponent(".enote/templates/" + name))
            let original = try Data(contentsOf: TemporaryVault.sampleVault.appendingPathComponent(".enote/templates/" + name))
            #expect(copied == original, "\(name)")
        }
        // The sample vault's pictures come too, and the templates work at once.
        #expect(FileManager.default.fileExists(atPath: folder.path + "/attachments/garden.png"))
        let new = try vault.run(in: folder, ["new", "Planning", "--template", "meeting"])
        #expect(new.status == 0, "\(new)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/planning.md"))
        let gallery = try vault.run(in: folder, ["gallery", "--json"])
        #expect(try JSONOutput.array(gallery).count == 2)
        let ordered = try vault.run(in: folder, ["list", "--sort", "order", "--json"])
        #expect(try JSONOutput.array(ordered).prefix(2).map { $0["path"] as? String } == ["welcome.md", "grocery-list.md"])
    }

    @Test func initWithoutSampleHasNoTemplates() throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("bare")
        #expect(try vault.run(in: vault.base, ["init", folder.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.enote/templates"))
    }
}
