import Foundation
import Testing

/// References: the backlinks of a note, each at its link in the note that writes it.
@Suite struct LspReferencesTests {
    static func locations(_ response: [String: Any]?) -> [String] {
        let found = response?["result"] as? [[String: Any]] ?? []
        return found.map { location in
            let uri = (location["uri"] as? String).flatMap(URL.init(string:))?.lastPathComponent ?? "?"
            let range = location["range"] as? [String: [String: Int]]
            return "\(uri) \(range?["start"]?["line"] ?? -1):\(range?["start"]?["character"] ?? -1)-\(range?["end"]?["character"] ?? -1)"
        }.sorted()
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func referencesOfALinkedNoteAreItsBacklinks(encoding: String) throws {
        let (vault, client) = try LspRenameTests.start(encoding: encoding)
        let count: (String) -> Int = { encoding == "utf-8" ? $0.utf8.count : $0.utf16.count }
        let plans = vault.url("plans.md").absoluteString
        client.open(plans, LspRenameTests.files["plans.md"]!)
        let response = client.request(
            "textDocument/references",
            ["textDocument": ["uri": plans], "position": ["line": 0, "character": count("😀 Поездка в [[ky")], "context": ["includeDeclaration": false]])
        let plansLine = "😀 Поездка в [[kyoto]] и [Киото](kyoto.md)"
        let osakaLine = "日本: [назад](<../kyoto.md#Киото 😀>) и [[kyoto|город]]"
        #expect(
            Self.locations(response)
                == [
                    "osaka.md 0:\(count("日本: "))-\(count("日本: [назад](<../kyoto.md#Киото 😀>)"))",
                    "osaka.md 0:\(count("日本: [назад](<../kyoto.md#Киото 😀>) и "))-\(count(osakaLine))",
                    "plans.md 0:\(count("😀 Поездка в "))-\(count("😀 Поездка в [[kyoto]]"))",
                    "plans.md 0:\(count("😀 Поездка в [[kyoto]] и "))-\(count(plansLine))",
                ].sorted(), "\(String(describing: response))")
    }

    @Test func referencesInANoteWithoutALinkAreItsOwnBacklinks() throws {
        let (vault, client) = try LspRenameTests.start()
        let osaka = vault.url("trips/osaka.md").absoluteString
        client.open(osaka, LspRenameTests.files["trips/osaka.md"]!)
        let response = client.request(
            "textDocument/references", ["textDocument": ["uri": osaka], "position": ["line": 1, "character": 0], "context": ["includeDeclaration": true]])
        #expect(Self.locations(response) == ["kyoto.md 5:\("Текст про ".utf16.count)-\("Текст про [[trips/osaka]]".utf16.count)", "osaka.md 0:0-0"])
    }

    @Test func aLinkingNoteWrittenAfterStartIsFoundOnceTheEditorReportsIt() throws {
        let (vault, client) = try LspRenameTests.start()
        let kyoto = vault.url("kyoto.md").absoluteString
        client.open(kyoto, LspRenameTests.files["kyoto.md"]!)
        let params: [String: Any] = ["textDocument": ["uri": kyoto], "position": ["line": 3, "character": 3], "context": ["includeDeclaration": false]]
        // The server has opened the vault and indexed it before the note is written.
        #expect(Self.locations(client.request("textDocument/references", params)).count == 4)
        try vault.write("new.md", "Эмодзи 😀 → [[kyoto]]\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": vault.url("new.md").absoluteString, "type": 1]]])
        let response = client.request("textDocument/references", params)
        let expected = "new.md 0:\("Эмодзи 😀 → ".utf16.count)-\("Эмодзи 😀 → [[kyoto]]".utf16.count)"
        #expect(Self.locations(response).contains(expected), "\(String(describing: response))")
    }
}
