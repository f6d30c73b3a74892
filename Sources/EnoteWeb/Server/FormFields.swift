import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query string, in order.
package struct FormFields: Sendable, Equatable {
    package var pairs: [(name: String, value: String)] = []

    package init() {}

    /// Decodes `name=value&…` (`+` is a space, `%XX` a byte); a field that is not valid UTF-8
    /// after decoding is kept with U+FFFD in place of the bad bytes.
    package init(encoded: String) {
        for part in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(pieces[0])
            let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
            pairs.append((name, value))
        }
    }

    /// The first value of `name`.
    package subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`.
    package func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(0x20)
            case UInt8(ascii: "%"):
                let high = iterator.next()
                let low = iterator.next()
                if let high, let low, let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                    bytes.append(value)
                } else {
                    bytes.append(byte)
                    if let high { bytes.append(high) }
                    if let low { bytes.append(low) }
                }
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}
