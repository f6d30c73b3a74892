/// What a question asks of the vault, within a budget: the passages that answer it best (the
/// best section of each note the library's one search finds, not whole notes), each with its
/// path, heading and line to cite, none repeating another; then the paths of the other notes
/// found, for reading further. Built by ``NoteIndex/context(for:budget:filter:early:)``; its JSON text
/// (``encode(to:)``, written on one line) is never longer than the budget.
public struct ContextPack: Sendable, Equatable, Encodable {
    /// The passages, best note first.
    public var passages: [ContextPassage]
    /// Notes found whose passages did not fit (or said what a passage above says), best first.
    public var more: [NotePath]
    /// How many notes the search found.
    public var total: Int

    /// A pack as given (an empty one by default).
    public init(passages: [ContextPassage] = [], more: [NotePath] = [], total: Int = 0) {
        self.passages = passages
        self.more = more
        self.total = total
    }

    /// `{"passages": […], "more": [paths], "total": N}`.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(passages, forKey: "passages")
        try json.encode(more.map(\.description), forKey: "more")
        try json.encode(total, forKey: "total")
    }
}

/// One passage of a ``ContextPack``: where it is (`path`, the `heading` it stands under, the
/// `line` it starts on, 1 for the file's first) and its text, whose lines wrapped inside a
/// paragraph are joined; `…` at its end says the section goes on (``read`` from `line`).
public struct ContextPassage: Sendable, Equatable, Encodable {
    /// The note.
    public var path: NotePath
    /// The note's title (given in the JSON only when the file name does not say it).
    public var title: String
    /// The headings above the passage, outermost first, joined by ` › ` (without the title when
    /// the note's first heading is its title); empty when none.
    public var heading: String
    /// The line of the file the passage starts on, 1 for the first.
    public var line: Int
    /// The passage's text (see the type's description).
    public var text: String

    /// A passage as given.
    public init(path: NotePath, title: String, heading: String, line: Int, text: String) {
        self.path = path
        self.title = title
        self.heading = heading
        self.line = line
        self.text = text
    }

    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(path.description, forKey: "path")
        if !path.nameSays(title) { try json.encode(title, forKey: "title") }
        if !heading.isEmpty { try json.encode(heading, forKey: "heading") }
        try json.encode(line, forKey: "line")
        try json.encode(text, forKey: "text")
    }
}
