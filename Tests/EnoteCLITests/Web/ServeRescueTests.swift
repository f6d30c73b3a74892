import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `enote serve` does with a page whose note moved on: a save after the note was moved,
/// removed or expired keeps the typed text as a conflict copy and says where; a delete from a
/// stale page is refused like a stale save; and the page says only what is true (no "both
/// versions are kept" when no copy was made).
@Suite(.serialized) struct ServeRescueTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    /// The conflict copies of `name` (`NAME.conflict-….md`) in `folder`.
    func copies(of name: String, in folder: String = "") throws -> [String] {
        let directory = folder.isEmpty ? vault.root.path : vault.url(folder).path
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(name + ".conflict-") }.sorted()
    }

    /// Opens the editor of `path` and returns its revision.
    func openEditor(_ client: InProcessClient, _ path: String) async throws -> String {
        let editor = try await client.send("GET", "/edit/\(path)")
        #expect(editor.status == 200, "\(editor)")
        return try #require(ServePagesTests.revision(in: editor.body))
    }

    /// Done on the editor of `path` with `body`.
    func save(_ client: InProcessClient, _ path: String, revision: String, body: String) async throws -> HTTPClient.Answer {
        try await client.post(
            "/edit/\(path)", form: [("revision", revision), ("original_title", "Grocery list"), ("title", "Grocery list"), ("body", body)])
    }

    @Test(
        "a save after the note was moved (enote mv) or removed (enote rm, another tab) keeps the typed text as a copy and says where",
        arguments: ["mv", "rm", "tab"])
    func saveAfterTheNoteWent(how: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let revision = try await openEditor(client, "grocery-list.md")
        switch how {
        case "mv": #expect(try vault.run("mv", "grocery-list.md", "shopping.md").status == 0)
        case "rm": #expect(try vault.run("rm", "grocery-list.md").status == 0)
        default:
            let other = try await server.signedInClient()
            #expect(try await other.post("/delete/grocery-list.md", form: []).status == 303)
        }
        #expect(!vault.exists("grocery-list.md"))
        let answer = try await save(client, "grocery-list.md", revision: revision, body: "Typed while it went away\n")
        #expect(answer.status == 409, "\(answer)")
        let copy = try #require(try copies(of: "grocery-list").first, "no conflict copy")
        #expect(try vault.text(copy).hasSuffix("Typed while it went away\n"))
        #expect(answer.body.contains(copy), "the page names the copy")
        #expect(answer.body.contains("Typed while it went away"), "the page still holds the text")
        #expect(!answer.body.contains("Both versions are kept"))
    }

    @Test("a save after the server's own watcher destroyed the note at its date keeps the typed text as a copy without that date")
    func saveAfterExpiry() throws {
        // Due two seconds from now, to the second (the watcher destroys it at that moment).
        let due = Date().addingTimeInterval(2)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        try vault.write("soon.md", "---\ntitle: Soon\ndestroy: \(formatter.string(from: due))\n---\nGoing soon.\n")
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let editor = try client.send("GET", "/edit/soon.md")
        let revision = try #require(ServePagesTests.revision(in: editor.body))
        let deadline = Date().addingTimeInterval(30)
        while vault.exists("soon.md"), Date() < deadline { usleep(100_000) }
        try #require(!vault.exists("soon.md"), "the watcher did not destroy the note")
        let answer = try client.post(
            "/edit/soon.md",
            form: [("revision", revision), ("original_title", "Soon"), ("title", "Soon"), ("body", "Still needed\n")])
        #expect(answer.status == 409, "\(answer)")
        let copy = try #require(try copies(of: "soon").first, "no conflict copy")
        let text = try vault.text(copy)
        #expect(text.hasSuffix("Still needed\n"))
        #expect(answer.body.contains(copy))
        // The copy outlives the date that destroyed the note.
        usleep(1_500_000)
        #expect(vault.exists(copy))
    }

    @Test("delete from a page older than the note is refused (409) and nothing goes to the trash; from a current page it deletes")
    func staleDelete() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/grocery-list.md").body
        let revision = try #require(
            page.components(separatedBy: "name=\"revision\" value=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) })
        let theirs = try vault.text("grocery-list.md").replacingOccurrences(of: "Potatoes", with: "Potatoes, and more (newer)")
        try vault.write("grocery-list.md", theirs)
        let stale = try await client.post("/delete/grocery-list.md", form: [("revision", revision)])
        #expect(stale.status == 409, "\(stale)")
        #expect(try vault.text("grocery-list.md") == theirs)
        #expect(!vault.exists(".trash/grocery-list.md"))
        // The editor's Delete carries the editor's revision the same way.
        let editorRevision = try await openEditor(client, "grocery-list.md")
        try vault.write("grocery-list.md", theirs + "One more line\n")
        let fromEditor = try await client.post("/delete/grocery-list.md", form: [("revision", editorRevision), ("body", "x")])
        #expect(fromEditor.status == 409, "\(fromEditor)")
        #expect(vault.exists("grocery-list.md"))
        let current = try await openEditor(client, "grocery-list.md")
        let deleted = try await client.post("/delete/grocery-list.md", form: [("revision", current)])
        #expect(deleted.status == 303, "\(deleted)")
        #expect(!vault.exists("grocery-list.md"))
    }

    @Test("a save refused because vim has the note open says so, keeps the text in the form, and claims no copy")
    func openElsewhereIsNotAConflictCopy() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let revision = try await openEditor(client, "grocery-list.md")
        let before = try vault.text("grocery-list.md")
        try vault.write(".grocery-list.md.swp", "vim swap")
        let answer = try await save(client, "grocery-list.md", revision: revision, body: "Typed while vim had it\n")
        #expect(answer.status == 409, "\(answer)")
        #expect(answer.body.contains("vim"))
        #expect(answer.body.contains("Typed while vim had it"))
        #expect(!answer.body.contains("Both versions are kept"), "\(answer.body)")
        #expect(try copies(of: "grocery-list").isEmpty)
        #expect(try vault.text("grocery-list.md") == before)
    }

    @Test("emptying a note from a stale page is refused without a copy, and the page does not claim one")
    func staleEmptyingIsNotAConflictCopy() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let revision = try await openEditor(client, "grocery-list.md")
        let theirs = try vault.text("grocery-list.md") + "Their line\n"
        try vault.write("grocery-list.md", theirs)
        let answer = try await save(client, "grocery-list.md", revision: revision, body: "")
        #expect(answer.status == 409, "\(answer)")
        #expect(!answer.body.contains("Both versions are kept"), "\(answer.body)")
        #expect(try copies(of: "grocery-list").isEmpty)
        #expect(try vault.text("grocery-list.md") == theirs)
    }
}
