import Foundation
import Testing

/// The Tasks page and the daily note on the web (RELIABILITY rows 110 and 113): a checkbox goes
/// through the library's toggle with the revision the page showed; a stale revision, a line that
/// holds no task or a note open in an editor is refused with 409 and nothing is written.
@Suite(.serialized) struct ServeTasksTests {
    let vault: TemporaryVault
    let text = "---\ntitle: Plan\n---\n- [ ] send the report 📅 2026-01-05 #work\n- [ ] call Ann\n- [x] done already\n"

    init() throws {
        vault = try TemporaryVault(sample: false)
        try vault.write("plan.md", text)
    }

    /// The revision the page shows for a note's tasks.
    static func revision(in page: String) -> String? {
        page.range(of: #"data-revision="([0-9a-f]{16})""#, options: .regularExpression).map { String(page[$0].dropFirst(15).dropLast(1)) }
    }

    @Test("open tasks grouped by due date, with a Today link; done tasks are not listed")
    func page() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/tasks")
        #expect(page.status == 200)
        #expect(page.body.contains("<h2>Overdue</h2>"), "\(page.body)")
        #expect(page.body.contains("<h2>No due date</h2>"))
        #expect(page.body.contains("send the report"))
        #expect(!page.body.contains("done already"))
        #expect(page.body.contains("href=\"/today\""))
        #expect(Self.revision(in: page.body) != nil)
    }

    @Test("a toggle with the page's revision changes one byte; a stale one, or a line without a task, is 409 and writes nothing")
    func toggle() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let revision = try #require(Self.revision(in: try await client.send("GET", "/tasks").body))
        let json = ["Accept": "application/json"]

        let done = try await client.post("/tasks/toggle", form: [("path", "plan.md"), ("line", "5"), ("revision", revision), ("done", "1")], headers: json)
        #expect(done.status == 200, "\(done)")
        #expect(try vault.text("plan.md") == text.replacingOccurrences(of: "- [ ] call Ann", with: "- [x] call Ann"))
        // The answer is the task as every front end gives it (`enote tasks --json`), with the
        // note's new revision for the page's other checkboxes.
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(done.body.utf8)) as? [String: Any], "\(done.body)")
        #expect(answer["path"] as? String == "plan.md")
        #expect(answer["line"] as? Int == 5)
        #expect(answer["done"] as? Bool == true)
        #expect(answer["summary"] as? String == "call Ann")
        #expect(answer["revision"] as? String == Self.revision(in: try await client.send("GET", "/tasks").body), "the revision the page now shows")

        // The page's revision is now stale: refused, nothing written.
        let after = try vault.text("plan.md")
        let stale = try await client.post("/tasks/toggle", form: [("path", "plan.md"), ("line", "4"), ("revision", revision), ("done", "1")], headers: json)
        #expect(stale.status == 409, "\(stale)")
        #expect(stale.body.contains("changed on disk"), "\(stale)")
        #expect(try vault.text("plan.md") == after)

        let fresh = try #require(Self.revision(in: try await client.send("GET", "/tasks").body))
        let noTask = try await client.post("/tasks/toggle", form: [("path", "plan.md"), ("line", "1"), ("revision", fresh), ("done", "1")], headers: json)
        #expect(noTask.status == 409, "\(noTask)")
        #expect(try vault.text("plan.md") == after)

        // Open in vim: refused too.
        try vault.write(".plan.md.swp", "swap")
        let open = try await client.post("/tasks/toggle", form: [("path", "plan.md"), ("line", "4"), ("revision", fresh), ("done", "1")], headers: json)
        #expect(open.status == 409, "\(open)")
        #expect(try vault.text("plan.md") == after)

        // Without CSRF: refused by the guard.
        let forged = try await client.post("/tasks/toggle", form: [("path", "plan.md"), ("line", "4"), ("revision", fresh)], csrf: false)
        #expect(forged.status == 403)
    }

    @Test("a form posted without the script comes back to the Tasks page")
    func formPost() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let revision = try #require(Self.revision(in: try await client.send("GET", "/tasks").body))
        let answer = try await client.post("/tasks/toggle", form: [("path", "plan.md"), ("line", "4"), ("revision", revision), ("done", "1")])
        #expect(answer.status == 303)
        #expect(answer.header("Location") == "/tasks")
        #expect(try vault.text("plan.md").contains("- [x] send the report"))
    }

    @Test("Today: a page that offers to write the note, then the note itself")
    func today() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let first = try await client.send("GET", "/today")
        #expect(first.status == 200)
        #expect(first.body.contains("id=\"create-today\""))
        let made = try await client.post("/today", form: [])
        #expect(made.status == 303, "\(made)")
        let day = TaskCommandTests.day(0)
        #expect(made.header("Location") == "/edit/journal/\(day).md")
        #expect(vault.exists("journal/\(day).md"))
        let then = try await client.send("GET", "/today")
        #expect(then.status == 303)
        #expect(then.header("Location") == "/n/journal/\(day).md")
    }

    @Test("read-only: the page lists tasks without checkboxes that write, and nothing can be toggled")
    func readOnly() async throws {
        let server = try ServeInProcess(vault, ["--read-only"])
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/tasks").body
        #expect(page.contains("send the report"))
        #expect(!page.contains("action=\"/tasks/toggle\""))
        let today = try await client.send("GET", "/today").body
        #expect(!page.contains("create-today") && !today.contains("create-today"))
        let refused = try await client.post("/tasks/toggle", form: [("path", "plan.md"), ("line", "4"), ("revision", "0000000000000000")])
        #expect(refused.status >= 400)
        #expect(try vault.text("plan.md") == text)
    }
}
