import Foundation
import NoteVault
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes JSON-RPC messages to a file descriptor, framed as the protocol says: LSP puts a
/// `Content-Length` header before each body, MCP's stdio transport ends each with a newline.
///
/// A write to a client that has gone (EPIPE) is dropped, and the server notices the end of its
/// input next. Writes from several threads (a server's answers and its change notifications) take
/// turns, so two messages never interleave.
public final class MessageWriter: Sendable {
    /// How messages are delimited on the stream.
    public enum Framing: Sendable {
        /// `Content-Length: N\r\n\r\n` and N bytes (LSP's base protocol).
        case contentLength
        /// One message per line, no newline inside (MCP's stdio transport): JSON escapes every
        /// newline in a string, and the encoder never pretty-prints.
        case newline
    }

    private let descriptor: Int32
    private let framing: Framing
    /// What the types being encoded find in the encoder's `userInfo`, asked for at each message
    /// (the library's ``NoteJSONContext``: time zone and now).
    private let userInfo: @Sendable () -> [CodingUserInfoKey: Any]
    /// Held while one message is written.
    private let turn = Mutex<Void>(())

    public init(descriptor: Int32, framing: Framing = .contentLength, userInfo: @escaping @Sendable () -> [CodingUserInfoKey: Any] = { [:] }) {
        self.descriptor = descriptor
        self.framing = framing
        self.userInfo = userInfo
        signal(SIGPIPE, SIG_IGN)
    }

    private struct Response: Encodable {
        var jsonrpc = "2.0"
        var id: JSONValue
        var result: Reply?
        var error: ResponseError?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(jsonrpc, forKey: .jsonrpc)
            try container.encode(id, forKey: .id)
            if let error { try container.encode(error, forKey: .error) } else { try container.encode(result ?? .null, forKey: .result) }
        }

        enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }
    }

    private struct Notification: Encodable {
        var jsonrpc = "2.0"
        var method: String
        var params: Reply
    }

    /// A response with a result.
    public func respond(id: JSONValue, result: Reply) {
        send(Response(id: id, result: result))
    }

    /// A response with an error.
    public func respond(id: JSONValue, error: ResponseError) {
        send(Response(id: id, error: error))
    }

    /// A notification from the server.
    public func notify(_ method: String, _ params: Reply) {
        send(Notification(method: method, params: params))
    }

    /// Writes `message`, encoded once by the library's encoder (``NoteVault/JSONTextEncoder``,
    /// on one line: every newline in a string is escaped), members in the order the types
    /// encode them, so an answer reads as the command line's `--json` does.
    private func send(_ message: some Encodable) {
        guard let body = try? JSONTextEncoder(userInfo: userInfo(), pretty: false).bytes(of: message) else { return }
        var bytes: [UInt8]
        switch framing {
        case .contentLength:
            bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
            bytes.append(contentsOf: body)
        case .newline:
            bytes = Array(body)
            bytes.append(0x0A)
        }
        turn.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
