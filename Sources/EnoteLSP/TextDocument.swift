/// How the client counts columns: UTF-16 code units (the protocol's default) or UTF-8 bytes
/// (when the client offers `general.positionEncodings: ["utf-8"]`).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// An open document's text as UTF-8 bytes with its line starts, converting between LSP
/// positions and byte offsets.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as the protocol says. A position past the end of
/// its line means the line's end, and a line past the last one means the end of the document
/// (the protocol's rule), so no position a client sends can fall outside the text or inside a
/// UTF-8 sequence.
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int?
    public private(set) var bytes: [UInt8]
    /// Byte offset of each line's start; the first is 0.
    public private(set) var lineStarts: [Int] = [0]

    public init(uri: String, version: Int?, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        computeLines()
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Applies one change of `didChange`: a range replaced, or the whole text when `range` is nil.
    public mutating func apply(_ range: LSP.Range?, text: String, version: Int?, encoding: PositionEncoding) {
        if let range {
            let start = offset(of: range.start, encoding: encoding)
            let end = max(start, offset(of: range.end, encoding: encoding))
            bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        } else {
            bytes = Array(text.utf8)
        }
        self.version = version ?? self.version
        computeLines()
    }

    private mutating func computeLines() {
        var starts = [0]
        var index = 0
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        lineStarts = starts
    }

    /// The end of line `line`'s content (before its line break).
    public func lineContentEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The byte offset of `position`, clamped to the text.
    public func offset(of position: LSP.Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineContentEnd(position.line)
        var cursor = start
        var counted = 0
        let wanted = max(0, position.character)
        while cursor < end {
            let byte = bytes[cursor]
            let length = Self.sequenceLength(byte)
            let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            if counted + width > wanted { break }
            counted += width
            cursor = min(end, cursor + length)
        }
        return cursor
    }

    /// The position of the byte offset `offset` (clamped to the text).
    public func position(of offset: Int, encoding: PositionEncoding) -> LSP.Position {
        let target = min(max(0, offset), bytes.count)
        let line = lineIndex(of: target)
        var cursor = lineStarts[line]
        var character = 0
        while cursor < target {
            let length = Self.sequenceLength(bytes[cursor])
            character += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            cursor += length
        }
        if cursor > target { character -= encoding == .utf8 ? cursor - target : 0 }
        return LSP.Position(line: line, character: character)
    }

    /// The range of the byte span `span`.
    public func range(of span: Range<Int>, encoding: PositionEncoding) -> LSP.Range {
        LSP.Range(start: position(of: span.lowerBound, encoding: encoding), end: position(of: span.upperBound, encoding: encoding))
    }

    /// The 0-based line holding byte `offset`.
    public func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The bytes of line `line` without its line break.
    public func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 0, line < lineStarts.count else { return [] }
        return bytes[lineStarts[line]..<lineContentEnd(line)]
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
