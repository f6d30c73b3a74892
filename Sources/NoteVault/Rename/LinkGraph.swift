/// Who links to whom in a vault: the questions a rename asks before it touches a file.
///
/// A rename needs every note whose links may lead to the moved note, and every note whose
/// wikilinks use the new name (they could start to lead to it, or become ambiguous). The answers
/// may be a superset: the planner reads each note named and resolves its links itself.
/// ``ScanningLinkGraph`` answers by reading every note; an index-backed graph (issue 16's
/// `links` table) will answer from the index.
package protocol LinkGraph {
    /// Every note of the vault, vault-relative with `/` between components.
    func notePaths() throws(VaultError) -> [String]
    /// The front matter `aliases` of the notes that have some, by path.
    func aliases() throws(VaultError) -> [String: [String]]
    /// The notes with a link that leads to `target` (a vault-relative path).
    func notesLinking(to target: String) throws(VaultError) -> [String]
    /// The notes with a wikilink or embed whose last path component is `name` (compared
    /// case-insensitively, without `.md`).
    func notesWithWikilinks(named name: String) throws(VaultError) -> [String]
    /// The notes with a link of any kind whose last path component names the file at `path`
    /// (compared case-insensitively, without `.md`): for a file that is not a note (a picture
    /// that moves with its folder), whose links are not resolved ahead.
    func notesWithLinks(namedLike path: String) throws(VaultError) -> [String]
}

/// A ``LinkGraph`` that reads every note of the vault once, when first asked, and extracts its
/// links: right whatever the index holds, and slow on a large vault (every note is read and
/// parsed). The index-backed graph replaces it once links are indexed.
package final class ScanningLinkGraph: LinkGraph {
    private let vault: Vault
    private var scanned: Scan?

    private struct Scan {
        var paths: [String]
        var aliases: [String: [String]]
        var backlinks: [String: Set<String>]
        var wikilinkNames: [String: Set<String>]
        var linkNames: [String: Set<String>]
    }

    package init(vault: Vault) {
        self.vault = vault
    }

    package func notePaths() throws(VaultError) -> [String] { scan().paths }

    package func aliases() throws(VaultError) -> [String: [String]] { scan().aliases }

    package func notesLinking(to target: String) throws(VaultError) -> [String] {
        (scan().backlinks[target] ?? []).sorted()
    }

    package func notesWithWikilinks(named name: String) throws(VaultError) -> [String] {
        (scan().wikilinkNames[ScanningLinkGraph.folded(name)] ?? []).sorted()
    }

    package func notesWithLinks(namedLike path: String) throws(VaultError) -> [String] {
        (scan().linkNames[ScanningLinkGraph.folded(path)] ?? []).sorted()
    }

    /// The comparable form of a wikilink's last component: lowercased, without `.md`.
    static func folded(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        return NotePath.droppingMarkdownExtension(last.trimmingSpaces().lowercased())
    }

    private func scan() -> Scan {
        if let scanned { return scanned }
        let entries = vault.scan().notes.compactMap { entry in entry.path.string.map { (entry.path, $0) } }
        let paths = entries.map(\.1)
        let resolver = LinkResolver(paths: paths)
        var result = Scan(paths: paths, aliases: [:], backlinks: [:], wikilinkNames: [:], linkNames: [:])
        for (path, text) in entries {
            guard let note = try? vault.read(path) else { continue }
            for link in NoteLinkExtractor.extract(note.content).links where !link.isExternal {
                if case .resolved(let target) = resolver.resolve(link, from: text), target != text {
                    result.backlinks[target, default: []].insert(text)
                }
                if link.isWikilink, !link.target.path.isEmpty {
                    result.wikilinkNames[Self.folded(link.target.path), default: []].insert(text)
                }
                if !link.target.path.isEmpty { result.linkNames[Self.folded(link.target.path), default: []].insert(text) }
            }
        }
        scanned = result
        return result
    }
}
