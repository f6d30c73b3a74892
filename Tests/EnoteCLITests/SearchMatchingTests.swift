import EnoteTestSupport
import Foundation
import Testing

/// How `enote search` matches what a person types, end to end: other forms of a word, the last
/// word as a beginning, a slip of the fingers corrected and said, and the vault's languages.
@Suite struct SearchMatchingTests {
    private func paths(_ result: EnoteProcess.Result) throws -> [String] {
        try JSONOutput.array(result).map { $0["path"] as? String ?? "?" }
    }

    @Test("another form of a word, a beginning and a slip each find the note")
    func formsBeginningsAndSlips() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plumber.md", "Call the plumber\nThe kitchen sink leaks.\n")
        for query in ["sinks", "leaking", "plumb", "plumbre", "kitchen sinks"] {
            let result = try vault.run("search", query, "--json")
            #expect(result.status == 0, "\(result)")
            #expect(try paths(result) == ["plumber.md"], "\(query)")
        }
    }

    @Test("a corrected word is said on stderr and in --json, in the user's language")
    func correctionIsSaid() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plumber.md", "Call the plumber\n")
        let text = try vault.run("search", "plumbre")
        #expect(text.status == 0)
        #expect(text.stdout.contains("plumber.md"))
        #expect(text.stderr.contains("no note has \"plumbre\"; showing \"plumber\""), "\(text.stderr)")
        let json = try vault.run("search", "plumbre", "--json")
        let hit = try #require(try JSONOutput.array(json).first)
        let corrections = try #require(hit["corrections"] as? [[String: Any]])
        #expect(corrections.count == 1)
        #expect(corrections.first?["typed"] as? String == "plumbre")
        #expect(corrections.first?["searched"] as? [String] == ["plumber"])
        let russian = try vault.run("search", "plumbre", environment: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.stderr.contains("нет заметок со словом «plumbre»; показано: \"plumber\""), "\(russian.stderr)")
        let exact = try vault.run("search", "plumber", "--json")
        #expect((try JSONOutput.array(exact).first?["corrections"] as? [Any])?.isEmpty == true)
        #expect(!exact.stderr.contains("no note has"))
    }

    @Test("a quoted word matches its exact form only")
    func quotedExact() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("files.md", "Three files\n")
        #expect(try paths(try vault.run("search", "file", "--json")) == ["files.md"])
        #expect(try paths(try vault.run("search", "\"file\"", "--json")) == [])
    }

    @Test("Russian word forms: молоко finds купить молока")
    func russianForms() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("milk.md", "Купить молока\n")
        #expect(try paths(try vault.run("search", "молоко", "--json")) == ["milk.md"])
    }

    @Test("a vault in German says languages = de, and its word forms are found at the next command")
    func languagesLine() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("tisch.md", "Die Notizen liegen auf dem Tisch\n")
        #expect(try paths(try vault.run("search", "Notiz", "--json")) == ["tisch.md"], "as a beginning")
        #expect(try paths(try vault.run("search", "Notiz ", "--json")) == [])
        try vault.write(".enote/config", "languages = de\n")
        #expect(try paths(try vault.run("search", "Notiz ", "--json")) == ["tisch.md"])
        try vault.write(".enote/config", "languages = klingon\n")
        let refused = try vault.run("search", "Notiz")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\"klingon\" is not a language enote knows"), "\(refused.stderr)")
    }

    @Test(
        "enote init writes the languages line from the user's locale",
        arguments: [("de_DE.UTF-8", "languages = de, ru"), ("ru_RU.UTF-8", "languages = ru, en"), ("C", "languages = en, ru"), ("ja_JP.UTF-8", "languages = ja, en, ru")])
    func initLanguages(_ locale: String, _ line: String) throws {
        let vault = try TemporaryVault(sample: false)
        let folder = vault.base.appendingPathComponent("new-vault").path
        let result = try vault.run(["init", folder], environment: ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(result.status == 0, "\(result)")
        let config = try String(contentsOfFile: folder + "/.enote/config", encoding: .utf8)
        #expect(config.contains("\n" + line + "\n"), "\(config)")
    }

    @Test("a query of too many words is refused with a message, and words given twice count once")
    func boundedQueries() throws {
        let vault = try TemporaryVault(sample: false)
        let many = (0..<40).map { "word\($0)" }
        let refused = try vault.run(["search"] + many)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("too many words (40); search with at most 32"), "\(refused.stderr)")
        let prefixes = try vault.run(["search"] + (0..<9).map { "w\($0)*" })
        #expect(prefixes.status == 2)
        #expect(prefixes.stderr.contains("too many words ending in * (9)"), "\(prefixes.stderr)")
        let repeated = try vault.run(["search", "--json"] + Array(repeating: "a*", count: 500))
        #expect(repeated.status == 0, "500 copies of one word are one word: \(repeated.stderr)")
    }
}
