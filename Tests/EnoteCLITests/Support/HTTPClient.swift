import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client over a socket, so a test controls every header (`Host`, `Origin`,
/// cookies) and sees the answer exactly as the server sent it.
struct HTTPClient {
    /// One answer.
    struct Answer: CustomStringConvertible {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: String
        /// The body as bytes (an answer that is not chunked).
        var bytes: [UInt8] = []

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var description: String { "\(status)\n\(headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))\n\n\(body.prefix(2000))" }
    }

    let port: Int
    /// `name=value` sent as `Cookie`.
    var cookie: String?
    /// The session's CSRF token, read from a page.
    var csrfToken: String?

    init(port: Int) { self.port = port }

    /// Sends a request and reads the whole answer (`Connection: close`).
    /// - Parameters:
    ///   - host: The `Host` header; by default `127.0.0.1:PORT`.
    ///   - headers: More headers (`Origin`, `Content-Type`).
    func send(_ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], body: String = "") throws -> Answer {
        try send(method, path, host: host, headers: headers, bodyBytes: Array(body.utf8))
    }

    /// Sends a request with a body of bytes; `declaredLength` puts another `Content-Length` in the
    /// headers than the body has (a client announcing a larger upload).
    func send(
        _ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], bodyBytes: [UInt8], declaredLength: Int? = nil
    ) throws -> Answer {
        let descriptor = try connectSocket()
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A server that stops reading a body it refused must not hold the test in send() forever.
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if method != "GET" { request += "Content-Length: \(declaredLength ?? bodyBytes.count)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8) + bodyBytes
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a server that closed early gives EPIPE, not a SIGPIPE that ends the tests.
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer and close before reading a refused body: read its answer.
            guard count > 0 else { break }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return Self.parse(received)
    }

    /// Opens a streaming answer (Server-Sent Events): once `ready` is in what arrived, runs
    /// `action`, then reads until `until` holds for everything received, or `timeout` passes.
    /// - Returns: Everything received.
    func stream(_ path: String, ready: String, timeout: Double = 15, action: () throws -> Void, until: (String) -> Bool) throws -> String {
        let descriptor = try connectSocket()
        defer { close(descriptor) }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        request += "\r\n"
        _ = Array(request.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var shortWait = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &shortWait, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var acted = false
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { break }
            if count > 0 { received += buffer[..<count] }
            let text = String(decoding: received, as: UTF8.self)
            if !acted, text.contains(ready) {
                acted = true
                try action()
            } else if acted, until(text) {
                break
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// A socket connected to the server.
    private func connectSocket() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }

    /// A form POST with the session's CSRF token added (unless `csrf` is `false`).
    func post(_ path: String, form: [(String, String)], csrf: Bool = true, headers: [String: String] = [:]) throws -> Answer {
        var fields = form
        if csrf, let csrfToken { fields.append(("csrf", csrfToken)) }
        let body = fields.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
        return try send("POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"].merging(headers) { $1 }, body: body)
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func parse(_ bytes: [UInt8]) -> Answer {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return Answer(status: 0, headers: [], body: text) }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = String(text[split.upperBound...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased() == "chunked" }) {
            body = dechunk(body)
        }
        var answer = Answer(status: status, headers: headers, body: body)
        if let end = Self.headerEnd(bytes) { answer.bytes = Array(bytes[end...]) }
        return answer
    }

    /// The offset just past the blank line that ends the headers.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 0x0D && bytes[index + 1] == 0x0A && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A {
            return index + 4
        }
        return nil
    }

    /// The body of a chunked answer (sizes in hexadecimal, byte counts in UTF-8).
    static func dechunk(_ text: String) -> String {
        var bytes = Array(text.utf8)[...]
        var out: [UInt8] = []
        while let lineEnd = bytes.firstIndex(of: 0x0D), let size = Int(String(decoding: bytes[..<lineEnd], as: UTF8.self), radix: 16), size > 0 {
            let start = lineEnd + 2
            guard start + size <= bytes.endIndex else { break }
            out += bytes[start..<(start + size)]
            bytes = bytes[(start + size + 2)...]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
