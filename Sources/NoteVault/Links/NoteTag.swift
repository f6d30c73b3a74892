import Foundation

/// A tag of a note, from its front matter (`tags: [a, b]`) or its body (`#a`, `#a/b`), with the
/// form written for display and a normalised form (NFC, lowercased) for comparing.
public struct NoteTag: Sendable, Hashable {
    /// Where a tag was found.
    public enum Origin: String, Sendable {
        case frontMatter
        case body
    }

    /// The tag as written, without `#`.
    public var name: String
    /// The tag for comparing: NFC, lowercased (`Work/Q1` and `work/q1` are one tag).
    public var normalized: String
    /// Front matter or body.
    public var origin: Origin
    /// Where the tag is written: its `#` in the body, or the start of the `tags` line.
    public var place: TextPlace?
    /// The bytes of the name (after `#`) in the body; `nil` for front matter tags, which
    /// ``FrontMatterEditor`` rewrites.
    public var range: Range<Int>?

    public init(name: String, origin: Origin, place: TextPlace?, range: Range<Int>?) {
        self.name = name
        self.normalized = NoteTag.normalize(name)
        self.origin = origin
        self.place = place
        self.range = range
    }

    /// The comparable form of a tag: NFC and lowercased, without a leading `#`.
    public static func normalize(_ name: String) -> String {
        var text = Substring(name)
        if text.hasPrefix("#") { text = text.dropFirst() }
        // Most tags are ASCII: lowercase them without Foundation's normalisation.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return String(text).lowercased() }
        return String(text).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Whether this tag is `tag` or nested under it (`a/b` is under `a`), compared normalised.
    public func isWithin(_ tag: String) -> Bool {
        let other = NoteTag.normalize(tag)
        return normalized == other || normalized.hasPrefix(other + "/")
    }
}
