import Foundation
import Testing

@testable import NoteVault

/// `.enote/config`: every key, comments, quotes, CRLF; mistakes name `file:line`.
@Suite("VaultConfig")
struct VaultConfigTests {
    private func parse(_ text: String) throws(VaultConfig.ParseError) -> VaultConfig {
        try VaultConfig(parsing: text, file: ".enote/config")
    }

    @Test("defaults")
    func defaults() {
        let config = VaultConfig()
        #expect(config.expiry == .trash && config.sort == .updated && config.expiryCap == 50)
        #expect(config.ignore.isEmpty && config.editor == nil && config.maxNotes == nil)
    }

    @Test("every key")
    func everyKey() throws {
        let config = try parse(
            """
            expiry = delete
            ignore = drafts/
            ignore = *.tmp.md
            editor = nvim -u NONE
            sort = title
            max_notes = 500
            expiry_cap = 7
            """)
        #expect(config.expiry == .delete)
        #expect(config.ignore == ["drafts/", "*.tmp.md"])
        #expect(config.editor == "nvim -u NONE")
        #expect(config.sort == .title)
        #expect(config.maxNotes == 500)
        #expect(config.expiryCap == 7)
    }

    @Test("every sort key and expiry action", arguments: VaultConfig.SortKey.allCases)
    func sortKeys(key: VaultConfig.SortKey) throws {
        #expect(try parse("sort = \(key.rawValue)").sort == key)
    }

    @Test("comments, blank lines, spacing and quotes")
    func commentsAndQuotes() throws {
        let config = try parse(
            """
            # a comment line
               # an indented comment

            expiry=trash   # trailing comment
            editor = "code --wait"   # quoted, then a comment
            ignore = '#hash folder/'
            ignore = "a # b.md"
            \tsort\t=\tcreated\t
            """)
        #expect(config.expiry == .trash)
        #expect(config.editor == "code --wait")
        #expect(config.ignore == ["#hash folder/", "a # b.md"])
        #expect(config.sort == .created)
    }

    @Test("CRLF line endings read like LF, and errors still name the right line")
    func crlf() throws {
        let config = try parse("# settings\r\nexpiry = delete\r\nsort = title\r\neditor = \"code --wait\"\r\n")
        #expect(config.expiry == .delete)
        #expect(config.sort == .title)
        #expect(config.editor == "code --wait")

        let error = try #require(throws: VaultConfig.ParseError.self) {
            try parse("expiry = trash\r\n\r\ncolour = red\r\n")
        }
        #expect(error.line == 3)
        #expect(
            error.message.english
                == "unknown setting \"colour\"; known settings are expiry, ignore, sort, max_notes, expiry_cap, languages, mcp_write, daily_folder, daily_format, daily_template, daily_carry, task_done_date, updated_stamp"
        )
    }

    @Test("the template enote init writes parses to the defaults")
    func template() throws {
        #expect(try parse(VaultConfig.template) == VaultConfig())
    }

    @Test(
        "mistakes are errors naming file:line and the rule",
        arguments: [
            ("colour = red", 1, "unknown setting \"colour\""),
            ("\n\nexpiry = later", 3, "expiry must be trash or delete, not \"later\""),
            ("sort = size", 1, "sort must be one of updated, created, title, order"),
            ("# c\nmax_notes = -1", 2, "max_notes must be a whole number above 0, not \"-1\""),
            ("max_notes = lots", 1, "max_notes must be a whole number above 0"),
            ("max_notes = 0", 1, "max_notes must be a whole number above 0"),
            ("expiry_cap = 1.5", 1, "expiry_cap must be a whole number above 0"),
            ("ignore =", 1, "ignore needs a pattern"),
            ("editor = \"\"", 1, "editor needs a command"),
            ("just some words", 1, "expected key = value"),
            ("expiry = trash\nExpiry = trash", 2, "unknown setting \"Expiry\""),
            ("daily_format = %Y-%m", 1, "daily_format must give each day its own name, such as %Y-%m-%d; \"%Y-%m\" gives one name to several days"),
            ("daily_format = %m-%d", 1, "gives one name to several days"),
            ("# c\ndaily_folder = ../out", 2, "daily_folder \"../out\" is not a folder enote can write"),
            ("daily_folder = .git", 1, "is not a folder enote can write"),
            ("daily_format = ../%F", 1, "daily_format \"../%F\" does not make a note's path"),
            ("daily_format =", 1, "daily_format must give each day its own name"),
            ("daily_carry = all", 1, "daily_carry must be open-tasks or none, not \"all\""),
            ("daily_template = a/b", 1, "daily_template needs the name of a template"),
            ("task_done_date = sometimes", 1, "task_done_date must be true or false, not \"sometimes\""),
        ])
    func errors(text: String, line: Int, message: String) {
        #expect {
            try parse(text)
        } throws: { error in
            guard let error = error as? VaultConfig.ParseError else { return false }
            return error.line == line && error.message.english.contains(message)
                && error.description.hasPrefix(".enote/config:\(line): ")
        }
    }

    @Test(
        "a setting given twice is refused, naming both lines, even with the same value (as in front matter)",
        arguments: [
            ("expiry = delete\nexpiry = trash", 2, "expiry", 1),
            ("sort = title\n# c\n\nsort = title", 4, "sort", 1),
            ("expiry = trash\nmax_notes = 5\nexpiry_cap = 3\nmax_notes = 6", 4, "max_notes", 2),
            ("expiry_cap = 3\r\nexpiry_cap = 4\r\n", 2, "expiry_cap", 1),
        ])
    func duplicateKeys(text: String, line: Int, key: String, first: Int) throws {
        let error = try #require(throws: VaultConfig.ParseError.self) { try parse(text) }
        #expect(error.line == line)
        #expect(
            error.message.english == "\(key) is set twice, on lines \(first) and \(line); keep one of them (only ignore is repeated, one pattern a line)"
        )
    }

    @Test("daily notes and task settings")
    func dailySettings() throws {
        let config = try parse("daily_folder = notes/days/\ndaily_format = %Y/%m/%d\ndaily_template = day\ndaily_carry = open-tasks\ntask_done_date = yes\n")
        #expect(config.daily.folder == "notes/days")
        #expect(config.daily.template == "day")
        #expect(config.daily.carry == .openTasks)
        #expect(config.taskDoneDate)
        #expect(try config.daily.path(for: #require(CalendarDay("2026-03-04"))).description == "notes/days/2026/03/04.md")
        let defaults = VaultConfig()
        #expect(try defaults.daily.path(for: #require(CalendarDay("2026-03-04"))).description == "journal/2026-03-04.md")
        #expect(!defaults.taskDoneDate)
        #expect(try parse("daily_folder =\ndaily_format = %F %a.md").daily.path(for: #require(CalendarDay("2026-03-04"))).description == "2026-03-04 Wed.md")
    }

    @Test("ignore is a list: each line adds a pattern, and a repeated pattern is harmless")
    func ignoreRepeats() throws {
        #expect(try parse("ignore = a/\nignore = *.tmp.md\nignore = a/\n").ignore == ["a/", "*.tmp.md", "a/"])
    }

    @Test("a bad config stops the vault from opening, naming the line")
    func badConfigFile() throws {
        let sandbox = try VaultSandbox()
        try sandbox.writeAbsolute(sandbox.root + "/.enote/config", Array("expiry = trash\nsort = sideways\n".utf8))
        #expect {
            try sandbox.vault()
        } throws: { error in
            (error as? VaultError)?.description.contains("/.enote/config:2: sort must be one of") == true
        }
    }

    @Test(
        "glob matching",
        arguments: [
            ("*.md", "a.md", true),
            ("*.md", "work/a.md", false),
            ("**/*.md", "work/deep/a.md", true),
            ("**/*.md", "a.md", true),
            ("**", "anything/at/all", true),
            ("work/**", "work/a/b.md", true),
            ("work/**", "other/a.md", false),
            ("a/**/b", "a/b", true),
            ("a/**/b", "a/x/y/b", true),
            ("a/**/b", "a/x/y/c", false),
            ("a?c", "abc", true),
            ("a?c", "a/c", false),
            ("a?c", "ac", false),
            ("draft*", "drafts", true),
            ("draft*", "drafts/x", false),
            ("drafts", "drafts", true),
            ("drafts", "work/drafts", false),
            ("*", "", true),
            ("", "", true),
            ("", "a", false),
            ("*.tmp.md", "x.tmp.md", true),
            ("*.tmp.md", "x.md", false),
            ("черновики/*", "черновики/заметка.md", true),
        ])
    func glob(pattern: String, text: String, matches: Bool) {
        #expect(GlobPattern.matches(pattern, text) == matches)
    }
}
