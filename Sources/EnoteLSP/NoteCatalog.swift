import Foundation
import NoteVault

/// What the features ask of one vault's notes, answered from its index (lent by the vault's
/// session, ``VaultSession/withIndex(_:)``) so that a request costs the same at 100 notes and at
/// 100,000: resolvers over only the notes the links in question may lead to (the index's `names`
/// table), one note's row, and, for completion and workspace symbols, the list of every note,
/// loaded in the background (``NoteListLoader``).
final class IndexCatalog {
    private let session: VaultSession
    private let loader: NoteListLoader
    /// The last resolver made, by the links it was made for (a document typed into keeps its
    /// links from one keystroke to the next).
    private var lastResolver: (key: [String], resolver: LinkResolver)?

    init(session: VaultSession) {
        self.session = session
        loader = NoteListLoader(session: session)
    }

    /// The vault's root folder, where links to files that are not notes are looked for.
    var root: String { session.vault.root }

    /// Starts loading the list of notes in the background, so that the first completion finds
    /// it ready.
    func prefetch() {
        loader.start()
    }

    /// The notes for completion and workspace symbols: in a large vault, a moment behind the
    /// index while a newer list loads.
    func notes() -> NoteList {
        loader.currentList()
    }

    /// Every tag of the vault (normalised) with how many notes have it, as of ``notes()``.
    func tags() -> [String: Int] {
        loader.currentTags()
    }

    /// A resolver that resolves `links` as one over the whole vault does.
    func resolver(for links: [NoteLink]) -> LinkResolver {
        let key = links.map { ($0.isWikilink ? "w" : "m") + $0.target.path }
        if let lastResolver, lastResolver.key == key { return lastResolver.resolver }
        let made = (try? session.withIndex { index throws(VaultError) in try index.resolver(for: links) }) ?? LinkResolver(paths: [])
        lastResolver = (key, made)
        return made
    }

    /// A resolver for wikilinks written as `names`.
    func resolver(forWikilinks names: [String]) -> LinkResolver {
        (try? session.withIndex { index throws(VaultError) in try index.resolver(forWikilinks: names) }) ?? LinkResolver(paths: [])
    }

    /// The indexed note at a vault-relative path.
    func note(at path: String) -> IndexedNote? {
        try? session.withIndex { index throws(VaultError) in try index.note(at: NotePath(trusted: path)) }
    }

    /// The notes related to the note at a vault-relative path (``NoteIndex/related(to:limit:)``).
    func related(to path: String, limit: Int) -> [RelatedNote] {
        (try? session.withIndex { index throws(VaultError) in try index.related(to: NotePath(trusted: path), limit: limit) }) ?? []
    }

    /// The picture or PDF `link` of note `path` names, with the text read from it.
    func attachment(of link: NoteLink, in path: String) -> NoteAttachment? {
        try? session.withIndex { index throws(VaultError) in try index.attachment(of: link, in: NotePath(trusted: path)) }
    }

    /// Forget what was read: the index changed. The list of notes is read again when next asked
    /// for (``NoteListLoader``).
    func invalidate() {
        lastResolver = nil
        loader.markStale()
    }
}

/// One document's view of the catalog: ``resolver()`` knows the notes its links may lead to.
final class DocumentCatalog {
    let base: IndexCatalog
    private let links: [NoteLink]
    private var made: LinkResolver?

    init(base: IndexCatalog, links: [NoteLink]) {
        self.base = base
        self.links = links
    }

    /// A resolver for the links of the document (others resolve as dead).
    func resolver() -> LinkResolver {
        if let made { return made }
        let resolver = base.resolver(for: links)
        made = resolver
        return resolver
    }

    /// Where a link of the document leads, by the library's one rule (a note, else a file that
    /// is not a note where it exists, else dead), as `enote links` reports it.
    func resolution(of link: NoteLink, from source: String) -> LinkResolution {
        resolver().resolve(link, from: source, filesUnder: base.root)
    }

    func resolver(for links: [NoteLink]) -> LinkResolver { base.resolver(for: links) }
    func resolver(forWikilinks names: [String]) -> LinkResolver { base.resolver(forWikilinks: names) }
    func notes() -> NoteList { base.notes() }
    func tags() -> [String: Int] { base.tags() }
    func note(at path: String) -> IndexedNote? { base.note(at: path) }
    func related(to path: String, limit: Int) -> [RelatedNote] { base.related(to: path, limit: limit) }
    func attachment(of link: NoteLink, in path: String) -> NoteAttachment? { base.attachment(of: link, in: path) }
}
