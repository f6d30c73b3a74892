import Foundation

/// Finds the end of a flow collection (`[…]` or `{…}`), collecting a flat list's items.
///
/// Items are decoded as YAML reads them: quoted items are unquoted and their escapes decoded; a
/// quote inside a plain item (`it's`, `a"b`) is an ordinary character; line breaks fold to spaces.
struct FlowScanner {
    let bytes: [UInt8]
    private var depth = 0
    /// The open quote of a quoted scalar being read, at any depth.
    private var quote: UInt8?
    /// Whether the next non-space byte starts a new node (after `[`, `{`, `,` or a `:` indicator).
    private var atNodeStart = false
    /// The decoded bytes of the current top-level item.
    private var current: [UInt8] = []
    private var itemQuoted = false
    private var blankLines = 0
    private var segments = 0
    private var collected: [String] = []
    private var flat = true
    private var isSequence = true

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The items of a flat list of scalars, or `nil` for nested or map-like content.
    var items: [String]? { flat && isSequence ? collected : nil }

    /// Scans one segment; returns the offset of the closing bracket when found.
    mutating func scan(from begin: Int, to end: Int, lineIndex: Int?) throws -> Int? {
        var index = begin
        segments += 1
        if segments > 1 {
            // A line break inside the collection: fold it as YAML does.
            while index < end, isSpaceOrTab(bytes[index]) { index += 1 }
            if index == end {
                blankLines += 1
                return nil
            }
            if depth == 1, quote != nil || (!itemQuoted && !current.isEmpty) {
                while let last = current.last, isSpaceOrTab(last) { current.removeLast() }
                current += blankLines > 0 ? Array(repeating: UInt8(ascii: "\n"), count: blankLines) : [UInt8(ascii: " ")]
            }
            blankLines = 0
        }
        while index < end {
            let byte = bytes[index]
            if let open = quote {
                if byte == open {
                    if open == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == open {
                        if depth == 1 { current.append(open) }
                        index += 2
                        continue
                    }
                    quote = nil
                } else if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), index + 1 < end {
                    let (decoded, length) = try QuotedDecoder.escape(bytes, at: index, end: end, lineIndex: lineIndex)
                    if depth == 1 { current += decoded }
                    index += length
                    continue
                } else if depth == 1 {
                    current.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if depth == 1, !itemQuoted, !current.isEmpty { current.append(byte) }
            case UInt8(ascii: "\"") where atNodeStart, UInt8(ascii: "'") where atNodeStart:
                quote = byte
                atNodeStart = false
                if depth == 1 { itemQuoted = true }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                atNodeStart = true
                if depth == 1 { isSequence = byte == UInt8(ascii: "[") } else { flat = false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                atNodeStart = false
                if depth == 0 {
                    finishItem(final: true)
                    return index
                }
            case UInt8(ascii: ","):
                atNodeStart = true
                if depth == 1 { finishItem(final: false) }
            case UInt8(ascii: "#") where index == begin || isSpaceOrTab(bytes[index - 1]):
                return nil
            case UInt8(ascii: ":") where index + 1 >= end || isSpaceOrTab(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: ","):
                flat = false
                atNodeStart = true
            default:
                atNodeStart = false
                if depth == 1 {
                    // Text after a closing quote (`"a" b`) is not a scalar enote reads: keep it raw.
                    if itemQuoted { flat = false }
                    current.append(byte)
                }
            }
            index += 1
        }
        return nil
    }

    private mutating func finishItem(final: Bool) {
        defer {
            current = []
            itemQuoted = false
        }
        if itemQuoted {
            collected.append(String(decoding: current, as: UTF8.self))
            return
        }
        while let last = current.last, isSpaceOrTab(last) { current.removeLast() }
        if current.isEmpty, final { return }
        collected.append(String(decoding: current, as: UTF8.self))
    }
}
