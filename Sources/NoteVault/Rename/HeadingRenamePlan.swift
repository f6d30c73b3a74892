/// Every change renaming one heading of a note makes, computed before any file is touched: the
/// heading's text, and each link that leads to it (`[[note#Heading]]`, `[x](note.md#heading)`,
/// `[[#Heading]]` in the note itself) rewritten to name the new text, in the form it was
/// written (the heading's text, or a `lower-case-slug`; percent-encoded or in angle brackets as
/// before). Only the heading's text and the links' `#` parts change. Of two headings with one
/// text, links lead to the first (``NoteHeading/target(of:in:)``): the second takes none along.
package struct HeadingRenamePlan: Sendable {
    /// The note whose heading is renamed.
    package var path: NotePath
    /// The heading's text before and after.
    package var old: String
    package var new: String
    /// The files that change: the note first, then the linking notes by path.
    package var edits: [RenamePlan.FileEdit]

    /// The bytes of the text of the heading on `line` (1-based) of `bytes`, the bytes a plan
    /// replaces: for an editor that marks what it renames.
    package static func textSpan(line: Int, in bytes: [UInt8]) -> Range<Int>? {
        HeadingRewriter.textSpan(line: line, in: bytes)
    }
}

extension Vault {
    /// Plans renaming the heading on `line` (1-based, as ``NoteHeading/line`` counts) of the note
    /// at `path` to `new`, with every link to it that `graph` finds (every note, read, when `nil`).
    /// - Throws: ``RenameError``: no heading on that line, a new text links cannot name, or
    ///   another heading of the note that links would then name as well.
    package func planHeadingRename(
        in path: NotePath, line: Int, to new: String, graph: (any LinkGraph)? = nil
    ) throws(VaultError) -> HeadingRenamePlan {
        let graph = graph ?? ScanningLinkGraph(vault: self)
        guard let target = path.string else { throw .rename(.noHeading(path, line: line)) }
        let (note, snapshot) = try readWithSnapshot(path)
        try requireEditable(note)
        let bytes = snapshot.bytes
        let headings = NoteHeading.headings(in: bytes, bodyStart: note.content.bodyStart)
        guard let heading = headings.first(where: { $0.line == line }), let span = HeadingRewriter.textSpan(line: line, in: bytes) else {
            throw .rename(.noHeading(path, line: line))
        }
        let newText = new.trimmingSpaces()
        guard HeadingRewriter.isValid(newText) else { throw .rename(.invalidHeading(new)) }
        // Links would name another heading as well when it has the new text's slug (or, without
        // one, its anchor).
        let newSlug = NoteHeading.slug(newText)
        let collides = { (other: NoteHeading) in
            newSlug.isEmpty ? NoteHeading.slug(other.text).isEmpty && NoteHeading.anchor(other.text) == NoteHeading.anchor(newText) : NoteHeading.slug(other.text) == newSlug
        }
        if headings.contains(where: { $0.line != line && collides($0) }) { throw .rename(.headingExists(path, heading: newText)) }
        // The links that name it are those that land on it (NoteHeading.target): of two headings
        // with one text, the later takes none along.
        let resolver = LinkResolver(paths: try graph.notePaths(), aliases: try graph.aliases())
        func replacements(_ content: NoteContent, source: String) -> [RenamePlan.Replacement] {
            NoteLinkExtractor.extract(content).links.compactMap { link in
                guard !link.isExternal, let named = link.target.heading, NoteHeading.target(of: named, in: headings)?.line == heading.line,
                    link.target.path.isEmpty ? source == target : resolver.resolve(link, from: source) == .resolved(target)
                else { return nil }
                return HeadingRewriter.replacement(for: link, in: content.bytes, old: heading.text, new: newText)
            }
        }
        var own = replacements(note.content, source: target)
        own.append(RenamePlan.Replacement(range: span, text: newText))
        var edits = [HeadingRewriter.edit(path: path, snapshot: snapshot, replacements: own)]
        for source in try graph.notesLinking(to: target) where source != target {
            let sourcePath = NotePath(trusted: source)
            guard let (linking, linkingSnapshot) = try? readWithSnapshot(sourcePath), linking.content.textProblem == nil else { continue }
            let found = replacements(linking.content, source: source)
            if !found.isEmpty { edits.append(HeadingRewriter.edit(path: sourcePath, snapshot: linkingSnapshot, replacements: found)) }
        }
        return HeadingRenamePlan(path: path, old: heading.text, new: newText, edits: edits)
    }
}

/// Rewrites a heading's text and the `#heading` parts of links.
enum HeadingRewriter {
    /// Whether `text` can be a heading that links name: one line, not empty, without the
    /// characters that end a wikilink's heading part (`|`, `]`, `[`, `#`, `^`).
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && !text.contains { "\n\r|[]#^".contains($0) }
    }

    /// The bytes of the text of the heading on `line` (1-based): after the `#` marks and before
    /// a closing run of `#`, or the whole trimmed line of a setext heading.
    static func textSpan(line: Int, in bytes: [UInt8]) -> Range<Int>? {
        var start = 0
        var current = 1
        while current < line {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = newline + 1
            current += 1
        }
        var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        if start < end, bytes[start] == UInt8(ascii: "#") {
            while start < end, bytes[start] == UInt8(ascii: "#") { start += 1 }
            while start < end, isBlank(bytes[start]) { start += 1 }
            // A closing sequence: blanks, then only `#` to the end.
            var closing = end
            while closing > start, bytes[closing - 1] == UInt8(ascii: "#") { closing -= 1 }
            if closing < end, closing == start || isBlank(bytes[closing - 1]) {
                end = closing
                while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            }
        }
        return start < end ? start..<end : nil
    }

    /// The new bytes of a link's `#heading` part, or nil when the link's destination cannot be
    /// located.
    static func replacement(for link: NoteLink, in bytes: [UInt8], old: String, new: String) -> RenamePlan.Replacement? {
        guard let range = link.destinationRange, range.upperBound <= bytes.count else { return nil }
        let destination = Array(bytes[range])
        var innerStart = 0
        var innerEnd = destination.count
        if link.isWikilink {
            if let bar = destination.firstIndex(of: UInt8(ascii: "|")) {
                innerEnd = bar > 0 && destination[bar - 1] == UInt8(ascii: "\\") ? bar - 1 : bar
            }
        } else if link.isAngleBracketed {
            innerStart = 1
            innerEnd -= 1
        }
        guard let hash = destination[innerStart..<innerEnd].firstIndex(of: UInt8(ascii: "#")) else { return nil }
        let fragment = (range.lowerBound + hash + 1)..<(range.lowerBound + innerEnd)
        let written = String(decoding: bytes[fragment], as: UTF8.self)
        if link.isWikilink { return RenamePlan.Replacement(range: fragment, text: new) }
        let decoded = PercentCoding.decode(Substring(written))
        // Written as the heading's text, or as a slug (`next-steps`).
        let value = decoded.trimmingSpaces() == old ? new : NoteHeading.anchor(new).split(separator: " ").joined(separator: "-")
        let text: String
        if written.contains("%") {
            let encodedNonASCII = !written.unicodeScalars.contains { !$0.isASCII } && decoded.unicodeScalars.contains { !$0.isASCII }
            text = PercentCoding.encode(value, nonASCII: encodedNonASCII)
        } else if link.isAngleBracketed {
            text = escapedForAngleBrackets(value)
        } else {
            text = PercentCoding.encode(value, nonASCII: false)
        }
        return RenamePlan.Replacement(range: fragment, text: text)
    }

    /// `text` with `<`, `>` and backslashes escaped, as a destination in angle brackets needs.
    private static func escapedForAngleBrackets(_ text: String) -> String {
        var output = ""
        for character in text {
            if character == "<" || character == ">" || character == "\\" { output.append("\\") }
            output.append(character)
        }
        return output
    }

    /// One file's edit from its byte replacements.
    static func edit(path: NotePath, snapshot: FileSnapshot, replacements: [RenamePlan.Replacement]) -> RenamePlan.FileEdit {
        let ordered = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var bytes = snapshot.bytes
        for replacement in ordered.reversed() { bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8)) }
        return RenamePlan.FileEdit(path: path, newPath: path, snapshot: snapshot, after: bytes, rewrittenLinks: ordered.count, replacements: ordered)
    }
}
