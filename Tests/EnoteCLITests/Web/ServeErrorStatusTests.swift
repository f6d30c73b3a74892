import Foundation
import Testing

/// `enote serve` answers each kind of failure with its own status, as the command line exits
/// with its own: what the user sent cannot be used (422, as `enote` exits 2), the vault changed
/// under the request or a sync stands in its way (409, as `enote` exits 3), and anything else
/// the library refuses or fails at. The page says what happened in the library's words.
@Suite(.serialized) struct ServeErrorStatusTests {
    @Test("a delete while a sync is stopped on a conflict is a 409 that says so, and nothing is deleted")
    func deleteWhileASyncIsStopped() throws {
        let tagged = "---\ntitle: Other\n---\nOther.\n"
        let clones = try GitClones(count: 2, notes: ["plan.md": SyncConflictTests.note, "other.md": tagged])
        try clones[1].write("plan.md", "---\ntitle: Plan\n---\nTheir line.\n")
        try #require(try clones[1].run("sync").status == 0)
        try clones[0].write("plan.md", "---\ntitle: Plan\n---\nOur line.\n")
        try #require(try clones[0].run("sync").status == 3)
        let server = try ServeProcess(clones[0])
        defer { server.stop() }
        let client = try server.signedInClient()
        let answer = try client.post("/delete/other.md", form: [])
        #expect(answer.status == 409, "\(answer)")
        #expect(answer.body.contains("a sync stopped on a conflict"), "\(answer.body)")
        #expect(clones[0].exists("other.md"))
    }

    @Test("a form that does not say which version it started from is what the user sent: 422")
    func missingRevision() async throws {
        let vault = try TemporaryVault()
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let before = try vault.text("grocery-list.md")
        let answer = try await client.post("/edit/grocery-list.md", form: [("title", "Grocery list"), ("body", "Changed\n")])
        #expect(answer.status == 422, "\(answer)")
        #expect(answer.body.contains("which version of the note it started from"), "\(answer.body)")
        #expect(try vault.text("grocery-list.md") == before)
    }
}
