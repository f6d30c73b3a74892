/// A PDF that no note links, found by a search as an entry of its own: where (the file, and the
/// first page holding a word searched for), the words around them, and its place among the
/// notes found (one ranking for both: their text is in the same FTS5 table).
public struct FileHit: Sendable, Equatable {
    /// The file, and the page the snippet is from (its first page when only its name matched).
    public var place: AttachmentPlace
    /// The words around the first match, matches between `\u{2}` and `\u{3}` as in a note's
    /// snippet; `nil` when only its name matched.
    public var snippet: String?
    /// BM25 relevance, on the notes' scale (lower is better).
    public var score: Double
    /// Whether every word matched in its name.
    public var titleMatches: Bool
    /// Where it stands among every hit of the search, notes and files, from 0.
    public var position: Int

    /// What stands as its title: its file name without `.pdf`.
    public var title: String { FileEntry.title(of: place.path) }

    public init(place: AttachmentPlace, snippet: String?, score: Double, titleMatches: Bool, position: Int) {
        self.place = place
        self.snippet = snippet
        self.score = score
        self.titleMatches = titleMatches
        self.position = position
    }
}

extension FileHit: Encodable {
    /// `{"kind": "file", "path", "title", "page", "snippet", "score", "title_match"}`: `kind` tells it
    /// from a note in a list of search hits (a note has none); `snippet` is HTML with the
    /// matches in `<mark>`, as a note's.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode("file", forKey: "kind")
        try json.encode(place.path.description, forKey: "path")
        try json.encode(title, forKey: "title")
        try json.encode(place.page, forKey: "page")
        try json.encode(snippet.map(IndexedNote.htmlSnippet), forKey: "snippet")
        try json.encode((score * 1000).rounded() / 1000, forKey: "score")
        try json.encode(titleMatches, forKey: "title_match")
    }
}

extension SearchResults {
    /// One hit of a search: a note, or a PDF no note links.
    public enum Hit: Sendable, Encodable {
        case note(IndexedNote)
        case file(FileHit)

        /// The note's JSON form, or the file's (``FileHit``'s, with `"kind": "file"`).
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .note(let note): try note.encode(to: encoder)
            case .file(let file): try file.encode(to: encoder)
            }
        }
    }

    /// Every hit, notes and files, in the one ranking's order.
    public var ordered: [Hit] {
        var hits: [Hit] = []
        hits.reserveCapacity(notes.count + files.count)
        var remainingFiles = files.sorted { $0.position < $1.position }[...]
        for note in notes {
            while let file = remainingFiles.first, file.position <= hits.count {
                hits.append(.file(file))
                remainingFiles = remainingFiles.dropFirst()
            }
            hits.append(.note(note))
        }
        hits += remainingFiles.map(Hit.file)
        return hits
    }
}
