import Foundation
import Testing

/// Renaming a note from the editor: prepareRename and rename from a link or the note's title,
/// and willRenameFiles for a rename the editor makes. The oracle is `enote mv` itself: the
/// edits the server returns, applied to the files, must give what `enote mv` writes.
@Suite struct LspRenameTests {
    static let files: [String: String] = [
        "kyoto.md": "---\ntitle: Киото\n---\n# Киото 😀\n\nТекст про [[trips/osaka]].\n",
        "plans.md": "😀 Поездка в [[kyoto]] и [Киото](kyoto.md) 日本\n",
        "trips/osaka.md": "日本: [назад](<../kyoto.md#Киото 😀>) и [[kyoto|город]]\n",
    ]

    static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault(sample: false)
        for (path, text) in files { try vault.write(path, text) }
        return vault
    }

    static func start(encoding: String? = nil) throws -> (TemporaryVault, LspClient) {
        let vault = try vault()
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize(positionEncodings: encoding.map { [$0] })
        return (vault, client)
    }

    static func request(_ client: LspClient, _ method: String, _ uri: String, line: Int, character: Int, newName: String? = nil) -> [String: Any]? {
        var params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
        if let newName { params["newName"] = newName }
        return client.request(method, params)
    }

    /// What `enote mv from to` leaves in a fresh copy of the vault: every note's text by path.
    static func afterMove(_ from: String, _ to: String) throws -> [String: String] {
        let vault = try vault()
        let result = try vault.run("mv", from, to)
        #expect(result.status == 0, "enote mv: \(result.stderr)")
        return try texts(of: vault)
    }

    static func texts(of vault: TemporaryVault) throws -> [String: String] {
        var texts: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: vault.root.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".md"), !path.hasPrefix(".") else { continue }
            texts[path] = try vault.text(path)
        }
        return texts
    }

    /// Applies a WorkspaceEdit's `documentChanges` to the vault's files as an editor does.
    static func apply(_ edit: [String: Any], to vault: TemporaryVault, encoding: String) throws {
        let changes = try #require(edit["documentChanges"] as? [[String: Any]])
        for change in changes {
            if change["kind"] as? String == "rename" {
                let oldURI = try #require(change["oldUri"] as? String), newURI = try #require(change["newUri"] as? String)
                let old = try #require(URL(string: oldURI)), new = try #require(URL(string: newURI))
                try FileManager.default.createDirectory(at: new.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: old, to: new)
                continue
            }
            let document = try #require(change["textDocument"] as? [String: Any])
            let uri = try #require(document["uri"] as? String)
            let url = try #require(URL(string: uri))
            // The bytes as they are (reading a String would drop a byte order mark).
            var bytes = Array(try Data(contentsOf: url))
            let edits = try #require(change["edits"] as? [[String: Any]])
            let spans = try edits.map { edit in
                let range = try #require(edit["range"] as? [String: [String: Int]])
                let start = offset(bytes, range["start"]!, encoding), end = offset(bytes, range["end"]!, encoding)
                return (start..<end, Array((edit["newText"] as? String ?? "").utf8))
            }
            for (span, text) in spans.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) { bytes.replaceSubrange(span, with: text) }
            try Data(bytes).write(to: url)
        }
    }

    /// The UTF-8 offset of an LSP position counted in `encoding`.
    static func offset(_ bytes: [UInt8], _ position: [String: Int], _ encoding: String) -> Int {
        var offset = 0
        for _ in 0..<position["line"]! { offset = (bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1 }
        let line = String(decoding: bytes[offset...].prefix { $0 != 0x0A }, as: UTF8.self)
        var counted = 0
        for scalar in line.unicodeScalars where counted < position["character"]! {
            counted += encoding == "utf-8" ? String(scalar).utf8.count : String(scalar).utf16.count
            offset += String(scalar).utf8.count
        }
        return offset
    }

    static func range(_ result: [String: Any]?) -> [String: [String: Int]]? {
        result?["range"] as? [String: [String: Int]]
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func renameFromALinkGivesWhatEnoteMvWrites(encoding: String) throws {
        let (vault, client) = try Self.start(encoding: encoding)
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, Self.files["plans.md"]!)
        let count: (String) -> Int = { encoding == "utf-8" ? $0.utf8.count : $0.utf16.count }
        let answer = Self.request(client, "textDocument/prepareRename", uri, line: 0, character: count("😀 Поездка в [[ky"))
        let prepared = try #require(answer?["result"] as? [String: Any])
        #expect(prepared["placeholder"] as? String == "kyoto")
        #expect(Self.range(prepared)?["start"] == ["line": 0, "character": count("😀 Поездка в [[")])
        #expect(Self.range(prepared)?["end"] == ["line": 0, "character": count("😀 Поездка в [[kyoto")])

        let response = Self.request(client, "textDocument/rename", uri, line: 0, character: count("😀 Поездка в [[ky"), newName: "киото 京都")
        let edit = try #require(response?["result"] as? [String: Any], "\(String(describing: response))")
        // The server changed nothing itself.
        #expect(try vault.text("plans.md") == Self.files["plans.md"])
        #expect(vault.exists("kyoto.md"))
        let changes = try #require(edit["documentChanges"] as? [[String: Any]])
        #expect(changes.last?["kind"] as? String == "rename")
        #expect(changes.last?["newUri"] as? String == vault.url("киото 京都.md").absoluteString)
        let open = changes.first { ($0["textDocument"] as? [String: Any])?["uri"] as? String == uri }
        #expect((open?["textDocument"] as? [String: Any])?["version"] as? Int == 1)

        try Self.apply(edit, to: vault, encoding: encoding)
        let expected = try Self.afterMove("kyoto.md", "киото 京都.md")
        #expect(try Self.texts(of: vault) == expected)
        #expect(expected["plans.md"] != Self.files["plans.md"])
    }

    @Test func renameFromTheTitleOrTheHeadingRenamesTheNoteItself() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("kyoto.md").absoluteString
        client.open(uri, Self.files["kyoto.md"]!)
        let heading = try #require(Self.request(client, "textDocument/prepareRename", uri, line: 3, character: 4)?["result"] as? [String: Any])
        #expect(heading["placeholder"] as? String == "kyoto")
        #expect(Self.range(heading)?["start"] == ["line": 3, "character": 2])
        #expect(Self.range(heading)?["end"] == ["line": 3, "character": "# Киото 😀".utf16.count])
        let onTitle = Self.request(client, "textDocument/prepareRename", uri, line: 1, character: "title: Ки".utf16.count)
        let title = try #require(onTitle?["result"] as? [String: Any])
        #expect(Self.range(title)?["start"] == ["line": 1, "character": "title: ".utf16.count])

        let edit = try #require(Self.request(client, "textDocument/rename", uri, line: 1, character: 8, newName: "trips/kyoto")?["result"] as? [String: Any])
        try Self.apply(edit, to: vault, encoding: "utf-16")
        #expect(try Self.texts(of: vault) == Self.afterMove("kyoto.md", "trips/kyoto.md"))
    }

    @Test func nothingToRenameOnPlainTextOrAnExternalLink() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("kyoto.md").absoluteString
        client.open(uri, Self.files["kyoto.md"]! + "[сайт](https://example.org)\n")
        let prepared = Self.request(client, "textDocument/prepareRename", uri, line: 5, character: 2)
        #expect(prepared?["result"] is NSNull)
        let external = Self.request(client, "textDocument/prepareRename", uri, line: 6, character: 10)
        #expect(external?["result"] is NSNull)
        let renamed = Self.request(client, "textDocument/rename", uri, line: 5, character: 2, newName: "x")
        #expect((renamed?["error"] as? [String: Any])?["code"] as? Int == -32803)
    }

    @Test func aLinkingNoteWithUnsavedChangesStopsTheRename() throws {
        let (vault, client) = try Self.start()
        let plans = vault.url("plans.md").absoluteString
        client.open(plans, "Новая строка\n" + Self.files["plans.md"]!)
        let renamed = Self.request(client, "textDocument/rename", plans, line: 1, character: "😀 Поездка в [[ky".utf16.count, newName: "nara")
        let error = try #require(renamed?["error"] as? [String: Any], "\(String(describing: renamed))")
        #expect(error["code"] as? Int == -32803)
        #expect((error["message"] as? String)?.contains("plans.md") == true)
    }

    @Test func aTargetThatExistsIsRefusedWithEnoteMvsReason() throws {
        let (vault, client) = try Self.start()
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, Self.files["plans.md"]!)
        let renamed = Self.request(client, "textDocument/rename", uri, line: 0, character: "😀 Поездка в [[ky".utf16.count, newName: "trips/osaka")
        let error = try #require(renamed?["error"] as? [String: Any], "\(String(describing: renamed))")
        #expect((error["message"] as? String)?.contains("trips/osaka.md") == true)
    }

    @Test func willRenameFilesReturnsTheLinkEditsOnly() throws {
        let (vault, client) = try Self.start()
        client.open(vault.url("plans.md").absoluteString, Self.files["plans.md"]!)
        let response = client.request(
            "workspace/willRenameFiles",
            ["files": [["oldUri": vault.url("kyoto.md").absoluteString, "newUri": vault.url("trips/京都.md").absoluteString]]])
        let edit = try #require(response?["result"] as? [String: Any], "\(String(describing: response))")
        let changes = try #require(edit["documentChanges"] as? [[String: Any]])
        #expect(!changes.contains { $0["kind"] != nil })
        try Self.apply(edit, to: vault, encoding: "utf-16")
        try FileManager.default.moveItem(at: vault.url("kyoto.md"), to: vault.url("trips/京都.md"))
        #expect(try Self.texts(of: vault) == Self.afterMove("kyoto.md", "trips/京都.md"))
    }
}
