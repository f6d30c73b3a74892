/// The LSP 3.17 structures the server reads and writes (the subset its features use).
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

    public struct Location: Codable, Sendable, Equatable {
        public var uri: String
        public var range: Range
    }

    public struct TextDocumentIdentifier: Codable, Sendable {
        public var uri: String
    }

    public struct TextDocumentItem: Codable, Sendable {
        public var uri: String
        public var languageId: String?
        public var version: Int?
        public var text: String
    }

    public struct DidOpenParams: Codable, Sendable {
        public var textDocument: TextDocumentItem
    }

    public struct ContentChange: Codable, Sendable {
        public var range: Range?
        public var text: String
    }

    public struct VersionedTextDocumentIdentifier: Codable, Sendable {
        public var uri: String
        public var version: Int?
    }

    public struct DidChangeParams: Codable, Sendable {
        public var textDocument: VersionedTextDocumentIdentifier
        public var contentChanges: [ContentChange]
    }

    public struct DidCloseParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
    }

    public struct DidSaveParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var text: String?
    }

    public struct TextDocumentPositionParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
    }

    public struct WorkspaceSymbolParams: Codable, Sendable {
        public var query: String
    }

    /// The params of a request or notification about one document (`documentSymbol`,
    /// `didClose`).
    public struct DocumentParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
    }

    /// `workspace/didChangeWatchedFiles`: the files the client saw change.
    public struct DidChangeWatchedFilesParams: Codable, Sendable {
        public struct FileEvent: Codable, Sendable {
            /// Missing in a malformed event (no `uri`, not a string, not an object), which is
            /// skipped while the others still count.
            public var uri: String?

            public init(from decoder: any Decoder) throws {
                uri = try? decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .uri)
            }
        }

        public var changes: [FileEvent]
    }

    public struct Diagnostic: Codable, Sendable, Equatable {
        public var range: Range
        /// 1 error, 2 warning, 3 information, 4 hint.
        public var severity: Int
        public var code: String?
        public var source: String = "enote"
        public var message: String
    }

    public struct PublishDiagnosticsParams: Codable, Sendable {
        public var uri: String
        public var version: Int?
        public var diagnostics: [Diagnostic]
    }

    public struct MarkupContent: Codable, Sendable {
        public var kind: String = "markdown"
        public var value: String
    }

    public struct Hover: Codable, Sendable {
        public var contents: MarkupContent
        public var range: Range?
    }

    public struct TextEdit: Codable, Sendable, Equatable {
        public var range: Range
        public var newText: String
    }

    public struct CompletionItem: Codable, Sendable {
        public var label: String
        /// 17 file, 18 reference, 10 property, 12 value, 14 keyword, 16 color.
        public var kind: Int?
        public var detail: String?
        public var documentation: String?
        public var sortText: String?
        public var filterText: String?
        public var textEdit: TextEdit?
    }

    public struct CompletionList: Codable, Sendable {
        public var isIncomplete: Bool
        public var items: [CompletionItem]
    }

    public struct DocumentSymbol: Codable, Sendable {
        public var name: String
        /// 15 string (a heading).
        public var kind: Int
        public var range: Range
        public var selectionRange: Range
        public var children: [DocumentSymbol]?
    }

    public struct SymbolInformation: Codable, Sendable {
        public var name: String
        /// 1 file.
        public var kind: Int
        public var location: Location
        public var containerName: String?
    }
}
