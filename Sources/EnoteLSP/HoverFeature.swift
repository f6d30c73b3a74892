import EnoteRPC
import Foundation
import NoteVault

extension LanguageServer {
    /// `textDocument/hover`: on a link, the note it leads to; on `destroy:`, when; on `color:`,
    /// the colour; on a query block, its results; on `title:` (or the first line of a note without front matter), the notes
    /// related to this one.
    func hover(_ context: DocumentContext, at position: LSP.Position) -> Reply {
        let offset = context.document.offset(of: position, encoding: context.encoding)
        if let reply = queryBlockHover(context, line: position.line) { return reply }
        if let link = LinkSpans.link(at: offset, in: context), !link.isExternal {
            let span = LinkSpans.span(of: link, in: context.document)
            if let attachment = context.catalog.attachment(of: link, in: context.path) {
                return Reply(LSP.Hover(contents: LSP.MarkupContent(value: NoteHover.attachment(attachment)), range: context.range(span)))
            }
            return Reply(LSP.Hover(contents: LSP.MarkupContent(value: NoteHover.link(link, context: context)), range: context.range(span)))
        }
        let line = position.line + 1
        let entry = offset < context.analysis.content.bodyStart ? context.analysis.entries.first(where: { $0.line == line }) : nil
        let onTitle = entry.map { FrontMatterKey(spelling: $0.key) == .title } ?? (position.line == 0 && context.analysis.content.bodyStart == 0)
        if onTitle {
            guard let text = NoteHover.related(context.catalog.related(to: context.path, limit: Self.relatedInHover), root: context.catalog.base.root) else { return .null }
            return Reply(LSP.Hover(contents: LSP.MarkupContent(value: text), range: context.lineRange(position.line)))
        }
        guard let entry, let key = FrontMatterKey(spelling: entry.key) else { return .null }
        let metadata = context.analysis.content.metadata
        let text: String
        switch key {
        case .destroy:
            switch metadata.destroy {
            case .date(let date):
                let instant = date.resolved(in: context.timeZone)
                let when = RelativeTime.words(instant, now: context.now, timeZone: context.timeZone)
                text =
                    Localization.text(instant <= context.now ? "Destroyed: passed (\(when))" : "Destroyed \(when)") + " · "
                    + NoteDate.stamp(instant, in: context.timeZone)
            case .invalid(_, let reason):
                text = Localization.text("Never destroyed: \(reason)")
            case .ambiguous:
                text = Localization.text("Never destroyed: destroy is given more than once")
            case .none:
                return .null
            }
        case .color:
            text = NoteHover.colour(metadata.color)
        default:
            return .null
        }
        return Reply(LSP.Hover(contents: LSP.MarkupContent(value: text), range: context.lineRange(position.line)))
    }
}

extension LanguageServer {
    /// How many related notes the hover on a title lists.
    static let relatedInHover = 8
}

/// The text hover shows.
enum NoteHover {
    /// The notes related to a note, each a Markdown link to its file with why; `nil` when none.
    static func related(_ notes: [RelatedNote], root: String) -> String? {
        guard !notes.isEmpty else { return nil }
        let items = notes.map { item in
            let url = URL(fileURLWithPath: root).appendingPathComponent(item.note.path.description).absoluteString
            // In angle brackets: a path with a parenthesis stays one destination.
            return "- [\(markdownEscaped(item.note.title))](<\(url)>) — \(markdownEscaped(item.reasonText))"
        }
        return "**" + Localization.text("Related notes") + "**\n\n" + items.joined(separator: "\n")
    }

    /// A link's target: title, description, colour and destroy date; or why it leads nowhere.
    static func link(_ link: NoteLink, context: DocumentContext) -> String {
        switch context.catalog.resolution(of: link, from: context.path) {
        case .dead:
            return Localization.text("no note answers to this link (\(link.target.path)); create the note or correct the link")
        case .ambiguous(let paths):
            return Localization.text("this link matches several notes (\(paths.joined(separator: ", "))); write more of the path to choose one")
        case .external:
            return link.target.path
        case .resolved(let path):
            guard let note = context.catalog.note(at: path) else { return "`\(path)`" }
            var lines = ["**\(markdownEscaped(note.title))** — `\(path)`"]
            if !note.description.isEmpty { lines.append(markdownEscaped(note.description)) }
            var facts: [String] = []
            if note.color != .default { facts.append(colour(note.color)) }
            if let destroy = note.destroy {
                let when = RelativeTime.words(destroy, now: context.now, timeZone: context.timeZone)
                facts.append(Localization.text(destroy <= context.now ? "Destroyed: passed (\(when))" : "Destroyed \(when)"))
            }
            if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
            return lines.joined(separator: "\n\n")
        }
    }

    /// The most characters of a picture's or PDF's text a hover shows (the rest: `enote show
    /// --attachments`).
    static let attachmentCharacters = 1500

    /// A picture's or PDF's text as read (its first ``attachmentCharacters``), or why there is
    /// none: the file's name and how it was read, then the text as a block, PDF pages marked.
    static func attachment(_ attachment: NoteAttachment) -> String {
        let name = "**" + markdownEscaped(attachment.path.description) + "**"
        guard let read = attachment.text else { return name + " — " + Localization.text("its text is not read yet") }
        if attachment.state == .failed, let failure = read.failure {
            return name + " — " + Localization.text("its text could not be read: \(markdownEscaped(failure))")
        }
        var text = ""
        for page in read.pages where !page.text.isEmpty {
            if !text.isEmpty { text += "\n\n" }
            if read.kind == .pdf { text += Localization.text("p. \(String(page.number))") + "\n" }
            text += page.text
        }
        guard !text.isEmpty else { return name + " — " + Localization.text("no text was found in it") }
        let how = Localization.text(read.usedOCR ? "text read by OCR" : "text of the PDF")
        var shown = String(text.prefix(attachmentCharacters))
        if shown.count < text.count { shown += "…" }
        // A fence longer than any run of backticks in the text keeps it one block.
        var fence = "```"
        while shown.contains(fence) { fence += "`" }
        var lines = [name + " — " + how, fence + "text\n" + shown + "\n" + fence]
        if let failure = read.failure { lines.append(markdownEscaped(failure)) }
        return lines.joined(separator: "\n\n")
    }

    /// A colour in words and as `#rrggbb`.
    static func colour(_ color: NoteColor) -> String {
        Localization.text("Colour: \(color.description) (\(color.rgb.description))")
    }

    /// Text with the characters Markdown would read as markup escaped.
    static func markdownEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
