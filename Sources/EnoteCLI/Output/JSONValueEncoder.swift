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

    /// A value being encoded: a scalar, or the members or elements written so far.
    private final class Node {
        enum Content {
            case scalar(JSONValue)
            case object([(String, Node)])
            case array([Node])
        }
        var content = Content.scalar(.null)

        var value: JSONValue {
            switch content {
            case .scalar(let value): value
            case .object(let members): .object(members.map { ($0.0, $0.1.value) })
            case .array(let items): .array(items.map(\.value))
            }
        }

        func member(_ key: String) -> Node {
            let child = Node()
            if case .object(var members) = content {
                members.append((key, child))
                content = .object(members)
            } else {
                content = .object([(key, child)])
            }
            return child
        }

        func element() -> Node {
            let child = Node()
            if case .array(var items) = content {
                items.append(child)
                content = .array(items)
            } else {
                content = .array([child])
            }
            return child
        }
    }

    private struct NodeEncoder: Encoder {
        let node: Node
        let userInfo: [CodingUserInfoKey: Any]
        let codingPath: [any CodingKey]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.content {} else { node.content = .object([]) }
            return KeyedEncodingContainer(Keyed(encoder: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.content {} else { node.content = .array([]) }
            return Unkeyed(encoder: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

        func encode(_ value: some Encodable, into child: Node, key: (any CodingKey)?) throws {
            let path = key.map { codingPath + [$0] } ?? codingPath
            var single = Single(encoder: NodeEncoder(node: child, userInfo: userInfo, codingPath: path))
            try single.encode(value)
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) throws { encoder.node.member(key.stringValue).content = .scalar(.null) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.encode(value, into: encoder.node.member(key.stringValue), key: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: encoder.node.member(key.stringValue), userInfo: encoder.userInfo, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: encoder.node.member(key.stringValue), userInfo: encoder.userInfo, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int {
            if case .array(let items) = encoder.node.content { return items.count }
            return 0
        }

        mutating func encodeNil() throws { encoder.node.element().content = .scalar(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try encoder.encode(value, into: encoder.node.element(), key: nil)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: encoder.node.element(), userInfo: encoder.userInfo, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: encoder.node.element(), userInfo: encoder.userInfo, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
    }

    /// Scalars become JSON scalars; anything else encodes itself into the same node.
    private struct Single: SingleValueEncodingContainer {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.node.content = .scalar(.null) }
        mutating func encode(_ value: Bool) throws { encoder.node.content = .scalar(.bool(value)) }
        mutating func encode(_ value: String) throws { encoder.node.content = .scalar(.string(value)) }
        mutating func encode(_ value: Double) throws { encoder.node.content = .scalar(.number(value)) }
        mutating func encode(_ value: Float) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: Int) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: Int8) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: Int16) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: Int32) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: Int64) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: UInt) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: UInt8) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: UInt16) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: UInt32) throws { encoder.node.content = .scalar(.number(Double(value))) }
        mutating func encode(_ value: UInt64) throws { encoder.node.content = .scalar(.number(Double(value))) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            switch value {
            case let value as String: try encode(value)
            case let value as Bool: try encode(value)
            case let value as Double: try encode(value)
            case let value as Int: try encode(value)
            case let value as Int64: try encode(value)
            default: try value.encode(to: encoder)
            }
        }
    }
}
