/// Reads CommonMark link syntax directly from a note's bytes: the destination after `](`, a
/// reference label, backslash escapes. libcmark says which links exist; this finds their bytes.
struct DestinationParser {
    let bytes: UnsafeBufferPointer<UInt8>

    /// A destination as written: its bytes (angle brackets included) and the text it stands for.
    struct Destination {
        var range: Range<Int>
        /// The destination without angle brackets and with backslash escapes resolved.
        var text: String
        /// The offset just past the closing `)` of an inline link (or past the definition).
        var end: Int
    }

    /// Parses `(destination "title")` whose `(` is at `open`, up to `limit`.
    func inlineDestination(openParen open: Int, limit: Int) -> Destination? {
        var index = skipWhitespace(from: open + 1, limit: limit)
        guard let destination = destination(at: index, limit: limit, allowEmpty: true) else { return nil }
        index = skipWhitespace(from: destination.range.upperBound, limit: limit)
        if index < limit, bytes[index] != UInt8(ascii: ")") {
            guard let afterTitle = title(at: index, limit: limit) else { return nil }
            index = skipWhitespace(from: afterTitle, limit: limit)
        }
        guard index < limit, bytes[index] == UInt8(ascii: ")") else { return nil }
        var result = destination
        result.end = index + 1
        return result
    }

    /// A link destination at `start`: `<…>` on one line, or a run without spaces or controls
    /// whose parentheses balance.
    func destination(at start: Int, limit: Int, allowEmpty: Bool) -> Destination? {
        guard start <= limit else { return nil }
        if start < limit, bytes[start] == UInt8(ascii: "<") {
            var index = start + 1
            while index < limit {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), index + 1 < limit, isPunctuation(bytes[index + 1]) {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: ">") {
                    return Destination(range: start..<(index + 1), text: unescaped(start + 1, index), end: index + 1)
                }
                if byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "<") { return nil }
                index += 1
            }
            return nil
        }
        var index = start
        var depth = 0
        while index < limit {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0x7F { break }
            if byte == UInt8(ascii: "\\"), index + 1 < limit, isPunctuation(bytes[index + 1]) {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
            }
            index += 1
        }
        guard depth == 0, allowEmpty || index > start else { return nil }
        return Destination(range: start..<index, text: unescaped(start, index), end: index)
    }

    /// The offset after a link title (`"…"`, `'…'` or `(…)`) starting at `start`.
    func title(at start: Int, limit: Int) -> Int? {
        guard start < limit else { return nil }
        let open = bytes[start]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return nil
        }
        var index = start + 1
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < limit {
                index += 2
                continue
            }
            if byte == close { return index + 1 }
            if open == UInt8(ascii: "("), byte == UInt8(ascii: "(") { return nil }
            index += 1
        }
        return nil
    }

    /// Spaces, tabs and at most one line ending (with the `>` of a block quote after it).
    func skipWhitespace(from start: Int, limit: Int) -> Int {
        var index = start
        var sawLineEnd = false
        while index < limit {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 {
                index += 1
            } else if (byte == 0x0A || byte == 0x0D) && !sawLineEnd {
                sawLineEnd = true
                index += 1
                if byte == 0x0D, index < limit, bytes[index] == 0x0A { index += 1 }
                while index < limit, bytes[index] == 0x20 || bytes[index] == UInt8(ascii: ">") { index += 1 }
            } else {
                break
            }
        }
        return index
    }

    /// The text of `start..<end` with backslash escapes of ASCII punctuation resolved.
    func unescaped(_ start: Int, _ end: Int) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < end, isPunctuation(bytes[index + 1]) { index += 1 }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether the byte at `offset` is preceded by an odd number of backslashes.
    func isEscaped(_ offset: Int, floor: Int) -> Bool {
        var count = 0
        var index = offset - 1
        while index >= floor, bytes[index] == UInt8(ascii: "\\") {
            count += 1
            index -= 1
        }
        return count % 2 == 1
    }

    func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// A reference label for matching: trimmed, inner whitespace collapsed, lowercased.
    static func normalizedLabel(_ label: String) -> String {
        label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ").lowercased()
    }
}
