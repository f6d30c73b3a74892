import Foundation
import Testing

/// Tags and headings in the editor: renaming a tag (from a body `#tag` or an item of the front
/// matter `tags`) gives what `enote tag rename` writes; references of a tag are its every use;
/// renaming a heading carries every `#heading` link along. Positions on Russian, Japanese and
/// emoji lines, in UTF-16 and UTF-8.
@Suite struct LspTagAndHeadingTests {
    static let files: [String: String] = [
        "kyoto.md": "---\ntitle: Киото\ntags: [путешествие, 日本/京都]\n---\n# Киото 😀\n\n😀 Храмы #путешествие и #日本/京都 🏯\n\n"
            + "## Старый город 😀\n\nСм. [[#Старый город 😀]].\n",
        "plans.md": "План 😀: [[kyoto#Старый город 😀]] и [там](kyoto.md#старый-город-😀) #путешествие/весна\n",
        "trips/osaka.md": "---\ntags:\n  - Путешествие\n---\n日本 😀 [[kyoto#Старый город 😀|город]] #日本\n",
    ]

    static func start(encoding: String) throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        for (path, text) in files { try vault.write(path, text) }
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize(positionEncodings: [encoding])
        return (vault, client)
    }

    static func count(_ encoding: String) -> (String) -> Int {
        { encoding == "utf-8" ? $0.utf8.count : $0.utf16.count }
    }

    /// What `enote tag rename old new` leaves in a fresh copy of the vault.
    static func afterTagRename(_ old: String, _ new: String) throws -> [String: String] {
        let vault = try TemporaryVault(sample: false)
        for (path, text) in files { try vault.write(path, text) }
        let result = try vault.run("tag", "rename", old, new)
        #expect(result.status == 0, "enote tag rename: \(result.stderr)")
        return try LspRenameTests.texts(of: vault)
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func renamingABodyTagGivesWhatEnoteTagRenameWrites(encoding: String) throws {
        let (vault, client) = try Self.start(encoding: encoding)
        let count = Self.count(encoding)
        let uri = vault.url("kyoto.md").absoluteString
        client.open(uri, Self.files["kyoto.md"]!)
        let prefix = "😀 Храмы #"
        let prepared = try #require(
            LspRenameTests.request(client, "textDocument/prepareRename", uri, line: 6, character: count(prefix + "путе"))?["result"] as? [String: Any])
        #expect(prepared["placeholder"] as? String == "путешествие")
        #expect(LspRenameTests.range(prepared)?["start"] == ["line": 6, "character": count(prefix)])
        #expect(LspRenameTests.range(prepared)?["end"] == ["line": 6, "character": count(prefix + "путешествие")])

        let response = LspRenameTests.request(client, "textDocument/rename", uri, line: 6, character: count(prefix + "путе"), newName: "#поездка")
        let edit = try #require(response?["result"] as? [String: Any], "\(String(describing: response))")
        #expect(try vault.text("kyoto.md") == Self.files["kyoto.md"], "the server writes nothing itself")
        try LspRenameTests.apply(edit, to: vault, encoding: encoding)
        let expected = try Self.afterTagRename("путешествие", "поездка")
        #expect(expected["trips/osaka.md"]?.contains("- поездка") == true)
        #expect(try LspRenameTests.texts(of: vault) == expected)
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func renamingAFrontMatterTagRenamesItEverywhere(encoding: String) throws {
        let (vault, client) = try Self.start(encoding: encoding)
        let count = Self.count(encoding)
        let uri = vault.url("kyoto.md").absoluteString
        client.open(uri, Self.files["kyoto.md"]!)
        let prefix = "tags: [путешествие, "
        let prepared = try #require(
            LspRenameTests.request(client, "textDocument/prepareRename", uri, line: 2, character: count(prefix + "日本/"))?["result"] as? [String: Any])
        #expect(prepared["placeholder"] as? String == "日本/京都")
        #expect(LspRenameTests.range(prepared)?["end"] == ["line": 2, "character": count(prefix + "日本/京都")])
        let response = LspRenameTests.request(client, "textDocument/rename", uri, line: 2, character: count(prefix + "日本/"), newName: "日本/大阪")
        let edit = try #require(response?["result"] as? [String: Any], "\(String(describing: response))")
        try LspRenameTests.apply(edit, to: vault, encoding: encoding)
        #expect(try LspRenameTests.texts(of: vault) == Self.afterTagRename("日本/京都", "日本/大阪"))
    }

    @Test func anInvalidNewTagIsRefusedWithTheLibrarysReason() throws {
        let (vault, client) = try Self.start(encoding: "utf-16")
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, Self.files["plans.md"]!)
        let line = Self.files["plans.md"]!.dropLast()
        let response = LspRenameTests.request(client, "textDocument/rename", uri, line: 0, character: line.utf16.count - 2, newName: "два слова")
        let error = try #require(response?["error"] as? [String: Any], "\(String(describing: response))")
        #expect(error["code"] as? Int == -32803)
        #expect((error["message"] as? String)?.contains("два слова") == true)
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func referencesOfATagAreEveryUse(encoding: String) throws {
        let (vault, client) = try Self.start(encoding: encoding)
        let count = Self.count(encoding)
        let kyoto = vault.url("kyoto.md").absoluteString
        client.open(kyoto, Self.files["kyoto.md"]!)
        let line = String(Self.files["plans.md"]!.dropLast())
        let kyotoBody = "😀 Храмы #"
        let response = client.request(
            "textDocument/references",
            ["textDocument": ["uri": kyoto], "position": ["line": 6, "character": count(kyotoBody + "путе")], "context": ["includeDeclaration": true]])
        #expect(
            LspReferencesTests.locations(response)
                == [
                    "kyoto.md 2:\(count("tags: ["))-\(count("tags: [путешествие"))",
                    "kyoto.md 6:\(count(kyotoBody))-\(count(kyotoBody + "путешествие"))",
                    "osaka.md 2:\(count("  - "))-\(count("  - Путешествие"))",
                    "plans.md 0:\(count(line) - count("путешествие/весна"))-\(count(line))",
                ].sorted(), "\(String(describing: response))")
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func renamingAHeadingCarriesItsLinksAlong(encoding: String) throws {
        let (vault, client) = try Self.start(encoding: encoding)
        let count = Self.count(encoding)
        let uri = vault.url("kyoto.md").absoluteString
        client.open(uri, Self.files["kyoto.md"]!)
        let prepared = try #require(
            LspRenameTests.request(client, "textDocument/prepareRename", uri, line: 8, character: count("## Старый"))?["result"] as? [String: Any])
        #expect(prepared["placeholder"] as? String == "Старый город 😀")
        #expect(LspRenameTests.range(prepared)?["start"] == ["line": 8, "character": count("## ")])
        #expect(LspRenameTests.range(prepared)?["end"] == ["line": 8, "character": count("## Старый город 😀")])

        let response = LspRenameTests.request(client, "textDocument/rename", uri, line: 8, character: count("## Старый"), newName: "Новый город 京都")
        let edit = try #require(response?["result"] as? [String: Any], "\(String(describing: response))")
        #expect(try vault.text("plans.md") == Self.files["plans.md"], "the server writes nothing itself")
        try LspRenameTests.apply(edit, to: vault, encoding: encoding)
        let texts = try LspRenameTests.texts(of: vault)
        #expect(texts["kyoto.md"] == Self.files["kyoto.md"]!.replacingOccurrences(of: "Старый город 😀", with: "Новый город 京都"))
        #expect(texts["plans.md"] == "План 😀: [[kyoto#Новый город 京都]] и [там](kyoto.md#новый-город-京都) #путешествие/весна\n")
        #expect(texts["trips/osaka.md"] == "---\ntags:\n  - Путешествие\n---\n日本 😀 [[kyoto#Новый город 京都|город]] #日本\n")
    }

    /// Links that name a heading written twice lead to the first of the two (as the editor's
    /// go-to-definition and the web page's ids say), so renaming the second changes only its own
    /// text, and renaming the first takes the links along.
    @Test func renamingTheSecondOfTwoSameNamedHeadingsLeavesTheLinksToTheFirst() throws {
        let vault = try TemporaryVault(sample: false)
        let note = "# Журнал\n\n## Итоги 😀\n\nпервые\n\n## Итоги 😀\n\nвторые [[#Итоги 😀]]\n"
        let linking = "[[журнал#Итоги 😀]] [x](журнал.md#итоги-😀)\n"
        try vault.write("журнал.md", note)
        try vault.write("ссылки.md", linking)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.url("журнал.md").absoluteString
        client.open(uri, note)
        let second = LspRenameTests.request(client, "textDocument/rename", uri, line: 6, character: 5, newName: "Позже")
        let edit = try #require(second?["result"] as? [String: Any], "\(String(describing: second))")
        try LspRenameTests.apply(edit, to: vault, encoding: "utf-16")
        #expect(try vault.text("журнал.md") == note.replacingOccurrences(of: "## Итоги 😀\n\nвторые", with: "## Позже\n\nвторые"))
        #expect(try vault.text("ссылки.md") == linking)

        client.open(uri, try vault.text("журнал.md"), version: 2)
        let first = LspRenameTests.request(client, "textDocument/rename", uri, line: 2, character: 5, newName: "Сначала")
        let firstEdit = try #require(first?["result"] as? [String: Any], "\(String(describing: first))")
        try LspRenameTests.apply(firstEdit, to: vault, encoding: "utf-16")
        #expect(try vault.text("ссылки.md") == "[[журнал#Сначала]] [x](журнал.md#сначала)\n")
        #expect(try vault.text("журнал.md") == "# Журнал\n\n## Сначала\n\nпервые\n\n## Позже\n\nвторые [[#Сначала]]\n")
    }

    @Test func aHeadingTextAnotherHeadingHasIsRefusedWithTheLibrarysReason() throws {
        let (vault, client) = try Self.start(encoding: "utf-16")
        let uri = vault.url("kyoto.md").absoluteString
        client.open(uri, Self.files["kyoto.md"]!)
        let response = LspRenameTests.request(client, "textDocument/rename", uri, line: 8, character: 4, newName: "киото-😀")
        let error = try #require(response?["error"] as? [String: Any], "\(String(describing: response))")
        #expect(error["code"] as? Int == -32803)
        #expect((error["message"] as? String)?.contains("киото-😀") == true, "\(error)")
        #expect(try vault.text("kyoto.md") == Self.files["kyoto.md"])
    }

    @Test func theTitleHeadingStillRenamesTheNote() throws {
        let (vault, client) = try Self.start(encoding: "utf-16")
        let uri = vault.url("kyoto.md").absoluteString
        client.open(uri, Self.files["kyoto.md"]!)
        let prepared = try #require(LspRenameTests.request(client, "textDocument/prepareRename", uri, line: 4, character: 4)?["result"] as? [String: Any])
        #expect(prepared["placeholder"] as? String == "kyoto")
    }
}
