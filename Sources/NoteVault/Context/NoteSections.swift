import Foundation

/// A note's body cut at its headings, for citing a passage by where it stands: each section is
/// the text under one ATX heading (`#` to `######`, outside fenced code) up to the next heading,
/// with the trail of headings above it (`History › Empire`). Text before the first heading is a
/// section with no trail. Setext headings (a line underlined with `===`) are read as text.
struct NoteSections {
    /// The text under one heading.
    struct Section: Sendable, Equatable {
        /// The headings it stands under, outermost first; empty before the first heading.
        var trail: [String]
        /// Its text, after its heading line, in the note's bytes.
        var range: Range<Int>
        /// Its heading line, in the note's bytes; `nil` before the first heading.
        var heading: Range<Int>? = nil
    }

    /// The sections in order; together they cover the body but for the heading lines.
    let sections: [Section]

    /// Cuts `bytes[bodyStart...]`.
    init(bytes: [UInt8], bodyStart: Int) {
        var sections: [Section] = []
        var trail: [(level: Int, text: String)] = []
        var start = bodyStart
        var headingLine: Range<Int>?
        var fence: (byte: UInt8, count: Int)?
        var lineStart = bodyStart
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[lineStart..<lineEnd]
            let next = min(lineEnd + 1, bytes.count)
            if let marker = Self.fenceMarker(line) {
                if let open = fence {
                    if marker.byte == open.byte, marker.count >= open.count { fence = nil }
                } else {
                    fence = marker
                }
            } else if fence == nil, let heading = Self.heading(line) {
                if lineStart > start || !sections.isEmpty || !trail.isEmpty {
                    sections.append(Section(trail: trail.map(\.text), range: start..<lineStart, heading: headingLine))
                }
                trail.removeAll { $0.level >= heading.level }
                trail.append(heading)
                headingLine = lineStart..<lineEnd
                start = next
            }
            lineStart = next
        }
        sections.append(Section(trail: trail.map(\.text), range: start..<max(start, bytes.count), heading: headingLine))
        self.sections = sections.filter { !$0.range.isEmpty || !$0.trail.isEmpty }
    }

    /// The level and text of an ATX heading line, or `nil`.
    static func heading(_ line: ArraySlice<UInt8>) -> (level: Int, text: String)? {
        var index = line.startIndex
        var spaces = 0
        while index < line.endIndex, line[index] == UInt8(ascii: " "), spaces < 3 {
            index += 1
            spaces += 1
        }
        var level = 0
        while index < line.endIndex, line[index] == UInt8(ascii: "#") {
            level += 1
            index += 1
        }
        guard (1...6).contains(level), index == line.endIndex || line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") else {
            return nil
        }
        var text = String(decoding: line[index...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A closing sequence of `#`, after a space, is not part of the heading.
        if let closing = text.lastIndex(where: { $0 != "#" }), closing < text.index(before: text.endIndex), text[closing] == " " {
            text = String(text[..<closing]).trimmingCharacters(in: .whitespaces)
        } else if text.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        return (level, text)
    }

    /// The fence character and length of a line that opens or closes fenced code, or `nil`.
    static func fenceMarker(_ line: ArraySlice<UInt8>) -> (byte: UInt8, count: Int)? {
        let text = line.drop { $0 == UInt8(ascii: " ") }
        guard line.count - text.count <= 3, let first = text.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        let count = text.prefix { $0 == first }.count
        return count >= 3 ? (first, count) : nil
    }
}
