import Foundation
import NoteVault

extension NoteJSON {
    /// A listed or found note as a JSON object, with the same fields as ``object(_:timeZone:now:detailed:)``
    /// plus `snippet` (matches marked `<mark>…</mark>`, the rest HTML-escaped) and `score`
    /// (bm25; lower is better) for search results.
    public static func object(_ note: IndexedNote, timeZone: TimeZone, now: Date) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("path", .string(note.path.description)),
            ("title", .string(note.title)),
            ("description", .string(note.description)),
            ("color", .string(note.color.description)),
            ("color_rgb", .string(note.color.rgb.description)),
            ("destroy", .optional(note.destroy.map { NoteDate.stamp($0, in: timeZone) })),
            ("pending_expiry", .bool(note.isPendingExpiry(at: now))),
            ("updated", .string(NoteDate.stamp(note.updated, in: timeZone))),
            ("created", .string(NoteDate.stamp(note.created, in: timeZone))),
            ("tags", .array(note.tags.map(JSONValue.string))),
            ("images", .array(note.images.map(JSONValue.string))),
            ("order", .optional(note.order)),
        ]
        if let snippet = note.snippet {
            members.append(("snippet", .string(Snippet.html(snippet))))
        }
        if let score = note.score {
            members.append(("score", .number((score * 1000).rounded() / 1000)))
            members.append(("title_match", .bool(note.titleMatches)))
        }
        return .object(members)
    }
}

/// Snippets from the index mark matches with `\u{2}` … `\u{3}`; this shows them.
enum Snippet {
    /// Bold on a terminal with colour, `[match]`-free plain text otherwise; control characters
    /// escaped either way.
    static func terminal(_ snippet: String, bold: Bool) -> String {
        var flattened = ""
        flattened.unicodeScalars.append(contentsOf: snippet.unicodeScalars.lazy.map { $0 == "\n" ? " " : $0 })
        var out = ""
        for part in SafeText.escapedKeepingMarks(flattened) {
            switch part {
            case .text(let text): out += text
            case .open: out += bold ? "\u{1B}[1m" : ""
            case .close: out += bold ? "\u{1B}[22m" : ""
            }
        }
        return out
    }

    /// An HTML fragment: the text escaped, matches in `<mark>`.
    static func html(_ snippet: String) -> String {
        var out = ""
        for scalar in snippet.unicodeScalars {
            switch scalar {
            case "\u{2}": out += "<mark>"
            case "\u{3}": out += "</mark>"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension SafeText {
    enum Part {
        case text(String)
        case open
        case close
    }

    /// Splits a marked snippet into escaped text and match marks.
    static func escapedKeepingMarks(_ text: String) -> [Part] {
        var parts: [Part] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar == "\u{2}" || scalar == "\u{3}" {
                if !current.isEmpty { parts.append(.text(escaped(current))) }
                current = ""
                parts.append(scalar == "\u{2}" ? .open : .close)
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { parts.append(.text(escaped(current))) }
        return parts
    }
}
