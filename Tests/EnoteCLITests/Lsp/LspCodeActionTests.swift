import Foundation
import Testing

/// Code actions: create the note a dead link points to, set the colour in the front matter.
/// Each is applied as an editor applies it, then read back by enote itself.
@Suite struct LspCodeActionTests {
    static func actions(_ client: LspClient, _ uri: String, line: Int, character: Int) -> [[String: Any]] {
        let position = ["line": line, "character": character]
        let response = client.request(
            "textDocument/codeAction", ["textDocument": ["uri": uri], "range": ["start": position, "end": position], "context": ["diagnostics": []]])
        return response?["result"] as? [[String: Any]] ?? []
    }

    /// Applies a WorkspaceEdit whose changes are CreateFile and TextDocumentEdit.
    static func apply(_ action: [String: Any], to vault: TemporaryVault) throws {
        let edit = try #require(action["edit"] as? [String: Any])
        for change in try #require(edit["documentChanges"] as? [[String: Any]]) where change["kind"] as? String == "create" {
            let uri = try #require(change["uri"] as? String)
            let url = try #require(URL(string: uri))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let textEdits = (edit["documentChanges"] as? [[String: Any]] ?? []).filter { $0["kind"] == nil }
        try LspRenameTests.apply(["documentChanges": textEdits], to: vault, encoding: "utf-16")
    }

    @Test func aDeadLinkOffersToCreateItsNote() throws {
        let (vault, client) = try LspRenameTests.start()
        let text = "😀 日本: [[Нара 奈良]] и [план](trips/plan)\n"
        try vault.write("plans.md", text)
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, text)
        let wikilink = Self.actions(client, uri, line: 0, character: "😀 日本: [[На".utf16.count)
        let create = try #require(wikilink.first { ($0["title"] as? String)?.contains("Нара 奈良.md") == true }, "\(wikilink)")
        try Self.apply(create, to: vault)
        // The front matter `enote new` writes (Vault.draft), the title the link's name.
        let made = Self.masked(try vault.text("Нара 奈良.md"))
        #expect(made == "---\ntitle: Нара 奈良\ncreated: *\nupdated: *\n---\n", "\(made)")
        let new = try vault.run("new", "Нара 奈良", "Текст", "--in", "elsewhere")
        #expect(new.status == 0, "\(new)")
        let names = try FileManager.default.contentsOfDirectory(atPath: vault.url("elsewhere").path)
        let written = try vault.text("elsewhere/" + (try #require(names.first)))
        #expect(made + "Текст\n" == Self.masked(written), "\(made) / \(written)")

        let markdown = Self.actions(client, uri, line: 0, character: "😀 日本: [[Нара 奈良]] и [пл".utf16.count)
        let other = try #require(markdown.first { ($0["title"] as? String)?.contains("trips/plan.md") == true }, "\(markdown)")
        try Self.apply(other, to: vault)
        #expect(Self.masked(try vault.text("trips/plan.md")) == "---\ntitle: plan\ncreated: *\nupdated: *\n---\n")
        let shown = try vault.run("show", "trips/plan.md", "--json")
        #expect(shown.status == 0 && shown.stdout.contains("\"plan\""), "\(shown)")
    }

    /// A note's text with the values of `created:` and `updated:` replaced by `*`.
    static func masked(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            for key in ["created: ", "updated: "] where line.hasPrefix(key) { return key + "*" }
            return String(line)
        }.joined(separator: "\n")
    }

    /// A dead link whose file is there (in an ignored folder, or written after the index last
    /// looked) or whose path is not a note's (`.enote/`, `.git/`, `.trash/`, a hidden name) gets no
    /// "Create the note" action: it would write a heading into that file, or a note where none
    /// may be. A link to a note that can be made still gets one.
    @Test func noCreateActionForAFileThatExistsOrAPathThatIsNoNote() throws {
        let (vault, client) = try LspRenameTests.start()
        try vault.write(".enote/config", "ignore = drafts/\n")
        try vault.write("drafts/idea.md", "---\ntitle: Идея\n---\nТекст 😀\n")
        let lines = [
            "[[drafts/idea]] [идея](drafts/idea.md)", "[[later]]", "[[.enote/config]] [c](.enote/notes.md)", "[g](.git/x.md) [[.trash/old]]",
            "[h](.hidden.md)", "[[Новая 😀]]",
        ]
        let text = lines.joined(separator: "\n") + "\n"
        try vault.write("plans.md", text)
        let uri = vault.url("plans.md").absoluteString
        client.open(uri, text)
        _ = client.diagnostics(for: uri)
        // Written after the server looked at the vault, and not reported to it.
        try vault.write("later.md", "---\ntitle: Later\n---\nbody\n")
        let position = ["line": 0, "character": 0]
        let end = ["line": lines.count, "character": 0]
        let response = client.request(
            "textDocument/codeAction", ["textDocument": ["uri": uri], "range": ["start": position, "end": end], "context": ["diagnostics": []]])
        let actions = response?["result"] as? [[String: Any]] ?? []
        let creates = actions.compactMap { $0["title"] as? String }.filter { $0.hasPrefix("Create the note") }
        #expect(creates == ["Create the note Новая 😀.md"], "\(creates)")
        let create = try #require(actions.first { ($0["title"] as? String)?.hasPrefix("Create the note") == true })
        let changes = try #require((create["edit"] as? [String: Any])?["documentChanges"] as? [[String: Any]])
        let options = changes.first { $0["kind"] as? String == "create" }?["options"] as? [String: Any]
        #expect(options?["overwrite"] as? Bool == false && options?["ignoreIfExists"] as? Bool == false, "\(changes)")
        #expect(try vault.text("drafts/idea.md") == "---\ntitle: Идея\n---\nТекст 😀\n")
    }

    @Test(arguments: [
        ("# Киото 😀\n", "---\ncolor: red\n---\n# Киото 😀\n"),
        ("---\ntitle: 京都\n---\nТекст\n", "---\ntitle: 京都\ncolor: red\n---\nТекст\n"),
        ("---\ntitle: 京都\ncolour: blue # 😀\n---\nТекст\n", "---\ntitle: 京都\ncolour: red # 😀\n---\nТекст\n"),
        ("---\r\ntitle: 京都\r\n---\r\nТекст\r\n", "---\r\ntitle: 京都\r\ncolor: red\r\n---\r\nТекст\r\n"),
        ("\u{FEFF}# Киото 😀\r\n", "\u{FEFF}---\r\ncolor: red\r\n---\r\n# Киото 😀\r\n"),
    ])
    func setTheColourEditsTheFrontMatter(before: String, after: String) throws {
        let (vault, client) = try LspRenameTests.start()
        try vault.write("note.md", before)
        let uri = vault.url("note.md").absoluteString
        client.open(uri, before)
        let actions = Self.actions(client, uri, line: 0, character: 0)
        let red = try #require(actions.first { ($0["title"] as? String)?.hasSuffix(" red") == true }, "\(actions)")
        try Self.apply(red, to: vault)
        #expect(try vault.text("note.md") == after)
        let shown = try vault.run("show", "note.md", "--json")
        #expect(shown.stdout.contains("\"red\""), "\(shown)")
    }

    /// The colour actions are ``FrontMatterEditor``'s edits (`enote set --color`'s): none for a
    /// front matter it refuses to change, a `---` block it does not read (a second block would
    /// be added in front of it) or a colour given twice.
    @Test(arguments: ["---\n- a list 😀\n- not keys\n---\nТекст\n", "---\ncolor: red\ncolour: blue\n---\nТекст\n"])
    func noColourActionWhereEnoteSetWouldRefuse(text: String) throws {
        let (vault, client) = try LspRenameTests.start()
        try vault.write("note.md", text)
        let uri = vault.url("note.md").absoluteString
        client.open(uri, text)
        let actions = Self.actions(client, uri, line: 0, character: 0)
        #expect(!actions.contains { ($0["title"] as? String)?.hasPrefix("Set the colour") == true }, "\(actions)")
        let set = try vault.run("set", "note.md", "--color", "red")
        #expect(set.status != 0, "\(set)")
    }
}
