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

extension NoteJSON {
    /// Listed or found notes as the text of a JSON array of objects: ``IndexedNote``'s JSON form
    /// (the same fields as ``object(_:timeZone:now:updated:detailed:)``, plus `snippet`, `score`
    /// and `title_match` for search results), pretty-printed as ``JSONValue/rendered(pretty:)``
    /// prints. Written straight to text as the notes encode: building the array as a
    /// ``JSONValue`` first cost a listing of 100,000 notes a tenth of its time.
    public static func arrayText(_ notes: [IndexedNote], timeZone: TimeZone, now: Date) -> String {
        let encoder = JSONTextEncoder(userInfo: context(timeZone: timeZone, now: now))
        return encoded { try encoder.renderEach(notes) }
    }

    /// A listed or found note as a JSON object: one element of ``arrayText(_:timeZone:now:)``.
    public static func object(_ note: IndexedNote, timeZone: TimeZone, now: Date) -> JSONValue {
        let encoder = JSONValueEncoder(userInfo: context(timeZone: timeZone, now: now))
        return encoded { try encoder.encode(note) }
    }

    /// The `userInfo` that holds the notes' ``NoteJSONContext``.
    private static func context(timeZone: TimeZone, now: Date) -> [CodingUserInfoKey: Any] {
        [NoteJSONContext.key: NoteJSONContext(timeZone: timeZone, now: now)]
    }

    private static func encoded<Result>(_ body: () throws -> Result) -> Result {
        do {
            return try body()
        } catch {
            // Only a missing context throws, and it is passed above.
            preconditionFailure("\(error)")
        }
    }
}
