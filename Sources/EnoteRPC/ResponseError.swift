/// The error codes the servers answer with: JSON-RPC 2.0's own, LSP 3.17's and the Model Context
/// Protocol's (its range -32020 to -32099 is the specification's).
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    /// LSP: a request before `initialize`.
    case serverNotInitialized = -32002
    case requestCancelled = -32800
    case requestFailed = -32803
    /// MCP 2026-07-28: the request's `_meta` lacks a capability the method needs.
    case missingRequiredClientCapability = -32021
    /// MCP 2026-07-28: the request names a protocol version the server does not speak.
    case unsupportedProtocolVersion = -32022
}

/// The `error` member of a response.
public struct ResponseError: Encodable, Sendable, Error {
    public var code: Int
    public var message: String
    /// More about the error, as the method defines it (MCP's supported versions, say): a typed
    /// value the server declares, written through the same encoder as every answer.
    public var data: (any Encodable & Sendable)?

    public init(_ code: ErrorCode, _ message: String, data: (any Encodable & Sendable)? = nil) {
        self.code = code.rawValue
        self.message = message
        self.data = data
    }

    private enum CodingKeys: String, CodingKey { case code, message, data }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        if let data { try container.encode(data, forKey: .data) }
    }
}
