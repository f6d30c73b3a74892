/// What is wrong with a query, and where: the 1-based line and column in the query's text (for
/// a block, ``QueryBlock`` adds the block's first line to point into the note).
public struct NoteQueryError: Error, Sendable, Equatable {
    /// Why the query cannot run, in the library's words; it says what would be valid.
    public var message: LocalizedMessage
    /// 1-based, in the query's own text.
    public var line: Int
    /// 1-based, in characters.
    public var column: Int
    /// How many characters the mistake spans (at least 1), for an editor to underline.
    public var length: Int
    /// Whether the query is valid but asks for something enote does not do (JavaScript, a
    /// Tasks instruction enote has no equivalent for): shown as "cannot run", never as empty.
    public var isUnsupported: Bool

    public init(_ message: LocalizedMessage, line: Int, column: Int, length: Int = 1, isUnsupported: Bool = false) {
        self.message = message
        self.line = line
        self.column = column
        self.length = max(1, length)
        self.isUnsupported = isUnsupported
    }

    /// The message with its place: `line 2, column 7: …`.
    public var located: LocalizedMessage {
        "line \(String(line)), column \(String(column)): \(message)"
    }
}
