import Foundation
import NoteVault

/// Completion inside the front matter: the keys enote reads, palette colours and `hsb(` after
/// `color:`, and dates a few hours to weeks ahead after `destroy:` (written as absolute times,
/// so the file never depends on when it is read).
enum FrontMatterCompletion {
    static func items(before: [UInt8], offset: Int, context: DocumentContext) -> [LSP.CompletionItem] {
        let text = String(decoding: before, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else {
            guard !text.hasPrefix(" "), !text.hasPrefix("-") else { return [] }
            let span = (offset - before.count)..<offset
            return (FrontMatterKey.allCases.map(\.rawValue) + ["aliases"]).map { key in
                LSP.CompletionItem(
                    label: key, kind: .property, detail: nil, documentation: nil, sortText: nil, filterText: key,
                    textEdit: LSP.TextEdit(range: context.range(span), newText: key + ": "))
            }
        }
        let key = FrontMatterKey(spelling: String(text[..<colon]).trimmingCharacters(in: .whitespaces))
        var valueStart = text.index(after: colon)
        while valueStart < text.endIndex, text[valueStart] == " " { valueStart = text.index(after: valueStart) }
        let typed = String(text[valueStart...])
        let span = (offset - typed.utf8.count)..<offset
        func value(_ label: String, insert: String, kind: LSP.CompletionItemKind, detail: String?, rank: Int) -> LSP.CompletionItem {
            LSP.CompletionItem(
                label: label, kind: kind, detail: detail, documentation: nil, sortText: String(format: "%04d", rank), filterText: typed.isEmpty ? label : typed,
                textEdit: LSP.TextEdit(range: context.range(span), newText: insert))
        }
        switch key {
        case .color:
            var items = NoteColor.Palette.allCases.enumerated().map { rank, colour in
                value(colour.rawValue, insert: colour.rawValue, kind: .color, detail: NoteColor.palette(colour).rgb.description, rank: rank)
            }
            items.append(value("hsb(H, S%, B%)", insert: "hsb(", kind: .color, detail: nil, rank: items.count))
            return items
        case .destroy:
            let steps: [(LocalizedMessage, TimeInterval)] = [
                ("in \(count: 1) hours", 3600), ("in \(count: 1) days", 86400), ("in \(count: 3) days", 3 * 86400), ("in \(count: 7) days", 7 * 86400),
                ("in \(count: 30) days", 30 * 86400),
            ]
            return steps.enumerated().map { rank, step in
                let date = context.now.addingTimeInterval(step.1)
                let stamp = NoteDate.stamp(date, in: context.timeZone)
                return value(step.0.text, insert: stamp, kind: .value, detail: stamp, rank: rank)
            }
        default:
            return []
        }
    }
}
