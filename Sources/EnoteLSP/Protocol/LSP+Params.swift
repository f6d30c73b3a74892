extension LSP {
    /// A document as the client opened it.
    public struct TextDocumentItem: Codable, Sendable {
        public var uri: String
        public var languageId: String?
        public var version: Int?
        public var text: String
    }

    /// `textDocument/didOpen`.
    public struct DidOpenParams: Codable, Sendable {
        public var textDocument: TextDocumentItem
    }

    /// One change of `didChange`: a range replaced, or (without a range) the whole text.
    public struct ContentChange: Codable, Sendable {
        public var range: Range?
        public var text: String
    }

    /// A document and the version the client gives it (`null` for a file on disk).
    public struct VersionedTextDocumentIdentifier: Codable, Sendable, Equatable {
        public var uri: String
        public var version: Int?

        public init(uri: String, version: Int?) {
            self.uri = uri
            self.version = version
        }

        /// The version is written even when it is `null` (the protocol's
        /// `OptionalVersionedTextDocumentIdentifier`: `null` means the file on disk).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(uri, forKey: .uri)
            try container.encode(version, forKey: .version)
        }

        enum CodingKeys: String, CodingKey { case uri, version }
    }

    /// `textDocument/didChange`.
    public struct DidChangeParams: Codable, Sendable {
        public var textDocument: VersionedTextDocumentIdentifier
        public var contentChanges: [ContentChange]
    }

    /// `textDocument/didSave`.
    public struct DidSaveParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var text: String?
    }

    /// A request at one place of a document (hover, completion, definition, prepareRename).
    public struct TextDocumentPositionParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
    }

    /// `textDocument/references`: a place, and whether the note itself counts.
    public struct ReferenceParams: Codable, Sendable {
        /// `context`: whether the answer includes the declaration.
        public struct Context: Codable, Sendable {
            public var includeDeclaration: Bool?
        }

        public var textDocument: TextDocumentIdentifier
        public var position: Position
        public var context: Context?
    }

    /// `textDocument/rename`: a place and the name the person typed.
    public struct RenameParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var position: Position
        public var newName: String
    }

    /// `textDocument/codeAction`: the document and the selection (the diagnostics the client
    /// sends along are not needed: the server works them out again).
    public struct CodeActionParams: Codable, Sendable {
        public var textDocument: TextDocumentIdentifier
        public var range: Range
    }

    /// `workspace/willRenameFiles`: the files and folders the editor is about to move.
    public struct RenameFilesParams: Codable, Sendable {
        /// One move, as two URIs.
        public struct FileRename: Codable, Sendable {
            public var oldUri: String
            public var newUri: String
        }

        public var files: [FileRename]
    }

    /// `workspace/symbol`.
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
        /// One file the client saw change.
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
}
