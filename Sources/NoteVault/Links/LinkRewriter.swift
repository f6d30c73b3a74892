/// Writes a link's destination anew for a note that moved, in the form the link was written:
/// a relative (or root) path for a Markdown link, with or without `.md`, percent-encoded or in
/// angle brackets as before; a wikilink by name while the name still leads to the note, else by
/// path; `#heading`, `#^block` and `|alias` parts kept byte for byte.
///
/// For example, when `Trip.md` moves to `Archive/Trip 2024.md`, `[t](Trip.md#Day%201)` written
/// in `index.md` becomes `Archive/Trip%202024.md#Day%201` only if the link used percent-encoding;
/// `[t](Trip.md)` becomes `<Archive/Trip 2024.md>`; `[[Trip|the trip]]` becomes
/// `[[Trip 2024|the trip]]`.
enum LinkRewriter {
    /// The new destination text for `link` (to replace the bytes of its ``NoteLink/destinationRange``),
    /// or `nil` when the link is external or no form of it would lead to `newTarget` alone.
    /// - Parameters:
    ///   - source: The linking note's path after the move (it may have moved too).
    ///   - newTarget: The target's path after the move.
    ///   - resolver: A resolver of the vault as it is after the move.
    static func replacement(for link: NoteLink, in source: String, to newTarget: String, resolver: LinkResolver) -> String? {
        switch link.kind {
        case .autolink: return nil
        case .wikilink, .embed: return wikilinkReplacement(link.destination, in: source, to: newTarget, resolver: resolver)
        case .inline, .reference, .definition, .image:
            guard !link.isExternal, !link.destination.isEmpty else { return nil }
            return markdownReplacement(link.destination, in: source, to: newTarget)
        }
    }

    private static func markdownReplacement(_ destination: String, in source: String, to newTarget: String) -> String {
        let angle = destination.hasPrefix("<") && destination.hasSuffix(">") && destination.count >= 2
        let inner = angle ? String(destination.dropFirst().dropLast()) : destination
        let cut = inner.firstIndex { $0 == "#" || $0 == "?" } ?? inner.endIndex
        let rawPath = String(inner[..<cut])
        let suffix = String(inner[cut...])
        let decoded = PercentCoding.decode(Substring(rawPath))
        var path: String
        if rawPath.hasPrefix("/") {
            path = "/" + newTarget
        } else {
            path = RelativePath.of(newTarget, from: LinkResolver.folder(of: source))
            if rawPath.hasPrefix("./"), !path.hasPrefix("../") { path = "./" + path }
        }
        if !NotePath.isMarkdownName(decoded) { path = NotePath.droppingMarkdownExtension(path) }
        if rawPath.contains("%") {
            let encodedNonASCII = !rawPath.unicodeScalars.contains { !$0.isASCII } && decoded.unicodeScalars.contains { !$0.isASCII }
            return PercentCoding.encode(path, nonASCII: encodedNonASCII) + suffix
        }
        if angle { return "<" + escapeAngle(path) + suffix + ">" }
        let needsBrackets = path.utf8.contains {
            $0 <= 0x20 || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
        }
        return needsBrackets ? "<" + escapeAngle(path) + suffix + ">" : path + suffix
    }

    private static func escapeAngle(_ path: String) -> String {
        var output = ""
        for character in path {
            if character == "<" || character == ">" || character == "\\" { output.append("\\") }
            output.append(character)
        }
        return output
    }

    private static func wikilinkReplacement(_ inner: String, in source: String, to newTarget: String, resolver: LinkResolver) -> String? {
        var pathEnd = inner.firstIndex(of: "|") ?? inner.endIndex
        if pathEnd > inner.startIndex, pathEnd < inner.endIndex, inner[inner.index(before: pathEnd)] == "\\" { pathEnd = inner.index(before: pathEnd) }
        if let hash = inner[..<pathEnd].firstIndex(of: "#") { pathEnd = hash }
        let written = String(inner[..<pathEnd])
        let suffix = String(inner[pathEnd...])
        let trimmed = written.trimmingSpaces()
        // Still right as written (an alias, or a name that still leads there).
        if !trimmed.isEmpty, resolver.resolve(LinkTarget(wikilink: trimmed), wikilink: true, from: source) == .resolved(newTarget) { return inner }
        // Else in the form it was written: by name, relative, or from the root; with `.md` or not.
        let form = LinkFormatter.WikilinkForm(
            byName: !trimmed.contains("/"), relative: trimmed.hasPrefix("./") || trimmed.hasPrefix("../"),
            keepingExtension: NotePath.isMarkdownName(trimmed))
        guard let chosen = LinkFormatter(resolver: resolver).wikilink(to: newTarget, from: source, form: form) else { return nil }
        return chosen + suffix
    }
}
