import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A message from the client, as far as JSON-RPC 2.0 defines it: a request (method and id), a
/// notification (method only) or a response to one of the server's requests (id only).
public struct IncomingMessage: Sendable {
    public var jsonrpc: String?
    public var id: JSONValue?
    public var method: String?
    /// The params, decoded by the method that takes them (``MessageParams/decoded(as:for:)``).
    public var params: MessageParams

    /// Whether the client expects an answer.
    public var isRequest: Bool { method != nil && id != nil }

    /// Reads one message body. Text that is not JSON (or not UTF-8) is a parse error; JSON that
    /// is not one message object (an array, a batch, a bare value, a method that is not a
    /// string) is an invalid request, as JSON-RPC 2.0 says. Lone UTF-16 surrogates in strings
    /// read as U+FFFD (``LoneSurrogates``). A message of too many values, or nested too deep,
    /// is refused before it is parsed (``MessageShape``).
    public static func parse(_ body: Data) -> Result<IncomingMessage, ResponseError> {
        switch MessageShape.excess(of: body) {
        case .values?:
            return .failure(
                ResponseError(
                    .invalidRequest,
                    Localization.text("the message holds more than \(MessageShape.maximumValues) JSON values, more than any request needs; nothing in it was run")))
        case .depth?:
            return .failure(
                ResponseError(
                    .invalidRequest, Localization.text("the message nests arrays and objects more than \(MessageShape.maximumDepth) deep; nothing in it was run")))
        case nil:
            break
        }
        let text = LoneSurrogates.replaced(in: body)
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: text) else {
            return .failure(ResponseError(.parseError, Localization.text("the message is not JSON-RPC: not valid JSON, or not UTF-8")))
        }
        if let key = DuplicateKeys.first(in: text) {
            return .failure(
                ResponseError(
                    .invalidRequest,
                    Localization.text(
                        "the message has the key \"\(String(key.prefix(80)))\" twice in one object; readers disagree on which one counts, so the message is refused"
                    )))
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
        let params = MessageParams(body: text, isPresent: present(members["params"]) != nil, method: method ?? "")
        // An id that is null is still an id: the message is a request (JSON-RPC 2.0 answers it,
        // with a null id), not a notification. Only a response's null id means "none".
        let id = method == nil ? present(members["id"]) : members["id"]
        return .success(IncomingMessage(jsonrpc: members["jsonrpc"]?.string, id: id, method: method, params: params))
    }
}

extension IncomingMessage {
    /// What is wrong with the message's shape beyond parsing, as JSON-RPC 2.0 says: neither a
    /// method nor an id, or an id that is not a number or a string. `nil` for a well-formed
    /// request, notification or response.
    public var shapeProblem: ResponseError? {
        if method == nil, id == nil {
            return ResponseError(.invalidRequest, Localization.text("the message has neither a method nor an id"))
        }
        if let id {
            // A null id is JSON-RPC 2.0's, but neither LSP nor MCP allows it (it cannot tell
            // answers apart): the request is answered with this error, under a null id.
            switch id {
            case .int, .string, .double: break
            default: return ResponseError(.invalidRequest, Localization.text("the id must be a number or a string"))
            }
        }
        return nil
    }
}
