/// Finds reference definitions (`[label]: destination "title"`), which libcmark consumes without
/// leaving a node: they sit on the body lines that no block of the parsed tree covers.
struct ReferenceDefinitionScanner {
    /// A definition as written.
    struct Definition {
        var label: String
        var labelStart: Int
        var destination: DestinationParser.Destination
        /// The definition's bytes, from its line's start to its end: neither wikilinks nor tags.
        var range: Range<Int>
    }

    let parser: DestinationParser
    let lines: BodyLines
    let bodyEnd: Int

    /// The definitions on the lines `coveredLines` (1-based, body lines) does not mark.
    func definitions(uncoveredBy blockLines: [ClosedRange<Int>]) -> [Definition] {
        let lineCount = lines.starts.count
        var covered = [Bool](repeating: false, count: lineCount + 1)
        for block in blockLines {
            let lower = max(block.lowerBound, 1)
            let upper = min(block.upperBound, lineCount)
            guard lower <= upper else { continue }
            for line in lower...upper { covered[line] = true }
        }
        var found: [Definition] = []
        var line = 1
        while line <= lineCount {
            defer { line += 1 }
            guard !covered[line], let definition = definition(onLine: line) else { continue }
            found.append(definition)
            // A destination on the next line belongs to this definition.
            while line < lineCount, lines.starts[line] < definition.range.upperBound { line += 1 }
        }
        return found
    }

    private func lineEnd(_ line: Int) -> Int {
        var end = line < lines.starts.count ? lines.starts[line] : bodyEnd
        let bytes = parser.bytes
        while end > lines.starts[line - 1], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    private func definition(onLine line: Int) -> Definition? {
        let bytes = parser.bytes
        let start = lines.starts[line - 1]
        let end = lineEnd(line)
        var index = start
        // Container markers: block quotes, list items, indentation.
        var rounds = 0
        while index < end, rounds < 16 {
            rounds += 1
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") {
                index += 1
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")), index + 1 < end, bytes[index + 1] == 0x20 {
                index += 2
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                var digitEnd = index
                while digitEnd < end, bytes[digitEnd] >= UInt8(ascii: "0"), bytes[digitEnd] <= UInt8(ascii: "9") { digitEnd += 1 }
                guard digitEnd + 1 < end, bytes[digitEnd] == UInt8(ascii: ".") || bytes[digitEnd] == UInt8(ascii: ")"), bytes[digitEnd + 1] == 0x20 else {
                    return nil
                }
                index = digitEnd + 2
            } else {
                break
            }
        }
        guard index < end, bytes[index] == UInt8(ascii: "[") else { return nil }
        let labelStart = index + 1
        var cursor = labelStart
        while cursor < end, bytes[cursor] != UInt8(ascii: "]") {
            if bytes[cursor] == UInt8(ascii: "[") { return nil }
            cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard cursor + 1 < end, bytes[cursor] == UInt8(ascii: "]"), bytes[cursor + 1] == UInt8(ascii: ":") else { return nil }
        let label = parser.text(labelStart..<cursor)
        guard !DestinationParser.normalizedLabel(label).isEmpty else { return nil }
        let limit = lineEnd(min(line + 1, lines.starts.count))
        let destinationStart = parser.skipWhitespace(from: cursor + 2, limit: max(limit, end))
        guard var destination = parser.destination(at: destinationStart, limit: max(limit, end), allowEmpty: false) else { return nil }
        let destinationLine = lines.lineIndex(of: destination.range.lowerBound) + 1
        let destinationLineEnd = lineEnd(destinationLine)
        var after = destination.range.upperBound
        while after < destinationLineEnd, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        if after < destinationLineEnd {
            // A title on the same line, then nothing else.
            guard after > destination.range.upperBound, let titleEnd = parser.title(at: after, limit: destinationLineEnd) else { return nil }
            after = titleEnd
            while after < destinationLineEnd, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
            guard after == destinationLineEnd else { return nil }
        }
        destination.end = destinationLineEnd
        return Definition(label: label, labelStart: labelStart - 1, destination: destination, range: start..<destinationLineEnd)
    }
}
