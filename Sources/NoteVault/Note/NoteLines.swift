/// A note's bytes as lines, counted as editors count them (`\n` ends a line, a `\r` before it
/// belongs to it): where each 1-based line starts, for a heading's section and a range of lines.
public struct NoteLines: Sendable {
    /// The byte offset where each line starts; line `n` starts at `starts[n - 1]`.
    public let starts: [Int]
    /// The length of the text.
    public let byteCount: Int

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A && offset + 1 < bytes.count {
            starts.append(offset + 1)
        }
        self.starts = bytes.isEmpty ? [] : starts
        self.byteCount = bytes.count
    }

    /// How many lines the text has (a last line without `\n` counts).
    public var count: Int { starts.count }

    /// The bytes of lines `first` through `last` (1-based, inclusive, clamped to the text),
    /// with the last line's line break.
    public func byteRange(first: Int, last: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let first = min(max(first, 1), count)
        let last = min(max(last, first), count)
        let end = last < count ? starts[last] : byteCount
        return starts[first - 1]..<end
    }

    /// The 1-based line holding the byte at `offset`.
    public func line(at offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low, 1)
    }
}

extension NoteHeading {
    /// The lines of `heading`'s section: from its own line to the line before the next heading
    /// of the same or a higher level (a `##` section holds its `###` subsections), or to the
    /// end of a note of `lineCount` lines.
    public static func section(of heading: NoteHeading, in headings: [NoteHeading], lineCount: Int) -> ClosedRange<Int> {
        let next = headings.first { $0.line > heading.line && $0.level <= heading.level }
        let last = max(heading.line, (next?.line ?? lineCount + 1) - 1)
        return heading.line...last
    }
}
