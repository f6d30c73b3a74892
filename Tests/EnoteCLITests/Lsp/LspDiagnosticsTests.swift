import Foundation
import Testing

/// Diagnostics as the user types: published after `didOpen` and each `didChange`, with ranges in
/// the client's position encoding on lines of Cyrillic, Japanese and emoji.
@Suite struct LspDiagnosticsTests {
    /// A vault with two notes named Plan at the same depth, and the server started in it.
    static func start(positionEncodings: [String]? = nil) throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: vault.root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try "# Plan \(folder)\n".write(to: vault.root.appendingPathComponent("\(folder)/Plan.md"), atomically: true, encoding: .utf8)
        }
        try "---\ntitle: Кошки\n---\nО кошках.\n".write(to: vault.root.appendingPathComponent("кошки.md"), atomically: true, encoding: .utf8)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize(positionEncodings: positionEncodings)
        return (vault, client)
    }

    static func range(_ diagnostic: [String: Any]) -> [Int] {
        let range = diagnostic["range"] as? [String: Any]
        let start = range?["start"] as? [String: Int]
        let end = range?["end"] as? [String: Int]
        return [start?["line"] ?? -1, start?["character"] ?? -1, end?["line"] ?? -1, end?["character"] ?? -1]
    }

    static func codes(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.compactMap { $0["code"] as? String }
    }

    /// A line of text whose link starts after Cyrillic, an emoji and Japanese.
    static let mixedPrefix = "Кот 😀 日本 "

    @Test(arguments: [("utf-16", mixedPrefix.utf16.count, "[[nowhere]]".utf16.count), ("utf-8", mixedPrefix.utf8.count, "[[nowhere]]".utf8.count)])
    func aDeadLinkIsMarkedWhereItIsWritten(encoding: String, start: Int, length: Int) throws {
        let (vault, client) = try Self.start(positionEncodings: encoding == "utf-8" ? ["utf-8"] : nil)
        let uri = vault.root.appendingPathComponent("dead.md").absoluteString
        client.open(uri, "# Мысли\n\n\(Self.mixedPrefix)[[nowhere]] и [[кошки]]\n")
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(Self.codes(diagnostics) == ["deadLink"], "\(diagnostics)")
        #expect(Self.range(diagnostics[0]) == [2, start, 2, start + length])
    }

    /// The language server judges links by the library's one rule, as `enote links` does: a
    /// missing file that is not a note (`[[report.pdf]]`, a picture) is a dead link too, and one
    /// that exists is not.
    @Test func aMissingFileThatIsNotANoteIsADeadLinkAsEnoteLinksSays() throws {
        let (vault, client) = try Self.start()
        try vault.write("attachments/report.pdf", "%PDF-1.4")
        let text = "日本 😀 [[report.pdf]] [[отчёт.pdf]] ![[кот.png]] [pdf](attachments/report.pdf) ![кот](кот.png)\n"
        try vault.write("files.md", text)
        let uri = vault.url("files.md").absoluteString
        client.open(uri, text)
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(Self.codes(diagnostics) == ["deadLink", "deadLink", "deadLink"], "\(diagnostics)")
        let starts = diagnostics.map { Self.range($0)[1] }
        let expected = ["日本 😀 [[report.pdf]] ", "日本 😀 [[report.pdf]] [[отчёт.pdf]] ", "日本 😀 [[report.pdf]] [[отчёт.pdf]] ![[кот.png]] [pdf](attachments/report.pdf) "]
        #expect(starts == expected.map(\.utf16.count), "\(diagnostics)")
        let links = try vault.run("links", "files.md", "--json")
        #expect(links.stdout.components(separatedBy: "\"dead\"").count - 1 == 3, "\(links)")
    }

    @Test func anAmbiguousWikilinkNamesTheNotesItMatches() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("ambiguous.md").absoluteString
        client.open(uri, "日本語 😀 [[Plan]] [[a/Plan]]\n")
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(Self.codes(diagnostics) == ["ambiguousLink"])
        #expect(Self.range(diagnostics[0]) == [0, "日本語 😀 ".utf16.count, 0, "日本語 😀 [[Plan]]".utf16.count])
        let message = diagnostics[0]["message"] as? String ?? ""
        #expect(message.contains("a/Plan.md") && message.contains("b/Plan.md"))
    }

    @Test func frontMatterTheReaderRejectsIsMarkedAtItsLineAndColumn() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("bad-front-matter.md").absoluteString
        let line = "title: Встреча 😀 日本: итоги"
        client.open(uri, "---\n\(line)\n---\nТекст\n")
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(Self.codes(diagnostics) == ["frontMatterSyntax"], "\(diagnostics)")
        // The reader points at the ": " inside the value.
        #expect(Self.range(diagnostics[0]) == [1, "title: Встреча 😀 日本".utf16.count, 1, line.utf16.count])
        #expect(diagnostics[0]["severity"] as? Int == 1)
    }

    @Test(arguments: [
        ("destroy: завтра\n", "invalidValue", 2),
        ("destroy: 2099-01-01\ndestroy: 2099-02-01\n", "duplicateKey", 3),  // the second one is marked
        ("destroy: 2020-01-01T10:00:00Z\n", "destroyPassed", 2),
    ])
    func aDestroyDateThatCannotBeActedOnOrHasPassedIsMarked(frontMatter: String, code: String, line: Int) throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("destroy.md").absoluteString
        client.open(uri, "---\ntitle: Срок 😀\n\(frontMatter)---\n日本\n")
        let diagnostics = try #require(client.diagnostics(for: uri))
        let found = diagnostics.filter { $0["code"] as? String == code }
        #expect(found.count == 1, "\(diagnostics)")
        #expect(Self.range(found.first ?? [:]).first == line)
    }

    @Test func conflictMarkersAreErrorsOnTheirLines() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("conflict.md").absoluteString
        client.open(uri, "# Список\n<<<<<<< HEAD\nмолоко 😀\n=======\n牛乳\n>>>>>>> other\n")
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(Self.codes(diagnostics) == ["conflictMarkers", "conflictMarkers"])
        #expect(diagnostics.map { Self.range($0) } == [[1, 0, 1, 12], [5, 0, 5, 13]])
    }

    @Test func incrementalChangesAfterAnEmojiUpdateTheDiagnostics() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("typing.md").absoluteString
        client.open(uri, "😀 日本 [[кошки]]\n")
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)
        // Replace "кошки" (after the emoji's two UTF-16 units) with "собаки": now a dead link.
        let start = "😀 日本 [[".utf16.count
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [["range": ["start": ["line": 0, "character": start], "end": ["line": 0, "character": start + 5]], "text": "собаки"]],
            ])
        let dead = try #require(client.diagnostics(for: uri))
        #expect(Self.codes(dead) == ["deadLink"])
        #expect(Self.range(dead[0]) == [0, "😀 日本 ".utf16.count, 0, "😀 日本 [[собаки]]".utf16.count])
        // And back: the link resolves again and the diagnostic goes.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 3],
                "contentChanges": [["range": ["start": ["line": 0, "character": start], "end": ["line": 0, "character": start + 6]], "text": "кошки"]],
            ])
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)
    }

    @Test func closingADocumentClearsItsDiagnostics() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("closing.md").absoluteString
        client.open(uri, "[[nowhere]]\n")
        #expect(try #require(client.diagnostics(for: uri)).count == 1)
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)
    }

    /// A note just opened is shown with its problems at once: its diagnostics are published
    /// before the server answers a request sent right behind the `didOpen` (only typing waits
    /// for the input to go quiet).
    @Test func anOpenedNoteGetsItsDiagnosticsBeforeTheNextAnswer() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("opened.md").absoluteString
        client.open(uri, "[[nowhere]]\n")
        let answer = try #require(client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 3]]))
        let messages = client.messages
        let answerAt = try #require(messages.firstIndex { ($0["id"] as? Int) == (answer["id"] as? Int) && $0["method"] == nil })
        let diagnosticsAt = messages.firstIndex { message in
            (message["params"] as? [String: Any])?["uri"] as? String == uri && message["method"] as? String == "textDocument/publishDiagnostics"
        }
        #expect(diagnosticsAt.map { $0 < answerAt } == true, "the diagnostics came after the answer, or not at all")
        #expect(try #require(client.diagnostics(for: uri)).count == 1)
    }

    /// Many changes that arrive together are analysed and published once, for the last text: the
    /// server publishes when its input has gone quiet, never once per keystroke. (All the
    /// changes go in one write, so the server has them all before it could publish.)
    @Test func changesThatArriveTogetherArePublishedOnceForTheLastText() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("typing.md").absoluteString
        client.open(uri, "😀 日本 \n")
        #expect(try #require(client.diagnostics(for: uri)).isEmpty)
        var batch = Data()
        for version in 2...201 {
            let change: [String: Any] = [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": uri, "version": version],
                    "contentChanges": [["range": ["start": ["line": 0, "character": 6], "end": ["line": 0, "character": 6]], "text": "[[x]] "]],
                ],
            ]
            let body = try JSONSerialization.data(withJSONObject: change)
            batch += Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        client.sendRaw(batch)
        let last = try #require(
            client.waitFor { message in
                let params = message["params"] as? [String: Any]
                return message["method"] as? String == "textDocument/publishDiagnostics" && params?["version"] as? Int == 201
            })
        let diagnostics = try #require((last["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 200 && Self.codes(diagnostics).allSatisfy { $0 == "deadLink" })
        #expect(client.request("shutdown")?["result"] is NSNull)
        let published = client.messages.filter { message in
            let params = message["params"] as? [String: Any]
            return message["method"] as? String == "textDocument/publishDiagnostics" && (params?["version"] as? Int ?? 0) > 1
        }
        #expect(published.count == 1, "one publication for 200 changes, not \(published.count)")
    }

    /// A note with more problems than one message should carry gets the first ones and one more
    /// diagnostic saying that the rest are not shown.
    @Test func oneMessageCarriesAtMostTheCapAndSaysSo() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("many.md").absoluteString
        let text = (0..<2_500).map { "Строка \($0) 😀 [[нет \($0)]]" }.joined(separator: "\n") + "\n"
        client.open(uri, text)
        let diagnostics = try #require(client.diagnostics(for: uri, timeout: 60))
        #expect(diagnostics.count == 1_001, "\(diagnostics.count)")
        let codes = Self.codes(diagnostics)
        #expect(codes.prefix(1_000).allSatisfy { $0 == "deadLink" })
        #expect(codes.last == "tooManyProblems")
        #expect((diagnostics.last?["message"] as? String)?.contains("1000") == true, "\(diagnostics.last ?? [:])")
        #expect(Self.range(diagnostics[999]) == [999, "Строка 999 😀 ".utf16.count, 999, "Строка 999 😀 [[нет 999]]".utf16.count])
    }
}
