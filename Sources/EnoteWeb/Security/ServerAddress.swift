import Synchronization

/// Where the server listens, and so which `Host` and `Origin` values a request may carry.
///
/// A page reached through any other name (an attacker's domain that resolves to 127.0.0.1:
/// DNS rebinding) is refused, whatever cookie it carries.
package final class ServerAddress: Sendable {
    /// The address given with `--host`.
    package let host: String
    private let boundPort: Mutex<Int>

    package init(host: String, port: Int) {
        self.host = host
        self.boundPort = Mutex(port)
    }

    /// The port, known once the socket is bound (`--port 0` picks one).
    package var port: Int {
        get { boundPort.withLock { $0 } }
        set { boundPort.withLock { $0 = newValue } }
    }

    /// Whether the server listens on the loopback interface only.
    package var isLoopback: Bool { Self.isLoopback(host) }

    /// Whether `host` is a loopback address or name.
    package static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Whether `host` listens on every interface.
    var isWildcard: Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

    /// The `host:port` values a request's `Host` may have.
    package var allowedAuthorities: Set<String> {
        let port = self.port
        var names: Set<String> = [Self.authority(host, port)]
        if isLoopback {
            for name in ["127.0.0.1", "localhost", "::1"] { names.insert(Self.authority(name, port)) }
        }
        return names
    }

    /// Whether a request's `Host` (its authority) names this server.
    package func accepts(authority: String?) -> Bool {
        guard let authority = authority?.lowercased() else { return false }
        if allowedAuthorities.contains(authority) { return true }
        // Bound to every interface: any name that reaches it, on its port (a password guards it).
        if isWildcard, let colon = authority.lastIndex(of: ":"), authority[authority.index(after: colon)...] == "\(port)" { return true }
        return false
    }

    /// The URL printed at start.
    package var baseURL: String { "http://" + Self.authority(isWildcard ? "127.0.0.1" : host, port) }

    static func authority(_ host: String, _ port: Int) -> String {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return (bare.contains(":") ? "[\(bare)]" : bare) + ":\(port)"
    }
}
