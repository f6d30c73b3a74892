import Foundation
import NoteVault

/// The stable JSON form of a note: `path`, `title`, `description`, `color`, `color_rgb`,
/// `destroy`, `pending_expiry`, `updated`, `created`, `tags`, `images`, `order`, plus `snippet`
/// and `score` for search results and `fields`, `body` and `warnings` for `show --json`.
/// Dates are ISO 8601 with their offset; a missing value is `null`.
public enum NoteJSON {
    /// One note as a JSON object.
    public static func object(_ note: Note, timeZone: TimeZone, now: Date, updated: Date? = nil, detailed: Bool = false) -> JSONValue {
        let metadata = note.content.metadata
        let destroyDate = note.destroyDate(in: timeZone)
        var members: [(String, JSONValue)] = [
            ("path", .string(note.path.description)),
            ("title", .string(note.title)),
            ("description", .string(note.description)),
            ("color", .string(metadata.color.description)),
            ("color_rgb", .string(metadata.color.rgb.description)),
            ("destroy", .optional(destroyDate.map { NoteDate.stamp($0, in: timeZone) })),
            ("pending_expiry", .bool(destroyDate.map { $0 <= now } ?? false)),
            ("updated", .string(NoteDate.stamp(updated ?? note.updated(in: timeZone), in: timeZone))),
            ("created", .string(NoteDate.stamp(note.created(in: timeZone), in: timeZone))),
            ("tags", .array(metadata.tags.map(JSONValue.string))),
            ("images", .array(note.content.body.imageSources.map(JSONValue.string))),
            ("order", .optional(metadata.order)),
        ]
        if detailed {
            members.append(("fields", .object(metadata.fields.map { ($0.key, fieldValue($0.value)) })))
            members.append(("body", note.content.textProblem == nil ? .string(note.content.bodyText) : .null))
            members.append(("warnings", .array(note.content.diagnostics.map { .string($0.description) })))
        }
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
