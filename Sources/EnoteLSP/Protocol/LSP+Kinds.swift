extension LSP {
    /// How bad a diagnostic is.
    public enum DiagnosticSeverity: Int, Codable, Sendable {
        case error = 1, warning = 2, information = 3, hint = 4
    }

    /// The icon an editor shows beside a completion.
    public enum CompletionItemKind: Int, Codable, Sendable {
        /// A field every note has, in a query block.
        case field = 5
        /// A front matter key.
        case property = 10
        /// A front matter value (a date).
        case value = 12
        /// A tag.
        case keyword = 14
        /// A colour.
        case color = 16
        /// A note.
        case file = 17
        /// A link to a note.
        case reference = 18
    }

    /// What a symbol is.
    public enum SymbolKind: Int, Codable, Sendable {
        /// A note (workspace symbols).
        case file = 1
        /// A heading (document symbols).
        case string = 15
    }

    /// The kind of a `window/logMessage` line.
    public enum MessageType: Int, Codable, Sendable {
        case error = 1, warning = 2, info = 3, log = 4
    }

    /// The kind of a code action, which editors group and filter by.
    public enum CodeActionKind: String, Codable, Sendable {
        case quickFix = "quickfix"
        case refactor = "refactor"
        case refactorExtract = "refactor.extract"
        case refactorRewrite = "refactor.rewrite"
    }

    /// The format of hover text.
    public enum MarkupKind: String, Codable, Sendable {
        case plainText = "plaintext"
        case markdown = "markdown"
    }
}
