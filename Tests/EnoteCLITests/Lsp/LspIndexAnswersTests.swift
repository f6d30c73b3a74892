import Foundation
import Testing

/// The server answers from the index per request (the `names` table for links, a list of notes
/// loaded in the background for completion), so its answers are the vault's own: an alias
/// resolves as it does for `enote backlinks`, and a note written after start is completed.
@Suite struct LspIndexAnswersTests {
    static func start() throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        try vault.write("kyoto.md", "---\ntitle: Киото 京都\naliases: [Старая столица 😀]\n---\nХрамы и сады.\n")
        try vault.write("trips/osaka.md", "# Осака\n")
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        return (vault, client)
    }

    @Test func aWikilinkToAnAliasLeadsToItsNote() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("plans.md").absoluteString
        let line = "日本 [[Старая столица 😀]] и [[nowhere]] и [[osaka]]"
        client.open(uri, line + "\n")
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(LspDiagnosticsTests.codes(diagnostics) == ["deadLink"], "\(diagnostics)")
        #expect(
            LspDiagnosticsTests.range(diagnostics[0]) == [0, "日本 [[Старая столица 😀]] и ".utf16.count, 0, "日本 [[Старая столица 😀]] и [[nowhere]]".utf16.count])
        let hover = client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": "日本 [[Ста".utf16.count]])
        let text = ((hover?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(text?.contains("Киото 京都") == true && text?.contains("Храмы и сады") == true, "\(String(describing: hover))")
        let definition = client.request("textDocument/definition", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 5]])
        #expect(((definition?["result"] as? [String: Any])?["uri"] as? String) == vault.url("kyoto.md").absoluteString)
    }

    @Test func aNoteWrittenAfterStartIsCompletedOnceTheEditorReportsIt() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, "😀 [[")
        let params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 0, "character": "😀 [[".utf16.count]]
        func labels() -> [String] {
            let items = ((client.request("textDocument/completion", params)?["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
            return items.compactMap { $0["label"] as? String }.sorted()
        }
        #expect(labels() == ["Киото 京都", "Осака"])
        try vault.write("nara.md", "# Нара 奈良\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": vault.url("nara.md").absoluteString, "type": 1]]])
        #expect(labels() == ["Киото 京都", "Нара 奈良", "Осака"])
    }
}
