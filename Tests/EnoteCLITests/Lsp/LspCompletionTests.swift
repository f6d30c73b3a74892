import Foundation
import Testing

/// Completion: notes after `[[` and `](` (fuzzy, description as detail, the link in the form a
/// link is written), tags after `#`, front matter keys and values.
@Suite struct LspCompletionTests {
    static func start() throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        try FileManager.default.createDirectory(at: vault.root.appendingPathComponent("travel/japan"), withIntermediateDirectories: true)
        try "---\ntitle: Поездка в Киото\ntags: [travel]\n---\nБилеты и 旅館.\n".write(
            to: vault.root.appendingPathComponent("travel/japan/kyoto trip.md"), atomically: true, encoding: .utf8)
        try "---\ntags: [shopping, home]\n---\n# Список покупок\n\nМолоко.\n".write(
            to: vault.root.appendingPathComponent("groceries.md"), atomically: true, encoding: .utf8)
        try "# Plan\n".write(to: vault.root.appendingPathComponent("plan.md"), atomically: true, encoding: .utf8)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        return (vault, client)
    }

    static func complete(_ client: LspClient, _ uri: String, line: Int, character: Int) -> [[String: Any]] {
        let response = client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
        return ((response?["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
    }

    static func edit(_ item: [String: Any]) -> (text: String, range: [Int]) {
        let edit = item["textEdit"] as? [String: Any]
        let range = edit?["range"] as? [String: Any]
        let start = range?["start"] as? [String: Int]
        let end = range?["end"] as? [String: Int]
        return (edit?["newText"] as? String ?? "", [start?["line"] ?? -1, start?["character"] ?? -1, end?["line"] ?? -1, end?["character"] ?? -1])
    }

    @Test func afterDoubleBracketNotesByFuzzyTitleWithTheShortestName() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("notes/today.md").absoluteString
        let prefix = "Кот 😀 日本 [[пкиот"
        client.open(uri, "\(prefix)\n")
        let items = Self.complete(client, uri, line: 0, character: prefix.utf16.count)
        let first = try #require(items.first, "no items")
        #expect(first["label"] as? String == "Поездка в Киото")
        #expect(first["detail"] as? String == "travel/japan/kyoto trip.md")
        #expect(first["documentation"] as? String == "Билеты и 旅館.")
        let (text, range) = Self.edit(first)
        #expect(text == "kyoto trip]]")
        #expect(range == [0, "Кот 😀 日本 [[".utf16.count, 0, prefix.utf16.count])
    }

    /// What is typed after `[[` is matched against each note's title and path together, in any
    /// case and script; a note that lacks one of the typed letters anywhere is never offered.
    @Test(
        "typed letters are looked for in the title and the path, whatever the case or script",
        arguments: [
            ("пкиот", ["Поездка в Киото"]),
            ("travjapkyo", ["Поездка в Киото"]),  // every letter is in the path alone
            ("ПОЕЗД", ["Поездка в Киото"]),
            ("grocmd", ["Список покупок"]),
            ("plan", ["Plan"]),
            ("planx", []),
            ("киотоz", []),
        ])
    func typedLettersAreFoundInTitleAndPath(typed: String, labels: [String]) throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("notes/today.md").absoluteString
        let prefix = "[[\(typed)"
        client.open(uri, "\(prefix)\n")
        let items = Self.complete(client, uri, line: 0, character: prefix.utf16.count)
        #expect(items.compactMap { $0["label"] as? String } == labels)
    }

    @Test func afterParenthesisARelativePathPercentEncoded() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("notes/today.md").absoluteString
        let prefix = "😀 [поездка](kyo"
        client.open(uri, "\(prefix))\n")
        let items = Self.complete(client, uri, line: 0, character: prefix.utf16.count)
        let first = try #require(items.first)
        #expect(Self.edit(first).text == "../travel/japan/kyoto%20trip.md")  // the `)` is already there
    }

    /// A Markdown link is written by the library's one formatter (``LinkFormatter``), as `enote
    /// mv` rewrites one: what a destination cannot hold is percent-encoded (spaces, parentheses),
    /// letters of any script are kept as they are.
    @Test func afterParenthesisOtherScriptsStayReadable() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("заметки/кошки (2).md", "---\ntitle: Кошки\n---\nО кошках.\n")
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let uri = vault.url("notes/today.md").absoluteString
        let prefix = "😀 [кошки](кошк"
        client.open(uri, "\(prefix)\n")
        let items = Self.complete(client, uri, line: 0, character: prefix.utf16.count)
        let first = try #require(items.first)
        #expect(Self.edit(first).text == "../заметки/кошки%20%282%29.md)")
    }

    @Test func afterHashTheTagsOfTheVaultAndOfTheNote() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("new.md").absoluteString
        client.open(uri, "日本 #sh\n\nПотом #shelf.\n")
        let items = Self.complete(client, uri, line: 0, character: "日本 #sh".utf16.count)
        #expect(items.map { $0["label"] as? String } == ["#shelf", "#shopping"])
        #expect(Self.edit(items[0]).range == [0, "日本 #".utf16.count, 0, "日本 #sh".utf16.count])
        #expect(Self.edit(items[1]).text == "shopping")
    }

    @Test func frontMatterKeysAndValues() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("fm.md").absoluteString
        client.open(uri, "---\ntitle: Кот 😀\nco\ncolor: \ndestroy: \n---\nТекст\n")
        let keys = Self.complete(client, uri, line: 2, character: 2).compactMap { $0["label"] as? String }
        #expect(keys.contains("color") && keys.contains("destroy") && keys.contains("tags"))
        let colours = Self.complete(client, uri, line: 3, character: 7).compactMap { $0["label"] as? String }
        #expect(colours.contains("red") && colours.contains("gray") && colours.contains { $0.hasPrefix("hsb(") })
        let dates = Self.complete(client, uri, line: 4, character: 9)
        #expect(dates.compactMap { $0["label"] as? String }.contains("in 3 days"))
        let written = dates.map { Self.edit($0).text }
        #expect(written.allSatisfy { $0.count >= 20 && $0.hasPrefix("20") }, "\(written)")  // absolute times, not "3d"
    }

    @Test func nothingOutsideALinkATagOrTheFrontMatter() throws {
        let (vault, client) = try Self.start()
        let uri = vault.root.appendingPathComponent("plain.md").absoluteString
        client.open(uri, "Просто текст [[plan]] дальше\n")
        #expect(Self.complete(client, uri, line: 0, character: "Просто текст [[plan]] да".utf16.count).isEmpty)
    }
}
