import Foundation
import Testing

@testable import NoteVault

/// `NoteIndex.search` on a vault of hand-written notes: the syntax, safety, languages, ranking,
/// snippets and filters.
@Suite("NoteIndex.search")
struct SearchTests {
    static let notes: [String: String] = [
        "cafe.md": VaultSandbox.noteText(title: "Café menu", body: "Espresso and croissants at the café downstairs.\n", extra: ["color: red"]),
        "plan.md": VaultSandbox.noteText(
            title: "Project plan", body: "Next week we ship the e-mail client, written in C++. It's nearly done.\n", extra: ["tags: [work]"]),
        "draft.md": VaultSandbox.noteText(title: "Draft plan", body: "A rough draft of the plan for the garden.\n", extra: ["tags: [work, draft]"]),
        "garden.md": VaultSandbox.noteText(title: "Garden", body: "The tomatoes are red. Potatoes next year.\n", extra: ["color: green"]),
        "potatoes.md": VaultSandbox.noteText(title: "Potatoes", body: "Boil them.\n"),
        "soup.md": "---\ntitle: Soup\nupdated: 2026-11-01T00:00:00Z\n---\npotatoes, potatoes, potatoes and more potatoes in the potato soup\n",
        "ru.md": VaultSandbox.noteText(title: "Список покупок", body: "Хлеб, молоко, яйца.\n\nЁлочные игрушки — не забыть!\n"),
        "tea.md": VaultSandbox.noteText(title: "Чай", body: "Зелёный чай и молоко.\n"),
        "travel/kyoto.md": VaultSandbox.noteText(title: "京都旅行", body: "清水寺と伏見稲荷大社を見に行く。抹茶のお菓子を買うこと。\n"),
        "neko.md": VaultSandbox.noteText(title: "Reading", body: "「吾輩は猫である」— Natsume Sōseki\n"),
        "expired.md": VaultSandbox.noteText(title: "Call the plumber", body: "The sink leaks.\n", extra: ["destroy: 2026-01-01"]),
        "later.md": VaultSandbox.noteText(title: "Plumber again", body: "Next month.\n", extra: ["destroy: 2026-11-20"]),
    ]
    /// Every note but the one past its destroy date.
    static let visible = Set(notes.keys).subtracting(["expired.md"])

    let sandbox: VaultSandbox
    let index: NoteIndex

    init() throws {
        sandbox = try VaultSandbox()
        for (path, text) in Self.notes { try sandbox.write(path, text) }
        index = try sandbox.openIndex()
    }

    // MARK: - Safety

    static let hostile = [
        "C++", "e-mail", "it's", "\"x", "AND", "OR", "NOT", "NEAR(", "NEAR(a b)", "x*y", "'; DROP TABLE notes; --",
        "\"; DROP TABLE notes; --", "a\0b", "{title}:x", "title:", "body:garden", "^garden", "(garden", "garden)",
        "\"\"\"", "-garden", "-", "--", "x OR", "OR OR", "title:\"unclosed", "ü", "京", "\u{202E}garden", "%", "_",
        String(repeating: "garden ", count: 300),
    ]

    @Test(arguments: hostile)
    func hostileQueriesNeverFailAndLeaveTheTablesIntact(_ text: String) throws {
        do {
            _ = try index.results(text)
        } catch let error as SearchQuery.QueryError {
            #expect(error.description.contains("no letters or digits"), "\(text)")
        }
        #expect(try index.isIntact(notes: Self.notes.count))
        #expect(Set(try index.listed()) == Self.visible)
    }

    @Test(arguments: [
        ("C++", ["plan.md"]), ("e-mail", ["plan.md"]), ("it's", ["plan.md"]), ("\"nearly", ["plan.md"]),
        ("'; DROP TABLE notes; --", []), ("AND", ["cafe.md", "soup.md"]), ("and OR", ["cafe.md", "soup.md"]), ("garden)", ["draft.md", "garden.md"]),
    ])
    func oddInputIsSearchedAsText(_ text: String, _ expected: [String]) throws {
        #expect(Set(try index.found(text)) == Set(expected))
    }

    // MARK: - Languages

    @Test(arguments: [
        ("молоко", ["ru.md", "tea.md"]), ("МОЛОКО", ["ru.md", "tea.md"]), ("Хлеб", ["ru.md"]), ("хлеб", ["ru.md"]),
        ("ёлочные", ["ru.md"]), ("елочные", ["ru.md"]), ("ЕЛОЧНЫЕ", ["ru.md"]), ("зеленый", ["tea.md"]), ("Зелёный", ["tea.md"]),
        ("чай", ["tea.md"]), ("покупок", ["ru.md"]), ("молок", ["ru.md", "tea.md"]), ("олоко", []), ("молок*", ["ru.md", "tea.md"]),
        ("молок ", ["ru.md", "tea.md"]), ("\"молок\"", []),
    ])
    func russianFindsWholeWordsInAnyCase(_ text: String, _ expected: [String]) throws {
        #expect(Set(try index.found(text)) == Set(expected))
    }

    @Test(arguments: [
        ("清水", ["travel/kyoto.md"]), ("清水寺", ["travel/kyoto.md"]), ("伏見稲荷大社", ["travel/kyoto.md"]),
        ("抹茶", ["travel/kyoto.md"]), ("お菓子を買う", ["travel/kyoto.md"]), ("京都", ["travel/kyoto.md"]),
        ("都旅", ["travel/kyoto.md"]), ("京", ["travel/kyoto.md"]), ("猫", ["neko.md"]), ("吾輩は猫", ["neko.md"]),
        ("Natsume 猫", ["neko.md"]), ("寺清", []), ("茶抹", []), ("大阪", []), ("く抹", []), ("清水寺と大阪", []),
    ])
    func japaneseFindsSubstringsOfTwoOrMoreCharacters(_ text: String, _ expected: [String]) throws {
        #expect(try index.found(text) == expected)
    }

    @Test(arguments: [
        ("cafe", ["cafe.md"]), ("café", ["cafe.md"]), ("CAFÉ", ["cafe.md"]), ("cafe\u{301}", ["cafe.md"]),
        ("soseki", ["neko.md"]), ("Sōseki", ["neko.md"]), ("creme", []),
    ])
    func caseAndDiacriticsDoNotMatter(_ text: String, _ expected: [String]) throws {
        #expect(try index.found(text) == expected)
    }

    // MARK: - Syntax

    @Test(arguments: [
        ("\"next week\"", ["plan.md"]), ("\"week next\"", []), ("pota*", ["garden.md", "potatoes.md", "soup.md"]),
        ("tomat*", ["garden.md"]), ("tomat", ["garden.md"]), ("tomat ", []), ("\"tomat\"", []), ("espresso OR tomatoes", ["cafe.md", "garden.md"]),
        ("plan -draft", ["plan.md"]), ("plan -\"rough draft\"", ["plan.md"]), ("title:plan", ["draft.md", "plan.md"]),
        ("title:garden", ["garden.md"]), ("garden", ["draft.md", "garden.md"]), ("garden -title:garden", ["draft.md"]),
        ("plan draft garden", ["draft.md"]), ("kyoto", ["travel/kyoto.md"]), ("travel", ["travel/kyoto.md"]),
    ])
    func syntax(_ text: String, _ expected: [String]) throws {
        #expect(Set(try index.found(text)) == Set(expected))
    }

    @Test func negativeOnlyQueryReturnsEveryOtherVisibleNote() throws {
        let results = try index.results("-potatoes")
        let expected = Self.visible.subtracting(["garden.md", "potatoes.md", "soup.md"])
        #expect(Set(results.notes.map(\.path.description)) == expected)
        #expect(results.total == expected.count)
        #expect(results.notes.allSatisfy { $0.snippet == nil })
        // Newest first: soup.md is the only note updated after 2020.
        #expect(try index.found("-tomatoes").first == "soup.md")
        #expect(Set(try index.found("-potatoes -plan -молоко")) == expected.subtracting(["plan.md", "draft.md", "ru.md", "tea.md"]))
        #expect(try index.found("-potatoes", filter: { $0.color = .palette(.red) }) == ["cafe.md"])
    }

    // MARK: - Ranking and snippets

    @Test func titleMatchesComeFirst() throws {
        let results = try index.results("potatoes")
        #expect(results.notes.map(\.path.description) == ["potatoes.md", "soup.md", "garden.md"])
        #expect(results.notes.map(\.titleMatches) == [true, false, false])
        #expect(results.notes.allSatisfy { $0.score != nil })
        let bodyScores = results.notes.dropFirst().compactMap(\.score)
        #expect(bodyScores == bodyScores.sorted(), "bm25: lower is better")
        #expect(results.total == 3)
    }

    @Test func limitKeepsTheBestAndCountsAll() throws {
        let results = try index.results("potatoes", limit: 1)
        #expect(results.notes.map(\.path.description) == ["potatoes.md"])
        #expect(results.total == 3)
        let bodyOnly = try index.results("pota* -title:potatoes", limit: 1)
        #expect(bodyOnly.notes.map(\.path.description) == ["soup.md"])
        #expect(bodyOnly.total == 2)
    }

    @Test(arguments: [
        ("tomatoes OR potatoes", "garden.md", "The \u{2}tomatoes\u{3} are red. \u{2}Potatoes\u{3} next year."),
        ("cafe", "cafe.md", "Espresso and croissants at the \u{2}café\u{3} downstairs."),
        ("CAFÉ", "cafe.md", "Espresso and croissants at the \u{2}café\u{3} downstairs."),
        ("елочные", "ru.md", "Хлеб, молоко, яйца.\n\u{2}Ёлочные\u{3} игрушки — не забыть!"),
        ("水寺", "travel/kyoto.md", "清\u{2}水寺\u{3}と伏見稲荷大社を見に行く。抹茶のお…"),
        ("清水寺", "travel/kyoto.md", "\u{2}清水寺\u{3}と伏見稲荷大社を見に行く。抹茶のお…"),
        ("猫", "neko.md", "「吾輩は\u{2}猫\u{3}である」— Natsume Sōseki"),
        ("soseki", "neko.md", "…猫である」— Natsume \u{2}Sōseki\u{3}"),
    ])
    func snippetMarksTheMatchedWords(_ text: String, _ path: String, _ snippet: String) throws {
        let note = try #require(try index.results(text).notes.first { $0.path.description == path })
        #expect(note.snippet == snippet)
    }

    @Test func prefixSnippetMarksWholeWords() throws {
        let note = try #require(try index.results("pota*").notes.first { $0.path.description == "soup.md" })
        let snippet = try #require(note.snippet)
        #expect(snippet.hasPrefix("\u{2}potatoes\u{3}, \u{2}potatoes\u{3},"))
        #expect(snippet.contains("the \u{2}potato\u{3} soup"))
    }

    @Test func titleOnlyHitHasNoSnippet() throws {
        let note = try #require(try index.results("reading").notes.first)
        #expect(note.path.description == "neko.md")
        #expect(note.titleMatches)
        #expect(note.snippet == nil)
    }

    // MARK: - Filters

    @Test func filtersCombineWithSearch() throws {
        #expect(try index.found("plan", filter: { $0.fields = [("tags", "DRAFT")] }) == ["draft.md"])
        #expect(Set(try index.found("plan", filter: { $0.fields = [("tags", "work")] })) == ["draft.md", "plan.md"])
        #expect(try index.found("potatoes", filter: { $0.color = .palette(.green) }) == ["garden.md"])
        #expect(try index.found("potatoes", filter: { $0.updatedSince = day(-30) }) == ["soup.md"])
        #expect(Set(try index.found("potatoes", filter: { $0.updatedUntil = day(-30) })) == ["garden.md", "potatoes.md"])
        #expect(try index.found("potatoes", filter: { $0.color = .palette(.blue) }).isEmpty)
    }

    @Test("a full page counts only the matches that may be shown")
    func totalLeavesOutHiddenNotes() throws {
        try sandbox.write("pipes.md", VaultSandbox.noteText(title: "Pipes", body: "Ask the plumber about the pipes.\n"))
        try index.synchronize()
        // Three notes say "plumber"; expired.md is past its destroy date.
        let page = try index.results("plumber", limit: 1)
        #expect(page.notes.count == 1)
        #expect(page.total == 2)
        #expect(try index.results("plumber", limit: 1, filter: { $0.includePendingExpiry = true }).total == 3)
        #expect(try index.results("plumber", limit: 5).total == 2)
    }

    @Test func notesPastTheirDestroyDateAreHiddenUnlessPending() throws {
        #expect(try index.found("plumber") == ["later.md"])
        #expect(try index.found("sink").isEmpty)
        let pending = try index.results("plumber", filter: { $0.includePendingExpiry = true }).notes
        #expect(Set(pending.map(\.path.description)) == ["expired.md", "later.md"])
        #expect(pending.first { $0.path.description == "expired.md" }?.isPendingExpiry(at: VaultSandbox.now) == true)
        #expect(pending.first { $0.path.description == "later.md" }?.isPendingExpiry(at: VaultSandbox.now) == false)
        #expect(
            try index.found(
                "plumber",
                filter: {
                    $0.includePendingExpiry = true; $0.expiringWithin = 3 * 86_400
                }) == ["later.md"])
        #expect(try index.found("-zzz", filter: { $0.expiringWithin = .infinity }) == ["later.md"])
    }
}
