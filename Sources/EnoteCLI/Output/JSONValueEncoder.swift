import Foundation

/// Encodes an `Encodable` value into a ``JSONValue``, keeping object members in the order they
/// were encoded (Foundation's `JSONEncoder` does not promise an order), so that the printed JSON
/// is stable.
struct JSONValueEncoder {
    /// Passed to the value's `encode(to:)`.
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func encode(_ value: some Encodable) throws -> JSONValue {
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, userInfo: userInfo, codingPath: []))
        return node.value
    }

    /// A value being encoded: a scalar, or the members or elements written so far. Finished
    /// values are stored as they are; only nested containers get a node of their own, recorded in
    /// `nested` by position and filled in when the value is read, so an object without nested
    /// containers becomes a ``JSONValue`` without copying its members.
    private final class Node {
        enum Kind { case scalar, object, array }
        var kind = Kind.scalar
        var scalar = JSONValue.null
        var members: [(String, JSONValue)] = []
        var items: [JSONValue] = []
        /// Nested containers: the position of their placeholder in `members` or `items`.
        var nested: [(Int, Node)] = []

        var value: JSONValue {
            switch kind {
            case .scalar:
                return scalar
            case .object:
                guard !nested.isEmpty else { return .object(members) }
                var members = members
                for (position, node) in nested { members[position].1 = node.value }
                return .object(members)
            case .array:
                guard !nested.isEmpty else { return .array(items) }
                var items = items
                for (position, node) in nested { items[position] = node.value }
                return .array(items)
            }
        }

        /// A new node for a nested value under `key` (an object member) or at the end (an element).
        func child(_ key: String?) -> Node {
            let child = Node()
            if let key {
                nested.append((members.count, child))
                members.append((key, .null))
            } else {
                nested.append((items.count, child))
                items.append(.null)
            }
            return child
        }

        /// Adds a finished value under `key`, or at the end.
        func add(_ value: JSONValue, _ key: String?) {
            if let key { members.append((key, value)) } else { items.append(value) }
        }

        /// Adds `value` without a node when it is one of the common plain types; false otherwise.
        func addPlain<T: Encodable>(_ value: T, _ key: String?) -> Bool {
            // Exact types only (a cast may bridge one number type to another); each type is
            // checked first, so the bit casts below reinterpret a value as its own type.
            if T.self == String.self {
                add(.string(unsafeBitCast(value, to: String.self)), key)
            } else if T.self == Bool.self {
                add(.bool(unsafeBitCast(value, to: Bool.self)), key)
            } else if T.self == Double.self {
                add(.number(unsafeBitCast(value, to: Double.self)), key)
            } else if T.self == Int.self {
                add(.number(Double(unsafeBitCast(value, to: Int.self))), key)
            } else if T.self == String?.self {
                add(unsafeBitCast(value, to: String?.self).map(JSONValue.string) ?? .null, key)
            } else if T.self == [String].self {
                add(.array(unsafeBitCast(value, to: [String].self).map(JSONValue.string)), key)
            } else {
                return false
            }
            return true
        }
    }

    private struct NodeEncoder: Encoder {
        let node: Node
        let userInfo: [CodingUserInfoKey: Any]
        let codingPath: [any CodingKey]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.kind != .object {
                node.kind = .object
                // A note has 12 to 15 members: one allocation instead of growing four times.
                node.members.reserveCapacity(16)
            }
            return KeyedEncodingContainer(Keyed(encoder: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            node.kind = .array
            return Unkeyed(encoder: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

        /// Adds `value` as a member (`key`) or an element (`nil`) of this node.
        func add(_ value: some Encodable, key: (any CodingKey)?) throws {
            if node.addPlain(value, key?.stringValue) { return }
            let child = node.child(key?.stringValue)
            let path = key.map { codingPath + [$0] } ?? codingPath
            try value.encode(to: NodeEncoder(node: child, userInfo: userInfo, codingPath: path))
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) throws { encoder.node.add(.null, key.stringValue) }
        mutating func encode(_ value: String, forKey key: Key) throws { encoder.node.add(.string(value), key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.node.add(.bool(value), key.stringValue) }
        mutating func encode(_ value: Double, forKey key: Key) throws { encoder.node.add(.number(value), key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) throws { encoder.node.add(.number(Double(value)), key.stringValue) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.add(value, key: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: encoder.node.child(key.stringValue), userInfo: encoder.userInfo, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: encoder.node.child(key.stringValue), userInfo: encoder.userInfo, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int { encoder.node.items.count }

        mutating func encodeNil() throws { encoder.node.add(.null, nil) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try encoder.add(value, key: nil)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: encoder.node.child(nil), userInfo: encoder.userInfo, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: encoder.node.child(nil), userInfo: encoder.userInfo, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
    }

    /// Scalars become JSON scalars; anything else encodes itself into the same node.
    private struct Single: SingleValueEncodingContainer {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.node.scalar = (.null) }
        mutating func encode(_ value: Bool) throws { encoder.node.scalar = (.bool(value)) }
        mutating func encode(_ value: String) throws { encoder.node.scalar = (.string(value)) }
        mutating func encode(_ value: Double) throws { encoder.node.scalar = (.number(value)) }
        mutating func encode(_ value: Float) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: Int) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: Int8) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: Int16) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: Int32) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: Int64) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: UInt) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: UInt8) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: UInt16) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: UInt32) throws { encoder.node.scalar = (.number(Double(value))) }
        mutating func encode(_ value: UInt64) throws { encoder.node.scalar = (.number(Double(value))) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: encoder)
        }
    }
}
