/// A problem found in one note that does not stop the command: the note is still read, listed
/// and searchable, and the problem is reported with the file and line it concerns.
///
/// For example, front matter that cannot be parsed gives:
///
/// ```
/// warning: meeting.md:3:16: a plain value cannot contain ": "; quote the value ("Meeting: Q3")
/// ```
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The note is read but something in it is odd (a duplicate key, an unquoted `#`).
        case warning
        /// Part of the note cannot be read (front matter that does not parse); enote will not
        /// rewrite that part.
        case error
    }

    /// What kind of problem this is, so callers can act on it without parsing messages.
    public enum Kind: String, Sendable, Hashable, Codable {
        case frontMatterSyntax
        case frontMatterNotClosed
        case frontMatterNotMapping
        case duplicateKey
        case invalidValue
        case ambiguousValue
        case notText
        case tooLarge
        case unsafeName
        case other
    }

    public var severity: Severity
    public var kind: Kind
    /// The note's path relative to the vault, as shown to a user.
    public var file: String
    /// 1-based line in the file, when the problem has one.
    public var line: Int?
    /// 1-based column in that line (in characters), when known.
    public var column: Int?
    /// One sentence that says what is wrong and, where possible, what to do; translated when
    /// shown, so a diagnostic kept in the index speaks the reader's language.
    public var message: LocalizedMessage

    public init(
        _ severity: Severity,
        _ kind: Kind,
        file: String,
        line: Int? = nil,
        column: Int? = nil,
        message: LocalizedMessage
    ) {
        self.severity = severity
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column` as far as known.
    public var location: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    public var description: String {
        switch severity {
        case .warning: Localization.text("warning: \(location): \(message)")
        case .error: Localization.text("error: \(location): \(message)")
        }
    }
}
