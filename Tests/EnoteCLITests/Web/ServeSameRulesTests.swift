import Foundation
import Testing

/// Values the web reads by the library's one rule, as the command line and the agent server
/// read them: a destroy date that has passed is refused (`enote new --destroy`, the agent's
/// `destroy`), and a folder is a folder with or without its last `/` (`enote list --in work/`).
@Suite(.serialized) struct ServeSameRulesTests {
    @Test("a destroy date in the past is refused by the new-note and the editor forms, and nothing is written")
    func pastDestroyDate() async throws {
        let vault = try TemporaryVault()
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let names = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).sorted()
        let grocery = try vault.text("grocery-list.md")
        let past = "2020-01-01T10:00"
        let created = try await client.post("/new", form: [("title", "Gone at once"), ("body", "Some text"), ("destroy_on", "on"), ("destroy", past)])
        #expect(created.status == 422, "\(created)")
        #expect(created.body.contains("has passed"), "\(created.body)")
        #expect(created.body.contains("Some text"), "the editor comes back with what was typed")
        let editor = try await client.send("GET", "/edit/grocery-list.md")
        let revision = try #require(ServePagesTests.revision(in: editor.body))
        let saved = try await client.post(
            "/edit/grocery-list.md",
            form: [
                ("revision", revision), ("original_title", "Grocery list"), ("title", "Grocery list"), ("body", "Changed\n"), ("destroy_on", "on"),
                ("destroy", past),
            ])
        #expect(saved.status == 422, "\(saved)")
        #expect(saved.body.contains("has passed"), "\(saved.body)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root.path).sorted() == names, "no note was created")
        #expect(try vault.text("grocery-list.md") == grocery, "the note was not changed")
        // A date still to come is taken.
        let later = try await client.post("/new", form: [("title", "Later"), ("body", "Some text"), ("destroy_on", "on"), ("destroy", "2099-01-01T10:00")])
        #expect(later.status == 303, "\(later)")
    }

    @Test("the list's folder filter takes a folder with its last slash, as enote list --in does", arguments: ["travel", "travel/", "travel//"])
    func folderWithSlash(folder: String) async throws {
        let vault = try TemporaryVault()
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await client.send("GET", "/?folder=" + folder.replacingOccurrences(of: "/", with: "%2F"))
        #expect(answer.status == 200, "\(answer)")
        #expect(ServeListFiltersTests.listed(answer.body) == ["travel/kyoto.md"], "\(answer.body.prefix(300))")
        #expect(answer.body.contains("id=\"folder\""), "the breadcrumb names the folder")
    }
}
