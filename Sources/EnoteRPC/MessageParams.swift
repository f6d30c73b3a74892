import Foundation
import NoteVault

/// The params of one message, kept as the bytes that carried them, so a method decodes them
/// once, straight into the type it takes (no detour through ``JSONValue``).
///
/// Params that are absent or `null` read as an empty object: a type whose members are all
/// optional decodes from them, one that needs a member is refused as invalid params.
public struct MessageParams: Sendable {
    /// The whole message body (lone surrogates already replaced), which holds the params.
    private let body: Data
    /// Whether the message had params other than `null`.
    public let isPresent: Bool
    /// The method whose params they are, named in the invalid-params error.
    public let method: String

    init(body: Data, isPresent: Bool, method: String) {
        self.body = body
        self.isPresent = isPresent
        self.method = method
    }

    /// Absent params of `method` (a server's own calls, tests).
    public static func none(of method: String) -> MessageParams {
        MessageParams(body: emptyObject, isPresent: false, method: method)
    }

    /// Params of `method` from the JSON text of a whole message (`{"params": …}`), for tests
    /// and tools.
    public static func message(_ body: Data, method: String) -> MessageParams {
        MessageParams(body: LoneSurrogates.replaced(in: body), isPresent: true, method: method)
    }

    private static let emptyObject = Data(#"{}"#.utf8)

    /// The params decoded as `P`, or the protocol's invalid-params error, naming the method.
    public func decoded<P: Decodable>(as type: P.Type) throws(ResponseError) -> P {
        try decoded(as: type, for: method)
    }

    /// The params decoded as `P`, or the protocol's invalid-params error, naming `method`.
    public func decoded<P: Decodable>(as type: P.Type, for method: String) throws(ResponseError) -> P {
        guard let value = decodedIfValid(as: type) else { throw .invalidParams(of: method) }
        return value
    }

    /// The params decoded as `P`, or `nil` when they do not have that shape (for notifications,
    /// which have no one to tell).
    public func decodedIfValid<P: Decodable>(as type: P.Type) -> P? {
        let decoder = JSONDecoder()
        guard isPresent else { return try? decoder.decode(P.self, from: Self.emptyObject) }
        guard let envelope = try? decoder.decode(Envelope<P>.self, from: body) else { return nil }
        if let params = envelope.params { return params }
        return try? decoder.decode(P.self, from: Self.emptyObject)
    }

    /// A message seen only for its `params` member.
    private struct Envelope<P: Decodable>: Decodable {
        var params: P?
    }
}
