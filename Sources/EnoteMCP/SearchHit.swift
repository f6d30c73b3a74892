import NoteVault

/// A search hit in the `search` tool's compact answer (its default): what an agent needs to
/// choose a note and to write to it, and nothing it did not ask for. `path`; `title` only when it
/// says more than the file's name; `snippet`, the words around the first match with the matches
/// in `**` (the note's description when it was found by meaning alone); `found_in`, the picture
/// or PDF page the snippet comes from when the words are only there (`{"path", "page"}`, the
/// `attachments` tool reads its text); `revision`, what a
/// write is checked against. A PDF no note links is `{"kind": "file", "path", "page",
/// "snippet"}` (the `attachments` tool reads it by `file` alone). `detail: "full"` gives the
/// library's JSON form instead, the one `enote search --json` prints.
struct SearchHit: Encodable, Sendable {
    var hit: SearchResults.Hit

    init(_ hit: SearchResults.Hit) {
        self.hit = hit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        let note: IndexedNote
        switch hit {
        case .note(let found): note = found
        case .file(let file):
            try container.encode("file", forKey: "kind")
            try container.encode(AnswerBound.cut(file.place.path.description, bytes: 1024), forKey: "path")
            try container.encodeIfPresent(file.place.page, forKey: "page")
            if let snippet = file.snippet.map({ Self.shortened(IndexedNote.plainSnippet($0)) }), !snippet.isEmpty {
                try container.encode(AnswerBound.cut(snippet, bytes: 1024), forKey: "snippet")
            }
            return
        }
        let path = note.path.description
        try container.encode(AnswerBound.cut(path, bytes: 1024), forKey: "path")
        if !note.path.nameSays(note.title) {
            try container.encode(AnswerBound.cut(note.title, bytes: 1024), forKey: "title")
        }
        let snippet = note.snippet.map { Self.shortened(Self.withoutTitle(IndexedNote.plainSnippet($0), title: note.title)) } ?? note.description
        if !snippet.isEmpty {
            try container.encode(AnswerBound.cut(snippet, bytes: 1024), forKey: "snippet")
        }
        try container.encodeIfPresent(note.foundIn, forKey: "found_in")
        try container.encodeIfPresent(note.revision?.description, forKey: "revision")
    }

    /// `snippet` without the note's title where it opens with it (a note whose text starts with
    /// its title as a heading): the title is said already, and the words after it are what tell
    /// the agent something. The `**` marks are skipped in the comparison, not counted.
    static func withoutTitle(_ snippet: String, title: String) -> String {
        guard !title.isEmpty else { return snippet }
        var rest = Substring(snippet)
        var wanted = Substring(title)
        while let character = wanted.first {
            if rest.hasPrefix("**") {
                rest = rest.dropFirst(2)
                continue
            }
            guard rest.first == character else { return snippet }
            rest = rest.dropFirst()
            wanted = wanted.dropFirst()
        }
        if rest.hasPrefix("**") { rest = rest.dropFirst(2) }
        guard let next = rest.first, next == " " else { return snippet }
        let remainder = rest.drop { $0 == " " }
        return remainder.isEmpty ? snippet : String(remainder)
    }

    /// The words of a compact snippet: enough to tell a note's use of the words from another's,
    /// and about 100 bytes (the library's snippet, for people, has 18).
    static let snippetWords = 14

    /// `snippet` cut to ``snippetWords`` words, the first match among the first four; `…` says
    /// that text is left out on a side, and a `**` left open by the cut is closed.
    static func shortened(_ snippet: String) -> String {
        let words = snippet.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > snippetWords else { return snippet }
        let first = words.firstIndex { $0.contains("**") } ?? 0
        let start = max(0, min(first - 3, words.count - snippetWords))
        let end = start + snippetWords
        var text = words[start..<end].joined(separator: " ")
        if text.components(separatedBy: "**").count % 2 == 0 { text += "**" }
        if start > 0, !text.hasPrefix("…") { text = "…" + text }
        if end < words.count, !text.hasSuffix("…") { text += "…" }
        return text
    }
}
