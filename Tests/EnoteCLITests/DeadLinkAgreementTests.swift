import Foundation
import Testing

/// One dead-link rule for every front end: `enote links --json`, `enote list --dead-links`, the
/// language server's diagnostics and the note pages of `enote serve` report the same dead links,
/// link for link, over SampleVault and a few notes that write every link form the resolver
/// handles (wikilinks by name, path, alias and heading, embeds, Markdown paths relative, from
/// the root, percent-encoded and in angle brackets, pictures, reference links, files that are
/// not notes, links that leave the vault, links in code, CRLF lines, text in other scripts).
@Suite struct DeadLinkAgreementTests {
    static let files: [String: String] = [
        "links/forms.md": """
            ---
            title: Every link form
            aliases: [all forms]
            ---
            # Every link form 😀

            ## Next steps

            Wikilinks: [[welcome]] [[WELCOME]] [[travel/kyoto]] [[kyoto#Temples]] [[welcome|the welcome]] [[welcome.md]] [[neighbour]] [[./neighbour]].
            More: [[../welcome]] [[/welcome]] [[#Next steps]] [[all forms]] [[twin]] [[grocery list]].
            Dead wikilinks: [[nowhere]] [[nowhere#Part|alias]] [[missing.pdf]] [[нет такой заметки]] [[a/b/c]] [[Every link form]].
            Files: [[report.pdf]] ![[cat.gif]] ![[gone.png]] ![[neighbour]] [[v1.2]].
            Markdown: [w](../welcome.md) [w2](../welcome) [k](/travel/kyoto.md) [n](neighbour.md#part) [g](<../grocery list.md>) [g2](../grocery%20list.md) [same](#next-steps).
            Dead Markdown: [out](../../outside.md) [gone](gone.md) [enc](../%D0%BD%D0%B5%D1%82.md) [ang](<missing one.md>) [dot](./nope).
            Pictures: ![cat](../attachments/cat.gif) ![gone](gone.png) ![gif][pic].
            References: [ref][r1] [r2] [dead ref][r3].
            External: <https://example.com> [site](https://example.com/page) <me@example.com>.
            Escaped pipe: [[neighbour\\|n]] and [[nowhere\\|n]].
            In code: `[[nowhere]]` and

                [[indented nowhere]]

            [r1]: neighbour.md
            [r2]: missing-ref.md
            [r3]: ../nothing-here.md
            [pic]: ../attachments/none.gif

            """,
        "links/neighbour.md": "# Neighbour\n\n## Part\n\nBack to [[forms]], [[all forms#Next steps]] and [[gone for good]].\n",
        "заметки/связи.md": "---\ntitle: Связи\n---\n# Связи\n\n😀 日本 [[кошки]] и [[forms]]; [Киото](../travel/kyoto.md), [нет](../нет.md).\n",
        "crlf.md": "---\r\ntitle: CRLF\r\n---\r\n# CRLF\r\n\r\nДва [[dead in crlf]] и [[welcome]]\r\n",
        "grocery list.md": "# Grocery list with a space\n",
        "a/twin.md": "# Twin A\n",
        "b/twin.md": "# Twin B\n",
    ]

    /// A dead link as each front end reports it: note, line and UTF-16 column (1-based).
    struct Place: Hashable, Comparable, CustomStringConvertible {
        var path: String
        var line: Int
        var column: Int
        var description: String { "\(path):\(line):\(column)" }
        static func < (a: Place, b: Place) -> Bool { (a.path, a.line, a.column) < (b.path, b.line, b.column) }
    }

    @Test func everyFrontEndReportsTheSameDeadLinks() throws {
        let vault = try TemporaryVault()
        for (path, text) in Self.files { try vault.write(path, text) }
        try vault.write("attachments/report.pdf", "%PDF-1.4")
        // A note whose destroy date has passed would be gone from the server's pages.
        try FileManager.default.removeItem(at: vault.url("old-reminder.md"))

        let listed = try vault.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(Set(Self.files.keys).isSubset(of: notes) && notes.contains("welcome.md"), "\(notes)")

        // enote links --json
        var fromLinks: [Place: String] = [:]
        for path in notes {
            let result = try vault.run("links", path, "--json")
            #expect(result.status == 0, "\(path): \(result)")
            let links = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
            for link in links where link["state"] as? String == "dead" {
                let place = Place(path: path, line: link["line"] as? Int ?? -1, column: link["column"] as? Int ?? -1)
                fromLinks[place] = link["destination"] as? String
            }
        }
        let formsDead = fromLinks.filter { $0.key.path == "links/forms.md" }.sorted { $0.key < $1.key }.map(\.value)
        #expect(
            formsDead == [
                "nowhere", "nowhere#Part|alias", "missing.pdf", "нет такой заметки", "a/b/c", "Every link form", "gone.png", "v1.2",
                "../../outside.md", "gone.md", "../%D0%BD%D0%B5%D1%82.md", "<missing one.md>", "./nope", "gone.png", "../attachments/none.gif",
                "missing-ref.md", "../nothing-here.md", "nowhere\\|n", "missing-ref.md", "../nothing-here.md", "../attachments/none.gif",
            ], "\(formsDead)")

        // enote list --dead-links
        let deadList = try vault.run("list", "--dead-links", "--json")
        #expect(deadList.status == 0, "\(deadList)")
        let deadNotes = try #require(try JSONSerialization.jsonObject(with: Data(deadList.stdout.utf8)) as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(Set(deadNotes) == Set(fromLinks.keys.map(\.path)), "list --dead-links: \(deadNotes.sorted())")

        // The language server's diagnostics.
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        var fromServer: Set<Place> = []
        for path in notes {
            let uri = vault.url(path).absoluteString
            client.open(uri, try vault.text(path))
            let diagnostics = try #require(client.diagnostics(for: uri), "\(path)")
            for diagnostic in diagnostics where diagnostic["code"] as? String == "deadLink" {
                let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Int]
                fromServer.insert(Place(path: path, line: (start?["line"] ?? -2) + 1, column: (start?["character"] ?? -2) + 1))
            }
        }
        #expect(fromServer.sorted() == fromLinks.keys.sorted(), "enote lsp: \(fromServer.subtracting(fromLinks.keys).sorted()) more, \(Set(fromLinks.keys).subtracting(fromServer).sorted()) fewer")

        // The note pages of enote serve.
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let web = try server.signedInClient()
        var fromPages: [Place: String] = [:]
        for path in notes {
            let page = try web.send("GET", "/n/" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path))
            #expect(page.status == 200, "\(path): \(page.status)")
            for found in Self.deadLinks(onPage: page.body) {
                fromPages[Place(path: path, line: found.line, column: found.column)] = found.destination
            }
        }
        #expect(fromPages == fromLinks, "enote serve: \(Set(fromPages.keys).symmetricDifference(fromLinks.keys).sorted())")
    }

    /// The dead links a note page lists: each item's `data-line`, `data-column` and the
    /// destination shown in its `<code>`, unescaped.
    static func deadLinks(onPage html: String) -> [(line: Int, column: Int, destination: String)] {
        guard let start = html.range(of: "<section class=\"dead-links\""), let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
        else { return [] }
        let section = String(html[start.upperBound..<end.lowerBound])
        let pattern = try! NSRegularExpression(pattern: "<li data-line=\"([0-9]+)\" data-column=\"([0-9]+)\"><code>(.*?)</code>")
        let range = NSRange(section.startIndex..., in: section)
        return pattern.matches(in: section, range: range).map { match in
            let text = { (group: Int) in String(section[Range(match.range(at: group), in: section)!]) }
            let destination = text(3).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            return (Int(text(1)) ?? -1, Int(text(2)) ?? -1, destination)
        }
    }
}
