import EnoteRPC
import NoteVault

/// A reading tool's answer: what it is about (``head``: the note's path, title and revision, or
/// the search's totals), then its items under ``key`` in the library's own JSON form (the form
/// `enote … --json` prints), then `next_cursor` when more follow.
struct PageAnswer<Head: Encodable & Sendable, Item: Encodable & Sendable>: Encodable, Sendable {
    var head: Head
    var key: String
    var page: ResultPage<Item>

    func encode(to encoder: any Encoder) throws {
        try head.encode(to: encoder)
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(page.items, forKey: AnswerKey(key))
        try container.encodeIfPresent(page.nextCursor, forKey: "next_cursor")
    }
}

/// No members before the items.
struct NoHead: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnswerKey.self)
    }
}

/// The note an answer is about: `path`, and when read, `title`, `revision` and `line_count`. A
/// title too long for its share of the answer is cut (``AnswerBound``).
struct NoteHead: Encodable, Sendable {
    var path: String
    var title: String?
    var revision: String?
    var lineCount: Int?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(AnswerBound.cut(path, bytes: 1024), forKey: "path")
        try container.encodeIfPresent(title.map { AnswerBound.cut($0, bytes: 1024) }, forKey: "title")
        try container.encodeIfPresent(revision, forKey: "revision")
        try container.encodeIfPresent(lineCount, forKey: "line_count")
    }
}

/// A member name of an answer, written where it is encoded (members in the order written).
struct AnswerKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
