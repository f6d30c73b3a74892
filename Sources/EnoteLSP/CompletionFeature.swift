import EnoteRPC
import Foundation
import NoteVault

extension LanguageServer {
    /// `textDocument/completion`: notes after `[[` and `](`, tags after `#`, front matter keys
    /// and values; in a query block, its language's words, fields and values (``QueryCompletion``).
    func completion(_ context: DocumentContext, at position: LSP.Position) -> Reply {
        let offset = context.document.offset(of: position, encoding: context.encoding)
        let line = context.document.lineIndex(of: offset)
        let lineStart = context.document.lineStarts[line]
        let before = Array(context.document.bytes[lineStart..<offset])
        let after = context.document.bytes[offset..<context.document.lineContentEnd(line)]
        let items: [LSP.CompletionItem]
        if offset >= context.analysis.content.bodyStart, let block = QueryBlocks.block(atLine: line + 1, in: context), block.line < line + 1,
            line + 1 < block.endLine
        {
            items = QueryCompletion.items(before: before, offset: offset, language: block.language, context: context)
        } else if offset < context.analysis.content.bodyStart, context.analysis.content.bodyStart > 0, line > 0 {
            items = FrontMatterCompletion.items(before: before, offset: offset, context: context)
        } else if let open = NoteCompletion.unclosed("[[", closer: "]]", in: before) {
            let typed = String(decoding: before[open...], as: UTF8.self)
            let closes = after.starts(with: Array("]]".utf8))
            items = NoteCompletion.wikilinks(typed: typed, replacing: (lineStart + open)..<offset, closes: closes, context: context)
        } else if let open = NoteCompletion.unclosed("](", closer: ")", in: before) {
            let typed = String(decoding: before[open...], as: UTF8.self)
            let closes = after.first == UInt8(ascii: ")")
            items = NoteCompletion.markdownLinks(typed: typed, replacing: (lineStart + open)..<offset, closes: closes, context: context)
        } else if let hash = NoteCompletion.tagStart(in: before) {
            let typed = String(decoding: before[(hash + 1)...], as: UTF8.self)
            items = NoteCompletion.tags(typed: typed, replacing: (lineStart + hash + 1)..<offset, context: context, open: documents.all)
        } else {
            items = []
        }
        return Reply(LSP.CompletionList(isIncomplete: true, items: items))
    }
}

/// Completion of links and tags in a note's body.
enum NoteCompletion {
    /// How many items one answer holds at most (the client filters further as the user types).
    static let limit = 50

    /// The index after the last `opener` in `line` that no `closer` follows, if any.
    static func unclosed(_ opener: String, closer: String, in line: [UInt8]) -> Int? {
        let open = Array(opener.utf8)
        let close = Array(closer.utf8)
        var found: Int?
        var index = 0
        while index + open.count <= line.count {
            if line[index..<index + open.count].elementsEqual(open) {
                found = index + open.count
                index += open.count
            } else if found != nil, index + close.count <= line.count, line[index..<index + close.count].elementsEqual(close) {
                found = nil
                index += close.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// The index of the `#` that starts the word before the cursor, when it starts a tag.
    static func tagStart(in line: [UInt8]) -> Int? {
        var index = line.count
        while index > 0 {
            let byte = line[index - 1]
            if byte == UInt8(ascii: "#") {
                let previous = index >= 2 ? line[index - 2] : UInt8(ascii: " ")
                guard previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") || previous == UInt8(ascii: "(") else { return nil }
                // `# Heading` is not a tag: a heading's `#` is followed by a space, never reached here.
                return index - 1
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") { return nil }
            index -= 1
        }
        return nil
    }

    /// Notes for `[[typed`: each as the library's ``LinkFormatter`` writes a wikilink to it (its
    /// name, or its path when the name leads elsewhere), then `]]`.
    static func wikilinks(typed: String, replacing span: Range<Int>, closes: Bool, context: DocumentContext) -> [LSP.CompletionItem] {
        let list = context.catalog.notes()
        let found = FuzzyMatch.best(list, typed: typed, limit: limit)
        let formatter = LinkFormatter(resolver: context.catalog.resolver(forWikilinks: found.map(list.name)))
        return found.enumerated().map { rank, index in
            let path = list.paths[index]
            let target = formatter.wikilink(to: path, from: context.path) ?? NotePath.droppingMarkdownExtension(path)
            let text = target + (closes ? "" : "]]")
            return item(list, index, rank: rank, text: text, span: span, filter: typed, context: context)
        }
    }

    /// Notes for `](typed`: the destination ``LinkFormatter`` writes (relative to this note), then `)`.
    static func markdownLinks(typed: String, replacing span: Range<Int>, closes: Bool, context: DocumentContext) -> [LSP.CompletionItem] {
        let list = context.catalog.notes()
        return FuzzyMatch.best(list, typed: typed, limit: limit).enumerated().map { rank, index in
            let text = LinkFormatter.markdownDestination(to: list.paths[index], from: context.path) + (closes ? "" : ")")
            return item(list, index, rank: rank, text: text, span: span, filter: typed, context: context)
        }
    }

    private static func item(
        _ list: NoteList, _ index: Int, rank: Int, text: String, span: Range<Int>, filter: String, context: DocumentContext
    )
        -> LSP.CompletionItem
    {
        let title = list.titles[index]
        let description = list.descriptions[index]
        return LSP.CompletionItem(
            label: title, kind: .reference, detail: list.paths[index], documentation: description.isEmpty ? nil : description,
            sortText: String(format: "%04d", rank), filterText: filter.isEmpty ? title : filter + " " + title,
            textEdit: LSP.TextEdit(range: context.range(span), newText: text))
    }

    /// Tags of the vault and of the open documents that start with (or contain) `typed`.
    static func tags(typed: String, replacing span: Range<Int>, context: DocumentContext, open: [TextDocument]) -> [LSP.CompletionItem] {
        var counts = context.catalog.tags()
        let folded = typed.lowercased()
        // The note's own tags, but not the one being typed.
        for tag in context.analysis.links.tags where counts[tag.normalized] == nil && tag.normalized != folded { counts[tag.normalized] = 1 }
        let matching = counts.filter { folded.isEmpty || $0.key.contains(folded) }
            .sorted { ($0.key.hasPrefix(folded) ? 0 : 1, -$0.value, $0.key) < ($1.key.hasPrefix(folded) ? 0 : 1, -$1.value, $1.key) }
            .prefix(limit)
        return matching.enumerated().map { rank, tag in
            LSP.CompletionItem(
                label: "#" + tag.key, kind: .keyword, detail: "× \(tag.value)", documentation: nil,
                sortText: String(format: "%04d", rank), filterText: typed.isEmpty ? tag.key : typed + " " + tag.key,
                textEdit: LSP.TextEdit(range: context.range(span), newText: tag.key))
        }
    }
}

