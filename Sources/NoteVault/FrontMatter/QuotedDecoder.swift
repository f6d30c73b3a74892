import Foundation

/// Decodes the inside of a single- or double-quoted scalar, one line segment at a time.
struct QuotedDecoder {
    let quote: UInt8
    private(set) var text = ""
    private var pendingBreaks = 0
    private var buffer: [UInt8] = []

    init(quote: UInt8) { self.quote = quote }

    /// Consumes bytes up to the closing quote; returns its offset, or `nil` if the segment ends
    /// first.
    mutating func consume(_ bytes: [UInt8], from begin: Int, to end: Int, lineIndex: Int?) throws -> Int? {
        var index = begin
        while index < end {
            let byte = bytes[index]
            if byte == quote {
                if quote == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == quote {
                    buffer.append(quote)
                    index += 2
                    continue
                }
                flush()
                return index
            }
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                guard index + 1 < end else {
                    index += 1
                    continue
                }
                let (decoded, length) = try Self.escape(bytes, at: index, end: end, lineIndex: lineIndex)
                buffer.append(contentsOf: decoded)
                index += length
                continue
            }
            buffer.append(byte)
            index += 1
        }
        // Trailing spaces before a line break are not part of a folded quoted scalar.
        while let last = buffer.last, isSpaceOrTab(last) { buffer.removeLast() }
        return nil
    }

    /// A line break inside the quotes: folded to a space, or kept for blank lines.
    mutating func lineBreak(blank: Bool) {
        if blank {
            pendingBreaks += 1
            return
        }
        if pendingBreaks > 0 {
            buffer.append(contentsOf: Array(repeating: UInt8(ascii: "\n"), count: pendingBreaks))
            pendingBreaks = 0
        } else {
            buffer.append(UInt8(ascii: " "))
        }
    }

    private mutating func flush() {
        text = String(decoding: buffer, as: UTF8.self)
    }

    /// Decodes one `\` escape of a double-quoted scalar; returns its bytes and length.
    static func escape(_ bytes: [UInt8], at index: Int, end: Int, lineIndex: Int?) throws -> ([UInt8], Int) {
        let code = bytes[index + 1]
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "0"): 0, UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9,
            UInt8(ascii: "\t"): 9, UInt8(ascii: "n"): 10, UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12,
            UInt8(ascii: "r"): 13, UInt8(ascii: "e"): 27, UInt8(ascii: " "): 32, UInt8(ascii: "\""): 34,
            UInt8(ascii: "/"): 47, UInt8(ascii: "\\"): 92,
        ]
        if let byte = simple[code] { return ([byte], 2) }
        let width: Int
        switch code {
        case UInt8(ascii: "x"): width = 2
        case UInt8(ascii: "u"): width = 4
        case UInt8(ascii: "U"): width = 8
        case UInt8(ascii: "N"): return (Array("\u{85}".utf8), 2)
        case UInt8(ascii: "_"): return (Array("\u{A0}".utf8), 2)
        case UInt8(ascii: "L"): return (Array("\u{2028}".utf8), 2)
        case UInt8(ascii: "P"): return (Array("\u{2029}".utf8), 2)
        default:
            throw ScalarReader.Failure(
                message: "\\\(Character(UnicodeScalar(code))) is not a YAML escape; write \\\\ for a backslash", offset: index, lineIndex: lineIndex)
        }
        guard index + 2 + width <= end,
            let value = UInt32(String(decoding: bytes[(index + 2)..<(index + 2 + width)], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        else {
            throw ScalarReader.Failure(message: "\\\(Character(UnicodeScalar(code))) needs \(width) hexadecimal digits", offset: index, lineIndex: lineIndex)
        }
        return (Array(String(Character(scalar)).utf8), 2 + width)
    }
}
