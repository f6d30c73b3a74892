extension LSP {
    /// `initialize`: what the server reads of the client's offer (the position encodings it
    /// speaks and the folders it opened); the rest is not needed. Read leniently: a member of
    /// another shape counts as absent, so an odd client still gets a server (UTF-16, no folders).
    public struct InitializeParams: Decodable, Sendable {
        /// `capabilities`, as far as the server reads them.
        public struct Capabilities: Decodable, Sendable {
            /// `general`.
            public struct General: Decodable, Sendable {
                public var positionEncodings: [String]?

                public init(from decoder: any Decoder) throws {
                    let container = try? decoder.container(keyedBy: CodingKeys.self)
                    positionEncodings = try? container?.decodeIfPresent([String].self, forKey: .positionEncodings)
                }

                enum CodingKeys: String, CodingKey { case positionEncodings }
            }

            public var general: General?

            public init(from decoder: any Decoder) throws {
                general = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(General.self, forKey: .general)
            }

            enum CodingKeys: String, CodingKey { case general }
        }

        /// One of `workspaceFolders`.
        public struct WorkspaceFolder: Decodable, Sendable {
            public var uri: String
        }

        public var capabilities: Capabilities?
        public var rootUri: String?
        public var workspaceFolders: [WorkspaceFolder]?

        public init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else { return }
            capabilities = try? container.decodeIfPresent(Capabilities.self, forKey: .capabilities)
            rootUri = try? container.decodeIfPresent(String.self, forKey: .rootUri)
            workspaceFolders = try? container.decodeIfPresent([WorkspaceFolder].self, forKey: .workspaceFolders)
        }

        enum CodingKeys: String, CodingKey { case capabilities, rootUri, workspaceFolders }
    }

    /// The answer of `initialize`: what the server does, and who it is.
    public struct InitializeResult: Encodable, Sendable {
        /// `serverInfo`.
        public struct ServerInfo: Encodable, Sendable {
            public var name: String
            public var version: String
        }

        public var capabilities: ServerCapabilities
        public var serverInfo: ServerInfo
    }

    /// The features the server offers, in the encoding the client and server agreed on.
    public struct ServerCapabilities: Encodable, Sendable {
        /// `textDocumentSync`: open and close, incremental changes, saves without text.
        public struct TextDocumentSync: Encodable, Sendable {
            /// `save`.
            public struct Save: Encodable, Sendable {
                public var includeText = false
            }

            public var openClose = true
            /// 2: incremental.
            public var change = 2
            public var save = Save()
        }

        /// `completionProvider`.
        public struct CompletionOptions: Encodable, Sendable {
            public var triggerCharacters: [String]
            public var resolveProvider = false
        }

        /// `renameProvider`.
        public struct RenameOptions: Encodable, Sendable {
            public var prepareProvider = true
        }

        /// `workspace`: the file operations the server wants to hear about first.
        public struct Workspace: Encodable, Sendable {
            /// `fileOperations`.
            public struct FileOperations: Encodable, Sendable {
                public var willRename: Registration
            }

            /// The files an operation is about.
            public struct Registration: Encodable, Sendable {
                public var filters: [Filter]
            }

            /// A kind of file, by scheme and glob.
            public struct Filter: Encodable, Sendable {
                /// `pattern`.
                public struct Pattern: Encodable, Sendable {
                    public var glob: String
                    /// `file` or `folder`.
                    public var matches: String
                }

                public var scheme = "file"
                public var pattern: Pattern
            }

            public var fileOperations: FileOperations
        }

        public var positionEncoding: String
        public var textDocumentSync = TextDocumentSync()
        public var hoverProvider = true
        public var completionProvider: CompletionOptions
        public var definitionProvider = true
        public var documentSymbolProvider = true
        public var workspaceSymbolProvider = true
        public var referencesProvider = true
        public var codeActionProvider = true
        public var renameProvider = RenameOptions()
        public var workspace: Workspace
    }
}
