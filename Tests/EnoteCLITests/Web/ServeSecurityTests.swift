import Foundation
import Testing

/// `enote serve`'s security, end to end: the real server on a free port over a copy of
/// SampleVault, spoken to over a socket with every header under the test's control.
@Suite(.serialized) struct ServeSecurityTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    @Test("without the secret every page answers 401; the assets and the sign-in page do not need it")
    func noSecretNoPage() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = server.client()
        for path in ["/", "/n/grocery-list.md", "/search?q=milk", "/api/search?q=milk", "/edit/grocery-list.md", "/events"] {
            let answer = try await client.send("GET", path)
            #expect(answer.status == 401, "\(path): \(answer)")
            #expect(!answer.body.contains("Potatoes"), "\(path) leaked a note")
        }
        #expect(try await client.send("GET", "/assets/style.css").status == 200)
        let wrongSecret = try await client.send("GET", "/?token=" + String(repeating: "0", count: 64))
        #expect(wrongSecret.status == 401)
        #expect(wrongSecret.header("Set-Cookie") == nil)
    }

    @Test("the printed URL's secret is exchanged for an HttpOnly, SameSite=Strict cookie that opens the pages")
    func tokenSetsCookie() throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        #expect(server.signInURL.hasPrefix("http://127.0.0.1:"))
        let client = HTTPClient(port: server.port)
        let answer = try client.send("GET", "/?token=\(server.token)")
        #expect(answer.status == 303)
        #expect(answer.header("Location") == "/")
        let cookie = try #require(answer.header("Set-Cookie"))
        #expect(cookie.hasPrefix("enote_session_"))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Strict"))
        let signedIn = try server.signedInClient()
        let list = try signedIn.send("GET", "/")
        #expect(list.status == 200)
        #expect(list.body.contains("Grocery list"))
        #expect(signedIn.csrfToken?.count == 64)
    }

    @Test("every answer carries a strict Content-Security-Policy, nosniff and no-referrer")
    func securityHeaders() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        for path in ["/", "/n/welcome.md", "/assets/live.js", "/nowhere"] {
            let answer = try await client.send("GET", path)
            let policy = try #require(answer.header("Content-Security-Policy"), "\(path)")
            #expect(policy.contains("default-src 'self'"))
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(answer.header("X-Content-Type-Options") == "nosniff")
            #expect(answer.header("Referrer-Policy") == "no-referrer")
        }
    }

    @Test(
        "a Host that is not the server's address is refused, even with a valid cookie (DNS rebinding)",
        arguments: ["evil.example:PORT", "127.0.0.1:1", "attacker.localhost:PORT", ""])
    func wrongHost(host: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await client.send("GET", "/", host: host.replacingOccurrences(of: "PORT", with: "\(server.port)"))
        #expect(answer.status == 403 || answer.status == 400, "\(answer)")
        #expect(!answer.body.contains("Grocery list"))
        #expect(try await client.send("GET", "/", host: "localhost:\(server.port)").status == 200)
    }

    @Test("a request from another origin is refused; the same origin is not")
    func wrongOrigin() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let form = [("title", "From elsewhere"), ("body", "Injected")]
        let foreign = try await client.post("/new", form: form, headers: ["Origin": "http://evil.example"])
        #expect(foreign.status == 403, "\(foreign)")
        let rebound = try await client.post("/new", form: form, headers: ["Origin": "http://evil.example:\(server.port)"])
        #expect(rebound.status == 403)
        #expect(!vault.exists("from-elsewhere.md"))
        let same = try await client.post("/new", form: form, headers: ["Origin": "http://127.0.0.1:\(server.port)"])
        #expect(same.status == 303, "\(same)")
        #expect(vault.exists("from-elsewhere.md"))
    }

    @Test("a change without the session's CSRF token, or with another one, is refused and changes nothing")
    func csrf() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let before = try vault.text("grocery-list.md")
        let missing = try await client.post("/new", form: [("title", "No token"), ("body", "x")], csrf: false)
        #expect(missing.status == 403, "\(missing)")
        let wrong = try await client.post("/new", form: [("title", "Wrong token"), ("body", "x"), ("csrf", String(repeating: "a", count: 64))], csrf: false)
        #expect(wrong.status == 403)
        let delete = try await client.post("/delete/grocery-list.md", form: [], csrf: false)
        #expect(delete.status == 403)
        #expect(!vault.exists("no-token.md"))
        #expect(!vault.exists("wrong-token.md"))
        #expect(try vault.text("grocery-list.md") == before)
        // Another session's token does not do either.
        let other = try await server.signedInClient()
        var mixed = client
        mixed.csrfToken = other.csrfToken
        #expect(try await mixed.post("/new", form: [("title", "Mixed"), ("body", "x")]).status == 403)
        #expect(try await client.post("/new", form: [("title", "With token"), ("body", "x")]).status == 303)
    }

    @Test("--read-only: no edit buttons, and every change is refused")
    func readOnly() async throws {
        let server = try ServeInProcess(vault, ["--read-only"])
        defer { server.stop() }
        let client = try await server.signedInClient()
        let note = try await client.send("GET", "/n/grocery-list.md")
        #expect(note.status == 200)
        #expect(!note.body.contains("/edit/"))
        #expect(!note.body.contains("/delete/"))
        #expect(!(try await client.send("GET", "/")).body.contains("href=\"/new\""))
        let before = try vault.text("grocery-list.md")
        #expect(try await client.post("/new", form: [("title", "T"), ("body", "B")]).status == 403)
        #expect(try await client.post("/delete/grocery-list.md", form: []).status == 403)
        #expect(try await client.post("/edit/grocery-list.md", form: [("body", "gone"), ("revision", "0000000000000000")]).status == 403)
        #expect(try await client.send("GET", "/edit/grocery-list.md").status == 404)
        #expect(!vault.exists("t.md"))
        #expect(try vault.text("grocery-list.md") == before)
    }

    @Test("--read-only destroys nothing: a note whose date passed before the start, or passes while it runs, stays where it is")
    func readOnlyDestroysNothing() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        let passed = "---\ntitle: Passed\ndestroy: \(formatter.string(from: Date().addingTimeInterval(-3600)))\n---\nOverdue.\n"
        let soon = "---\ntitle: Soon\ndestroy: \(formatter.string(from: Date().addingTimeInterval(2)))\n---\nDue in two seconds.\n"
        try vault.write("passed.md", passed)
        try vault.write("soon.md", soon)
        let server = try ServeProcess(vault, ["--read-only"])
        defer { server.stop() }
        let client = try server.signedInClient()
        #expect(try client.send("GET", "/").status == 200)
        // Past the second note's date, with time for a watcher to act on it.
        usleep(4_000_000)
        #expect(try client.send("GET", "/n/soon.md").status == 200)
        #expect(try vault.text("passed.md") == passed)
        #expect(try vault.text("soon.md") == soon)
        #expect(!vault.exists(".trash/passed.md"))
        #expect(!vault.exists(".trash/soon.md"))
    }

    @Test("listening beyond loopback without a password is refused before anything starts")
    func nonLoopbackNeedsPassword() throws {
        let server = try ServeProcess(vault, ["--host", "0.0.0.0"], waitForURL: false)
        defer { server.stop() }
        #expect(server.waitForExit() == 2)
        #expect(server.stderr.contains("password"))
        #expect(!server.stdout.contains("token="))
    }

    @Test("with a password beyond loopback: the sign-in page asks for it, and only the right one opens a session")
    func passwordSignIn() throws {
        let file = vault.base.appendingPathComponent("password")
        try Data("correct horse\n".utf8).write(to: file)
        let server = try ServeProcess(vault, ["--host", "0.0.0.0", "--password-file", file.path])
        defer { server.stop() }
        let client = HTTPClient(port: server.port)
        #expect(try client.send("GET", "/").status == 401)
        let wrong = try client.send(
            "POST", "/signin", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "password=battery")
        #expect(wrong.status == 401)
        #expect(wrong.header("Set-Cookie") == nil)
        let right = try client.send(
            "POST", "/signin", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "password=correct+horse")
        #expect(right.status == 303)
        var signedIn = client
        signedIn.cookie = right.header("Set-Cookie").map { String($0.prefix { $0 != ";" }) }
        #expect(try signedIn.send("GET", "/").status == 200)
    }
}
