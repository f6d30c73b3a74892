import Foundation

/// A note as `enote show --json` prints it: the members of its ``IndexedNote`` form, then what
/// only the file holds.
public struct DetailedNote: Sendable {
    /// The note as read from its file.
    public var note: Note
    /// The time the index gives for its last change (it also counts edits that did not stamp
    /// `updated`), when the index knows the note.
    public var updated: Date?

    public init(note: Note, updated: Date?) {
        self.note = note
        self.updated = updated
    }
}

extension DetailedNote: Encodable {
    /// The stable JSON form: ``IndexedNote``'s members, in its order, then `fields` (every front
    /// matter key in the order written, each value a string, a list of strings or `null`),
    /// `body` (the text after the front matter; `null` when it cannot be read as text) and
    /// `warnings` (each problem found in the note, with file and line). The encoder's `userInfo`
    /// must hold a ``NoteJSONContext``.
    public func encode(to encoder: any Encoder) throws {
        let context = try NoteJSONContext(of: encoder, encoding: self)
        var indexed = IndexedNote(note, timeZone: context.timeZone)
        if let updated { indexed.updated = updated }
        try indexed.encode(to: encoder)
        var json = encoder.container(keyedBy: JSONKey.self)
        var fields = json.nestedContainer(keyedBy: JSONKey.self, forKey: "fields")
        for field in note.content.metadata.fields {
            try fields.encode(field.value, forKey: JSONKey(field.key))
        }
        try json.encode(note.content.textProblem == nil ? note.content.bodyText : nil, forKey: "body")
        try json.encode(note.content.diagnostics.map(\.description), forKey: "warnings")
    }
}

extension FrontMatter.Value: Encodable {
    /// A scalar (plain, quoted or not interpreted) as a string, a sequence as a list of strings,
    /// no value as `null`: values are never typed (`yes` stays the string `"yes"`).
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.singleValueContainer()
        switch self {
        case .null: try json.encodeNil()
        case .string(let text), .raw(let text): try json.encode(text)
        case .list(let items): try json.encode(items)
        }
    }
}
