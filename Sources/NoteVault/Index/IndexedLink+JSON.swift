extension IndexedLink: Encodable {
    /// The stable JSON form (`enote links --json`): `source` (the note that writes it), `line`,
    /// `column` (UTF-16, as editors count) and `offset` (bytes) of the link, `kind`,
    /// `destination` as written, its parsed `path`, `heading` and `block` (or `null`), then where
    /// it leads: `state` (`resolved`, `dead`, `external` or `ambiguous`), `target` (the note's
    /// path when resolved, else `null`) and, when ambiguous, `candidates`.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(source.description, forKey: "source")
        try json.encode(link.place.line, forKey: "line")
        try json.encode(link.place.utf16Column, forKey: "column")
        try json.encode(link.place.offset, forKey: "offset")
        try json.encode(link.kind.rawValue, forKey: "kind")
        try json.encode(link.destination, forKey: "destination")
        try json.encode(link.target.path, forKey: "path")
        try json.encode(link.target.heading, forKey: "heading")
        try json.encode(link.target.block, forKey: "block")
        try json.encode(resolution.state, forKey: "state")
        try json.encode(resolution.path, forKey: "target")
        if case .ambiguous(let paths) = resolution { try json.encode(paths, forKey: "candidates") }
    }
}

extension LinkResolution {
    /// The name of the resolution's case, as the JSON forms write it.
    var state: String {
        switch self {
        case .resolved: "resolved"
        case .dead: "dead"
        case .external: "external"
        case .ambiguous: "ambiguous"
        }
    }
}

/// A link with the line of text it is written in (`enote backlinks`).
public struct QuotedLink: Sendable, Encodable {
    public var link: IndexedLink
    /// The line that holds the link, when it could be read.
    public var text: String?

    public init(link: IndexedLink, text: String?) {
        self.link = link
        self.text = text
    }

    /// The link's JSON form (``IndexedLink/encode(to:)``), then `text` when the line was read.
    public func encode(to encoder: any Encoder) throws {
        try link.encode(to: encoder)
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encodeIfPresent(text, forKey: "text")
    }
}

extension TagCount: Encodable {
    /// The stable JSON form (`enote tags --json`): `tag` (as most of its notes write it),
    /// `normalized` (as filters compare it) and `count`.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(name, forKey: "tag")
        try json.encode(tag, forKey: "normalized")
        try json.encode(count, forKey: "count")
    }
}
