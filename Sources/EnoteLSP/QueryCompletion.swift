import Foundation
import NoteVault

/// Completion inside a query block: after `KEY =` (or `!=`, `<`, `>`, `:`, `contains`), the values
/// the vault's notes write for that key; elsewhere the language's words, the fields every note
/// has and the front matter keys the vault's notes use. In a Tasks block, the instructions
/// Obsidian Tasks writes that enote reads.
enum QueryCompletion {
    /// The words of enote's language and of Dataview's DQL that ``QueryParser`` reads.
    static let keywords = [
        "TABLE", "LIST", "TASK", "FROM", "WHERE", "SORT", "GROUP BY", "LIMIT", "FLATTEN", "WITHOUT ID", "AS", "ASC", "DESC", "AND", "OR",
        "table", "list", "tasks", "board by", "calendar", "from", "where", "sort", "group by", "limit", "folder", "tag", "links to",
        "linked from", "text contains", "contains", "and", "or", "not", "today",
    ]

    /// The fields every note has (and a task's, in a task query).
    static let builtInFields = [
        "file.name", "file.path", "file.folder", "file.link", "file.tags", "file.ctime", "file.mtime", "file.cday", "file.mday", "file.size",
        "file.outlinks", "file.inlinks", "file.tasks", "title", "colour", "color", "created", "updated", "destroy", "tags", "path", "name",
        "folder", "description", "due", "scheduled", "start", "completed", "priority", "text", "status",
    ]

    /// Instructions of Obsidian Tasks that enote reads.
    static let tasksPhrases = [
        "not done", "done", "due before today", "due after today", "due on today", "due this week", "due next week", "scheduled before today",
        "starts before today", "happens before tomorrow", "has due date", "no due date", "has scheduled date", "no scheduled date",
        "has start date", "no start date", "has done date", "priority is high", "priority is above medium", "priority is below medium",
        "status.type is TODO", "status.type is DONE", "is recurring", "is not recurring", "has tags", "no tags", "tags include #",
        "tags do not include #", "path includes ", "path does not include ", "filename includes ", "folder includes ", "description includes ",
        "heading includes ", "exclude sub-items", "sort by due", "sort by priority", "sort by path", "sort by description", "group by filename",
        "group by folder", "group by due", "limit 10", "limit groups to 5", "hide backlinks", "short mode", "explain",
    ]

    /// How many values of a key are offered at most.
    static let valueLimit = 50

    static func items(before: [UInt8], offset: Int, language: NoteQuery.Language, context: DocumentContext) -> [LSP.CompletionItem] {
        let text = String(decoding: before, as: UTF8.self)
        if language == .tasks { return phrases(typed: text, offset: offset, context: context) }
        // The word being typed: letters, digits, `.`, `_`, `-`, `/`, and an opening quote.
        let typed = String(text.reversed().prefix { $0.isLetter || $0.isNumber || "._-/\"#".contains($0) }.reversed())
        let span = (offset - typed.utf8.count)..<offset
        let head = String(text.dropLast(typed.count))
        if let key = valueKey(before: head) {
            return values(of: key, typed: typed, span: span, context: context)
        }
        var items: [LSP.CompletionItem] = []
        var seen: Set<String> = []
        func add(_ label: String, kind: LSP.CompletionItemKind, detail: String?) {
            guard seen.insert(label).inserted else { return }
            items.append(
                LSP.CompletionItem(
                    label: label, kind: kind, detail: detail, documentation: nil, sortText: String(format: "%04d", items.count),
                    filterText: label, textEdit: LSP.TextEdit(range: context.range(span), newText: label)))
        }
        let keys = (try? context.workspace.withIndex { index throws(VaultError) in try index.frontMatterKeys(limit: 200) }) ?? []
        for key in keys { add(key.key, kind: .property, detail: "× \(key.notes)") }
        for field in builtInFields { add(field, kind: .field, detail: nil) }
        for keyword in keywords { add(keyword, kind: .keyword, detail: nil) }
        return items
    }

    /// The key a value is being typed for: the word before `=`, `!=`, `<`, `>`, `<=`, `>=`, `:`
    /// or `contains` at the end of `head`.
    static func valueKey(before head: String) -> String? {
        var rest = head.trimmingCharacters(in: .whitespaces)
        var matched = false
        for op in ["!=", "<=", ">=", "=", "<", ">", ":"] where rest.hasSuffix(op) {
            rest = String(rest.dropLast(op.count))
            matched = true
            break
        }
        if !matched, rest.lowercased().hasSuffix(" contains") || rest.lowercased().hasSuffix("(contains") {
            rest = String(rest.dropLast("contains".count))
            matched = true
        }
        guard matched else { return nil }
        rest = rest.trimmingCharacters(in: .whitespaces)
        let key = String(rest.reversed().prefix { $0.isLetter || $0.isNumber || "._-".contains($0) }.reversed())
        guard !key.isEmpty, key.first?.isNumber == false else { return nil }
        return key
    }

    /// The values notes write for `key` (`file.name` and such have none), quoted unless numbers,
    /// booleans or dates.
    static func values(of key: String, typed: String, span: Range<Int>, context: DocumentContext) -> [LSP.CompletionItem] {
        let name = key.hasPrefix("this.") ? String(key.dropFirst(5)) : key
        let found = (try? context.workspace.withIndex { index throws(VaultError) in try index.frontMatterValues(of: name, limit: valueLimit) }) ?? []
        return found.enumerated().map { rank, value in
            let bare = Double(value.value) != nil || ["true", "false"].contains(value.value) || isDate(value.value)
            let escaped = value.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let insert = bare ? value.value : "\"" + escaped + "\""
            return LSP.CompletionItem(
                label: value.value, kind: .value, detail: "× \(value.notes)", documentation: nil, sortText: String(format: "%04d", rank),
                filterText: typed.isEmpty ? value.value : typed + " " + value.value, textEdit: LSP.TextEdit(range: context.range(span), newText: insert))
        }
    }

    private static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes[0..<4].allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// A Tasks block's instructions that begin with what the line holds so far.
    private static func phrases(typed: String, offset: Int, context: DocumentContext) -> [LSP.CompletionItem] {
        let line = String(typed.drop { $0 == " " || $0 == "\t" })
        let span = (offset - line.utf8.count)..<offset
        let lower = line.lowercased()
        let matching = tasksPhrases.filter { lower.isEmpty || $0.lowercased().hasPrefix(lower) || $0.lowercased().contains(lower) }
        return matching.enumerated().map { rank, phrase in
            LSP.CompletionItem(
                label: phrase, kind: .keyword, detail: nil, documentation: nil, sortText: String(format: "%04d", rank), filterText: phrase,
                textEdit: LSP.TextEdit(range: context.range(span), newText: phrase))
        }
    }
}
