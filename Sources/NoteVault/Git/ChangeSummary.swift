/// The changes one sync commits, counted for its commit message: `3 notes changed, 1 removed on
/// laptop`, then one line per file.
///
/// The message is English whatever the user's language: it is part of the history every
/// machine shares, read by git and other tools, like git's own messages.
struct ChangeSummary {
    var added: [String] = []
    var changed: [String] = []
    var removed: [String] = []
    var renamed: [(from: String, to: String)] = []
    /// Attachments and other files that are not notes.
    var otherFiles: [String] = []

    /// Reads `git diff --name-status -z -M` fields.
    init(nameStatus fields: [String]) {
        var index = 0
        while index < fields.count {
            let status = fields[index]
            index += 1
            if status.hasPrefix("R") || status.hasPrefix("C"), index + 1 < fields.count {
                let (from, to) = (fields[index], fields[index + 1])
                index += 2
                if NotePath.isMarkdownName(to) { renamed.append((from, to)) } else { otherFiles.append(to) }
                continue
            }
            guard index < fields.count else { break }
            let path = fields[index]
            index += 1
            guard NotePath.isMarkdownName(path) else {
                otherFiles.append(path)
                continue
            }
            switch status.first {
            case "A": added.append(path)
            case "D": removed.append(path)
            default: changed.append(path)
            }
        }
    }

    var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty && renamed.isEmpty && otherFiles.isEmpty }

    /// `2 notes added, 1 note changed, 1 removed on HOST`.
    func subject(host: String) -> String {
        var parts: [String] = []
        func count(_ number: Int, _ what: String) -> String { "\(number) \(what)" }
        let kinds: [(Int, String)] = [(added.count, "added"), (changed.count, "changed"), (removed.count, "removed"), (renamed.count, "renamed")]
        for (number, verb) in kinds where number > 0 {
            parts.append(parts.isEmpty ? "\(number) \(number == 1 ? "note" : "notes") \(verb)" : "\(number) \(verb)")
        }
        if !otherFiles.isEmpty { parts.append("\(otherFiles.count) other \(otherFiles.count == 1 ? "file" : "files") changed") }
        return parts.joined(separator: ", ") + " on \(host)"
    }

    /// One line per file: `added: a.md`.
    var body: String {
        var lines: [String] = []
        lines += added.map { "added: \($0)" }
        lines += changed.map { "changed: \($0)" }
        lines += removed.map { "removed: \($0)" }
        lines += renamed.map { "renamed: \($0.from) -> \($0.to)" }
        lines += otherFiles.map { "file: \($0)" }
        return lines.joined(separator: "\n")
    }
}
