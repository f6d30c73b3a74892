import Foundation
import Synchronization

/// Who may use the server: the secret printed at start, an optional password, and the sessions
/// they open.
///
/// The secret (and the password, when one is set) is exchanged once for a session whose id
/// travels in an HttpOnly, SameSite=Strict cookie; each session has its own CSRF token, which
/// every state-changing request must carry. Comparisons take the same time whatever the input,
/// so a wrong guess says nothing about the right one.
package final class AccessGate: Sendable {
    /// One signed-in browser.
    package struct Session: Sendable, Equatable {
        /// The cookie's value.
        package var id: String
        /// The token forms and scripts send back with every change.
        package var csrfToken: String
    }

    /// The secret in the URL printed at start.
    package let secret: String
    /// The password asked for on the sign-in page, if any.
    private let password: String?
    private let sessions = Mutex<[String: Session]>([:])

    /// The name of the session cookie of the server on `port` for the vault at `vault`:
    /// `enote_session_<port>_<hash of the vault's path>`. A browser keeps cookies per host name,
    /// not per port, so two servers on one machine would otherwise overwrite each other's
    /// session (and each would be sent the other's). The cookie still goes to every server on
    /// the host; only its name is this server's.
    package static func cookieName(port: Int, vault: String) -> String {
        // FNV-1a: a short, stable name (the same across restarts, so a browser keeps one cookie).
        var hash: UInt32 = 2_166_136_261
        for byte in vault.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return "enote_session_\(port)_" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    package init(secret: String = AccessGate.randomToken(), password: String?) {
        self.secret = secret
        self.password = password
    }

    /// Whether a password is set (then the sign-in page asks for it).
    package var needsPassword: Bool { password != nil }

    /// A new session when `token` is the secret, else `nil`.
    package func signIn(token: String) -> Session? {
        guard Self.sameBytes(token, secret) else { return nil }
        return openSession()
    }

    /// A new session when `candidate` is the password, else `nil` (always `nil` without one).
    package func signIn(password candidate: String) -> Session? {
        guard let password, Self.sameBytes(candidate, password) else { return nil }
        return openSession()
    }

    /// The session a cookie names, if it is one of ours.
    package func session(id: String?) -> Session? {
        guard let id, !id.isEmpty else { return nil }
        return sessions.withLock { $0[id] }
    }

    /// Whether `token` is the session's CSRF token.
    package func isValid(csrf token: String?, for session: Session) -> Bool {
        guard let token else { return false }
        return Self.sameBytes(token, session.csrfToken)
    }

    private func openSession() -> Session {
        let session = Session(id: Self.randomToken(), csrfToken: Self.randomToken())
        sessions.withLock { $0[session.id] = session }
        return session
    }

    /// 32 random bytes from the system's generator, in hexadecimal.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }

    /// Compares in time that depends only on the lengths.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
