import Foundation
import Markdown

/// A note as the index knows it: everything `list` and `search` show, without reading the file.
///
/// Its fields are read back from the `notes` table through ``NoteColumns``, and its JSON form
/// (``encode(to:)``) is the one every front end prints. A new field is a property here, a line in
/// ``encode(to:)``, its value in ``IndexRecord`` and its column in ``NoteColumns``.
public struct IndexedNote: Sendable {
    public var path: NotePath
    public var title = ""
    public var description = ""
    public var color = NoteColor.default
    /// When the note expires, if its destroy date is valid and unambiguous.
    public var destroy: Date?
    /// Why the destroy key cannot be acted on, if it is present but unusable.
    public var destroyProblem: DestroyProblem?
    public var updated = Date(timeIntervalSince1970: 0)
    public var created = Date(timeIntervalSince1970: 0)
    public var order: String?
    public var tags: [String] = []
    public var images: [String] = []
    /// Link destinations in the body.
    public var links: [String] = []
    /// Problems found in the note, with file and line.
    public var diagnostics: [Diagnostic] = []
    /// Whether part of the note cannot be read (front matter, encoding, size).
    public var hasError = false
    /// For search results: the matching text with matches between `\u{2}` and `\u{3}`.
    public var snippet: String?
    /// For search results found in the text of the note's pictures and PDFs rather than its
    /// own: which file (and page); the snippet is then that page's.
    public var foundIn: AttachmentPlace?
    /// For search results: how well it matches (lower is better, as SQLite's bm25).
    public var score: Double?
    /// For search results: whether the title matches.
    public var titleMatches = false
    /// For search results: the words of the query that matched no note and what was searched
    /// instead (the same for every result of one search).
    public var corrections: [SearchCorrection] = []
    /// For search results: whether the note matches every word of the query (false when no
    /// note did, and the notes with the most of them were found instead).
    public var matchesEveryWord = true
    /// The index's row id (stable while the note keeps its path); 0 for a note not read from
    /// the index.
    public var id: Int64 = 0
    /// The revision of the file as indexed (``NoteRevision``, what a write is checked against);
    /// `nil` for a note not read from the index or one whose file could not be read. Not part of
    /// the JSON form.
    public var revision: NoteRevision?

    /// A destroy key that enote will not act on.
    public enum DestroyProblem: String, Sendable {
        case invalid, ambiguous
    }

    /// A note at `path` with every other field empty, for the fields to be filled in.
    init(path: NotePath) {
        self.path = path
    }

    /// The note as the index would store it, read from the file alone (without the index's
    /// knowledge of edits that did not stamp `updated`, see ``Note/updated(in:)``).
    public init(_ note: Note, timeZone: TimeZone) {
        let record = IndexRecord(path: note.path, status: note.status, content: note.content, hash: ContentHash(value: 0), timeZone: timeZone, racyAfter: 0)
        self = record.note
    }

    /// Whether the destroy date has passed (the note waits for `expire` or the watcher).
    public func isPendingExpiry(at now: Date) -> Bool {
        destroy.map { $0 <= now } ?? false
    }
}

extension IndexedNote: Encodable {
    /// The stable JSON form of a note: `path`, `title`, `description`, `color`, `color_rgb`,
    /// `destroy`, `pending_expiry`, `updated`, `created`, `tags`, `images`, `order`, in this
    /// order, plus `snippet` (matches marked `<mark>…</mark>`, the rest HTML-escaped), `score`
    /// (bm25; lower is better), `title_match` and `corrections` (each `{"typed": "plumbre",
    /// "searched": ["plumber"]}`, empty when the words were searched as typed) and `all_words`
    /// (false when no note matched every word and these match some of them) for search
    /// results, and `found_in` (`{"path": "contract.pdf", "page": 3}`) for a result found in the
    /// text of its pictures and PDFs. Dates are ISO 8601 with
    /// their offset in the context's time zone; a missing value is `null`. The encoder's
    /// `userInfo` must hold a ``NoteJSONContext``.
    public func encode(to encoder: any Encoder) throws {
        let context = try NoteJSONContext(of: encoder, encoding: self)
        let zone = context.timeZone
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(path.description, forKey: "path")
        try json.encode(title, forKey: "title")
        try json.encode(description, forKey: "description")
        try json.encode(color.description, forKey: "color")
        try json.encode(color.rgb.description, forKey: "color_rgb")
        try json.encode(destroy.map { NoteDate.stamp($0, in: zone) }, forKey: "destroy")
        try json.encode(isPendingExpiry(at: context.now), forKey: "pending_expiry")
        try json.encode(NoteDate.stamp(updated, in: zone), forKey: "updated")
        try json.encode(NoteDate.stamp(created, in: zone), forKey: "created")
        try json.encode(tags, forKey: "tags")
        try json.encode(images, forKey: "images")
        try json.encode(order, forKey: "order")
        if let snippet {
            try json.encode(Self.htmlSnippet(snippet), forKey: "snippet")
        }
        if let foundIn {
            try json.encode(foundIn, forKey: "found_in")
        }
        if let score {
            try json.encode((score * 1000).rounded() / 1000, forKey: "score")
            try json.encode(titleMatches, forKey: "title_match")
            try json.encode(corrections, forKey: "corrections")
            try json.encode(matchesEveryWord, forKey: "all_words")
        }
    }

    /// A snippet as an HTML fragment: the text escaped, matches in `<mark>`, lines joined.
    public static func htmlSnippet(_ snippet: String) -> String {
        // The marks and line breaks are ASCII, as is every character HTMLEscaping replaces, so
        // the UTF-8 bytes are read one by one: a search answer writes fifty of these. Element
        // content only: the quotes stay as they are.
        var out: [UInt8] = []
        out.reserveCapacity(snippet.utf8.count + 32)
        for byte in snippet.utf8 {
            switch byte {
            case 0x02: out += "<mark>".utf8
            case 0x03: out += "</mark>".utf8
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: " "))
            default: HTMLEscaping.appendContent(byte, to: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A snippet as plain text with the matches in Markdown's `**`, lines joined: the short form
    /// an agent reads (`<mark>` and HTML escapes cost it bytes and tell it nothing more).
    public static func plainSnippet(_ snippet: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(snippet.utf8.count + 8)
        for byte in snippet.utf8 {
            switch byte {
            case 0x02, 0x03: out += "**".utf8
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: " "))
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
