import Foundation
import Testing

@testable import EnoteWeb
@testable import NoteVault

/// The small pieces the pages are made of: escaping, form decoding, secrets and addresses.
@Suite struct WebBuildingBlocksTests {
    @Test("text interpolated into HTML is escaped; trusted markup is not")
    func escaping() {
        let title = "<script>alert('x')</script> & \"quotes\""
        let html: HTML = "<h1 title=\"\(title)\">\(title)</h1>\(HTML(trusted: "<b>ok</b>"))"
        #expect(
            html.markup
                == "<h1 title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;</h1><b>ok</b>"
        )
    }

    @Test("form fields: + is a space, %XX a byte, UTF-8 decoded, order kept")
    func formDecoding() {
        let form = FormFields(encoded: "title=Grocery+list&body=%D0%9C%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE%0D%0A2%25&empty=&flag&title=second")
        #expect(form["title"] == "Grocery list")
        #expect(form["body"] == "Молоко\r\n2%")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form.all("title") == ["Grocery list", "second"])
        #expect(FormFields(encoded: "a=%zz%4")["a"] == "%zz%4")
    }

    @Test("a session needs the secret or the password; CSRF tokens belong to their session")
    func gate() {
        let gate = AccessGate(secret: "s3cret", password: "pw")
        #expect(gate.signIn(token: "s3cre") == nil)
        #expect(gate.signIn(token: "s3cret!") == nil)
        #expect(gate.signIn(password: "PW") == nil)
        let first = gate.signIn(token: "s3cret")!
        let second = gate.signIn(password: "pw")!
        #expect(first.id != second.id)
        #expect(gate.session(id: first.id) == first)
        #expect(gate.session(id: "nope") == nil)
        #expect(gate.isValid(csrf: first.csrfToken, for: first))
        #expect(!gate.isValid(csrf: second.csrfToken, for: first))
        #expect(!gate.isValid(csrf: nil, for: first))
        #expect(AccessGate(password: nil).signIn(password: "") == nil)
    }

    @Test("the Host values a server accepts")
    func hosts() {
        let loopback = ServerAddress(host: "127.0.0.1", port: 8765)
        #expect(loopback.accepts(authority: "127.0.0.1:8765"))
        #expect(loopback.accepts(authority: "localhost:8765"))
        #expect(loopback.accepts(authority: "[::1]:8765"))
        #expect(!loopback.accepts(authority: "127.0.0.1:8766"))
        #expect(!loopback.accepts(authority: "evil.example:8765"))
        #expect(!loopback.accepts(authority: "127.0.0.1"))
        #expect(!loopback.accepts(authority: nil))
        let lan = ServerAddress(host: "192.168.1.5", port: 80)
        #expect(lan.accepts(authority: "192.168.1.5:80"))
        #expect(!lan.accepts(authority: "localhost:80"))
    }

    @Test(
        "the language switch returns only to a path on this server",
        arguments: [
            ("/n/a.md", "/n/a.md"), ("/", "/"), ("//evil.example/x", "/"), ("/\\evil.example", "/"), ("https://evil.example", "/"),
            ("evil", "/"), ("/a\r\nSet-Cookie: x=y", "/"), (nil, "/"),
        ] as [(String?, String)])
    func localPath(back: String?, expected: String) {
        #expect(WebServer.localPath(back) == expected)
    }

    @Test("beyond loopback a password is required")
    func passwordRule() throws {
        #expect(try WebOptions(arguments: ["--vault", "/v"], environment: [:]).refusal == nil)
        #expect(try WebOptions(arguments: ["--vault", "/v", "--host", "0.0.0.0"], environment: [:]).refusal != nil)
        #expect(try WebOptions(arguments: ["--vault", "/v", "--host", "0.0.0.0"], environment: ["ENOTE_SERVE_PASSWORD": "x"]).refusal == nil)
        #expect(throws: WebOptions.UsageError.self) { try WebOptions(arguments: ["--vault", "/v", "--port", "70000"], environment: [:]) }
    }
}
