import EnoteRPC
import Foundation
import NoteVault

/// The query blocks of a note (```` ```enote ````, ```` ```dataview ````, ```` ```tasks ````), read
/// from the text as typed: hover on any line of a block (its fences too) shows its results as
/// Markdown, or why it cannot run and where; a code action writes the results below the block
/// between `<!-- enote:results -->` and `<!-- /enote:results -->`, replacing what an earlier run
/// wrote there.
enum QueryBlocks {
    /// How many rows a hover shows; the rest are counted.
    static let rowsInHover = 20
    /// How many rows the written results hold.
    static let rowsWritten = 200
    /// The most seconds one run takes before it stops with an error: the editor waits for it.
    static let timeLimit: TimeInterval = 3

    static let openingMarker = "<!-- enote:results -->"
    static let closingMarker = "<!-- /enote:results -->"

    /// The block whose lines (fences included) hold the 1-based `line` of the document.
    static func block(atLine line: Int, in context: DocumentContext) -> QueryBlock? {
        blocks(in: context).first { $0.line <= line && line <= $0.endLine }
    }

    /// The document's query blocks, as typed.
    static func blocks(in context: DocumentContext) -> [QueryBlock] {
        guard context.document.bytes.count < 4 << 20 else { return [] }
        return QueryBlock.blocks(in: context.document.text)
    }

    /// The block's result over the index, or why it cannot be read or run (its place in the
    /// note's lines).
    static func run(_ block: QueryBlock, context: DocumentContext) -> Result<QueryResult, NoteQueryError> {
        let note = NotePath(trusted: context.path)
        let query: NoteQuery
        switch block.parse(note: note) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): query = parsed
        }
        var options = NoteIndex.QueryOptions(now: context.now, timeZone: context.timeZone, note: note)
        options.timeLimit = timeLimit
        do {
            return .success(try context.workspace.withIndex { index in try index.run(query, options: options) })
        } catch var error as NoteQueryError {
            error.line = block.line
            return .failure(error)
        } catch let error as VaultError {
            return .failure(NoteQueryError(error.message, line: block.line, column: 1))
        } catch {
            return .failure(NoteQueryError("\(String(describing: error))", line: block.line, column: 1))
        }
    }

    /// The result as Markdown, its links written as the document writes its own: Markdown
    /// links when most of its links to notes are, else wikilinks (as short as lead alone).
    static func markdown(_ result: QueryResult, rowLimit: Int, context: DocumentContext) -> String {
        let links = context.analysis.links.links.filter { $0.isWrittenForNote && $0.kind != .reference }
        let markdownLinks = links.count - links.filter(\.isWikilink).count
        let style: QueryResult.MarkdownOptions.LinkStyle = markdownLinks * 2 > links.count ? .markdown : .wikilink
        var resolver: LinkResolver?
        if style == .wikilink {
            var names = Set(result.rows.prefix(rowLimit).map(\.path))
            for entry in result.calendar.prefix(rowLimit) { names.insert(entry.path) }
            resolver = context.catalog.resolver(forWikilinks: names.map { NotePath.droppingMarkdownExtension($0.fileName) })
        }
        let options = QueryResult.MarkdownOptions(rowLimit: rowLimit, linkStyle: style, from: NotePath(trusted: context.path), resolver: resolver)
        return result.markdown(options)
    }

    /// What hover shows for a block: its results, or its error with its line and column.
    static func hover(_ block: QueryBlock, context: DocumentContext) -> String {
        switch run(block, context: context) {
        case .failure(let error):
            let title = Localization.text(error.isUnsupported ? "This query cannot run in enote" : "This query has a mistake")
            return "**" + title + "**\n\n" + NoteHover.markdownEscaped(error.located.text)
        case .success(let result):
            let count = result.query.view.name == "calendar" ? result.calendar.count : result.rows.count
            let heading = Localization.text("Query results (\(result.query.view.name)): \(String(count))")
            return "**" + heading + "**\n\n" + markdown(result, rowLimit: rowsInHover, context: context)
        }
    }

    /// The bytes of the results an earlier run wrote right below the block (blank lines
    /// between allowed): from the start of the opening marker's line to the end of the
    /// closing marker's line (its line break kept). `nil` when there are none.
    static func writtenResults(below block: QueryBlock, in document: TextDocument) -> Range<Int>? {
        var line = block.endLine  // 0-based: the line after the closing fence
        func text(_ line: Int) -> String {
            String(decoding: document.bytes[document.lineStarts[line]..<document.lineContentEnd(line)], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
        }
        while line < document.lineStarts.count, text(line).isEmpty, line < block.endLine + 2 { line += 1 }
        guard line < document.lineStarts.count, text(line) == openingMarker else { return nil }
        let start = document.lineStarts[line]
        var closing = line + 1
        while closing < document.lineStarts.count {
            if text(closing) == closingMarker { return start..<document.lineContentEnd(closing) }
            if text(closing).hasPrefix("```") && text(closing).count > 3 { return nil }
            closing += 1
        }
        return nil
    }
}

extension LanguageServer {
    /// Hover on a line of a query block: its results or its error.
    func queryBlockHover(_ context: DocumentContext, line: Int) -> Reply? {
        guard let block = QueryBlocks.block(atLine: line + 1, in: context) else { return nil }
        let start = context.document.lineStarts[min(block.line - 1, context.document.lineStarts.count - 1)]
        let endLine = min(block.endLine - 1, context.document.lineStarts.count - 1)
        let range = context.range(start..<context.document.lineContentEnd(endLine))
        return Reply(LSP.Hover(contents: LSP.MarkupContent(value: QueryBlocks.hover(block, context: context)), range: range))
    }

    /// "Write the results below the block" for the query block on the 1-based `lines`: its
    /// results as Markdown between the markers, inserted after the closing fence, or replacing
    /// what an earlier run wrote there. None for a block that cannot run (hover says why), or a
    /// block without a closing fence (its results would become part of it).
    func queryBlockActions(lines: ClosedRange<Int>, context: DocumentContext) -> [LSP.CodeAction] {
        let document = context.document
        guard let block = QueryBlocks.blocks(in: context).first(where: { $0.line <= lines.upperBound && lines.lowerBound <= $0.endLine }),
            block.endLine - 1 < document.lineStarts.count, block.endLine > block.line
        else { return [] }
        let fence = String(decoding: document.bytes[document.lineStarts[block.endLine - 1]..<document.lineContentEnd(block.endLine - 1)], as: UTF8.self)
        guard fence.trimmingCharacters(in: .whitespaces).hasPrefix("```") || fence.trimmingCharacters(in: .whitespaces).hasPrefix("~~~") else { return [] }
        guard case .success(let result) = QueryBlocks.run(block, context: context) else { return [] }
        let markdown = QueryBlocks.markdown(result, rowLimit: QueryBlocks.rowsWritten, context: context)
        // In the document's line endings.
        let lineBreak = document.bytes.contains(UInt8(ascii: "\r")) ? "\r\n" : "\n"
        let region = (QueryBlocks.openingMarker + "\n\n" + markdown + "\n" + QueryBlocks.closingMarker).replacingOccurrences(of: "\n", with: lineBreak)
        let edit: LSP.TextEdit
        if let written = QueryBlocks.writtenResults(below: block, in: document) {
            edit = LSP.TextEdit(range: context.range(written), newText: region)
        } else {
            let end = document.lineContentEnd(block.endLine - 1)
            edit = LSP.TextEdit(range: context.range(end..<end), newText: lineBreak + region)
        }
        let title = Localization.text("Write the results below the block")
        return [
            LSP.CodeAction(
                title: title, kind: .refactorRewrite,
                edit: LSP.WorkspaceEdit([.edit(LSP.TextDocumentEdit(uri: document.uri, version: document.version, edits: [edit]))]))
        ]
    }
}
