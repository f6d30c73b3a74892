import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// How `enote serve` lets people in, end to end: password guesses are throttled, a server on
/// every interface answers only to this machine's addresses and the names it was given, each
/// server has a cookie of its own, the secret's redirect never leaves the server, and "loopback"
/// is decided by the addresses a host name resolves to.
@Suite(.serialized) struct ServeSignInTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    /// A password file for `--password-file`.
    func passwordFile(_ password: String = "correct horse") throws -> String {
        let file = vault.base.appendingPathComponent("password")
        try Data((password + "\n").utf8).write(to: file)
        return file.path
    }

    static func signIn(_ client: InProcessClient, _ password: String, host: String? = nil) async throws -> HTTPClient.Answer {
        try await client.send(
            "POST", "/signin", host: host, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "password=" + HTTPClient.encode(password))
    }

    static func signIn(_ client: HTTPClient, _ password: String, host: String? = nil) throws -> HTTPClient.Answer {
        try client.send(
            "POST", "/signin", host: host, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "password=" + HTTPClient.encode(password))
    }

    @Test("password guesses are throttled: after a few, 429 without checking the password, until the wait it names has passed")
    func guessesAreThrottled() throws {
        let server = try ServeProcess(vault, ["--password-file", try passwordFile()])
        defer { server.stop() }
        let client = HTTPClient(port: server.port)
        let start = Date()
        var checked = 0
        var throttled: HTTPClient.Answer?
        for guess in 0..<30 {
            let answer = try Self.signIn(client, "guess \(guess)")
            #expect(answer.status == 401 || answer.status == 429, "\(answer)")
            #expect(answer.header("Set-Cookie") == nil)
            if answer.status == 401 { checked += 1 } else { throttled = answer }
        }
        let elapsed = Date().timeIntervalSince(start)
        // A few at once, then about one a second (with a second's slack for the clock).
        #expect(Double(checked) <= 5 + elapsed + 1, "\(checked) guesses checked in \(elapsed) s")
        let refusal = try #require(throttled, "no guess was refused")
        let wait = try #require(refusal.header("Retry-After").flatMap { Int($0) }, "\(refusal)")
        #expect((1...60).contains(wait))
        // The right password is not even looked at while guessing is throttled.
        let early = try Self.signIn(client, "correct horse")
        #expect(early.status == 429, "\(early)")
        #expect(early.header("Set-Cookie") == nil)
        let retry = try #require(early.header("Retry-After").flatMap { Int($0) })
        usleep(UInt32(retry) * 1_000_000 + 200_000)
        let right = try Self.signIn(client, "correct horse")
        #expect(right.status == 303, "\(right)")
        #expect(right.header("Set-Cookie") != nil)
    }

    @Test("a wrong secret in the URL counts as a guess too")
    func secretGuessesAreThrottled() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = server.client()
        let start = Date()
        var checked = 0
        for guess in 0..<30 {
            let answer = try await client.send("GET", "/?token=" + String(format: "%064x", guess))
            if answer.status == 401 { checked += 1 } else { #expect(answer.status == 429, "\(answer)") }
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(Double(checked) <= 5 + elapsed + 1, "\(checked) secrets checked in \(elapsed) s")
    }

    @Test(
        "on every interface, a Host that is neither an address of this machine nor a name given with --allow-host is refused before sign-in",
        arguments: ["evil.example:PORT", "attacker.localhost:PORT", "notes.example.evil:PORT"])
    func wildcardRefusesOtherNames(host: String) throws {
        let server = try ServeProcess(vault, ["--host", "0.0.0.0", "--password-file", try passwordFile(), "--allow-host", "notes.example"])
        defer { server.stop() }
        let client = HTTPClient(port: server.port)
        let named = host.replacingOccurrences(of: "PORT", with: "\(server.port)")
        let page = try client.send("GET", "/signin", host: named)
        #expect(page.status == 403, "\(page)")
        let guess = try Self.signIn(client, "correct horse", host: named)
        #expect(guess.status == 403, "\(guess)")
        #expect(guess.header("Set-Cookie") == nil)
        // This machine's loopback address, and the name given on the command line, are answered.
        #expect(try client.send("GET", "/signin", host: "127.0.0.1:\(server.port)").status == 200)
        #expect(try client.send("GET", "/signin", host: "notes.example:\(server.port)").status == 200)
        #expect(try Self.signIn(client, "correct horse", host: "notes.example:\(server.port)").status == 303)
    }

    @Test("on every interface, this machine's own non-loopback addresses are answered")
    func wildcardAnswersOwnAddresses() throws {
        let addresses = Self.ownAddresses().filter { !$0.hasPrefix("127.") && $0 != "::1" }
        let server = try ServeProcess(vault, ["--host", "0.0.0.0", "--password-file", try passwordFile()])
        defer { server.stop() }
        let client = HTTPClient(port: server.port)
        for address in addresses {
            let authority = address.contains(":") ? "[\(address)]:\(server.port)" : "\(address):\(server.port)"
            #expect(try client.send("GET", "/signin", host: authority).status == 200, "\(authority)")
        }
    }

    @Test("two servers on one machine have cookies of their own: signing in to one does not sign out of the other")
    func cookiePerServer() async throws {
        let first = try ServeInProcess(vault)
        defer { first.stop() }
        let second = try ServeInProcess(vault)
        defer { second.stop() }
        var jar: [String: String] = [:]  // name → value, as a browser keeps them for 127.0.0.1
        for server in [first, second] {
            let answer = try await server.client().send("GET", "/?token=\(server.token)")
            let cookie = try #require(answer.header("Set-Cookie"))
            let pair = cookie.prefix { $0 != ";" }.split(separator: "=", maxSplits: 1).map(String.init)
            #expect(pair[0].hasPrefix("enote_session"))
            jar[pair[0]] = pair[1]
        }
        #expect(jar.count == 2, "both servers named their cookie \(jar.keys)")
        for server in [first, second] {
            var client = server.client()
            client.cookie = jar.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            #expect(try await client.send("GET", "/").status == 200)
        }
    }

    @Test(
        "the secret's redirect stays on this server, whatever path came with it",
        arguments: ["//evil.example/", "/\\evil.example/", "//evil.example/path", "/%2F%2Fevil.example/"])
    func noOpenRedirect(path: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let answer = try await server.client().send("GET", "\(path)?token=\(server.token)")
        #expect(answer.status == 303, "\(answer)")
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix("/"))
        #expect(!location.hasPrefix("//"))
        #expect(!location.contains("\\"))
        #expect(!location.contains("evil.example") || location.hasPrefix("/%2F"), "\(location)")
    }

    @Test("a host name that starts with 127. is not loopback unless it resolves there: without a password nothing starts")
    func loopbackByAddress() throws {
        let server = try ServeProcess(vault, ["--host", "127.evil.example"], waitForURL: false)
        defer { server.stop() }
        #expect(server.waitForExit() == 2, "\(server.stderr)")
        #expect(server.stderr.contains("password"), "\(server.stderr)")
        #expect(!server.stdout.contains("token="))
        // A loopback address, or a name that resolves only to loopback, needs none.
        for host in ["127.0.0.2", "localhost"] {
            let loopback = try ServeProcess(vault, ["--host", host])
            #expect(loopback.port > 0)
            loopback.stop()
        }
    }

    /// The IP addresses of this machine's interfaces (as `getifaddrs` lists them).
    static func ownAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var current: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = current {
            defer { current = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(cString: host)
            if !text.contains("%") { addresses.append(text) }  // link-local addresses with a zone are left out
        }
        return addresses
    }
}
