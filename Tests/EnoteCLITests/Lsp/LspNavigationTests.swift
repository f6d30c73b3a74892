import Foundation
import Testing

/// Navigation: definition of links (notes and headings), document symbols (headings), workspace
/// symbols (titles from the index).
@Suite struct LspNavigationTests {
    static func start() throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        try "---\ntitle: Киото\n---\n# Киото 😀\n\nТекст.\n\n## Храмы 日本\n\nКиёмидзу.\n".write(
            to: vault.root.appendingPathComponent("kyoto.md"), atomically: true, encoding: .utf8)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        return (vault, client)
    }

    static func position(_ client: LspClient, _ method: String, _ uri: String, line: Int, character: Int) -> Any? {
        client.request(method, ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])?["result"]
    }

    @Test func definitionOfALinkIsTheNoteAndItsHeading() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("plans.md").absoluteString
        client.open(uri, "😀 [[kyoto]] и [[kyoto#Храмы 日本]]\n")
        let target = vault.root.appendingPathComponent("kyoto.md").absoluteString
        let note = try #require(Self.position(client, "textDocument/definition", uri, line: 0, character: 5) as? [String: Any])
        #expect(note["uri"] as? String == target)
        #expect(((note["range"] as? [String: Any])?["start"] as? [String: Int])?["line"] == 0)
        let heading = try #require(
            Self.position(client, "textDocument/definition", uri, line: 0, character: "😀 [[kyoto]] и [[ky".utf16.count) as? [String: Any])
        #expect(heading["uri"] as? String == target)
        #expect(((heading["range"] as? [String: Any])?["start"] as? [String: Int])?["line"] == 7)
    }

    /// Go-to-definition lands on the heading the note's web page gives the link's `#fragment`
    /// as its id (``NoteHeading/target(of:in:)``, one rule): a fragment written as a slug
    /// (`#whats-new`) finds `What's new?`, and of two headings with one slug the first.
    @Test func definitionLandsOnTheHeadingThePageGivesTheFragment() throws {
        let (vault, client) = try Self.start()
        try vault.write("news.md", "# Новости\n\n## Next steps!\n\n## Next steps\n\n## What's new? 😀\n\nТекст.\n")
        let text = "[[news#whats-new]] [[news#Next steps]] [n](news.md#what%27s-new)\n"
        let uri = vault.url("links.md").absoluteString
        client.open(uri, text)
        let target = vault.url("news.md").absoluteString
        for (character, line) in [(3, 6), ("[[news#whats-new]] [[ne".utf16.count, 2), ("[[news#whats-new]] [[news#Next steps]] [".utf16.count, 6)] {
            let found = try #require(Self.position(client, "textDocument/definition", uri, line: 0, character: character) as? [String: Any])
            #expect(found["uri"] as? String == target)
            #expect(((found["range"] as? [String: Any])?["start"] as? [String: Int])?["line"] == line, "at \(character)")
        }
    }

    @Test("definition of a link or an embed that names a picture is the picture; a missing one has none")
    func definitionOfAPictureIsTheFile() throws {
        let (vault, client) = try Self.start()
        try FileManager.default.createDirectory(at: vault.url("attachments"), withIntermediateDirectories: true)
        try Data("GIF89a".utf8).write(to: vault.url("attachments/cat.gif"))
        let uri = vault.root.appendingPathComponent("plans.md").absoluteString
        client.open(uri, "![[cat.gif]] [pic](attachments/cat.gif) ![[gone.png]]\n")
        let target = vault.url("attachments/cat.gif").absoluteString
        for character in [4, "![[cat.gif]] [pi".utf16.count] {
            let file = try #require(Self.position(client, "textDocument/definition", uri, line: 0, character: character) as? [String: Any])
            #expect(file["uri"] as? String == target)
        }
        #expect(Self.position(client, "textDocument/definition", uri, line: 0, character: "![[cat.gif]] [pic](attachments/cat.gif) ![[go".utf16.count) is NSNull)
    }

    @Test func documentSymbolsAreTheHeadingsNested() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("kyoto.md").absoluteString
        let response = client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let symbols = try #require(response?["result"] as? [[String: Any]])
        #expect(symbols.map { $0["name"] as? String } == ["Киото 😀"])
        let children = try #require(symbols.first?["children"] as? [[String: Any]])
        #expect(children.map { $0["name"] as? String } == ["Храмы 日本"])
        let selection = children.first?["selectionRange"] as? [String: Any]
        #expect((selection?["start"] as? [String: Int])?["line"] == 7)
        #expect((selection?["end"] as? [String: Int])?["character"] == "## Храмы 日本".utf16.count)
    }

    @Test func workspaceSymbolsAreTitlesFromTheIndex() throws {
        let (vault, client) = try Self.start()
        // Open one note so the server knows the vault.
        client.open(vault.root.appendingPathComponent("kyoto.md").absoluteString, "# Киото 😀\n")
        let response = client.request("workspace/symbol", ["query": "кио"])
        let symbols = try #require(response?["result"] as? [[String: Any]])
        #expect(symbols.compactMap { $0["name"] as? String } == ["Киото"])
    }
}
