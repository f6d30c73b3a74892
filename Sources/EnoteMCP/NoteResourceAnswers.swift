import Foundation
import NoteVault

/// A note as `resources/list` lists it: `uri`, `name` (its path), `title`, `description`,
/// `mimeType` and `annotations.lastModified`.
struct NoteResource: Encodable, Sendable {
    var uri: String
    var name: String
    var title: String
    var description: String
    var mimeType = NoteResources.mimeType
    var annotations: Annotations

    /// When the note last changed.
    struct Annotations: Encodable, Sendable {
        var lastModified: String
    }

    init(_ note: IndexedNote, timeZone: TimeZone) {
        uri = NoteURI.uri(note.path.description)
        name = note.path.description
        title = note.title
        description = note.description
        annotations = Annotations(lastModified: NoteDate.stamp(note.updated, in: timeZone))
    }
}

/// A page of `resources/list`: `resources`, then `nextCursor` when more follow.
struct ResourcePage: Encodable, Sendable {
    var page: ResultPage<NoteResource>

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(page.items, forKey: "resources")
        try container.encodeIfPresent(page.nextCursor, forKey: "nextCursor")
    }
}

/// `resources/read`'s answer: its `contents`.
struct ReadResult: Encodable, Sendable {
    var contents: [NoteContents]
}

/// A note's text as `resources/read` gives it: `uri`, `mimeType`, `text`, and `_meta` with its
/// `enote/revision` and, when the text goes on, `enote/truncated` and `enote/next_cursor` (for
/// the read tool).
struct NoteContents: Encodable, Sendable {
    var uri: String
    var text: String
    var revision: String
    var nextCursor: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnswerKey.self)
        try container.encode(uri, forKey: "uri")
        try container.encode(NoteResources.mimeType, forKey: "mimeType")
        try container.encode(text, forKey: "text")
        var meta = container.nestedContainer(keyedBy: AnswerKey.self, forKey: "_meta")
        try meta.encode(revision, forKey: "enote/revision")
        if let nextCursor {
            try meta.encode(true, forKey: "enote/truncated")
            try meta.encode(nextCursor, forKey: "enote/next_cursor")
        }
    }
}

/// `resources/templates/list`'s answer: one template, a note by its path.
struct TemplateList: Encodable, Sendable {
    var resourceTemplates = [Template()]

    /// A resource template.
    struct Template: Encodable, Sendable {
        var uriTemplate = NoteURI.prefix + "{+path}"
        var name = "note"
        var title = "A note by its path in the vault"
        var mimeType = NoteResources.mimeType
    }
}
