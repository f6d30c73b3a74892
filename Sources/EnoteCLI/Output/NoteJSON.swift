import Foundation
import NoteVault

/// The stable JSON form of a note: ``IndexedNote``'s (`path`, `title`, `description`, `color`,
/// `color_rgb`, `destroy`, `pending_expiry`, `updated`, `created`, `tags`, `images`, `order`,
/// plus `snippet`, `score` and `title_match` for search results), and `fields`, `body` and
/// `warnings` for `show --json`. Dates are ISO 8601 with their offset; a missing value is `null`.
public enum NoteJSON {
    /// One note as a JSON object.
    public static func object(_ note: Note, timeZone: TimeZone, now: Date, updated: Date? = nil, detailed: Bool = false) -> JSONValue {
        var indexed = IndexedNote(note, timeZone: timeZone)
        if let updated { indexed.updated = updated }
        let summary = object(indexed, timeZone: timeZone, now: now)
        guard detailed, case .object(var members) = summary else { return summary }
        let metadata = note.content.metadata
        members.append(("fields", .object(metadata.fields.map { ($0.key, fieldValue($0.value)) })))
        members.append(("body", note.content.textProblem == nil ? .string(note.content.bodyText) : .null))
        members.append(("warnings", .array(note.content.diagnostics.map { .string($0.description) })))
        return .object(members)
    }

    static func fieldValue(_ value: FrontMatter.Value) -> JSONValue {
        switch value {
        case .null: .null
        case .string(let text), .raw(let text): .string(text)
        case .list(let items): .array(items.map(JSONValue.string))
        }
    }
}
