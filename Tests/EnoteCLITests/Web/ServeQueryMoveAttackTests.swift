import Foundation
import NoteVault
import Testing

/// `POST /query/move` and `/api/query-views/` as a hostile client would use them: a move aimed
/// at a file that is not a note, a key spelled as an alias of one the note already has.
@Suite(.serialized) struct ServeQueryMoveAttackTests {
    let vault: TemporaryVault
    let json = ["Accept": "application/json"]

    init() throws {
        vault = try TemporaryVault(sample: false)
        try vault.write("dash.md", "---\ntitle: Dash\n---\n```enote\nboard by status from folder projects\n```\n")
        try vault.write("projects/alpha.md", "---\ntitle: Alpha\nstatus: todo\ncolor: red\n---\nText\n")
    }

    func revision(_ path: String) throws -> String {
        try Vault(root: vault.root.path).read(NotePath(validating: path, purpose: .lookup)).revision.description
    }

    @Test("a move aimed at a file that is not a note (a script, a text file) is refused and the file keeps its bytes")
    func notANote() async throws {
        let script = "console.log('hello')\n"
        try vault.write("projects/app.js", script)
        try vault.write("projects/readme.txt", "plain text\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        for (path, text) in [("projects/app.js", script), ("projects/readme.txt", "plain text\n")] {
            let moved = try await client.post(
                "/query/move", form: [("path", path), ("revision", try revision(path)), ("key", "status"), ("value", "done"), ("type", "text")],
                headers: json)
            #expect(moved.status >= 400, "\(moved)")
            #expect(try vault.text(path) == text)
        }
    }

    @Test("a task toggle posted for a file that is not a note (a text file with a `- [ ]` line) changes no byte of it")
    func toggleNotANote() async throws {
        let script = "- [ ] a line of a text file, not of a note\n"
        try vault.write("projects/todo.txt", script)
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let toggled = try await client.post(
            "/tasks/toggle", form: [("path", "projects/todo.txt"), ("line", "1"), ("revision", try revision("projects/todo.txt")), ("done", "1")],
            headers: json)
        #expect(toggled.status >= 400, "\(toggled)")
        #expect(try vault.text("projects/todo.txt") == script)
    }

    @Test("a move by an alias of a key the note has (colour for color) changes that line, not a second key")
    func aliasKey() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let moved = try await client.post(
            "/query/move",
            form: [("path", "projects/alpha.md"), ("revision", try revision("projects/alpha.md")), ("key", "colour"), ("value", "blue"), ("type", "text")],
            headers: json)
        #expect(moved.status == 200, "\(moved)")
        #expect(try vault.text("projects/alpha.md") == "---\ntitle: Alpha\nstatus: todo\ncolor: blue\n---\nText\n")
    }

    @Test("a board by Status (the query reads keys whatever their case) moves a note that spells it status: that line changes")
    func keyCase() async throws {
        try vault.write("dash2.md", "---\ntitle: Dash\n---\n```enote\nboard by Status from folder projects\n```\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/dash2.md").body
        #expect(page.contains("data-key=\"Status\""))
        let moved = try await client.post(
            "/query/move",
            form: [("path", "projects/alpha.md"), ("revision", try revision("projects/alpha.md")), ("key", "Status"), ("value", "done"), ("type", "text")],
            headers: json)
        #expect(moved.status == 200, "\(moved)")
        #expect(try vault.text("projects/alpha.md") == "---\ntitle: Alpha\nstatus: done\ncolor: red\n---\nText\n")
        let again = try await client.send("GET", "/n/dash2.md").body
        #expect(again.contains("data-value=\"done\""))
    }
    @Test("a card moved to the lane of a link ([[Alpha]]) keeps linking to that note, not the bare word Alpha")
    func linkLane() async throws {
        try vault.write("p/a.md", "---\ntitle: A\nproject: \"[[Alpha]]\"\n---\n")
        try vault.write("p/b.md", "---\ntitle: B\nproject: \"[[Beta]]\"\n---\n")
        try vault.write("Alpha.md", "x\n")
        try vault.write("Beta.md", "y\n")
        try vault.write("d.md", "---\ntitle: D\n---\n```enote\nboard by project from folder p\n```\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/d.md").body
        let lane = try #require(page.range(of: "data-lane=\"0\" data-value=\"[^\"]*\"", options: .regularExpression).map { String(page[$0]) })
        let value = String(lane.split(separator: "\"")[3]).replacingOccurrences(of: "&quot;", with: "\"")
        let moved = try await client.post(
            "/query/move", form: [("path", "p/b.md"), ("revision", try revision("p/b.md")), ("key", "project"), ("value", value), ("type", "text")],
            headers: json)
        #expect(moved.status == 200, "\(moved)")
        // The lane of [[Alpha]] writes the link back, so the note still links to Alpha.
        #expect(try vault.text("p/b.md") == "---\ntitle: B\nproject: \"[[Alpha]]\"\n---\n", "\(lane)")
    }

    @Test("hostile keys are refused and leave the note as it was; hostile values are written as one quoted line")
    func hostileKeysAndValues() async throws {
        let original = try vault.text("projects/alpha.md")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        for key in ["---", "a: b", "#x", "x\ny", "- x", "?x", "tags", "Updated", "file", "TITLE.x", "", "\"q\"", "&a", "k\u{0}"] {
            let moved = try await client.post(
                "/query/move",
                form: [("path", "projects/alpha.md"), ("revision", try revision("projects/alpha.md")), ("key", key), ("value", "v"), ("type", "text")],
                headers: json)
            #expect(moved.status == 422, "\(key): \(moved)")
            #expect(try vault.text("projects/alpha.md") == original)
        }
        let hostile = "a\n---\nb: c # d \"e\" 'f' \u{2028}\r\n"
        for type in ["text", "value", "bogus"] {
            let moved = try await client.post(
                "/query/move",
                form: [("path", "projects/alpha.md"), ("revision", try revision("projects/alpha.md")), ("key", "status"), ("value", hostile), ("type", type)],
                headers: json)
            #expect(moved.status == 200, "\(moved)")
            let lines = try vault.text("projects/alpha.md").split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == original.split(separator: "\n", omittingEmptySubsequences: false).count)
            let note = try Vault(root: vault.root.path).read(NotePath(validating: "projects/alpha.md", purpose: .lookup))
            if case .parsed(let frontMatter) = note.content.frontMatter {
                #expect(frontMatter.entries.first { $0.key == "status" }?.value == .string(hostile))
                #expect(note.content.metadata.title == "Alpha")
            } else {
                Issue.record("front matter unread after \(type): \(lines)")
            }
        }
    }

    @Test("CRLF, a BOM, no front matter: only the key's line changes or a block is added; a missing revision is 422")
    func shapes() async throws {
        let crlf = "\u{FEFF}---\r\ntitle: C\r\nstatus: todo\r\n---\r\nBody\r\n"
        try vault.write("projects/crlf.md", crlf)
        try vault.write("projects/bare.md", "Just text\n---\nnot: fm\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let missing = try await client.post("/query/move", form: [("path", "projects/crlf.md"), ("key", "status"), ("value", "done")], headers: json)
        #expect(missing.status == 422)
        let moved = try await client.post(
            "/query/move", form: [("path", "projects/crlf.md"), ("revision", try revision("projects/crlf.md")), ("key", "status"), ("value", "done"), ("type", "text")],
            headers: json)
        #expect(moved.status == 200)
        #expect(try vault.text("projects/crlf.md") == crlf.replacingOccurrences(of: "status: todo", with: "status: done"))
        let bare = try await client.post(
            "/query/move", form: [("path", "projects/bare.md"), ("revision", try revision("projects/bare.md")), ("key", "status"), ("value", "done"), ("type", "text")],
            headers: json)
        #expect(bare.status == 200)
        #expect(try vault.text("projects/bare.md") == "---\nstatus: done\n---\nJust text\n---\nnot: fm\n")
    }
}
