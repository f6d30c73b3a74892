import Markdown

/// Finds the conflict markers a git merge leaves in a file, for `enote doctor`, the language
/// server's diagnostics and `enote sync`.
///
/// A marker is a line of `<<<<<<<` or `>>>>>>>` (any length from 7), alone or followed by a space
/// and a label. A `=======` line alone is not counted: it is also Markdown's underline of a heading.
/// Lines in the body's code or raw HTML are the note's own text (a note about git shows markers
/// in a fenced block), skipped by the rule the link scanner uses: libcmark's
/// ``MarkdownSyntaxMap/literalRanges``. Front matter is never code.
package enum ConflictMarkers {
    /// The message shown for a file that has markers.
    package static let message: LocalizedMessage =
        "conflict markers from a git merge; keep the lines you want, delete the <<<<<<<, ======= and >>>>>>> lines, then commit the note"

    /// One line that looks like a marker.
    package struct Marker: Sendable, Equatable {
        /// The 1-based line.
        package var line: Int
        /// The line's bytes, without its line ending.
        package var text: [UInt8]
        /// Whether the line is in the body's code or raw HTML.
        package var inCode: Bool
    }

    /// The 1-based lines that are markers outside code, in order.
    package static func lines(in bytes: [UInt8]) -> [Int] {
        markers(in: bytes).filter { !$0.inCode }.map(\.line)
    }

    /// Every line that looks like a marker, in order, each saying whether it is in code.
    package static func markers(in bytes: [UInt8]) -> [Marker] {
        var found: [(marker: Marker, start: Int)] = []
        var line = 1
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            if isMarker(bytes[start..<contentEnd]) {
                found.append((Marker(line: line, text: Array(bytes[start..<contentEnd]), inCode: false), start))
            }
            start = end + 1
            line += 1
        }
        guard !found.isEmpty else { return [] }
        let bodyStart = Self.bodyStart(of: bytes)
        let literal = bytes.withUnsafeBufferPointer { buffer in
            MarkdownSyntaxMap(parsingUTF8: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[bodyStart...])).literalRanges
        }
        return found.map { candidate in
            var marker = candidate.marker
            let offset = candidate.start - bodyStart
            marker.inCode = offset >= 0 && literal.contains { $0.contains(offset) }
            return marker
        }
    }

    /// Where the body starts: after the front matter (parsed or not), else after a BOM.
    private static func bodyStart(of bytes: [UInt8]) -> Int {
        switch FrontMatterParser.read(bytes, file: "").0 {
        case .parsed(let frontMatter): return min(frontMatter.end, bytes.count)
        case .unreadable(_, let end): return min(end, bytes.count)
        case .absent: return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }
    }

    private static func isMarker(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first, first == UInt8(ascii: "<") || first == UInt8(ascii: ">") else { return false }
        let run = text.prefix { $0 == first }.count
        guard run >= 7 else { return false }
        // `<<<<<<< ours` / `>>>>>>> theirs`: a space or nothing after the run.
        return run == text.count || text[text.startIndex + run] == UInt8(ascii: " ")
    }
}
