import Foundation

/// Encodes an `Encodable` value straight into JSON text (through ``JSONTextWriter``), members in
/// the order the value encodes them, without building a tree of values in between: the one JSON
/// encoder of every front end, and how a listing of 100,000 notes is printed. A value's
/// `encode(to:)` finds what it needs besides itself (``NoteJSONContext``) in ``userInfo``.
///
/// It writes as the value encodes, so a container is finished when its owner writes its next
/// member or returns; a value that goes back to write into a container it already left (no
/// `Encodable` of this package does) stops the program rather than print misplaced JSON.
package struct JSONTextEncoder {
    /// Passed to the value's `encode(to:)`.
    package var userInfo: [CodingUserInfoKey: Any] = [:]
    /// Indented with two spaces (what the command line prints), or on one line.
    package var pretty = true

    package init(userInfo: [CodingUserInfoKey: Any] = [:], pretty: Bool = true) {
        self.userInfo = userInfo
        self.pretty = pretty
    }

    /// The JSON text of `value`.
    package func render(_ value: some Encodable) throws -> String {
        String(decoding: try bytes(of: value), as: UTF8.self)
    }

    /// The JSON text of `value`, as UTF-8 bytes (what a server writes to its client).
    package func bytes(of value: some Encodable) throws -> [UInt8] {
        let sink = Sink(pretty: pretty)
        try sink.encode(value, userInfo: userInfo, codingPath: [])
        return sink.writer.bytes
    }

    /// The JSON text of an array of `values`, each encoded on its own with this encoder's
    /// `userInfo`.
    package func renderEach(_ values: some Sequence<some Encodable>) throws -> String {
        let sink = Sink(pretty: pretty)
        sink.writer.beginArray()
        for value in values {
            sink.writer.nextItem()
            try sink.encode(value, userInfo: userInfo, codingPath: [])
        }
        sink.writer.end(object: false)
        return sink.writer.output
    }

    /// An open object or array.
    private final class Container {
        let isObject: Bool
        var count = 0
        var isClosed = false

        init(isObject: Bool) {
            self.isObject = isObject
        }
    }

    /// What one value wrote: nothing yet, a scalar, or its container.
    private final class Slot {
        var container: Container?
        var wroteScalar = false
    }

    /// The text being written and the containers open in it, innermost last.
    private final class Sink {
        var writer: JSONTextWriter
        var open: [Container] = []

        init(pretty: Bool) {
            writer = JSONTextWriter(pretty: pretty)
        }

        /// Writes `value` where the writer stands (after a member's name, or as an element).
        func encode(_ value: some Encodable, userInfo: [CodingUserInfoKey: Any], codingPath: [any CodingKey]) throws {
            let slot = Slot()
            let depth = open.count
            try value.encode(to: TextEncoder(sink: self, slot: slot, userInfo: userInfo, codingPath: codingPath))
            if slot.container != nil {
                while open.count > depth { close() }
            } else if !slot.wroteScalar {
                writer.null()
            }
        }

        /// Opens a container for `slot`, or hands back the one it opened.
        func container(for slot: Slot, isObject: Bool) -> Container {
            if let container = slot.container {
                precondition(container.isObject == isObject, "JSONTextEncoder: a value asked for an object and an array")
                return container
            }
            precondition(!slot.wroteScalar, "JSONTextEncoder: a value wrote a scalar and a container")
            return begin(isObject: isObject, slot: slot)
        }

        func begin(isObject: Bool, slot: Slot?) -> Container {
            let container = Container(isObject: isObject)
            if isObject { writer.beginObject() } else { writer.beginArray() }
            open.append(container)
            slot?.container = container
            return container
        }

        /// Finishes every container opened inside `container`, which must still be open, so
        /// that the next member or element goes into it.
        func enter(_ container: Container) {
            precondition(!container.isClosed, "JSONTextEncoder: a value wrote into a container it had left")
            while open.last !== container { close() }
            container.count += 1
        }

        func close() {
            let container = open.removeLast()
            container.isClosed = true
            writer.end(object: container.isObject)
        }

        /// Writes `value` without an encoder when it is one of the common plain types (exact types
        /// only: a cast may bridge one number type to another; each type is checked first, so the
        /// bit casts reinterpret a value as its own type); false otherwise.
        func writePlain<T: Encodable>(_ value: T) -> Bool {
            if T.self == String.self {
                writer.string(unsafeBitCast(value, to: String.self))
            } else if T.self == Bool.self {
                writer.bool(unsafeBitCast(value, to: Bool.self))
            } else if T.self == Double.self {
                writer.number(unsafeBitCast(value, to: Double.self))
            } else if T.self == Int.self {
                writer.integer(unsafeBitCast(value, to: Int.self))
            } else if T.self == String?.self {
                if let text = unsafeBitCast(value, to: String?.self) { writer.string(text) } else { writer.null() }
            } else if T.self == [String].self {
                writer.beginArray()
                for text in unsafeBitCast(value, to: [String].self) {
                    writer.nextItem()
                    writer.string(text)
                }
                writer.end(object: false)
            } else {
                return false
            }
            return true
        }
    }

    private struct TextEncoder: Encoder {
        let sink: Sink
        let slot: Slot
        let userInfo: [CodingUserInfoKey: Any]
        let codingPath: [any CodingKey]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed(sink: sink, container: sink.container(for: slot, isObject: true), userInfo: userInfo, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(sink: sink, container: sink.container(for: slot, isObject: false), userInfo: userInfo, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        let container: Container
        let userInfo: [CodingUserInfoKey: Any]
        let codingPath: [any CodingKey]

        /// Starts the member `key`.
        private func member(_ key: Key) {
            sink.enter(container)
            sink.writer.key(key.stringValue)
        }

        mutating func encodeNil(forKey key: Key) throws {
            member(key)
            sink.writer.null()
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            member(key)
            sink.writer.string(value)
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            member(key)
            sink.writer.bool(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            member(key)
            sink.writer.number(value)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            member(key)
            sink.writer.integer(value)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            member(key)
            if sink.writePlain(value) { return }
            try sink.encode(value, userInfo: userInfo, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            member(key)
            let nested = sink.begin(isObject: true, slot: nil)
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, container: nested, userInfo: userInfo, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            member(key)
            return Unkeyed(sink: sink, container: sink.begin(isObject: false, slot: nil), userInfo: userInfo, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }

        /// This container's own encoder, handed out for `superEncoder`: the superclass writes its
        /// members into the same object.
        private var encoder: any Encoder {
            let slot = Slot()
            slot.container = container
            return TextEncoder(sink: sink, slot: slot, userInfo: userInfo, codingPath: codingPath)
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        let container: Container
        let userInfo: [CodingUserInfoKey: Any]
        let codingPath: [any CodingKey]
        var count: Int { container.count }

        private func element() {
            sink.enter(container)
            sink.writer.nextItem()
        }

        mutating func encodeNil() throws {
            element()
            sink.writer.null()
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            element()
            if sink.writePlain(value) { return }
            try sink.encode(value, userInfo: userInfo, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            element()
            let nested = sink.begin(isObject: true, slot: nil)
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, container: nested, userInfo: userInfo, codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            element()
            return Unkeyed(sink: sink, container: sink.begin(isObject: false, slot: nil), userInfo: userInfo, codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder {
            let slot = Slot()
            slot.container = container
            return TextEncoder(sink: sink, slot: slot, userInfo: userInfo, codingPath: codingPath)
        }
    }

    /// Scalars become JSON scalars; anything else encodes itself in the same place.
    private struct Single: SingleValueEncodingContainer {
        let encoder: TextEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        /// Marks the value written; a second scalar would print invalid JSON.
        private func scalar() {
            precondition(!encoder.slot.wroteScalar && encoder.slot.container == nil, "JSONTextEncoder: a value wrote twice")
            encoder.slot.wroteScalar = true
        }

        mutating func encodeNil() throws { scalar(); encoder.sink.writer.null() }
        mutating func encode(_ value: Bool) throws { scalar(); encoder.sink.writer.bool(value) }
        mutating func encode(_ value: String) throws { scalar(); encoder.sink.writer.string(value) }
        mutating func encode(_ value: Double) throws { scalar(); encoder.sink.writer.number(value) }
        mutating func encode(_ value: Float) throws { scalar(); encoder.sink.writer.number(Double(value)) }
        mutating func encode(_ value: Int) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: Int8) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: Int16) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: Int32) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: Int64) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: UInt) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: UInt8) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: UInt16) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: UInt32) throws { scalar(); encoder.sink.writer.integer(value) }
        mutating func encode(_ value: UInt64) throws { scalar(); encoder.sink.writer.integer(value) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: encoder)
        }
    }
}
