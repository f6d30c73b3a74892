import Foundation
import Testing

@testable import EnoteWeb
@testable import NoteVault

/// The pieces that decide who gets in: the sign-in throttle (per client and for everyone), the
/// loopback rule (by the addresses a name resolves to), the Host values a server on every
/// interface answers, and the session cookie's name.
@Suite struct WebAccessBlocksTests {
    @Test("a client gets a few guesses at once, then one a second; a right one gives its guess back")
    func throttlePerClient() {
        let throttle = SignInThrottle(perClient: .init(burst: 3, perSecond: 1), overall: .init(burst: 100, perSecond: 100))
        for _ in 0..<3 { #expect(throttle.admit("10.0.0.1", at: 0) == nil) }
        let wait = throttle.admit("10.0.0.1", at: 0)
        #expect(wait.map { $0 > 0.9 && $0 <= 1 } == true, "\(String(describing: wait))")
        #expect(throttle.admit("10.0.0.1", at: 0.5) != nil)
        #expect(throttle.admit("10.0.0.1", at: 1.01) == nil)
        #expect(throttle.admit("10.0.0.1", at: 1.02) != nil)
        // Another client is not held up by the first.
        #expect(throttle.admit("10.0.0.2", at: 1.02) == nil)
        // A guess that was right is given back.
        throttle.refund("10.0.0.2")
        for _ in 0..<3 { #expect(throttle.admit("10.0.0.2", at: 1.02) == nil) }
    }

    @Test("all clients together get only the overall rate, however many addresses they come from")
    func throttleOverall() {
        let throttle = SignInThrottle(perClient: .init(burst: 5, perSecond: 1), overall: .init(burst: 10, perSecond: 2))
        var admitted = 0
        for client in 0..<100 where throttle.admit("10.0.\(client / 250).\(client % 250)", at: 0) == nil { admitted += 1 }
        #expect(admitted == 10)
        var later = 0
        for client in 100..<200 where throttle.admit("10.1.\(client / 250).\(client % 250)", at: 5) == nil { later += 1 }
        #expect(later == 10, "ten seconds' worth at two a second, capped at the burst")
        #expect(throttle.admit("10.9.9.9", at: 5)! > 0)
    }

    @Test("the throttle forgets clients whose budget is full again, so a flood of addresses cannot fill memory")
    func throttleForgets() {
        let throttle = SignInThrottle(perClient: .init(burst: 2, perSecond: 1), overall: .init(burst: 1_000_000, perSecond: 1_000_000))
        for client in 0..<20_000 { _ = throttle.admit("client \(client)", at: 0) }
        _ = throttle.admit("late", at: 100)
        #expect(throttle.trackedClients <= 1)
    }

    @Test(
        "loopback is decided by the addresses a host resolves to, not by how its name starts",
        arguments: [
            ("127.0.0.1", true), ("127.0.0.2", true), ("localhost", true), ("::1", true), ("[::1]", true),
            ("127.evil.example", false), ("127.0.0.1.evil.example", false), ("0.0.0.0", false), ("192.168.1.5", false), ("", false),
        ])
    func loopback(host: String, expected: Bool) {
        #expect(ServerAddress.isLoopback(host) == expected)
    }

    @Test("on every interface: this machine's addresses, loopback names and the names given are answered; nothing else")
    func wildcardHosts() {
        let address = ServerAddress(host: "0.0.0.0", port: 80, names: ["Notes.Example"]) { ["192.168.1.5", "127.0.0.1", "::1", "fe80::1"] }
        for accepted in ["192.168.1.5:80", "127.0.0.1:80", "[::1]:80", "localhost:80", "notes.example:80", "NOTES.EXAMPLE:80", "[fe80::1]:80"] {
            #expect(address.accepts(authority: accepted), "\(accepted)")
        }
        for refused in ["evil.example:80", "192.168.1.6:80", "notes.example:81", "192.168.1.5", "attacker.localhost:80", "notes.example.evil:80"] {
            #expect(!address.accepts(authority: refused), "\(refused)")
        }
    }

    @Test("the session cookie is named for the server's port and its vault")
    func cookieName() {
        let name = AccessGate.cookieName(port: 8765, vault: "/home/a/notes")
        #expect(name.hasPrefix("enote_session_8765_"))
        #expect(name != AccessGate.cookieName(port: 8766, vault: "/home/a/notes"))
        #expect(name != AccessGate.cookieName(port: 8765, vault: "/home/a/other"))
        #expect(name == AccessGate.cookieName(port: 8765, vault: "/home/a/notes"))
        #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
    }
}
