import Foundation

/// The front matter of a note read as enote's fields: title, colour, destroy date, times, order
/// and tags, plus every key as written (unknown keys included) for filtering and JSON.
///
/// Problems with one field (an unknown colour, an invalid date) are diagnostics; the rest of the
/// note is still read.
public struct NoteMetadata: Sendable, Equatable {
    /// The `title` key, trimmed; `nil` when absent or empty.
    public var title: String?
    /// The `color` (or `colour`) key; ``NoteColor/default`` when absent or invalid.
    public var color: NoteColor = .default
    /// Whether a `color` key was present and valid.
    public var hasColor = false
    /// The `destroy` (or `expires`) key.
    public var destroy: DestroyDate = .none
    /// The `updated` key, when present and valid.
    public var updated: NoteDate?
    /// The `created` key, when present and valid.
    public var created: NoteDate?
    /// The `order` key (a fractional position for manual ordering).
    public var order: String?
    /// The `tags` key: a list, or a scalar split at commas and spaces.
    public var tags: [String] = []
    /// Every top-level key in file order with its first value, unknown keys included.
    public var fields: [(key: String, value: FrontMatter.Value)] = []

    /// A note's destroy date, or why it has none that can be acted on.
    public enum DestroyDate: Sendable, Equatable {
        /// No destroy key.
        case none
        /// A valid date: the note expires at that moment.
        case date(NoteDate)
        /// The value is not a date enote accepts; the note is never destroyed for it.
        case invalid(text: String, reason: LocalizedMessage)
        /// The key is present more than once; the note is never destroyed for it.
        case ambiguous(lines: [Int])

        /// The date, only when it is valid and unambiguous.
        public var validDate: NoteDate? {
            if case .date(let date) = self { return date }
            return nil
        }
    }

    public static func == (lhs: NoteMetadata, rhs: NoteMetadata) -> Bool {
        lhs.title == rhs.title && lhs.color == rhs.color && lhs.hasColor == rhs.hasColor
            && lhs.destroy == rhs.destroy && lhs.updated == rhs.updated && lhs.created == rhs.created
            && lhs.order == rhs.order && lhs.tags == rhs.tags
            && lhs.fields.map(\.key) == rhs.fields.map(\.key) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    public init() {}

    /// Reads the fields of `frontMatter`, appending a diagnostic for each value it cannot use.
    /// - Parameter timeZone: The zone local times are read in: a destroy date that does not
    ///   exist there or happens twice is unusable (the note is kept).
    public init(_ frontMatter: FrontMatter, file: String, timeZone: TimeZone = .current, diagnostics: inout [Diagnostic]) {
        var seen = Set<String>()
        for entry in frontMatter.entries where seen.insert(entry.key).inserted {
            fields.append((entry.key, entry.value))
        }
        func first(_ key: FrontMatterKey) -> FrontMatter.Entry? {
            frontMatter.entries.first { FrontMatterKey(spelling: $0.key) == key }
        }
        func invalid(_ entry: FrontMatter.Entry, _ message: LocalizedMessage) {
            diagnostics.append(Diagnostic(.warning, .invalidValue, file: file, line: entry.line, message: message))
        }

        if let entry = first(.title) {
            switch entry.value {
            case .string(let text):
                let trimmed = text.trimmedWhitespace()
                title = trimmed.isEmpty ? nil : trimmed
            case .null: break
            default: invalid(entry, "title should be a single line of text; it is ignored")
            }
        }
        if let entry = first(.color) {
            if case .string(let text) = entry.value {
                do {
                    color = try NoteColor(parsing: text)
                    hasColor = true
                } catch {
                    invalid(entry, "\(error); the note is shown in white")
                }
            } else if entry.value != .null {
                invalid(entry, "\(entry.key) should be one colour; \(NoteColor.acceptedForms)")
            }
        }
        let destroyEntries = frontMatter.entries(named: FrontMatterKey.destroy.rawValue, aliases: FrontMatterKey.destroy.aliases)
        if destroyEntries.count > 1 {
            destroy = .ambiguous(lines: destroyEntries.map(\.line))
        } else if let entry = destroyEntries.first {
            destroy = Self.destroyDate(entry, file: file, timeZone: timeZone, diagnostics: &diagnostics)
        }
        updated = Self.date(first(.updated), file: file, diagnostics: &diagnostics)
        created = Self.date(first(.created), file: file, diagnostics: &diagnostics)
        if let entry = first(.order), case .string(let text) = entry.value, !text.isEmpty {
            order = text
        }
        if let entry = first(.tags) {
            switch entry.value {
            case .list(let items): tags = items.map { $0.trimmedWhitespace() }.filter { !$0.isEmpty }
            case .string(let text): tags = Self.tagNames(inString: text)
            default: break
            }
        }
    }

    /// The tags of a `tags` value written as one string (`tags: home, work` or `tags: home work`):
    /// split at commas and spaces.
    static func tagNames(inString text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }

    private static func destroyDate(_ entry: FrontMatter.Entry, file: String, timeZone: TimeZone, diagnostics: inout [Diagnostic]) -> DestroyDate {
        let text: String
        switch entry.value {
        case .string(let value): text = value
        case .null:
            diagnostics.append(
                Diagnostic(
                    .warning, .invalidValue, file: file, line: entry.line,
                    message: "\(entry.key) is empty, so the note is kept; write a date (\(NoteDate.acceptedFormats)) or remove the key"))
            return .invalid(text: "", reason: "empty")
        default:
            diagnostics.append(Diagnostic(.warning, .invalidValue, file: file, line: entry.line, message: "\(entry.key) must be one date, so the note is kept"))
            return .invalid(text: "", reason: "not a single date")
        }
        do throws(NoteDate.ParseError) {
            let date = try NoteDate(parsing: text)
            // A local time the clocks skip or pass twice names no single instant: never act on it.
            do {
                _ = try date.exactInstant(in: timeZone)
            } catch {
                throw NoteDate.ParseError(text: text, reason: error.reason)
            }
            return .date(date)
        } catch {
            diagnostics.append(
                Diagnostic(.warning, .invalidValue, file: file, line: entry.line, message: "\(error); the note is kept and will not be destroyed"))
            return .invalid(text: text, reason: error.reason)
        }
    }

    private static func date(_ entry: FrontMatter.Entry?, file: String, diagnostics: inout [Diagnostic]) -> NoteDate? {
        guard let entry else { return nil }
        guard case .string(let text) = entry.value else { return nil }
        do {
            return try NoteDate(parsing: text)
        } catch {
            diagnostics.append(
                Diagnostic(.warning, .invalidValue, file: file, line: entry.line, message: "\(error); the file's modification time is used instead"))
            return nil
        }
    }
}
