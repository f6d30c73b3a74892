import Foundation
import NoteVault

/// What the features ask of the vault's notes: every note's path and title, a resolver for
/// links, one note's indexed metadata, the tags in use.
///
/// This is the seam for the links tables of issue 16: backlinks, references and renames will be
/// more requirements here, answered from the index instead of computed by the server.
public protocol NoteCatalog: AnyObject {
    /// Every note of the vault, by path.
    func entries() -> [CatalogEntry]
    /// Resolves links as the vault does.
    func resolver() -> LinkResolver
    /// The indexed note at a vault-relative path.
    func note(at path: String) -> IndexedNote?
    /// Every tag of the vault (lowercased, as ``NoteTag`` normalises them), with its use count.
    func tags() -> [String: Int]
    /// Forget what was cached: the index changed.
    func invalidate()
}

/// One note as completion and symbols show it.
public struct CatalogEntry: Sendable {
    public var path: String
    public var title: String
    /// The file name without `.md`, the name a wikilink uses.
    public var name: String
    /// Title, name and path lowercased as UTF-8, for fuzzy matching.
    var folded: [UInt8]

    public init(path: String, title: String) {
        self.path = path
        self.title = title
        let file = path.split(separator: "/").last.map(String.init) ?? path
        self.name = file.lowercased().hasSuffix(".md") ? String(file.dropLast(3)) : file
        self.folded = Array((title + "\u{1F}" + path).lowercased().utf8)
    }
}

/// A ``NoteCatalog`` over the vault's index, caching the list of notes until the index changes.
public final class IndexCatalog: NoteCatalog {
    private let index: NoteIndex
    private var cachedEntries: [CatalogEntry]?
    private var cachedResolver: LinkResolver?
    private var cachedTags: [String: Int]?

    public init(index: NoteIndex) {
        self.index = index
    }

    public func entries() -> [CatalogEntry] {
        if let cachedEntries { return cachedEntries }
        let loaded = ((try? index.candidates()) ?? []).compactMap { candidate -> CatalogEntry? in
            guard let path = candidate.path.string else { return nil }
            return CatalogEntry(path: path, title: candidate.title)
        }
        cachedEntries = loaded
        return loaded
    }

    public func resolver() -> LinkResolver {
        if let cachedResolver { return cachedResolver }
        let made = LinkResolver(paths: entries().map(\.path))
        cachedResolver = made
        return made
    }

    public func note(at path: String) -> IndexedNote? {
        try? index.note(at: NotePath(trusted: path))
    }

    public func tags() -> [String: Int] {
        if let cachedTags { return cachedTags }
        var counts: [String: Int] = [:]
        let notes = (try? index.list(NoteFilter(now: Date()), sort: NoteSort(key: .updated))) ?? []
        for note in notes {
            for tag in note.tags { counts[NoteTag.normalize(tag), default: 0] += 1 }
        }
        cachedTags = counts
        return counts
    }

    public func invalidate() {
        cachedEntries = nil
        cachedResolver = nil
        cachedTags = nil
    }
}
