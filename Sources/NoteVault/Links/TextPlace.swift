/// A place in a note file: byte offset, 1-based line, and 1-based column counted both in UTF-8
/// bytes and in UTF-16 code units (what the Language Server Protocol counts by default).
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as in CommonMark. A byte order mark is not counted
/// in the first line's columns.
public struct TextPlace: Sendable, Hashable {
    /// Byte offset in the file.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column in UTF-8 bytes.
    public var column: Int
    /// 1-based column in UTF-16 code units.
    public var utf16Column: Int

    public init(offset: Int, line: Int, column: Int, utf16Column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
        self.utf16Column = utf16Column
    }
}

/// The line starts of a note's body in file offsets, turning byte offsets into ``TextPlace``s.
struct BodyLines {
    /// File offset of each body line's start.
    let starts: [Int]
    /// How many lines come before the body (the front matter's).
    let linesBefore: Int

    /// - Parameters:
    ///   - bodyLineStarts: Line starts relative to the body, as ``MarkdownSyntaxMap`` gives them.
    init(bytes: UnsafeBufferPointer<UInt8>, bodyStart: Int, bodyLineStarts: [Int]) {
        starts = bodyLineStarts.map { $0 + bodyStart }
        var count = 0
        var index = 0
        while index < bodyStart {
            if bytes[index] == 0x0A {
                count += 1
            } else if bytes[index] == 0x0D {
                if index + 1 < bodyStart, bytes[index + 1] == 0x0A { index += 1 }
                count += 1
            }
            index += 1
        }
        linesBefore = count
    }

    /// The index into ``starts`` of the line holding `offset`.
    func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// File offset of the start of the line after the one holding `offset` (or `end`).
    func nextLineStart(after offset: Int, end: Int) -> Int {
        let index = lineIndex(of: offset)
        return index + 1 < starts.count ? starts[index + 1] : end
    }

    func place(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPlace {
        let index = lineIndex(of: offset)
        let start = starts[index]
        var utf16 = 1
        var cursor = start
        while cursor < offset {
            let byte = bytes[cursor]
            if byte & 0xC0 != 0x80 { utf16 += byte >= 0xF0 ? 2 : 1 }
            cursor += 1
        }
        return TextPlace(offset: offset, line: linesBefore + index + 1, column: offset - start + 1, utf16Column: utf16)
    }
}
