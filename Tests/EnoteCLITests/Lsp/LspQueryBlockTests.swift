import Foundation
import Testing

/// Query blocks in the editor (issue 39): hover shows a block's results or its mistake and where,
/// completion offers keys, fields, words and a key's values, and a code action writes the results
/// below the block, replacing what an earlier run wrote. All from the text as typed, unsaved.
@Suite struct LspQueryBlockTests {
    static func start() throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        try vault.write("work/alpha.md", "---\ntitle: Alpha\nstatus: active\ntags: [work]\n---\nPlan.\n")
        try vault.write("work/beta.md", "---\ntitle: Beta\nstatus: done\ntags: [work]\n---\nBeta.\n")
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        return (vault, client)
    }

    static let dashboard = "# Dash 😀\n\n```enote\ntable status from #work sort file.name\n```\nAfter.\n"

    @Test func hoverOnAnyLineOfABlockShowsItsResults() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("dash.md").absoluteString
        client.open(uri, Self.dashboard)
        for line in 2...4 {
            let text = try #require(LspHoverTests.hover(client, uri, line: line, character: 0), "no hover on line \(line)")
            #expect(text.contains("| Note | status |"), "\(text)")
            #expect(text.contains("| [[alpha]] | active |") && text.contains("| [[beta]] | done |"), "\(text)")
        }
        // Outside the block: no results.
        #expect(LspHoverTests.hover(client, uri, line: 5, character: 0)?.contains("| Note |") != true)
    }

    @Test func hoverOnABlockWithAMistakeSaysWhere() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("dash.md").absoluteString
        client.open(uri, "# Dash\n\n```dataview\nTABLE status\nWHERE status = = 3\n```\n")
        let text = try #require(LspHoverTests.hover(client, uri, line: 4, character: 3))
        // The note's line 5, the column in the line.
        #expect(text.contains("line 5, column 16"), "\(text)")
        #expect(text.contains("mistake"), "\(text)")
    }

    static func completion(_ client: LspClient, _ uri: String, line: Int, character: Int) -> [[String: Any]] {
        let response = client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
        return ((response?["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
    }

    static func inserted(_ item: [String: Any]) -> String? {
        (item["textEdit"] as? [String: Any])?["newText"] as? String
    }

    @Test func completionOffersKeysFieldsWordsAndAKeysValues() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("dash.md").absoluteString
        let text = "```enote\nlist where sta\nlist where status = \n```\n"
        client.open(uri, text)
        let keys = Self.completion(client, uri, line: 1, character: "list where sta".utf16.count)
        let labels = keys.compactMap { $0["label"] as? String }
        #expect(labels.contains("status"), "\(labels)")
        #expect(labels.contains("file.name") && labels.contains("WHERE") && labels.contains("board by"), "\(labels)")
        let status = try #require(keys.first { $0["label"] as? String == "status" })
        let range = try #require((status["textEdit"] as? [String: Any])?["range"] as? [String: Any])
        #expect((range["start"] as? [String: Any])?["character"] as? Int == "list where ".utf16.count, "the typed word is replaced")
        let values = Self.completion(client, uri, line: 2, character: "list where status = ".utf16.count)
        #expect(Set(values.compactMap(Self.inserted)) == ["\"active\"", "\"done\""], "\(values)")
        // Outside a block, none of these.
        client.open(uri, "list where sta\n", version: 2)
        #expect(!Self.completion(client, uri, line: 0, character: 14).contains { $0["label"] as? String == "status" })
    }

    @Test func tasksBlocksCompleteTheirInstructions() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("dash.md").absoluteString
        client.open(uri, "```tasks\nnot d\n```\n")
        let labels = Self.completion(client, uri, line: 1, character: 5).compactMap { $0["label"] as? String }
        #expect(labels.contains("not done"), "\(labels)")
    }

    static func writeAction(_ client: LspClient, _ uri: String, line: Int) throws -> [String: Any] {
        let actions = LspCodeActionTests.actions(client, uri, line: line, character: 0)
        return try #require(actions.first { $0["title"] as? String == "Write the results below the block" }, "\(actions)")
    }

    /// The text after applying the action's one TextEdit (positions in UTF-16).
    static func applied(_ action: [String: Any], to text: String) throws -> String {
        let edit = try #require(action["edit"] as? [String: Any])
        let change = try #require((edit["documentChanges"] as? [[String: Any]])?.first)
        let textEdit = try #require((change["edits"] as? [[String: Any]])?.first)
        let range = try #require(textEdit["range"] as? [String: Any])
        func offset(_ position: Any?) throws -> String.Index {
            let position = try #require(position as? [String: Any])
            let line = try #require(position["line"] as? Int), character = try #require(position["character"] as? Int)
            var lineStart = text.utf16.startIndex
            for _ in 0..<line { lineStart = text.utf16.index(after: try #require(text.utf16[lineStart...].firstIndex(of: 10))) }
            return text.utf16.index(lineStart, offsetBy: character)
        }
        let start = try offset(range["start"]), end = try offset(range["end"])
        return String(text[..<start]) + (try #require(textEdit["newText"] as? String)) + String(text[end...])
    }

    @Test func theResultsAreWrittenBelowTheBlockAndReplacedOnTheNextRun() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("dash.md").absoluteString
        client.open(uri, Self.dashboard)
        let first = try Self.applied(try Self.writeAction(client, uri, line: 3), to: Self.dashboard)
        #expect(
            first == """
                # Dash 😀

                ```enote
                table status from #work sort file.name
                ```
                <!-- enote:results -->

                | Note | status |
                | --- | --- |
                | [[alpha]] | active |
                | [[beta]] | done |

                <!-- /enote:results -->
                After.

                """, "\(first)")
        // A note changes; the next run replaces the results, never adds a second copy.
        try vault.write("work/gamma.md", "---\ntitle: Gamma\nstatus: new\ntags: [work]\n---\n")
        _ = try vault.run("index")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": vault.url("work/gamma.md").absoluteString, "type": 1]]])
        client.open(uri, first, version: 2)
        let second = try Self.applied(try Self.writeAction(client, uri, line: 2), to: first)
        #expect(second.components(separatedBy: "<!-- enote:results -->").count == 2, "\(second)")
        #expect(second.components(separatedBy: "<!-- /enote:results -->").count == 2, "\(second)")
        #expect(second.contains("| [[gamma]] | new |\n\n<!-- /enote:results -->\nAfter.\n"), "\(second)")
        // Run again on the same text: the same text.
        client.open(uri, second, version: 3)
        #expect(try Self.applied(try Self.writeAction(client, uri, line: 2), to: second) == second)
    }
}
