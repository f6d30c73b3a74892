import NoteVault

/// What `read` answers: the note (``NoteHead``: path, title, revision, line count), the lines
/// this part of its text spans (`from_line`, `to_line`), the `text`, and `next_cursor` when more
/// of it follows.
struct ReadAnswer: Encodable, Sendable {
    var note: NoteHead
    var fromLine: Int
    var toLine: Int
    var text: String
    var nextCursor: String?

    func encode(to encoder: any Encoder) throws {
        try note.encode(to: encoder)
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(fromLine, forKey: "from_line")
        try container.encode(toLine, forKey: "to_line")
        try container.encode(text, forKey: "text")
        try container.encodeIfPresent(nextCursor, forKey: "next_cursor")
    }
}

/// What `history` answers in diff mode: the note's `path`, git's unified `diff` (a part of it),
/// and `next_cursor` when more of it follows.
struct DiffAnswer: Encodable, Sendable {
    var path: String
    var diff: String
    var nextCursor: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(AnswerBound.cut(path, bytes: 1024), forKey: "path")
        try container.encode(diff, forKey: "diff")
        try container.encodeIfPresent(nextCursor, forKey: "next_cursor")
    }
}

/// One heading of `outline`: `level` (1 to 6), `line` (1-based) and `text`.
struct OutlineHeading: Encodable, Sendable {
    var level: Int
    var line: Int
    var text: String

    init(_ heading: NoteHeading) {
        level = heading.level
        line = heading.line
        text = heading.text
    }
}
