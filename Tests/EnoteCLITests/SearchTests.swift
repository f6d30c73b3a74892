import Foundation
import Testing

/// `enote search QUERY… [filters] [--limit N] [--json]` on a copy of SampleVault.
@Suite struct SearchTests {
    /// What SQLite or FTS5 would say if user text reached it as syntax.
    static let sqlWords = ["SQL", "sqlite", "SQLite", "fts5", "FTS5", "syntax error", "malformed", "no such column", "unrecognized token", "MATCH"]

    /// The paths `enote search --json ARGS…` finds, in order.
    private func found(_ vault: TemporaryVault, _ arguments: String...) throws -> [String] {
        let result = try vault.run(["search", "--json"] + arguments)
        try #require(result.status == 0, "\(result)")
        return try JSONOutput.array(result).map { $0["path"] as? String ?? "?" }
    }

    @Test func textOutputShowsTitlePathAndSnippet() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("search", "milk")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "R   Grocery list  grocery-list.md\n    Potatoes Eggs Milk (the good one)\n")
        #expect(!containsEscape(result.stdoutBytes))
        #expect(result.stderr.contains("building the index"), "the first command builds it")
    }

    @Test func noMatchIsAMessageNotAnError() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("search", "zebra")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("No notes match\n"), "\(result.stderr)")
        let json = try vault.run("search", "zebra", "--json")
        #expect(json.status == 0)
        #expect(try JSONOutput.array(json).isEmpty)
    }

    @Test(arguments: [
        "C++", "e-mail", "it's", "\"x", "AND", "OR", "NEAR(", "NEAR(a b)", "'; DROP TABLE notes; --", "\"; DROP TABLE notes; --",
        "title:", "{title}:garden", "^garden", "garden)", "x\" OR 1=1 --", "a\u{1}b", "title:\"unclosed",
    ])
    func hostileInputGivesResultsOrAClearMessage(_ query: String) throws {
        let vault = try TemporaryVault()
        try vault.run("index")
        let result = try vault.run("search", query)
        #expect(result.status == 0, "\(result)")
        for word in Self.sqlWords {
            #expect(!result.stderr.contains(word), "\(result)")
        }
        #expect(!result.stdout.isEmpty || result.stderr.contains("No notes match"), "\(result)")
        #expect(try vault.listedPaths().count == SampleNotes.listed.count, "the index is intact")
    }

    @Test(arguments: ["*", "-", "\"\"", "-\"", "?!", "'", "— …", "😀", "- * -"])
    func queryWithoutLettersIsAUsageError(_ query: String) throws {
        let vault = try TemporaryVault()
        let result = try vault.run("search", query)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("nothing to search for: the query has no letters or digits"), "\(result)")
    }

    @Test(arguments: [[String](), [""], ["   "], ["", " "], ["--json"]])
    func emptyQueryIsAUsageError(_ arguments: [String]) throws {
        let vault = try TemporaryVault()
        let result = try vault.run(["search"] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Usage: enote search"), "\(result)")
    }

    @Test func someHostileInputsFindWhatTheySay() throws {
        let vault = try TemporaryVault()
        try vault.write("dev.md", "Toolchain\nWe write C++ and send e-mail; it's fine.\n")
        #expect(try found(vault, "C++") == ["dev.md"])
        #expect(try found(vault, "e-mail") == ["dev.md"])
        #expect(try found(vault, "it's") == ["dev.md"])
        // The words are searched as words: no note has all of drop, table and notes, so the
        // notes with the most of them are shown, and the index is intact.
        let hostile = try vault.run("search", "--json", "'; DROP TABLE notes; --")
        #expect(hostile.status == 0, "\(hostile)")
        #expect(try JSONOutput.array(hostile).allSatisfy { $0["all_words"] as? Bool == false })
        #expect(try vault.listedPaths().count == SampleNotes.listed.count + 1)
    }

    // MARK: - Languages

    @Test(arguments: [
        ("молоко", ["список-покупок.md"]), ("МОЛОКО", ["список-покупок.md"]), ("Хлеб", ["список-покупок.md"]),
        ("ёлочные", ["список-покупок.md"]), ("елочные", ["список-покупок.md"]), ("покупок", ["список-покупок.md"]),
        ("молок", ["список-покупок.md"]), ("\"молок\"", []), ("локо", []),
    ])
    func russian(_ query: String, _ expected: [String]) throws {
        #expect(try found(try TemporaryVault(), query) == expected)
    }

    @Test(arguments: [
        ("清水寺", ["travel/kyoto.md"]), ("水寺", ["travel/kyoto.md"]), ("京都", ["travel/kyoto.md"]), ("京", ["travel/kyoto.md"]),
        ("新幹線", ["travel/kyoto.md"]), ("猫", ["reading-list.md"]), ("吾輩は猫", ["reading-list.md"]), ("旅行", ["travel/kyoto.md"]),
        ("寺清", []), ("大阪", []), ("く抹", []),
    ])
    func japanese(_ query: String, _ expected: [String]) throws {
        #expect(try found(try TemporaryVault(), query) == expected)
    }

    /// Thai and Khmer are written without spaces between words: a word inside a longer run is
    /// found, and its snippet marks it (`ปลั๊กอิน` was found in 57 of 93 notes holding it).
    @Test func thaiAndKhmerFindWordsInsideRuns() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("install.md", "# ติดตั้ง\n\nวิธีติดตั้งปลั๊กอินชุมชนจากหน้าการตั้งค่า\n")
        try vault.write("core.md", "# หลัก\n\nปลั๊กอินหลักเปิดใช้งานได้ในการตั้งค่า\n")
        try vault.write("km.md", "# ខ្មែរ\n\nបើកកម្មវិធីជំនួយសហគមន៍។\n")
        #expect(try found(vault, "ปลั๊กอิน").sorted() == ["core.md", "install.md"])
        #expect(try found(vault, "การตั้งค่า").sorted() == ["core.md", "install.md"])
        #expect(try found(vault, "កម្មវិធីជំនួយ") == ["km.md"])
        #expect(try found(vault, "ชุมชน") == ["install.md"])
        let result = try vault.run("search", "ជំនួយ", "--json")
        #expect(try JSONOutput.array(result).first?["snippet"] as? String == "…ម្មវិធី<mark>ជំនួយ</mark>សហគមន៍។")
    }

    @Test func diacriticsDoNotMatter() throws {
        let vault = try TemporaryVault()
        #expect(try found(vault, "soseki") == ["reading-list.md"])
        #expect(try found(vault, "SŌSEKI") == ["reading-list.md"])
    }

    // MARK: - JSON, ranking, filters

    @Test func jsonHasTheListFieldsPlusSnippetAndScore() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("search", "tomatoes", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(JSONOutput.keyOrder(result.stdout, indent: "    ") == SampleNotes.jsonFields + ["snippet", "score", "title_match", "corrections", "all_words"])
        let notes = try JSONOutput.array(result)
        let garden = try #require(notes.first)
        #expect(notes.count == 1)
        #expect(garden["path"] as? String == "garden.md")
        #expect(
            garden["snippet"] as? String == "The <mark>tomatoes</mark> are finally red. <mark>Tomato</mark> beds in July",
            "image text is text, and another form of the word is marked too")
        #expect((garden["corrections"] as? [Any])?.isEmpty == true)
        #expect(garden["score"] is Double)
        #expect(garden["title_match"] as? Bool == false)
        #expect(garden["pending_expiry"] as? Bool == false)
    }

    @Test func snippetIsEscapedHTML() throws {
        let vault = try TemporaryVault()
        try vault.write("html.md", "Compare\nif a < b && c > d then tomatoes\n")
        let notes = try JSONOutput.array(try vault.run("search", "tomatoes", "--json"))
        let html = try #require(notes.first { $0["path"] as? String == "html.md" })
        #expect(html["snippet"] as? String == "…a &lt; b &amp;&amp; c &gt; d then <mark>tomatoes</mark>")
    }

    @Test func titleMatchesComeFirst() throws {
        let vault = try TemporaryVault()
        let notes = try JSONOutput.array(try vault.run("search", "garden", "--json"))
        #expect(notes.first?["path"] as? String == "garden.md")
        #expect(Set(notes.dropFirst().compactMap { $0["path"] as? String }) == ["archive/2025-retro.md", "welcome.md"])
        #expect(notes.map { $0["title_match"] as? Bool } == [true, false, false])
        let scores = notes.dropFirst().compactMap { $0["score"] as? Double }
        #expect(scores == scores.sorted())
    }

    @Test func limitTellsHowManyMatch() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("search", "garden", "--limit", "1")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(result)")
        #expect(lines.first?.hasSuffix("   Garden  garden.md") == true, "\(result)")
        #expect(result.stderr.contains("3 notes match; showing 1 (--limit N for more)"), "\(result)")
    }

    @Test func phrasePrefixOrAndExclusion() throws {
        let vault = try TemporaryVault()
        #expect(try found(vault, "\"finally red\"") == ["garden.md"])
        #expect(try found(vault, "\"red finally\"").isEmpty)
        #expect(try found(vault, "tomat*") == ["garden.md"])
        #expect(Set(try found(vault, "tomatoes", "OR", "potatoes")) == ["garden.md", "grocery-list.md"])
        #expect(Set(try found(vault, "garden", "-tomatoes")) == ["archive/2025-retro.md", "welcome.md"])
        #expect(try found(vault, "title:garden") == ["garden.md"])
        let excluded = try found(vault, "-garden")
        #expect(Set(excluded) == Set(SampleNotes.listed).subtracting(["garden.md", "archive/2025-retro.md", "welcome.md"]))
    }

    @Test func filtersOfListWorkToo() throws {
        let vault = try TemporaryVault()
        #expect(try found(vault, "potatoes", "--color", "red") == ["grocery-list.md"])
        #expect(try found(vault, "potatoes", "--color", "blue").isEmpty)
        #expect(try found(vault, "eggs", "--where", "tags=WEEKLY") == ["grocery-list.md"])
        #expect(try found(vault, "eggs", "--where", "tags=books").isEmpty)
        #expect(try found(vault, "tomatoes", "--until", "2026-07-01").isEmpty)
        #expect(try found(vault, "tomatoes", "--since", "2026-07-01") == ["garden.md"])
        #expect(try found(vault, "potatoes", "--expiring") == ["grocery-list.md"])
    }

    @Test func notesPastTheirDestroyDateNeedPending() throws {
        let vault = try TemporaryVault()
        #expect(try found(vault, "plumber").isEmpty)
        let result = try vault.run("search", "plumber", "--pending", "--json")
        let notes = try JSONOutput.array(result)
        #expect(notes.map { $0["path"] as? String } == ["old-reminder.md"])
        #expect(notes.first?["pending_expiry"] as? Bool == true)
    }

    @Test func aSaveIsSeenByTheNextSearch() throws {
        let vault = try TemporaryVault()
        #expect(try found(vault, "zucchini").isEmpty)
        try vault.write("garden.md", try vault.text("garden.md") + "\nZucchini next.\n")
        #expect(try found(vault, "zucchini") == ["garden.md"])
        try FileManager.default.removeItem(at: vault.url("garden.md"))
        #expect(try found(vault, "zucchini").isEmpty)
    }
}
