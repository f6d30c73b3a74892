import Foundation
import Testing

/// `enote lsp` as an editor runs it: the lifecycle, and every kind of bad input answered as the
/// protocol says without stopping the server.
@Suite struct LspLifecycleTests {
    @Test func initializeAnnouncesTheCapabilitiesAndShutdownThenExitEndsWithZero() throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        let response = try #require(client.initialize())
        let capabilities = try #require((response["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        #expect(capabilities["hoverProvider"] as? Bool == true)
        #expect(capabilities["completionProvider"] != nil)
        let shutdown = try #require(client.request("shutdown"))
        #expect(shutdown["result"] is NSNull)
        #expect(shutdown["error"] == nil)
        client.notify("exit")
        #expect(client.waitForExit() == 0)
    }

    /// The test client itself: one a test drops ends its server (its reading thread once kept
    /// it alive, and a SIGTERM does not reach a server started from a test's thread, which
    /// blocks it), so servers and their pipes do not pile up over the suite.
    @Test func aClientTheTestDropsEndsItsServer() throws {
        let vault = try TemporaryVault()
        var client: LspClient? = try LspClient(in: vault.root, environment: vault.environment)
        client?.initialize()
        let pid = try #require(client?.process.processIdentifier)
        #expect(ProcessTree.isRunning(pid))
        client = nil
        #expect(!ProcessTree.isRunning(pid), "the server of a dropped client still runs")
    }

    @Test func utf8PositionsAreChosenWhenTheClientOffersThem() throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        let response = try #require(client.initialize(positionEncodings: ["utf-8", "utf-16"]))
        let capabilities = (response["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-8")
    }

    @Test func exitWithoutShutdownEndsWithOne() throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        client.notify("exit")
        #expect(client.waitForExit() == 1)
    }

    @Test func theServerExitsWhenItsInputCloses() throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        client.closeInput()
        #expect(client.waitForExit(timeout: 5) == 1)
    }

    @Test func requestsBeforeInitializeAreRefusedAndAfterShutdownToo() throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        let early = try #require(client.request("workspace/symbol", ["query": "x"]))
        #expect((early["error"] as? [String: Any])?["code"] as? Int == -32002)
        client.initialize()
        client.request("shutdown")
        let late = try #require(client.request("workspace/symbol", ["query": "x"]))
        #expect((late["error"] as? [String: Any])?["code"] as? Int == -32600)
    }

    /// Bad input, what the server must answer (an error code with `id`, or nothing), and then it
    /// must still answer a request.
    struct BadInput: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: Data
        /// The error code of the response expected, or nil when none may come.
        var code: Int?
        var testDescription: String { name }
    }

    static func framed(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "malformed JSON", bytes: framed(Data("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\":".utf8)), code: -32700),
        BadInput(name: "invalid UTF-8", bytes: framed(Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])), code: -32700),
        BadInput(name: "a JSON array", bytes: framed(Data("[1, 2]".utf8)), code: -32600),
        BadInput(name: "an empty JSON array", bytes: framed(Data("[]".utf8)), code: -32600),
        BadInput(name: "a JSON number", bytes: framed(Data("1".utf8)), code: -32600),
        BadInput(name: "a JSON string", bytes: framed(Data("\"shutdown\"".utf8)), code: -32600),
        BadInput(name: "JSON null", bytes: framed(Data("null".utf8)), code: -32600),
        BadInput(
            name: "a batch of two requests",
            bytes: framed(Data("[{\"jsonrpc\":\"2.0\",\"id\":50,\"method\":\"shutdown\"},{\"jsonrpc\":\"2.0\",\"id\":51,\"method\":\"shutdown\"}]".utf8)),
            code: -32600),
        BadInput(name: "a method that is not a string", bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"id\":52,\"method\":7}".utf8)), code: -32600),
        BadInput(
            name: "Content-Length too short",
            bytes: Data("Content-Length: 10\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}".utf8), code: -32700),
        BadInput(name: "no Content-Length", bytes: Data("Content-Type: application/json\r\n\r\n".utf8), code: nil),
        BadInput(name: "Content-Length not a number", bytes: Data("Content-Length: lots\r\n\r\n".utf8), code: nil),
        BadInput(name: "a line that is no header", bytes: Data("hello there\r\n".utf8), code: nil),
        BadInput(
            name: "unknown request", bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"enote/unknown\",\"params\":{}}".utf8)), code: -32601),
        BadInput(name: "unknown notification", bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"method\":\"enote/unknown\",\"params\":{}}".utf8)), code: nil),
        BadInput(name: "$/ notification", bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":3}}".utf8)), code: nil),
        BadInput(
            name: "hover without params", bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"textDocument/hover\"}".utf8)), code: -32602),
        BadInput(
            name: "hover with a string position",
            bytes: framed(
                Data(
                    "{\"jsonrpc\":\"2.0\",\"id\":43,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":{\"uri\":\"file:///x.md\"},\"position\":\"3\"}}"
                        .utf8)),
            code: -32602),
        // Issue 34, item 5: readers disagree on which of two values counts (Foundation the first,
        // Python, JavaScript and Go the last), so the message is refused.
        BadInput(
            name: "a key twice in one object",
            bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"id\":53,\"method\":\"workspace/symbol\",\"params\":{\"query\":\"a\",\"query\":\"b\"}}".utf8)),
            code: -32600),
        // Issue 34, item 12: a null id is a request's (answered, under a null id), not a notification's.
        BadInput(
            name: "an id that is null",
            bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"workspace/symbol\",\"params\":{\"query\":\"a\"}}".utf8)), code: -32600),
        BadInput(name: "an id that is an object", bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"shutdown\"}".utf8)), code: -32600),
        BadInput(
            name: "didOpen without a document", bytes: framed(Data("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{}}".utf8)), code: nil),
        BadInput(
            name: "didChange of a document never opened",
            bytes: framed(
                Data(
                    "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"file:///nowhere.md\",\"version\":2},\"contentChanges\":[{\"text\":\"x\"}]}}"
                        .utf8)), code: nil),
        BadInput(
            name: "a body larger than accepted", bytes: Data("Content-Length: 33554433\r\n\r\n".utf8) + Data(repeating: 0x20, count: 33_554_433), code: nil),
    ]

    @Test(arguments: badInputs)
    func badInputIsAnsweredAsTheProtocolSaysAndTheServerGoesOn(_ input: BadInput) throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        client.sendRaw(input.bytes)
        let shutdown = try #require(client.request("shutdown", timeout: 20), "the server stopped answering after \(input.name)")
        #expect(shutdown["result"] is NSNull)
        let errors = client.messages.compactMap { $0["error"] as? [String: Any] }
        if let code = input.code {
            #expect(errors.map { $0["code"] as? Int } == [code], "\(client.messages)")
        } else {
            #expect(errors.isEmpty, "\(errors)")
        }
        client.notify("exit")
        #expect(client.waitForExit() == 0)
    }

    /// A lone UTF-16 surrogate in a JSON string (an editor's buffer can hold one) is not a
    /// reason to drop the whole message: it reads as U+FFFD, one UTF-16 unit as it was, so the
    /// document and its positions stay as the editor has them.
    @Test func aLoneSurrogateIsReadAsAReplacementCharacter() throws {
        let vault = try TemporaryVault(sample: false)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.root.appendingPathComponent("surrogate.md").absoluteString
        let open =
            "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"\(uri)\","
            + "\"languageId\":\"markdown\",\"version\":1,\"text\":\"a\\ud800b \\\\ud800 \\udc00 \\ud83d\\ude00 [[nowhere]]\\n\"}}}"
        client.sendRaw(Self.framed(Data(open.utf8)))
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(LspDiagnosticsTests.codes(diagnostics) == ["deadLink"], "\(client.messages)")
        // a, U+FFFD, b, space, backslash and "ud800", space, U+FFFD, space, the emoji's two units, space.
        let start = "a\u{FFFD}b \\ud800 \u{FFFD} 😀 ".utf16.count
        #expect(LspDiagnosticsTests.range(diagnostics.first ?? [:]) == [0, start, 0, start + "[[nowhere]]".utf16.count])
        let query = "{\"jsonrpc\":\"2.0\",\"id\":60,\"method\":\"workspace/symbol\",\"params\":{\"query\":\"\\udfff\"}}"
        client.sendRaw(Self.framed(Data(query.utf8)))
        let answer = try #require(client.waitFor { $0["id"] as? Int == 60 })
        #expect(answer["error"] == nil, "\(answer)")
        #expect(!client.messages.contains { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 })
    }

    @Test func aFileOutsideAnyVaultGetsNothingAndOneLogLineSayingWhy() throws {
        let vault = try TemporaryVault()
        let outside = vault.base.appendingPathComponent("loose")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let client = try LspClient(in: outside, environment: vault.environment)
        client.initialize()
        let uri = outside.appendingPathComponent("note.md").absoluteString
        client.open(uri, "# Loose\n\n[[nowhere]]\n")
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": "# Loose again\n"]]])
        let hover = try #require(client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 2, "character": 3]]))
        #expect(hover["result"] is NSNull)
        let completion = try #require(client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 1]]))
        #expect(completion["result"] is NSNull)
        #expect(!client.messages.contains { $0["method"] as? String == "textDocument/publishDiagnostics" })
        let lines = client.logLines.filter { $0.contains("note.md") }
        #expect(lines.count == 1, "\(client.logLines)")
        #expect(lines.first?.contains("no vault") == true)
    }

    @Test func positionsPastTheEndAreClampedNotFatal() throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.root.appendingPathComponent("clamp.md").absoluteString
        client.open(uri, "# Кот 😀\nтекст\n")
        _ = client.diagnostics(for: uri)
        for (line, character) in [(0, 1000), (1000, 0), (1000, 1000), (-1, -5), (0, 7)] {
            let hover = client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
            #expect(hover?["error"] == nil, "hover at \(line):\(character)")
        }
        // An edit whose range lies past the end appends; one inside the emoji's pair snaps to its start.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    ["range": ["start": ["line": 99, "character": 0], "end": ["line": 99, "character": 4]], "text": "[[nowhere]]"],
                    ["range": ["start": ["line": 0, "character": 7], "end": ["line": 0, "character": 7]], "text": "!"],
                ],
            ])
        let diagnostics = try #require(client.diagnostics(for: uri))
        #expect(diagnostics.contains { $0["code"] as? String == "deadLink" })
        #expect(client.request("shutdown")?["result"] is NSNull)
    }

    @Test func aHugeDocumentIsServedWithinSeconds() throws {
        let vault = try TemporaryVault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.root.appendingPathComponent("huge.md").absoluteString
        let plain = String(repeating: "Строка с текстом 😀 日本語のテキスト\n", count: 9)
        let text = String(repeating: plain + "Строка с [[ссылкой]] 😀\n", count: 6_000)  // about 3.7 MB, 60,000 lines
        let started = Date()
        client.open(uri, text)
        let diagnostics = try #require(client.diagnostics(for: uri, timeout: 60))
        // 6,000 dead links: the first 1,000 and one line saying there are more (row 99).
        #expect(diagnostics.count == 1_001)
        #expect(diagnostics.last?["code"] as? String == "tooManyProblems")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(client.request("shutdown")?["result"] is NSNull)
    }
}
