import Foundation
import Markdown

/// The title and one-line description a list shows for a note, derived as a note app would:
/// the front matter `title` if present, else the first line of text, else the file name.
///
/// Markdown is removed through libcmark: `# Grocery *list*` gives `Grocery list`. The
/// description is the text that follows the title, on one line, cut at a word boundary near
/// ``descriptionLength`` characters.
///
/// For example:
///
/// ```swift
/// let headline = NoteHeadline(frontMatterTitle: nil, body: MarkdownSummary(parsing: "# Groceries\n\nPotatoes\nEggs"),
///                             fileName: "groceries.md", isEmptyFile: false)
/// headline.title         // "Groceries"
/// headline.description   // "Potatoes Eggs"
/// ```
public struct NoteHeadline: Sendable, Equatable {
    /// The title shown for the note; never empty.
    public var title: String
    /// The text after the title on one line; may be empty.
    public var description: String

    /// About how many characters a description keeps.
    public static let descriptionLength = 160

    /// The longest title taken from the first line of text (a long first paragraph is cut at a
    /// word).
    public static let titleLength = 100

    /// The title of a note whose file is empty.
    public static let untitled = "Untitled"

    /// Derives the headline.
    /// - Parameters:
    ///   - frontMatterTitle: The `title` key, if any.
    ///   - body: The body's plain text, from libcmark.
    ///   - fileName: The note's file name, used when there is no text at all.
    ///   - isEmptyFile: Whether the file holds nothing but whitespace (its title is `Untitled`).
    package init(frontMatterTitle: String?, body: MarkdownSummary, fileName: String, isEmptyFile: Bool) {
        var lines = CollapsedLines(body.plainText)
        if let frontMatterTitle {
            title = frontMatterTitle
            var rest: [String] = []
            if let first = lines.next(), first.lowercased() != frontMatterTitle.lowercased() {
                rest.append(first)
            }
            description = Self.describe(&lines, startingWith: rest)
        } else if let first = lines.next() {
            title = Self.truncate(first, to: Self.titleLength)
            description = Self.describe(&lines, startingWith: [])
        } else {
            title = isEmptyFile ? Self.untitled : Self.stem(of: fileName)
            description = ""
        }
    }

    /// Joins lines until the description is long enough, then cuts it at a word boundary.
    private static func describe(_ lines: inout CollapsedLines, startingWith start: [String]) -> String {
        var text = start.joined(separator: " ")
        // Unicode scalars, not Characters: an upper bound that is cheap to count.
        var count = text.unicodeScalars.count
        while count <= descriptionLength, let line = lines.next() {
            if !text.isEmpty {
                text += " "
                count += 1
            }
            text += line
            count += line.unicodeScalars.count
        }
        return truncate(text, to: descriptionLength)
    }

    /// `text` cut to at most `limit` characters, at the last space when there is one in the
    /// second half, followed by an ellipsis.
    static func truncate(_ text: String, to limit: Int) -> String {
        // Walks at most `limit` characters, however long the text.
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else {
            return text
        }
        var cut = String(text[..<end])
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        while let last = cut.last, last == " " || last == "," || last == ";" || last == ":" { cut.removeLast() }
        return cut + "…"
    }

    static func collapseWhitespace(_ line: String) -> String {
        CollapsedLines.collapse(Substring(line))
    }

    static func stem(of fileName: String) -> String {
        NotePath.droppingMarkdownExtension(fileName.split(separator: "/").last.map(String.init) ?? fileName)
    }
}

/// The non-blank lines of plain text, each with runs of whitespace collapsed to one space and
/// trimmed, produced one at a time. Work is bounded: only the first ``byteLimit`` bytes of a
/// line are kept, since a headline never shows more, so a note's length does not matter.
struct CollapsedLines: IteratorProtocol {
    private let text: [UInt8]
    private var position = 0
    /// The most bytes kept of one line.
    static let byteLimit = 1024

    init(_ text: String) {
        // The body's first few kilobytes hold every line a headline can use.
        var text = text
        self.text = text.withUTF8 { Array($0.prefix(64 * 1024)) }
    }

    mutating func next() -> String? {
        while position < text.count {
            let line: String = text.withUnsafeBufferPointer { bytes in
                var end = position
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let collapsed = Self.collapse(UnsafeBufferPointer(rebasing: bytes[position..<end]))
                position = end + 1
                return collapsed
            }
            if !line.isEmpty { return line }
        }
        return nil
    }

    /// `line` with whitespace runs collapsed and trimmed, cut to ``byteLimit`` bytes.
    static func collapse(_ line: Substring) -> String {
        var line = line
        return line.withUTF8 { collapse($0) }
    }

    static func collapse(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(min(bytes.count, byteLimit))
        var pendingSpace = false
        var index = 0
        while index < bytes.count, output.count < byteLimit {
            let byte = bytes[index]
            let spaceLength = whitespaceLength(bytes, at: index)
            if spaceLength > 0 {
                pendingSpace = !output.isEmpty
                index += spaceLength
                continue
            }
            if pendingSpace {
                output.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            output.append(byte)
            index += 1
        }
        // Never end in the middle of a character.
        while let last = output.last, last & 0xC0 == 0x80 || last >= 0xC0, output.count >= byteLimit {
            let lead = output.lastIndex { $0 & 0xC0 != 0x80 } ?? 0
            let expected = output[lead] >= 0xF0 ? 4 : output[lead] >= 0xE0 ? 3 : output[lead] >= 0xC0 ? 2 : 1
            if output.count - lead == expected { break }
            output.removeSubrange(lead...)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The byte length of the whitespace character at `index`, or 0.
    @inline(__always)
    private static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return 1 }
        if byte < 0xC2 { return 0 }
        func next(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        switch byte {
        case 0xC2: return next(1) == 0x85 || next(1) == 0xA0 ? 2 : 0
        case 0xE1: return next(1) == 0x9A && next(2) == 0x80 ? 3 : 0
        case 0xE2:
            if next(1) == 0x80, (0x80...0x8A).contains(next(2)) || next(2) == 0xA8 || next(2) == 0xA9 || next(2) == 0xAF { return 3 }
            return next(1) == 0x81 && next(2) == 0x9F ? 3 : 0
        case 0xE3: return next(1) == 0x80 && next(2) == 0x80 ? 3 : 0
        default: return 0
        }
    }
}
