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
    public init(frontMatterTitle: String?, body: MarkdownSummary, fileName: String, isEmptyFile: Bool) {
        var lines = body.lines.lazy
            .map { Self.collapseWhitespace($0) }
            .filter { !$0.isEmpty }
            .makeIterator()
        if let frontMatterTitle {
            title = frontMatterTitle
            var rest: [String] = []
            if let first = lines.next(), first.caseInsensitiveCompare(frontMatterTitle) != .orderedSame {
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
    private static func describe(_ lines: inout some IteratorProtocol<String>, startingWith start: [String]) -> String {
        var text = start.joined(separator: " ")
        while text.count <= descriptionLength, let line = lines.next() {
            text += text.isEmpty ? line : " " + line
        }
        return truncate(text, to: descriptionLength)
    }

    /// `text` cut to at most `limit` characters, at the last space when there is one in the
    /// second half, followed by an ellipsis.
    static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        while let last = cut.last, last == " " || last == "," || last == ";" || last == ":" { cut.removeLast() }
        return cut + "…"
    }

    static func collapseWhitespace(_ line: String) -> String {
        line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func stem(of fileName: String) -> String {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if name.lowercased().hasSuffix(".md"), name.count > 3 { return String(name.dropLast(3)) }
        return name
    }
}
