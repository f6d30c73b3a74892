import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Where the server listens, and so which `Host` and `Origin` values a request may carry.
///
/// A page reached through any other name (an attacker's domain that resolves to this machine:
/// DNS rebinding) is refused, whatever cookie it carries. A server on one address answers to
/// that address (and, on loopback, to the loopback names); one on every interface (`0.0.0.0`,
/// `::`) answers to this machine's own addresses, as its interfaces have them now, and to the
/// names given with `--allow-host`.
package final class ServerAddress: Sendable {
    /// The address given with `--host`.
    package let host: String
    /// The names given with `--allow-host`, lowercased.
    package let names: Set<String>
    private let boundPort: Mutex<Int>
    /// Whether `host` resolved to loopback addresses only, when the server started.
    private let hostIsLoopback: Bool
    /// This machine's IP addresses, as text (read again when asked).
    private let ownAddresses: @Sendable () -> Set<String>

    /// - Parameters:
    ///   - names: Host names to answer to besides the address (`--allow-host`).
    ///   - ownAddresses: This machine's addresses (tests give their own).
    package init(
        host: String, port: Int, names: [String] = [], ownAddresses: @escaping @Sendable () -> Set<String> = ServerAddress.machineAddresses
    ) {
        self.host = host
        self.names = Set(names.map { $0.lowercased() })
        self.boundPort = Mutex(port)
        self.hostIsLoopback = Self.isLoopback(host)
        self.ownAddresses = ownAddresses
    }

    /// The port, known once the socket is bound (`--port 0` picks one).
    package var port: Int {
        get { boundPort.withLock { $0 } }
        set { boundPort.withLock { $0 = newValue } }
    }

    /// Whether the server listens on the loopback interface only.
    package var isLoopback: Bool { hostIsLoopback }

    /// Whether `host` names only this machine's loopback interface: every address it resolves
    /// to (a literal address is itself) is in 127.0.0.0/8 or is ::1. A name is never taken for
    /// loopback by how it is spelled: `127.example.org` is whatever DNS says it is.
    package static func isLoopback(_ host: String) -> Bool {
        let addresses = resolve(host)
        return !addresses.isEmpty && addresses.allSatisfy(isLoopbackAddress)
    }

    /// Whether `host` listens on every interface.
    var isWildcard: Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

    /// The `host:port` values a request's `Host` may have, besides this machine's addresses on
    /// a server that listens on every interface.
    package var allowedAuthorities: Set<String> {
        let port = self.port
        var names: Set<String> = [Self.authority(host, port)]
        if isLoopback || isWildcard {
            for name in ["127.0.0.1", "localhost", "::1"] { names.insert(Self.authority(name, port)) }
        }
        for name in self.names { names.insert(Self.authority(name, port)) }
        return names
    }

    /// Whether a request's `Host` (its authority) names this server.
    package func accepts(authority: String?) -> Bool {
        guard let authority = authority?.lowercased() else { return false }
        if allowedAuthorities.contains(authority) { return true }
        // On every interface: an address of this machine, on its port (a name could be anyone's).
        guard isWildcard, let (hostPart, portPart) = Self.split(authority), portPart == "\(port)",
            let address = Self.normalizedAddress(hostPart)
        else { return false }
        return ownAddresses().contains { Self.normalizedAddress($0) == address }
    }

    /// The URL printed at start.
    package var baseURL: String { "http://" + Self.authority(isWildcard ? "127.0.0.1" : host, port) }

    static func authority(_ host: String, _ port: Int) -> String {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return (bare.contains(":") ? "[\(bare)]" : bare).lowercased() + ":\(port)"
    }

    /// `host:port` or `[v6]:port` as its host (without brackets) and port.
    static func split(_ authority: String) -> (host: String, port: String)? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]"), authority[authority.index(after: close)...].hasPrefix(":") else { return nil }
            return (String(authority[authority.index(after: authority.startIndex)..<close]), String(authority[authority.index(close, offsetBy: 2)...]))
        }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return (String(authority[..<colon]), String(authority[authority.index(after: colon)...]))
    }

    /// A literal IP address in one canonical spelling, or `nil` when `text` is not one.
    static func normalizedAddress(_ text: String) -> String? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var name = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        for family in [AF_INET, AF_INET6] where inet_pton(family, text, &bytes) == 1 {
            guard inet_ntop(family, bytes, &name, socklen_t(name.count)) != nil else { return nil }
            return String(cString: name)
        }
        return nil
    }

    /// The addresses `host` resolves to (a literal address, brackets allowed, is itself).
    static func resolve(_ host: String) -> [String] {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !bare.isEmpty else { return [] }
        if let literal = normalizedAddress(bare) { return [literal] }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(bare, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var current: UnsafeMutablePointer<addrinfo>? = first
        while let entry = current {
            if let text = numericHost(entry.pointee.ai_addr, length: entry.pointee.ai_addrlen) { addresses.append(text) }
            current = entry.pointee.ai_next
        }
        return addresses
    }

    /// Whether a literal address is a loopback one (127.0.0.0/8, ::1, or 127/8 mapped to IPv6).
    static func isLoopbackAddress(_ text: String) -> Bool {
        guard let address = normalizedAddress(text) else { return false }
        if address == "::1" { return true }
        let v4 = address.hasPrefix("::ffff:") ? String(address.dropFirst("::ffff:".count)) : address
        return v4.hasPrefix("127.") && normalizedAddress(v4) == v4
    }

    /// This machine's IP addresses, as its interfaces have them now (`getifaddrs`).
    package static func machineAddresses() -> Set<String> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: Set<String> = []
        var current: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = current {
            if let address = entry.pointee.ifa_addr {
                let family = Int32(address.pointee.sa_family)
                let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
                if family == AF_INET || family == AF_INET6, let text = numericHost(address, length: socklen_t(length)) {
                    // A link-local address carries its zone (`fe80::1%eth0`), which no Host header has.
                    addresses.insert(String(text.prefix { $0 != "%" }))
                }
            }
            current = entry.pointee.ifa_next
        }
        return addresses
    }

    /// The numeric text of a socket address.
    private static func numericHost(_ address: UnsafeMutablePointer<sockaddr>?, length: socklen_t) -> String? {
        guard let address else { return nil }
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { return nil }
        return String(cString: text)
    }
}
