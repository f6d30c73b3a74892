/// Resolves links against the notes of a vault, as Obsidian does for wikilinks and as a browser
/// does for relative Markdown paths.
///
/// - A Markdown link is a path relative to the linking note's folder (or to the vault root when
///   it starts with `/`), percent-decoded, with or without `.md`; `..` may climb but never out
///   of the vault (that link is dead).
/// - A wikilink is a path from the vault root or from the linking note's folder, with or without
///   `.md`; else a path suffix or file name, matched case-insensitively, where the shallowest
///   match wins when it is the only one at its depth; else a front matter alias.
///
/// Names compare by canonical equivalence, so an NFD file name (as macOS writes them) matches an
/// NFC link. For example, with notes `Plan.md` and `work/Plan.md`, `[[plan]]` resolves to
/// `Plan.md`, and with only `a/Plan.md` and `b/Plan.md` it is ambiguous.
public struct LinkResolver: Sendable {
    /// Exact paths (String equality is canonical equivalence: NFC and NFD are one key).
    private var byPath: [String: String] = [:]
    /// Lowercased paths → paths.
    private var byFoldedPath: [String: [String]] = [:]
    /// Lowercased file names (without `.md` for notes) → paths.
    private var byName: [String: [String]] = [:]
    /// Lowercased aliases → paths.
    private var byAlias: [String: [String]] = [:]

    /// - Parameters:
    ///   - paths: Every note (and, for images and embeds, every other file) of the vault,
    ///     relative to its root, with `/` between components.
    ///   - aliases: The front matter `aliases` of each note that has some, by path.
    public init(paths: [String], aliases: [String: [String]] = [:]) {
        for path in paths { add(path) }
        for (path, names) in aliases {
            for alias in Set(names.map { $0.trimmingSpaces().lowercased() }) where !alias.isEmpty {
                byAlias[alias, default: []].append(path)
            }
        }
    }

    /// This resolver with one more note at `path`: for a link to a note about to be made.
    package func adding(_ path: String) -> LinkResolver {
        var resolver = self
        resolver.add(path)
        return resolver
    }

    private mutating func add(_ path: String) {
        byPath[path] = path
        byFoldedPath[path.lowercased(), default: []].append(path)
        byName[Self.name(of: path).lowercased(), default: []].append(path)
    }

    /// Resolves `link`, written in the note at `source` (a vault-relative path).
    public func resolve(_ link: NoteLink, from source: String) -> LinkResolution {
        resolve(link.target, wikilink: link.isWikilink, from: source)
    }

    /// Resolves a parsed target; `wikilink` chooses Obsidian's rules over relative paths.
    public func resolve(_ target: LinkTarget, wikilink: Bool, from source: String) -> LinkResolution {
        if target.isExternal { return .external }
        if target.path.isEmpty { return .resolved(source) }
        return wikilink ? resolveWikilink(target.path, from: source) : resolveMarkdown(target.path, from: source)
    }

    private func resolveMarkdown(_ path: String, from source: String) -> LinkResolution {
        let joined = path.hasPrefix("/") ? String(path.drop { $0 == "/" }) : Self.folder(of: source) + path
        guard let normalized = Self.normalize(joined) else { return .dead }
        return lookup(normalized) ?? .dead
    }

    private func resolveWikilink(_ written: String, from source: String) -> LinkResolution {
        var path = NotePath.droppingMarkdownExtension(written.trimmingSpaces())
        if path.hasPrefix("/") { path = String(path.drop { $0 == "/" }) }
        if let root = Self.normalize(path), let found = lookup(root) { return found }
        if let relative = Self.normalize(Self.folder(of: source) + path), let found = lookup(relative) { return found }
        let folded = path.lowercased()
        if path.contains("/") {
            // A path suffix: among the notes of that file name, those whose path ends with it.
            let suffix = "/" + folded
            let lastName = String(folded.split(separator: "/").last ?? Substring(folded))
            let matches = (byName[lastName] ?? []).filter { candidate in
                let lowered = candidate.lowercased()
                return lowered.hasSuffix(suffix) || NotePath.droppingMarkdownExtension(lowered).hasSuffix(suffix)
            }
            if let found = shallowest(matches) { return found }
        } else if let matches = byName[folded], let found = shallowest(matches) {
            return found
        }
        if let owners = byAlias[folded] {
            return owners.count == 1 ? .resolved(owners[0]) : .ambiguous(owners.sorted())
        }
        return .dead
    }

    /// A path as written or with `.md`, exactly, else ignoring case.
    private func lookup(_ path: String) -> LinkResolution? {
        let candidates = NotePath.isMarkdownName(path) ? [path] : [path, NotePath.addingMarkdownExtension(path)]
        for candidate in candidates {
            if let found = byPath[candidate] { return .resolved(found) }
        }
        for candidate in candidates {
            if let found = byFoldedPath[candidate.lowercased()] {
                return found.count == 1 ? .resolved(found[0]) : .ambiguous(found.sorted())
            }
        }
        return nil
    }

    /// The one match nearest the root, or all matches at that depth when several share it.
    private func shallowest(_ matches: [String]) -> LinkResolution? {
        guard !matches.isEmpty else { return nil }
        let depths = matches.map { $0.utf8.count(where: { $0 == UInt8(ascii: "/") }) }
        let minimum = depths.min()!
        let nearest = zip(matches, depths).filter { $0.1 == minimum }.map(\.0)
        return nearest.count == 1 ? .resolved(nearest[0]) : .ambiguous(nearest.sorted())
    }

    /// Whether `link`, written in the note at `source`, names `path` byte for byte (with or
    /// without `.md`), as a case-sensitive file system opens it: a Markdown link's path must, a
    /// wikilink (whose names match in any case, as in Obsidian) always does. The resolver itself
    /// also lets a Markdown link lead to a note named in another case; a rename keeps a link that
    /// named its note exactly naming it exactly.
    static func namesExactly(_ link: NoteLink, path: String, from source: String) -> Bool {
        let written = link.target.path
        guard !link.isWikilink, !written.isEmpty else { return true }
        let joined = written.hasPrefix("/") ? String(written.drop { $0 == "/" }) : folder(of: source) + written
        guard let normalized = normalize(joined) else { return false }
        return normalized.utf8.elementsEqual(path.utf8) || NotePath.addingMarkdownExtension(normalized).utf8.elementsEqual(path.utf8)
    }

    /// The file name of a path, without `.md` for a note.
    static func name(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return NotePath.droppingMarkdownExtension(file)
    }

    /// The folder of a vault-relative path with a trailing `/`, or `""` at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Removes `.` and empty components and applies `..`; `nil` when `..` leaves the vault.
    static func normalize(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }
}
