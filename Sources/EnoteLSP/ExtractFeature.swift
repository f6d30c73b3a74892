import EnoteRPC
import Foundation
import NoteVault

/// The code action "move the selection into a new note": a CreateFile for the note `enote new`
/// would write beside this one (titled by the selection's first line, its content the selected
/// text), and the selection replaced by a link to it in the form the document already uses.
/// The server writes nothing; the editor applies the WorkspaceEdit.
extension LanguageServer {
    /// The action for the selected bytes `span`, or nil for an empty selection, one that
    /// touches the front matter, or one with no text to make a title of.
    func extractAction(_ span: Range<Int>, context: DocumentContext) -> LSP.CodeAction? {
        guard !span.isEmpty, span.lowerBound >= context.analysis.content.bodyStart else { return nil }
        if case .unreadable = context.analysis.content.frontMatter { return nil }
        let selected = String(decoding: context.document.bytes[span], as: UTF8.self)
        guard let title = Self.extractedTitle(selected) else { return nil }
        let folder = context.path.lastIndex(of: "/").map { String(context.path[..<$0]) }
        guard let draft = try? context.workspace.vault.draft(NewNote(title: title, body: selected, folder: folder)),
            let path = draft.path.string
        else { return nil }
        let uri = context.uri(of: path)
        let content = LSP.TextEdit.atStart(String(decoding: draft.bytes, as: UTF8.self))
        let link = LSP.TextEdit(range: context.range(span), newText: Self.link(to: path, title: title, context: context))
        return LSP.CodeAction(
            title: Localization.text("Move the selection into a new note"), kind: .refactorExtract,
            edit: LSP.WorkspaceEdit([
                .create(LSP.CreateFile(uri: uri)),
                .edit(LSP.TextDocumentEdit(uri: uri, version: nil, edits: [content])),
                .edit(LSP.TextDocumentEdit(uri: context.document.uri, version: context.document.version, edits: [link])),
            ]))
    }

    /// The first line of the selection with text, without a heading's `#` marks (leading, and
    /// a closing sequence) and surrounding spaces; nil when the selection is blank.
    static func extractedTitle(_ selected: String) -> String? {
        for line in selected.split(whereSeparator: \.isNewline) {
            var title = line.trimmingCharacters(in: .whitespaces)
            if title.hasPrefix("#") {
                let marks = title.prefix { $0 == "#" }
                let rest = title.dropFirst(marks.count)
                if marks.count <= 6, rest.isEmpty || rest.first == " " || rest.first == "\t" {
                    title = rest.trimmingCharacters(in: .whitespaces)
                    let closing = title.reversed().prefix { $0 == "#" }.count
                    let kept = title.dropLast(closing)
                    if closing > 0, kept.isEmpty || kept.last == " " || kept.last == "\t" { title = kept.trimmingCharacters(in: .whitespaces) }
                }
            }
            if !title.isEmpty { return title }
        }
        return nil
    }

    /// The link to the new note at `path`, as the library's ``LinkFormatter`` writes it: a
    /// wikilink when most of the document's links to notes are wikilinks (by the note's name, or
    /// its path when that name already means another note), else a Markdown link relative to the
    /// document.
    static func link(to path: String, title: String, context: DocumentContext) -> String {
        // A reference link and its definition are one link here.
        let links = context.analysis.links.links.filter { $0.isWrittenForNote && $0.kind != .reference }
        let asWikilink = links.filter(\.isWikilink).count * 2 > links.count
        let name = NotePath.droppingMarkdownExtension(String(path.split(separator: "/").last ?? Substring(path)))
        // The new note is not indexed yet: the formatter knows it, and the notes of its name.
        let resolver = asWikilink ? context.catalog.resolver(forWikilinks: [name]).adding(path) : LinkResolver(paths: [])
        return LinkFormatter(resolver: resolver).link(to: path, title: title, from: context.path, asWikilink: asWikilink)
    }
}
