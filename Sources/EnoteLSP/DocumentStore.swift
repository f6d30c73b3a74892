import Foundation
import NoteVault

/// The documents the editor has open, as typed (not as saved), with each one's analysis cached
/// for its current text.
final class DocumentStore {
    private var open: [String: TextDocument] = [:]
    private var analyses: [String: (bytes: [UInt8], path: String, analysis: DocumentAnalysis)] = [:]

    func open(_ item: LSP.TextDocumentItem) {
        open[item.uri] = TextDocument(uri: item.uri, version: item.version, text: item.text)
        analyses[item.uri] = nil
    }

    /// Applies `didChange` to an open document; false for a document that is not open.
    func change(_ change: LSP.DidChangeParams, encoding: PositionEncoding) -> Bool {
        guard var document = open[change.textDocument.uri] else { return false }
        for content in change.contentChanges {
            document.apply(content.range, text: content.text, version: change.textDocument.version, encoding: encoding)
        }
        open[change.textDocument.uri] = document
        return true
    }

    func close(_ uri: String) {
        open[uri] = nil
        analyses[uri] = nil
    }

    func document(_ uri: String) -> TextDocument? {
        open[uri]
    }

    /// Every open document.
    var all: [TextDocument] { Array(open.values) }

    /// The analysis of `document` (from the cache when its text has not changed).
    func analysis(of document: TextDocument, path: String) -> DocumentAnalysis {
        if let cached = analyses[document.uri], cached.path == path, cached.bytes == document.bytes { return cached.analysis }
        let made = DocumentAnalysis(bytes: document.bytes, path: path)
        if open[document.uri] != nil { analyses[document.uri] = (document.bytes, path, made) }
        return made
    }
}

/// A note's text read as enote reads a file: front matter, metadata, diagnostics, links, tags,
/// tasks.
struct DocumentAnalysis {
    let content: NoteContent
    let links: NoteLinks
    let tasks: [NoteTask]

    init(bytes: [UInt8], path: String) {
        content = NoteContent(bytes: bytes, path: path)
        links = NoteLinkExtractor.extract(content)
        tasks = TaskExtractor.tasks(in: content, path: NotePath(trusted: path), tags: links.tags)
    }

    /// The front matter entries, when the block parsed.
    var entries: [FrontMatter.Entry] {
        if case .parsed(let frontMatter) = content.frontMatter { return frontMatter.entries }
        return []
    }
}

/// Everything a feature needs to answer about one document.
struct DocumentContext {
    let workspace: VaultWorkspace
    /// The document's vault-relative path.
    let path: String
    let document: TextDocument
    let analysis: DocumentAnalysis
    let catalog: DocumentCatalog
    let encoding: PositionEncoding
    let now: Date
    let timeZone: TimeZone

    /// The range of a byte span of the document.
    func range(_ span: Range<Int>) -> LSP.Range {
        document.range(of: span, encoding: encoding)
    }

    /// The range of a whole line (0-based), without its line break.
    func lineRange(_ line: Int) -> LSP.Range {
        let clamped = min(max(0, line), document.lineStarts.count - 1)
        return range(document.lineStarts[clamped]..<document.lineContentEnd(clamped))
    }

    /// The `file://` URI of a vault-relative path.
    func uri(of path: String) -> String {
        URL(fileURLWithPath: workspace.vault.root + "/" + path).absoluteString
    }
}
