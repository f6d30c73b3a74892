import EnoteRPC
import Foundation
import NoteVault

extension LanguageServer {
    /// `textDocument/hover`: on a link, the note it leads to; on `destroy:`, when; on `color:`,
    /// the colour.
    func hover(_ context: DocumentContext, at position: LSP.Position) -> Reply {
        let offset = context.document.offset(of: position, encoding: context.encoding)
        if let link = LinkSpans.link(at: offset, in: context), !link.isExternal {
            let span = LinkSpans.span(of: link, in: context.document)
            return Reply(LSP.Hover(contents: LSP.MarkupContent(value: NoteHover.link(link, context: context)), range: context.range(span)))
        }
        guard offset < context.analysis.content.bodyStart else { return .null }
        let line = position.line + 1
        guard let entry = context.analysis.entries.first(where: { $0.line == line }), let key = FrontMatterKey(spelling: entry.key) else { return .null }
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

/// The text hover shows.
enum NoteHover {
    /// A link's target: title, description, colour and destroy date; or why it leads nowhere.
    static func link(_ link: NoteLink, context: DocumentContext) -> String {
        switch context.catalog.resolver().resolve(link, from: context.path) {
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
