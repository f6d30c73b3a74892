import Foundation
import Synchronization
import Testing

/// Search as you type in `enote serve`, and requests from many pages at once: what the
/// performance work of issue 18 changed, kept honest end to end.
@Suite(.serialized) struct ServeSearchTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault(sample: false)
    }

    /// The number of notes `/api/search?q=` says match.
    static func total(_ client: InProcessClient, _ query: String) async throws -> Int? {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        let answer = try await client.send("GET", "/api/search?q=" + encoded)
        guard answer.status == 200 else { return nil }
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return object?["total"] as? Int
    }

    /// The number of notes `/api/search?q=` says match (over a socket).
    static func total(_ client: HTTPClient, _ query: String) throws -> Int? {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        let answer = try client.send("GET", "/api/search?q=" + encoded)
        guard answer.status == 200 else { return nil }
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return object?["total"] as? Int
    }

    @Test("/api/search serves the found notes in the JSON enote search --json prints, and the page of each")
    func sameNoteJSONAsTheCommandLine() async throws {
        let sample = try TemporaryVault()
        let server = try ServeInProcess(sample)
        defer { server.stop() }
        let client = try await server.signedInClient()
        // A phrase is searched as typed (no prefix as you type), so both ask the same question.
        let printed = try JSONOutput.array(try sample.run("search", "\"milk\"", "--json"))
        let answer = try await client.send("GET", "/api/search?q=%22milk%22")
        #expect(answer.status == 200, "\(answer)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        let served = try #require(object["notes"] as? [[String: Any]], "\(answer.body)")
        #expect(!printed.isEmpty)
        #expect(served as NSArray == printed as NSArray, "\(answer.body)\n\(printed)")
        let urls = try #require(object["urls"] as? [String])
        #expect(urls == printed.map { "/n/" + ($0["path"] as? String ?? "") })
    }

    @Test(
        "as you type, a last word of one or two letters is a whole word; from three letters it is a prefix",
        arguments: [
            ("s", 1), ("sa", 1), ("san", 1), ("sand", 1), ("sa sandwich", 2), ("the sa", 1), ("the san", 1), ("sandwich", 1),
            ("\"sa", 1), ("sa*", 3),
        ])
    func shortPrefixes(query: String, expected: Int) async throws {
        try vault.write("lunch.md", "---\ntitle: Lunch\n---\nThe sandwich was good.\n")
        try vault.write("salad.md", "---\ntitle: Salt\n---\nA salad, not much else.\n")
        try vault.write("letters.md", "---\ntitle: Letters\n---\nThe letters s and sa alone; the sa of it.\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        #expect(try await Self.total(client, query) == expected, "\(query)")
    }

    @Test("as you type, the page follows the library's one rule: a whole word comes before the words it begins")
    func asYouTypeRanksWholeWordsFirst() async throws {
        try vault.write("plumb.md", "---\ntitle: Plumb\n---\nA plumb line.\n")
        try vault.write("plumber.md", "---\ntitle: Plumber plumber\n---\nPlumber, plumber.\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await client.send("GET", "/api/search?q=plumb")
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        let notes = try #require(object?["notes"] as? [[String: Any]], "\(answer.body)")
        #expect(notes.map { $0["path"] as? String } == ["plumb.md", "plumber.md"])
    }

    @Test("as you type, Chinese and Japanese words are prefixes from their first character")
    func ideographicPrefix() async throws {
        try vault.write("kyoto.md", "---\ntitle: Trip\n---\n京都へ行きました。\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        #expect(try await Self.total(client, "京") == 1)
    }

    @Test("50 pages asking at once all get the right answer (the index takes one request at a time)")
    func concurrentRequests() throws {
        for number in 0..<40 {
            try vault.write("note-\(number).md", "---\ntitle: Apple \(number)\n---\nAn apple a day, number \(number), with pears.\n")
        }
        for number in 0..<20 {
            try vault.write("other-\(number).md", "---\ntitle: Other \(number)\n---\nPears only, number \(number).\n")
        }
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let signedIn = try server.signedInClient()
        let failures = Mutex<[String]>([])
        let (port, cookie) = (server.port, signedIn.cookie)
        DispatchQueue.concurrentPerform(iterations: 50) { worker in
            var client = HTTPClient(port: port)
            client.cookie = cookie
            for round in 0..<8 {
                do {
                    let (query, expected) = (worker + round) % 2 == 0 ? ("apple", 40) : ("pears", 60)
                    let total = try Self.total(client, query)
                    if total != expected { failures.withLock { $0.append("\(query): \(String(describing: total)) of \(expected)") } }
                    let list = try client.send("GET", "/")
                    let rows = list.body.components(separatedBy: "<li class=\"note\"").count - 1
                    if list.status != 200 || rows != 60 { failures.withLock { $0.append("list: \(list.status), \(rows) rows") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        let seen = failures.withLock { $0 }
        #expect(seen.isEmpty, "\(seen.count) wrong answers, first: \(seen.prefix(5))")
        #expect(server.process.isRunning, "the server ended:\n\(server.stderr)")
    }

    @Test("every answer says how long the server took (Server-Timing)")
    func serverTiming() async throws {
        try vault.write("lunch.md", "---\ntitle: Lunch\n---\nThe sandwich was good.\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        for path in ["/", "/api/search?q=sand", "/n/lunch.md"] {
            let timing = try #require(try await client.send("GET", path).header("Server-Timing"), "\(path)")
            let app = try #require(timing.firstMatch(of: /app;dur=([0-9.]+)/), "\(timing)")
            #expect(Double(app.1).map { $0 > 0 && $0 < 60_000 } == true, "\(timing)")
            #expect(timing.contains("cpu;dur="), "\(timing)")
        }
    }
}
