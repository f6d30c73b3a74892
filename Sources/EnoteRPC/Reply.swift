import Foundation

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
