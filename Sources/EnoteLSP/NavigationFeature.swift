import EnoteRPC
import Foundation
import NoteVault

extension LanguageServer {
    /// `textDocument/definition`: the note a link leads to, at its heading when the link names
    /// one, or the file (a picture, a PDF) a link or an embed names.
    func definition(_ context: DocumentContext, at position: LSP.Position) -> Reply {
        let offset = context.document.offset(of: position, encoding: context.encoding)
        guard let link = LinkSpans.link(at: offset, in: context), !link.isExternal else { return .null }
        guard case .resolved(let path) = context.catalog.resolution(of: link, from: context.path) else { return .null }
        let uri = context.uri(of: path)
        var line = 0
        if NotePath.isMarkdownName(path), let heading = link.target.heading, let target = targetDocument(path, uri: uri, context: context) {
            let headings = NoteHeading.headings(in: target.bytes, bodyStart: NoteContent(bytes: target.bytes, path: path).bodyStart)
            line = NoteHeading.target(of: heading, in: headings).map { $0.line - 1 } ?? 0
        }
        let start = LSP.Position(line: line, character: 0)
        return Reply(LSP.Location(uri: uri, range: LSP.Range(start: start, end: start)))
    }

    /// The text of a note: its open buffer, else the file.
    private func targetDocument(_ path: String, uri: String, context: DocumentContext) -> TextDocument? {
        if path == context.path { return context.document }
        if let open = documents.all.first(where: { $0.uri == uri }) { return open }
        guard let bytes = try? context.workspace.vault.readWithSnapshot(NotePath(trusted: path)).snapshot.bytes else { return nil }
        return TextDocument(uri: uri, version: nil, text: String(decoding: bytes, as: UTF8.self))
    }

    /// `textDocument/documentSymbol`: the note's headings, nested by level.
    func documentSymbols(_ context: DocumentContext) -> Reply {
        let headings = NoteHeading.headings(in: context.document.bytes, bodyStart: context.analysis.content.bodyStart)
        let lastLine = context.document.lineStarts.count - 1
        func symbols(_ slice: ArraySlice<NoteHeading>, endLine: Int) -> [LSP.DocumentSymbol] {
            var result: [LSP.DocumentSymbol] = []
            var index = slice.startIndex
            while index < slice.endIndex {
                let heading = slice[index]
                var next = index + 1
                while next < slice.endIndex, slice[next].level > heading.level { next += 1 }
                let end = next < slice.endIndex ? slice[next].line - 2 : endLine
                let children = symbols(slice[(index + 1)..<next], endLine: end)
                let selection = context.lineRange(heading.line - 1)
                let whole = LSP.Range(start: selection.start, end: context.lineRange(max(heading.line - 1, end)).end)
                result.append(
                    LSP.DocumentSymbol(
                        name: heading.text.isEmpty ? "#" : heading.text, kind: .string, range: whole, selectionRange: selection,
                        children: children.isEmpty ? nil : children))
                index = next
            }
            return result
        }
        return Reply(symbols(headings[...], endLine: lastLine))
    }

    /// `workspace/symbol`: notes whose title, name or path matches the query, from the index.
    func workspaceSymbols(_ query: String) -> Reply {
        var symbols: [LSP.SymbolInformation] = []
        for workspace in openWorkspaces {
            let start = LSP.Position(line: 0, character: 0)
            let list = workspace.freshCatalog().notes()
            for index in FuzzyMatch.best(list, typed: query, limit: 100) {
                let path = list.paths[index]
                let uri = URL(fileURLWithPath: workspace.vault.root + "/" + path).absoluteString
                symbols.append(
                    LSP.SymbolInformation(
                        name: list.titles[index], kind: .file, location: LSP.Location(uri: uri, range: LSP.Range(start: start, end: start)), containerName: path))
            }
        }
        return Reply(symbols)
    }
}
