/// The LSP 3.17 structures the server reads and writes (the subset its features use): places
/// here, params in `LSP+Params.swift`, kinds in `LSP+Kinds.swift`, edits in
/// `LSP+WorkspaceEdit.swift`, answers in `LSP+Results.swift`, the handshake in
/// `LSP+Initialize.swift`.
public enum LSP {
    /// A place in a document: a 0-based line and a 0-based column in the negotiated encoding.
    public struct Position: Codable, Sendable, Equatable {
        public var line: Int
        public var character: Int

        public init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }
    }

    /// A span between two positions, the end excluded.
    public struct Range: Codable, Sendable, Equatable {
        public var start: Position
        public var end: Position

        public init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }
    }

    /// A span in a document.
    public struct Location: Codable, Sendable, Equatable {
        public var uri: String
        public var range: Range
    }

    /// A document, by its URI.
    public struct TextDocumentIdentifier: Codable, Sendable {
        public var uri: String
    }

}
