extension LSP {
    /// A problem in a document, shown where it is.
    public struct Diagnostic: Encodable, Sendable, Equatable {
        public var range: Range
        public var severity: DiagnosticSeverity
        public var code: String?
        public var source: String = "enote"
        public var message: String
    }

    /// `textDocument/publishDiagnostics`: every problem of one document, for one version.
    public struct PublishDiagnosticsParams: Encodable, Sendable {
        public var uri: String
        public var version: Int?
        public var diagnostics: [Diagnostic]
    }

    /// Text to show, in Markdown.
    public struct MarkupContent: Encodable, Sendable {
        public var kind: MarkupKind = .markdown
        public var value: String
    }

    /// The answer of `textDocument/hover`.
    public struct Hover: Encodable, Sendable {
        public var contents: MarkupContent
        public var range: Range?
    }

    /// One completion the editor offers.
    public struct CompletionItem: Encodable, Sendable {
        public var label: String
        public var kind: CompletionItemKind?
        public var detail: String?
        public var documentation: String?
        public var sortText: String?
        public var filterText: String?
        public var textEdit: TextEdit?
    }

    /// The answer of `textDocument/completion`.
    public struct CompletionList: Encodable, Sendable {
        public var isIncomplete: Bool
        public var items: [CompletionItem]
    }

    /// A heading in the outline of a document, with the headings under it.
    public struct DocumentSymbol: Encodable, Sendable {
        public var name: String
        public var kind: SymbolKind
        public var range: Range
        public var selectionRange: Range
        public var children: [DocumentSymbol]?
    }

    /// A note among the workspace's symbols.
    public struct SymbolInformation: Encodable, Sendable {
        public var name: String
        public var kind: SymbolKind
        public var location: Location
        public var containerName: String?
    }

    /// `window/logMessage`: one line in the client's log.
    public struct LogMessageParams: Encodable, Sendable {
        public var type: MessageType
        public var message: String
    }
}
