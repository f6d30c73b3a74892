import Foundation

/// JSON text whose lone UTF-16 surrogates are written as U+FFFD.
///
/// JSON escapes characters outside the BMP as a pair (`\ud83d\ude00`); an editor's buffer can
/// still hold half of a pair, and its client then sends `\ud800` alone. Foundation's decoder
/// refuses such a string, and with it the whole message. Each lone `\uD800`–`\uDFFF` escape
/// inside a string becomes `\uFFFD`: the same six bytes, and one UTF-16 unit as before, so the
/// positions the editor counts in UTF-16 still land where it means (in UTF-8 both are three
/// bytes too).
package enum LoneSurrogates {
    /// `body` with every lone surrogate escape replaced; `body` itself when it has none.
    package static func replaced(in body: Data) -> Data {
        guard body.contains(UInt8(ascii: "\\")) else { return body }
        let bytes = [UInt8](body)
        var output: [UInt8]?
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            guard inString else {
                if byte == UInt8(ascii: "\"") { inString = true }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = unit(in: bytes, at: index + 2) else {
                index += 2  // another escape: `\"`, `\\`, `\n`, …
                continue
            }
            if (0xD800...0xDBFF).contains(unit), index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                bytes[index + 7] == UInt8(ascii: "u"), let low = self.unit(in: bytes, at: index + 8), (0xDC00...0xDFFF).contains(low)
            {
                index += 12  // a whole pair
                continue
            }
            if (0xD800...0xDFFF).contains(unit) {
                if output == nil { output = bytes }
                output?.replaceSubrange((index + 2)..<(index + 6), with: Array("FFFD".utf8))
            }
            index += 6
        }
        return output.map { Data($0) } ?? body
    }

    /// The four hexadecimal digits at `start` as a number, or nil.
    private static func unit(in bytes: [UInt8], at start: Int) -> Int? {
        guard start + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + 4)] {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}
