/// Percent-encoding of link paths (`My%20Note.md`), decoded for resolution and re-applied when a
/// rename writes a path in the form the link used.
enum PercentCoding {
    /// Decodes `%XX` sequences; text that would not decode to UTF-8 is kept as written.
    static func decode(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(validating: output, as: UTF8.self) ?? String(text)
    }

    /// Encodes what a Markdown destination cannot hold as is: spaces, controls, `%`, `<`, `>`,
    /// parentheses, `#`, `?`, and (when `nonASCII` is set) every byte above ASCII.
    static func encode(_ text: String, nonASCII: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        let digits = Array("0123456789ABCDEF".utf8)
        var plain: [UInt8] = []
        for byte in text.utf8 {
            let needs =
                byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
                || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "\\")
                || (nonASCII && byte >= 0x80)
            if needs {
                plain.append(UInt8(ascii: "%"))
                plain.append(digits[Int(byte >> 4)])
                plain.append(digits[Int(byte & 0x0F)])
            } else {
                plain.append(byte)
            }
        }
        output = String(decoding: plain, as: UTF8.self)
        return output
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
