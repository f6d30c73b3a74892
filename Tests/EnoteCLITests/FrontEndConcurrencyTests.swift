import EnoteTestSupport
import Foundation
import Testing

/// The front ends side by side on one vault, as a person runs them: `enote lsp` for the editor
/// and `enote serve` for the browser, while notes change on disk and `enote sync` brings another
/// clone's notes through real git. Each answers from the library's session; every answer is
/// checked against what a fresh `enote list --json` says at that moment.
@Suite struct FrontEndConcurrencyTests {
    /// A note of the test: every one has the word the web's search looks for.
    static func note(_ title: String, _ words: String = "") -> String {
        "---\ntitle: \(title)\n---\nshared \(words)\n"
    }

    /// Paths and titles, as `path\ttitle`, of what `enote list --json` prints.
    static func listed(_ vault: TemporaryVault) throws -> Set<String> {
        let result = try vault.run("list", "--json", "--limit", "1000")
        try #require(result.status == 0, "\(result)")
        let notes = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
        return Set(notes.map { "\($0["path"] as? String ?? "?")\t\($0["title"] as? String ?? "?")" })
    }

    /// What the language server's workspace symbols say (every note: the vault is small).
    static func lspNotes(_ client: LspClient) throws -> Set<String> {
        let answer = try #require(client.request("workspace/symbol", ["query": ""]), "the language server did not answer")
        let symbols = try #require(answer["result"] as? [[String: Any]], "\(answer)")
        return Set(symbols.map { "\($0["containerName"] as? String ?? "?")\t\($0["name"] as? String ?? "?")" })
    }

    /// What the web server's search for the shared word says.
    static func webNotes(_ client: HTTPClient) throws -> Set<String> {
        let answer = try client.send("GET", "/api/search?q=shared")
        try #require(answer.status == 200, "\(answer.status): \(answer.body)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        let notes = try #require(object["notes"] as? [[String: Any]], "\(object)")
        return Set(notes.map { "\($0["path"] as? String ?? "?")\t\($0["title"] as? String ?? "?")" })
    }

    @Test("enote lsp and enote serve on one vault answer as enote list --json does, while files change and a sync runs")
    func lspAndWebAgreeWithTheList() throws {
        var initial: [String: String] = [:]
        for number in 0..<8 { initial["start-\(number).md"] = Self.note("Start \(number)") }
        let clones = try GitClones(count: 2, notes: initial)
        let vault = clones[0]
        let other = clones[1]
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let web = try server.signedInClient()
        let lsp = try LspClient(in: vault.root, environment: vault.environment)
        #expect(lsp.initialize(rootURI: vault.root.absoluteString) != nil)
        defer { lsp.closeInput() }

        for round in 0..<6 {
            // On disk, behind every front end's back: a note added, one edited, one removed.
            try vault.write("round-\(round).md", Self.note("Round \(round)"))
            try vault.write("start-\(round).md", Self.note("Start \(round), edited in round \(round)"))
            if round > 1 { try FileManager.default.removeItem(at: vault.url("round-\(round - 2).md")) }
            if round % 2 == 1 {
                // Another clone's notes, brought in by a sync that runs while both servers answer.
                try other.write("other-\(round).md", Self.note("From the other clone \(round)"))
                let pushed = try other.run("sync")
                try #require(pushed.status == 0, "\(pushed)")
                let sync = Process()
                sync.executableURL = EnoteProcess.executable
                sync.arguments = ["sync"]
                sync.currentDirectoryURL = vault.root
                sync.environment = vault.environment
                sync.standardOutput = FileHandle.nullDevice
                sync.standardError = FileHandle.nullDevice
                try sync.run()
                var answered = 0
                while sync.isRunning || answered < 2 {
                    // Answers during the sync: whole answers, never an error.
                    #expect(try !Self.lspNotes(lsp).isEmpty)
                    #expect(try !Self.webNotes(web).isEmpty)
                    answered += 1
                }
                let exitStatus = EnoteProcess.exitStatus(of: sync)
                #expect(exitStatus == 0, "enote sync failed in round \(round)")
            }
            let expected = try Self.listed(vault)
            #expect(expected.contains("round-\(round).md\tRound \(round)"))
            #expect(try Self.webNotes(web) == expected, "round \(round): the web server")
            #expect(try Self.lspNotes(lsp) == expected, "round \(round): the language server")
        }
        #expect(try Self.listed(vault).contains("other-5.md\tFrom the other clone 5"))
        #expect(!server.stderr.contains("error"), "\(server.stderr)")
    }
}
