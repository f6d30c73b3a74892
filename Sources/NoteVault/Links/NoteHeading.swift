import Markdown

/// A heading of a note, as libcmark parses the body (none inside code), for `#heading` links,
/// outlines and the language server's symbols.
public struct NoteHeading: Sendable, Equatable {
    /// 1 to 6.
    public var level: Int
    /// The 1-based line in the file (front matter lines counted).
    public var line: Int
    /// The heading's text as written, without its `#` marks.
    public var text: String

    /// The headings of a whole file whose body starts at `bodyStart`, in order.
    public static func headings(in bytes: [UInt8], bodyStart: Int) -> [NoteHeading] {
        let start = min(max(0, bodyStart), bytes.count)
        var linesBefore = 0
        var index = 0
        while index < start {
            if bytes[index] == 0x0A {
                linesBefore += 1
            } else if bytes[index] == 0x0D {
                if index + 1 < start, bytes[index + 1] == 0x0A { index += 1 }
                linesBefore += 1
            }
            index += 1
        }
        let map = bytes.withUnsafeBytes { MarkdownSyntaxMap(parsingUTF8: UnsafeRawBufferPointer(rebasing: $0[start...])) }
        return map.headings.map { NoteHeading(level: $0.level, line: linesBefore + $0.line, text: $0.text) }
    }

    /// A heading as a link's `#anchor` names it: case and the spaces, dashes or underscores
    /// between words ignored (`#Next steps`, `#next-steps`).
    public static func anchor(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).joined(separator: " ")
    }

    /// The heading a link's `#heading` part lands on, the one rule for go-to-definition, a
    /// heading's rename and the web page: the heading whose page `id` (``ids(for:)``) is the
    /// part's ``fragment(_:)``, so the editor and the browser land on the same heading. A part
    /// written as the text (`#What's new?`), in any case, or as the page's slug (`#whats-new`)
    /// finds it; of two headings with one slug, links lead to the first (the later ones' ids
    /// take a number), and `#next-steps-1` to the second. A part with no slug (`#???`) lands on
    /// the first heading of the same ``anchor(_:)``, which has no id on a page. Nil when none.
    public static func target(of heading: String, in headings: [NoteHeading]) -> NoteHeading? {
        let wanted = fragment(heading)
        guard !wanted.isEmpty else {
            let written = anchor(heading)
            return headings.first { slug($0.text).isEmpty && anchor($0.text) == written }
        }
        let pageIDs = ids(for: headings.map(\.text))
        return zip(headings, pageIDs).first { $0.1 == wanted }?.0
    }

    /// The `#fragment` of a page's URL for a link's `#heading` part: its ``slug(_:)``, which is
    /// the `id` of the heading ``target(of:in:)`` finds (empty when the part has no slug).
    public static func fragment(_ heading: String) -> String {
        slug(heading)
    }

    /// The heading's `id` on a page, and the `#fragment` that lands on it: its ``anchor(_:)``
    /// in Unicode's composed form, with every character that is not a letter, a mark, a digit
    /// or a space dropped, and the words joined by `-` (`Next steps`, `next_steps` and
    /// `Next *steps*!` all give `next-steps`).
    public static func slug(_ text: String) -> String {
        let kept = anchor(text.precomposedStringWithCanonicalMapping).unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                return true
            default:
                return scalar.properties.isAlphabetic
            }
        }
        return String(String.UnicodeScalarView(kept)).split(separator: " ").joined(separator: "-")
    }

    /// The `id` of each heading of a page whose headings are `texts`, in order: each heading's
    /// ``slug(_:)``, the first heading with a slug keeping it as it is, so that a link to
    /// `#next-steps` lands on the first "Next steps"; a later one gets the first `-1`, `-2`, …
    /// that no other heading has, and one without a slug gets none (empty).
    public static func ids(for texts: [String]) -> [String] {
        let slugs = texts.map(slug)
        var taken = Set(slugs)
        var used = Set<String>()
        return slugs.map { slug in
            guard !slug.isEmpty else { return "" }
            if used.insert(slug).inserted { return slug }
            var number = 1
            while taken.contains("\(slug)-\(number)") { number += 1 }
            let id = "\(slug)-\(number)"
            taken.insert(id)
            used.insert(id)
            return id
        }
    }
}
