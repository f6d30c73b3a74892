import Foundation
import NoteVault

extension NoteJSON {
    /// Listed or found notes as the text of a JSON array of objects: ``IndexedNote``'s JSON form
    /// (the same fields as ``object(_:timeZone:now:updated:detailed:)``, plus `snippet`, `score`
    /// and `title_match` for search results), pretty-printed as ``JSONValue/rendered(pretty:)``
    /// prints. Written straight to text as the notes encode: building the array as a
    /// ``JSONValue`` first cost a listing of 100,000 notes a tenth of its time.
    public static func arrayText(_ notes: [IndexedNote], timeZone: TimeZone, now: Date) -> String {
        let encoder = JSONTextEncoder(userInfo: context(timeZone: timeZone, now: now))
        return encoded { try encoder.renderEach(notes) }
    }

    /// A listed or found note as a JSON object: one element of ``arrayText(_:timeZone:now:)``.
    public static func object(_ note: IndexedNote, timeZone: TimeZone, now: Date) -> JSONValue {
        let encoder = JSONValueEncoder(userInfo: context(timeZone: timeZone, now: now))
        return encoded { try encoder.encode(note) }
    }

    /// The `userInfo` that holds the notes' ``NoteJSONContext``.
    private static func context(timeZone: TimeZone, now: Date) -> [CodingUserInfoKey: Any] {
        [NoteJSONContext.key: NoteJSONContext(timeZone: timeZone, now: now)]
    }

    private static func encoded<Result>(_ body: () throws -> Result) -> Result {
        do {
            return try body()
        } catch {
            // Only a missing context throws, and it is passed above.
            preconditionFailure("\(error)")
        }
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
        IndexedNote.htmlSnippet(snippet)
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
