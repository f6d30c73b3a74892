/// Small text helpers for the indexing hot path, where Foundation's `trimmingCharacters` (which
/// goes through `NSString` on Linux) and `Character` iteration cost more than the work itself.
extension StringProtocol {
    /// The text without leading and trailing whitespace (Unicode's definition); the common case
    /// of nothing to trim returns at once.
    func trimmedWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return String(self) }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<end])
        return result
    }
}

enum FastUTF8 {
    /// The offset of the first byte that breaks UTF-8 (or is NUL when `rejectingNUL`), or `nil`.
    /// ASCII is checked eight bytes at a time.
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, rejectingNUL: Bool) -> (offset: Int, isNUL: Bool)? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // Fast path: eight ASCII bytes without NUL.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let highBits = word & 0x8080_8080_8080_8080
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if highBits == 0 && (!rejectingNUL || hasZero == 0) {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte < 0x80 {
                if byte == 0 && rejectingNUL { return (index, true) }
                index += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(byte & 0x07)
            default: return (index, false)
            }
            guard index + length <= count else { return (index, false) }
            for offset in 1..<length {
                let next = base[index + offset]
                guard next & 0xC0 == 0x80 else { return (index, false) }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return (index, false) }
            index += length
        }
        return nil
    }
}
