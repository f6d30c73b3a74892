extension LSP {
    /// A text replaced in a document.
    public struct TextEdit: Codable, Sendable, Equatable {
        public var range: Range
        public var newText: String

        public init(range: Range, newText: String) {
            self.range = range
            self.newText = newText
        }

        /// Text put at the very start of a document (the content of a file just created).
        public static func atStart(_ text: String) -> TextEdit {
            let origin = Position(line: 0, character: 0)
            return TextEdit(range: Range(start: origin, end: origin), newText: text)
        }
    }

    /// The edits of one document, for the version the client has (`null`: the file on disk).
    public struct TextDocumentEdit: Codable, Sendable, Equatable {
        public var textDocument: VersionedTextDocumentIdentifier
        public var edits: [TextEdit]

        public init(uri: String, version: Int?, edits: [TextEdit]) {
            self.textDocument = VersionedTextDocumentIdentifier(uri: uri, version: version)
            self.edits = edits
        }
    }

    /// A file the editor creates; it fails if the file appeared since (never written into).
    public struct CreateFile: Codable, Sendable, Equatable {
        /// `options`: neither overwrite nor ignore a file that exists.
        public struct Options: Codable, Sendable, Equatable {
            public var overwrite = false
            public var ignoreIfExists = false
        }

        public var kind = "create"
        public var uri: String
        public var options = Options()

        public init(uri: String) {
            self.uri = uri
        }
    }

    /// A file the editor renames.
    public struct RenameFile: Codable, Sendable, Equatable {
        public var kind = "rename"
        public var oldUri: String
        public var newUri: String

        public init(oldUri: String, newUri: String) {
            self.oldUri = oldUri
            self.newUri = newUri
        }
    }

    /// One step of a ``WorkspaceEdit``, applied in order.
    public enum DocumentChange: Encodable, Sendable, Equatable {
        case edit(TextDocumentEdit)
        case create(CreateFile)
        case rename(RenameFile)

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .edit(let edit): try edit.encode(to: encoder)
            case .create(let create): try create.encode(to: encoder)
            case .rename(let rename): try rename.encode(to: encoder)
            }
        }
    }

    /// Changes to several documents the editor applies as one (`documentChanges`, in order).
    public struct WorkspaceEdit: Encodable, Sendable, Equatable {
        public var documentChanges: [DocumentChange]

        public init(_ documentChanges: [DocumentChange]) {
            self.documentChanges = documentChanges
        }
    }

    /// A change the editor offers on a selection, applied when the person picks it.
    public struct CodeAction: Encodable, Sendable {
        public var title: String
        public var kind: CodeActionKind
        public var isPreferred: Bool?
        public var edit: WorkspaceEdit

        public init(title: String, kind: CodeActionKind, isPreferred: Bool? = nil, edit: WorkspaceEdit) {
            self.title = title
            self.kind = kind
            self.isPreferred = isPreferred
            self.edit = edit
        }
    }
}
