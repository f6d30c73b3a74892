import Foundation
import Testing

/// Hover: the note a link leads to (title, description, colour, destroy date), the time left on
/// `destroy:`, the colour on `color:`.
@Suite struct LspHoverTests {
    static func start() throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        try """
        ---
        title: Поездка в Киото
        color: green
        destroy: 2099-06-01T12:00:00Z
        ---
        Билеты и 旅館 😀.

        Остальное потом.
        """.write(to: vault.root.appendingPathComponent("kyoto.md"), atomically: true, encoding: .utf8)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        return (vault, client)
    }

    static func hover(_ client: LspClient, _ uri: String, line: Int, character: Int) -> String? {
        let response = client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
        return ((response?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    }

    @Test func onALinkTheTargetsTitleDescriptionColourAndDestroyDate() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("plans.md").absoluteString
        let prefix = "Кот 😀 日本 "
        client.open(uri, "# Планы\n\(prefix)[[kyoto]] и [поездка](kyoto.md)\n")
        for character in [prefix.utf16.count, prefix.utf16.count + 4, "\(prefix)[[kyoto]] и [по".utf16.count] {
            let text = try #require(Self.hover(client, uri, line: 1, character: character), "no hover at \(character)")
            #expect(text.contains("Поездка в Киото"))
            #expect(text.contains("Билеты и 旅館 😀."))
            #expect(text.contains("green"))
            #expect(text.contains("in ") && text.contains("days"), "\(text)")
        }
        // Before the link: nothing.
        #expect(Self.hover(client, uri, line: 1, character: 2) == nil)
    }

    @Test func onADeadLinkWhyItLeadsNowhere() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("dead.md").absoluteString
        client.open(uri, "😀 [[Осака]]\n")
        let text = try #require(Self.hover(client, uri, line: 0, character: 4))
        #expect(text.contains("Осака") && text.contains("no note"))
    }

    @Test func onDestroyTheTimeLeftInWords() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("soon.md").absoluteString
        let date = Date().addingTimeInterval(3 * 86400 + 120)
        let formatter = ISO8601DateFormatter()
        client.open(uri, "---\ntitle: Скоро 😀\ndestroy: \(formatter.string(from: date))\ncolor: hsb(200, 50%, 80%)\n---\nТекст\n")
        let destroy = try #require(Self.hover(client, uri, line: 2, character: 2))
        #expect(destroy.contains("in 3 days"), "\(destroy)")
        let colour = try #require(Self.hover(client, uri, line: 3, character: 1))
        #expect(colour.contains("hsb(200, 50%, 80%)") && colour.contains("#"), "\(colour)")
        // The title line has no hover.
        #expect(Self.hover(client, uri, line: 1, character: 2) == nil)
    }

    @Test func onAPastDestroyDateThatItHasPassed() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("past.md").absoluteString
        client.open(uri, "---\ndestroy: 2020-01-01T00:00:00Z\n---\n")
        let text = try #require(Self.hover(client, uri, line: 1, character: 0))
        #expect(text.contains("passed") && text.contains("days ago"), "\(text)")
    }

    @Test("in Russian, the time left is in Russian words, as the list and the web say it")
    func timeLeftInRussian() throws {
        let vault = try TemporaryVault(sample: false)
        var environment = vault.environment
        environment["LC_ALL"] = "ru_RU.UTF-8"
        let client = try LspClient(in: vault.root, environment: environment)
        client.initialize()
        let uri = vault.root.appendingPathComponent("soon.md").absoluteString
        let formatter = ISO8601DateFormatter()
        let soon = formatter.string(from: Date().addingTimeInterval(3 * 86400 + 120))
        client.open(uri, "---\ndestroy: \(soon)\n---\n")
        let text = try #require(Self.hover(client, uri, line: 1, character: 0))
        #expect(text.contains("Уничтожается через 3 дня"), "\(text)")
        let pastURI = vault.root.appendingPathComponent("past.md").absoluteString
        client.open(pastURI, "---\ndestroy: 2020-01-01T00:00:00Z\n---\n")
        let past = try #require(Self.hover(client, pastURI, line: 1, character: 0))
        #expect(past.contains("назад") && !past.contains("ago"), "\(past)")
    }
}

/// Hover on `title:` (or a first line without front matter): the notes related to this one,
/// each a link to its file with why.
@Suite struct LspRelatedHoverTests {
    @Test func onTheTitleTheRelatedNotesWithWhy() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("barometer.md", "---\ntitle: Barometer\ntags: [instruments]\n---\nMeasures air pressure. See [[sonnet]].\n")
        try vault.write("gauge.md", "---\ntitle: Rain gauge\ntags: [instruments]\n---\nA funnel.\n")
        try vault.write("sonnet.md", "# Sonnet\nFourteen lines.\n")
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.url("barometer.md").absoluteString
        client.open(uri, "---\ntitle: Barometer\ntags: [instruments]\n---\nMeasures air pressure. See [[sonnet]].\n")
        let text = try #require(LspHoverTests.hover(client, uri, line: 1, character: 2))
        #expect(text.contains("[Rain gauge](<\(vault.url("gauge.md").absoluteString)>) — shares \\#instruments"), "\(text)")
        // On another key, no list.
        #expect(LspHoverTests.hover(client, uri, line: 2, character: 2)?.contains("Rain gauge") != true)
        // A note without front matter: its first line.
        let sonnet = vault.url("sonnet.md").absoluteString
        client.open(sonnet, "# Sonnet\nFourteen lines.\n")
        let linked = try #require(LspHoverTests.hover(client, sonnet, line: 0, character: 3))
        #expect(linked.contains("[Barometer]") && linked.contains("links to it"), "\(linked)")
    }
}
