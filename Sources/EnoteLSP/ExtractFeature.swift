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
    func extractAction(_ span: Range<Int>, context: DocumentContext) -> JSONValue? {
        guard !span.isEmpty, span.lowerBound >= context.analysis.content.bodyStart else { return nil }
        if case .unreadable = context.analysis.content.frontMatter { return nil }
        let selected = String(decoding: context.document.bytes[span], as: UTF8.self)
        guard let title = Self.extractedTitle(selected) else { return nil }
        let folder = context.path.lastIndex(of: "/").map { String(context.path[..<$0]) }
        guard let draft = try? context.workspace.vault.draft(NewNote(title: title, body: selected, folder: folder)),
            let path = draft.path.string
        else { return nil }
        let uri = context.uri(of: path)
        let origin = JSONValue.from(LSP.Position(line: 0, character: 0))
        let content = JSONValue.object(["range": .object(["start": origin, "end": origin]), "newText": .string(String(decoding: draft.bytes, as: UTF8.self))])
        let link = JSONValue.from(LSP.TextEdit(range: context.range(span), newText: Self.link(to: path, title: title, context: context)))
        let version: JSONValue = context.document.version.map { .int($0) } ?? .null
        return .object([
            "title": .string(Localization.text("Move the selection into a new note")), "kind": .string("refactor.extract"),
            "edit": .object([
                "documentChanges": .array([
                    .object(["kind": .string("create"), "uri": .string(uri), "options": .object(["overwrite": .bool(false), "ignoreIfExists": .bool(false)])]),
                    .object(["textDocument": .object(["uri": .string(uri), "version": .null]), "edits": .array([content])]),
                    .object(["textDocument": .object(["uri": .string(context.document.uri), "version": version]), "edits": .array([link])]),
                ])
            ]),
        ])
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

    /// The link to the new note at `path`: a wikilink when most of the document's links to notes
    /// are wikilinks (by the note's name, or its path when that name already means another
    /// note), else a Markdown link relative to the document.
    static func link(to path: String, title: String, context: DocumentContext) -> String {
        let links = context.analysis.links.links.filter(LinkSpans.pointsAtNote)
        let wikilinks = links.filter(\.isWikilink).count
        if wikilinks * 2 > links.count {
            let stem = String(path.dropLast(3))
            let name = String(stem[(stem.lastIndex(of: "/").map { stem.index(after: $0) } ?? stem.startIndex)...])
            let taken = context.catalog.resolver(forWikilinks: [name]).resolve(LinkTarget(path: name), wikilink: true, from: context.path)
            return "[[" + (taken == .dead ? name : stem) + "]]"
        }
        var text = ""
        for character in title {
            if "[]\\".contains(character) { text.append("\\") }
            text.append(character)
        }
        return "[\(text)](\(RelativePath.link(to: path, from: context.path)))"
    }
}
