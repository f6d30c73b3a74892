import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `enote serve` does at its limits, end to end: a note of up to 10 MiB is saved whatever
/// its script (a form percent-encodes it to three times its size), a larger one is refused with
/// the text kept on the page; idle connections and slow request heads are closed; a flood of
/// idle connections under a small descriptor limit neither stops the answers nor the indexing;
/// and a request waiting for the index holds up no other.
@Suite(.serialized) struct ServeLimitsTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    /// Done on the editor of the grocery list with `body`.
    static func save(_ client: HTTPClient, body: String) throws -> HTTPClient.Answer {
        let editor = try client.send("GET", "/edit/grocery-list.md")
        let revision = try #require(ServePagesTests.revision(in: editor.body))
        return try client.post(
            "/edit/grocery-list.md", form: [("revision", revision), ("original_title", "Grocery list"), ("title", "Grocery list"), ("body", body)])
    }

    /// `unit` repeated to at least `bytes` bytes of UTF-8, ending in a line break.
    static func text(_ unit: String, bytes: Int) -> String {
        String(repeating: unit, count: bytes / unit.utf8.count + 1) + "\n"
    }

    @Test(
        "a note of several MiB in Cyrillic or Japanese (percent-encoded to three times that) is saved from the editor",
        arguments: [("Привет, мир! ", 4 * 1_048_576), ("日本語のノート。", 9 * 1_048_576)])
    func largeNonLatinNote(unit: String, bytes: Int) throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let body = Self.text(unit, bytes: bytes)
        let answer = try Self.save(client, body: body)
        #expect(answer.status == 303, "\(answer.status) \(answer.body.prefix(500))")
        #expect(try vault.text("grocery-list.md").hasSuffix(body))
    }

    @Test("a note over 10 MiB is refused (413) with the editor showing the typed text; the note is unchanged")
    func overTheNoteLimit() throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let before = try vault.text("grocery-list.md")
        let body = "The start of a long note.\n" + Self.text("x", bytes: 10 * 1_048_576) + "The end of it.\n"
        let answer = try Self.save(client, body: body)
        #expect(answer.status == 413, "\(answer.status) \(answer.body.prefix(500))")
        #expect(answer.body.contains("id=\"editor\""), "the editor comes back")
        #expect(answer.body.contains("The start of a long note."))
        #expect(answer.body.contains("The end of it."))
        #expect(answer.body.contains("10 MiB"))
        #expect(try vault.text("grocery-list.md") == before)
        // Percent-encoded beyond what any 10 MiB note needs: a page that says why, not a bare status.
        let huge = try client.post("/edit/grocery-list.md", form: [("revision", "0000000000000000"), ("body", Self.text("ж", bytes: 11 * 1_048_576))])
        #expect(huge.status == 413)
        #expect(huge.body.contains("10 MiB"), "\(huge.body.prefix(500))")
        #expect(try vault.text("grocery-list.md") == before)
    }

    @Test("an idle connection, one kept alive after its answer, and one whose request head never ends are closed within a minute")
    func idleAndSlowConnectionsAreClosed() throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let idle = try RawConnection(port: server.port)
        let slow = try RawConnection(port: server.port)
        let kept = try RawConnection(port: server.port)
        slow.send("GET /assets/style.css HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n")
        kept.send("GET /assets/style.css HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        // The slow one sends a byte of a header every two seconds, as a slowloris client does.
        let descriptor = slow.descriptor
        let trickle = Thread {
            for byte in Array("X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8) {
                guard withUnsafeBytes(of: byte, { send(descriptor, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }) == 1 else { return }
                usleep(2_000_000)
            }
        }
        trickle.start()
        #expect(idle.waitForClose(seconds: 75), "the idle connection is still open")
        #expect(slow.waitForClose(seconds: 15), "the slow request head is still being read")
        #expect(kept.waitForClose(seconds: 15), "the kept-alive connection is still open")
        // The server answers as before.
        #expect(try HTTPClient(port: server.port).send("GET", "/assets/style.css").status == 200)
    }

    @Test("idle connections beyond a small descriptor limit neither stop the answers nor the indexing of a note changed meanwhile")
    func floodUnderASmallDescriptorLimit() throws {
        let server = try ServeProcess(vault, descriptorLimit: 256)
        defer { server.stop() }
        let client = try server.signedInClient()
        var flood: [RawConnection] = []
        defer { flood.forEach { $0.close() } }
        for _ in 0..<400 {
            guard let connection = try? RawConnection(port: server.port) else { break }
            flood.append(connection)
        }
        try vault.write("flooded.md", "---\ntitle: Written during the flood\n---\nquokka\n")
        let found = try client.send("GET", "/api/search?q=quokka")
        #expect(found.status == 200, "\(found)")
        #expect(found.body.contains("flooded.md"), "\(found.body.prefix(500))")
        let search = try vault.run("search", "quokka")
        #expect(search.stdout.contains("Written during the flood"), "\(search.stdout)\(search.stderr)")
    }

    @Test("while requests wait for the index, which another program holds, the server still answers everything else")
    func aHeldIndexHoldsUpNothingElse() throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        #expect(try client.send("GET", "/api/search?q=milk").status == 200)
        let holder = try IndexWriteHolder(path: vault.url(".enote/index.sqlite").path, holdFor: 15)
        // A change the index must take before it can answer, so every search waits for the holder.
        try vault.write("waiting.md", "---\ntitle: Waiting\n---\nwombat\n")
        let waiting = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let group = DispatchGroup()
        for _ in 0..<waiting {
            group.enter()
            Thread.detachNewThread {
                _ = try? client.send("GET", "/api/search?q=wombat")
                group.leave()
            }
        }
        usleep(500_000)
        let asset = try HTTPClient(port: server.port).send("GET", "/assets/style.css")
        let answeredWhileHeld = holder.releasedAt == nil
        holder.finish()
        #expect(asset.status == 200)
        #expect(answeredWhileHeld, "the stylesheet waited for the index")
        #expect(group.wait(timeout: .now() + 60) == .success)
        let found = try client.send("GET", "/api/search?q=wombat")
        #expect(found.body.contains("waiting.md"), "\(found)")
    }
}
