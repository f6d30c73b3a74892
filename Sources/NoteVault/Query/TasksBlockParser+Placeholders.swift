import Foundation

/// Tasks' placeholders in a block's lines: `{{query.file.…}}` from the note the block is in,
/// `{{query.file.property('key')}}` from its front matter, `{{preset.NAME}}` from the presets,
/// and `{{! … }}` comments.
extension TasksBlockParser.Builder {
    /// `text` with its `{{…}}` placeholders filled in and its `{{! … }}` comments removed.
    func fillPlaceholders(_ text: String, depth: Int) throws(Problem) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "}}") else {
                throw .error("a placeholder {{ is not closed with }}")
            }
            let name = after[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = after[close.upperBound...]
            if name.hasPrefix("!") { continue }
            if name.hasPrefix("preset.") {
                let presetName = String(name.dropFirst("preset.".count))
                guard let lines = preset(presetName) else {
                    throw .unsupported(
                        "{{\(name)}} names a preset that is neither one of Tasks' built-in presets nor saved in the vault's Tasks settings"
                    )
                }
                guard depth < TasksBlockParser.maximumDepth else { throw .error("presets name each other too deeply") }
                result += try lines.map { (line) throws(Problem) in try fillPlaceholders(line, depth: depth + 1) }.joined(separator: "\n")
                continue
            }
            result += try placeholder(name)
        }
        return result + rest
    }

    /// The value of `{{query.file.…}}`.
    func placeholder(_ name: String) throws(Problem) -> String {
        if let key = TasksBlockParser.propertyNameOf(name) {
            guard let value = context.properties[key] ?? context.properties.first(where: { $0.key.lowercased() == key.lowercased() })?.value else {
                throw .unsupported("{{\(name)}}: enote was given no property \(key) of the note the block is in")
            }
            return value
        }
        let names = [
            "query.file.path", "query.file.pathWithoutExtension", "query.file.folder", "query.file.filename",
            "query.file.filenameWithoutExtension", "query.file.root",
        ]
        guard names.contains(name) else {
            throw .unsupported(
                "enote fills in \(names.map { "{{\($0)}}" }.joined(separator: ", ")) and {{query.file.property('key')}}; {{\(name)}} needs JavaScript, which enote does not run"
            )
        }
        guard let note else {
            throw .error("{{\(name)}} is the note the block is written in, and this block is run on its own, outside any note")
        }
        let path = note.string ?? note.description
        let fileName = note.fileName
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        let parent = note.parent.map { ($0.string ?? $0.description) + "/" } ?? "/"
        switch name {
        case "query.file.path": return path
        case "query.file.pathWithoutExtension": return parent == "/" ? stem : parent + stem
        case "query.file.folder": return parent
        case "query.file.filename": return fileName
        case "query.file.filenameWithoutExtension": return stem
        default:
            guard let slash = path.firstIndex(of: "/") else { return "/" }
            return String(path[...slash])
        }
    }
}

extension TasksBlockParser {
    /// `key` of `query.file.property('key')` (or with double quotes), the one form of a
    /// property placeholder read without JavaScript.
    static func propertyNameOf(_ name: String) -> String? {
        for quote in ["'", "\""] {
            let prefix = "query.file.property(" + quote
            let suffix = quote + ")"
            if name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count {
                let key = String(name.dropFirst(prefix.count).dropLast(suffix.count))
                if !key.contains(quote) { return key }
            }
        }
        return nil
    }
}
