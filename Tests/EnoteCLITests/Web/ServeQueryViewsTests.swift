import Foundation
import Testing

/// A note's query blocks on `enote serve` (issue #39): drawn in place on the note's page and by
/// `/api/query-views/`; a board's card moved by `POST /query/move` writes that one front matter
/// line, byte for byte, against the revision the page showed.
@Suite(.serialized) struct ServeQueryViewsTests {
    let vault: TemporaryVault
    let alpha = "---\ntitle: Alpha\nstatus: todo\nupdated: 2020-01-01T00:00:00Z\nrating: 3\n---\nText of alpha\n"

    init() throws {
        vault = try TemporaryVault(sample: false)
        try vault.write("projects/alpha.md", alpha)
        try vault.write("projects/beta.md", "---\ntitle: Beta\nstatus: done\n---\nText\n")
        try vault.write("projects/evil.md", "---\ntitle: Evil\nstatus: \"<script>alert(1)</script>\"\n---\nText\n")
        try vault.write(
            "dash.md",
            "---\ntitle: Dash\n---\nIntro\n\n```enote\ntable status from folder projects sort title\n```\n\n- in a list\n\n  ```Dataview\n  LIST FROM \"projects\" WHERE status = \"done\"\n  ```\n\n```enote\nboard by status from folder projects\n```\n\n```enote\ntable x from\n```\n")
    }

    /// The revision a board's card shows for `path`.
    static func cardRevision(_ page: String, _ path: String) -> String? {
        page.range(of: "data-path=\"\(path)\" data-revision=\"[0-9a-f]{16}\"", options: .regularExpression).map {
            String(page[$0].suffix(17).prefix(16))
        }
    }

    @Test("each block is drawn in place of its code: a table, a list, a board, a mistake; hostile values are text")
    func page() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/dash.md")
        #expect(page.status == 200)
        let body = page.body
        #expect(body.contains("<tr data-path=\"projects/alpha.md\"><td><a href=\"/n/projects/alpha.md\">Alpha</a></td><td>todo</td></tr>"), "\(body)")
        #expect(body.contains("data-block=\"1\" data-line=\"12\" data-language=\"dataview\" data-view=\"list\""))
        #expect(body.contains("<div class=\"query-board\" data-key=\"status\">"))
        #expect(body.contains("data-view=\"error\""))
        #expect(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!body.contains("<script>alert"))
        #expect(!body.contains("language-enote") && !body.contains("language-Dataview"))
        #expect(body.contains("/assets/query.js"))
        #expect(page.header("Server-Timing")?.contains("query;dur=") == true)
        let fragment = try await client.send("GET", "/api/query-views/dash.md")
        #expect(fragment.status == 200)
        #expect(fragment.body.hasPrefix("<div id=\"query_views\"><div class=\"query-view\" data-block=\"0\""))
        #expect(fragment.body.components(separatedBy: "class=\"query-view\"").count - 1 == 4)
        // A plain note has no views and no query timing.
        let plain = try await client.send("GET", "/n/projects/beta.md")
        #expect(!plain.body.contains("query.js"))
        #expect(plain.header("Server-Timing")?.contains("query;dur=") == false)
    }

    @Test("a move writes exactly the key's line; a stale revision is 409 and writes nothing; without CSRF 403")
    func move() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/dash.md").body
        let revision = try #require(Self.cardRevision(page, "projects/alpha.md"))
        let json = ["Accept": "application/json"]

        let forged = try await client.post(
            "/query/move", form: [("path", "projects/alpha.md"), ("revision", revision), ("key", "status"), ("value", "done")], csrf: false)
        #expect(forged.status == 403)
        #expect(try vault.text("projects/alpha.md") == alpha)

        let moved = try await client.post(
            "/query/move", form: [("path", "projects/alpha.md"), ("revision", revision), ("key", "status"), ("value", "done"), ("type", "text")],
            headers: json)
        #expect(moved.status == 200, "\(moved)")
        let after = try vault.text("projects/alpha.md")
        let before = alpha.split(separator: "\n", omittingEmptySubsequences: false)
        let now = after.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == now.count)
        let differing = zip(before, now).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing == [2], "only the status line: \(after)")
        #expect(now[2] == "status: done")
        #expect(moved.body.contains("\"revision\""))

        // The page's revision is stale now: refused, nothing written.
        let stale = try await client.post(
            "/query/move", form: [("path", "projects/alpha.md"), ("revision", revision), ("key", "status"), ("value", "todo"), ("type", "text")],
            headers: json)
        #expect(stale.status == 409, "\(stale)")
        #expect(try vault.text("projects/alpha.md") == after)

        // A number lane is written plain, the lane of notes without the key removes it.
        let fresh = try #require(Self.cardRevision(try await client.send("GET", "/n/dash.md").body, "projects/alpha.md"))
        let number = try await client.post(
            "/query/move", form: [("path", "projects/alpha.md"), ("revision", fresh), ("key", "rating"), ("value", "5"), ("type", "value")],
            headers: json)
        #expect(number.status == 200)
        #expect(try vault.text("projects/alpha.md").contains("\nrating: 5\n"))

        // A key enote works out, not a front matter key: refused.
        let computed = try await client.post(
            "/query/move", form: [("path", "projects/beta.md"), ("revision", fresh), ("key", "folder"), ("value", "x")], headers: json)
        #expect(computed.status == 422)
    }

    @Test("a read-only server draws the board inert and refuses a move")
    func readOnly() async throws {
        let server = try ServeInProcess(vault, ["--read-only"])
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/dash.md").body
        #expect(page.contains("<div class=\"query-board\""))
        #expect(!page.contains("draggable") && !page.contains("card-move"))
        let revision = try #require(Self.cardRevision(page, "projects/alpha.md"))
        let moved = try await client.post(
            "/query/move", form: [("path", "projects/alpha.md"), ("revision", revision), ("key", "status"), ("value", "done")])
        #expect(moved.status == 403 || moved.status == 404 || moved.status == 405, "\(moved)")
        #expect(try vault.text("projects/alpha.md") == alpha)
    }
}
