import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A message from the client, as far as JSON-RPC 2.0 defines it: a request (method and id), a
/// notification (method only) or a response to one of the server's requests (id only).
public struct IncomingMessage: Decodable, Sendable {
    public var jsonrpc: String?
    public var id: JSONValue?
    public var method: String?
    public var params: JSONValue?

    /// Whether the client expects an answer.
    public var isRequest: Bool { method != nil && id != nil }

    /// Reads one message body. Text that is not JSON (or not UTF-8) is a parse error; JSON that
    /// is not one message object (an array, a batch, a bare value, a method that is not a
    /// string) is an invalid request, as JSON-RPC 2.0 says. Lone UTF-16 surrogates in strings
    /// read as U+FFFD (``LoneSurrogates``).
    public static func parse(_ body: Data) -> Result<IncomingMessage, ResponseError> {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: LoneSurrogates.replaced(in: body)) else {
            return .failure(ResponseError(.parseError, Localization.text("the message is not JSON-RPC: not valid JSON, or not UTF-8")))
        }
        guard case .object(let members) = value else {
            return .failure(
                ResponseError(
                    .invalidRequest,
                    Localization.text("the message is not a JSON object (a batch, or a bare value); send one request or notification at a time")))
        }
        var method: String?
        switch members["method"] {
        case nil, .null?: method = nil
        case .string(let name)?: method = name
        default: return .failure(ResponseError(.invalidRequest, Localization.text("the method must be a string")))
        }
        func present(_ value: JSONValue?) -> JSONValue? {
            if case .null? = value { return nil }
            return value
        }
        return .success(IncomingMessage(jsonrpc: members["jsonrpc"]?.string, id: present(members["id"]), method: method, params: present(members["params"])))
    }
}

/// A result or parameters ready to be written: any Encodable value, encoded once, straight to
/// the output (no detour through ``JSONValue``).
public struct Reply: Encodable, Sendable {
    private let value: any Encodable & Sendable

    public init(_ value: some Encodable & Sendable) {
        self.value = value
    }

    /// JSON `null`.
    public static let null = Reply(JSONValue.null)

    public func encode(to encoder: Encoder) throws {
        try value.encode(to: encoder)
    }
}

/// The error codes of JSON-RPC 2.0 and LSP 3.17 the server answers with.
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestCancelled = -32800
    case requestFailed = -32803
}

/// The `error` member of a response.
public struct ResponseError: Encodable, Sendable, Error {
    public var code: Int
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code.rawValue
        self.message = message
    }
}

/// Writes framed JSON-RPC messages to a file descriptor; a write to a client that has gone
/// (EPIPE) is dropped, and the server notices the end of its input next.
public final class MessageWriter {
    private let descriptor: Int32
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    public init(descriptor: Int32) {
        self.descriptor = descriptor
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

    private func send(_ message: some Encodable) {
        guard let body = try? encoder.encode(message) else { return }
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body)
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
