import Foundation

/// Answers link questions from the index: a note's outgoing links and backlinks, and the
/// notes the link filters of `list` and `search` keep.
///
/// Targets are resolved when asked, by a ``LinkResolver`` over only the notes that may be meant:
/// those whose file name or alias has the key of one of the links in question
/// (``LinkRecord/key(of:)``). Every note a link can resolve to has that key, so the answer is
/// the one a resolver over the whole vault gives, at the cost of a few indexed rows. A link that
/// names a file which is not a note (a picture, a PDF) resolves when that file exists beside
/// the linking note or at that path from the root, or, for a wikilink, in `attachments/`: files
/// that are not notes are not indexed, so one elsewhere is not found by its name alone.
struct LinkGraphReader {
    let store: IndexStore
    /// The vault's root folder, where files that are not notes are looked for.
    let root: String

    /// The links written in the note at `path`, resolved, in file order (empty when the note is
    /// not indexed).
    func outgoing(from path: NotePath) throws -> [IndexedLink] {
        guard let id = try store.noteID(at: path) else { return [] }
        let links = try store.links(ofNote: id)
        let scope = try Scope(store.namedNotes(keys: Self.keys(of: links)))
        return links.map { IndexedLink(source: $0.source, link: $0.link, resolution: resolve($0, in: scope)) }
    }

    /// The links of other notes (and of the note itself) that resolve to the note at `path`,
    /// by linking note's path and place.
    func backlinks(to path: NotePath) throws -> [IndexedLink] {
        guard let id = try store.noteID(at: path) else { return [] }
        let candidates = try store.links(withKeys: store.nameKeys(ofNote: id))
        let scope = try Scope(store.namedNotes(keys: Self.keys(of: candidates)))
        let wanted = path.description
        return candidates.compactMap { stored in
            let resolution = resolve(stored, in: scope)
            return resolution == .resolved(wanted) ? IndexedLink(source: stored.source, link: stored.link, resolution: resolution) : nil
        }
    }

    /// The ids of the notes that pass the link conditions of `filter`, or `nil` when it has
    /// none.
    func noteIDs(passing filter: NoteFilter) throws -> Set<Int64>? {
        var result: Set<Int64>?
        func narrow(_ ids: Set<Int64>) { result = result.map { $0.intersection(ids) } ?? ids }
        if let target = filter.linksTo {
            narrow(Set(try backlinks(to: target).compactMap { try store.noteID(at: $0.source) }))
        }
        if let source = filter.linkedFrom {
            let paths = Set(try outgoing(from: source).compactMap(\.resolution.path))
            narrow(Set(try paths.compactMap { try store.noteID(at: NotePath(trusted: $0)) }))
        }
        if filter.orphan || filter.deadLinks {
            let scope = try Scope(store.allNames())
            var linked = Set<Int64>()
            var dead = Set<Int64>()
            for stored in try store.allNoteLinks() {
                let resolution = resolve(stored, in: scope)
                switch resolution {
                case .resolved(let path):
                    if let id = scope.ids[path], id != stored.noteID { linked.insert(id) }
                case .dead: dead.insert(stored.noteID)
                case .ambiguous, .external: break
                }
            }
            if filter.orphan { narrow(Set(try store.allNoteIDs()).subtracting(linked)) }
            if filter.deadLinks { narrow(dead) }
        }
        return result
    }

    /// The notes that may be meant, as a resolver, with their ids by path.
    struct Scope {
        var resolver: LinkResolver
        var ids: [String: Int64] = [:]

        init(_ named: [NamedNote]) {
            var paths: [String] = []
            var aliases: [String: [String]] = [:]
            for note in named {
                let path = note.path.description
                if ids.updateValue(note.noteID, forKey: path) == nil { paths.append(path) }
                if let alias = note.alias { aliases[path, default: []].append(alias) }
            }
            resolver = LinkResolver(paths: paths, aliases: aliases)
        }
    }

    /// Where each of `links`, written in the note at `source`, leads: as ``outgoing(from:)``
    /// resolves them, whether or not the note is indexed as it is written now.
    func resolve(_ links: [NoteLink], from source: NotePath) throws -> [LinkResolution] {
        let keys = Array(Set(links.map { LinkRecord.key(of: $0) }).subtracting([""]))
        let scope = try Scope(keys.isEmpty ? [] : store.namedNotes(keys: keys))
        return links.map { resolve($0, from: source.description, in: scope) }
    }

    /// Where a stored link leads: a note of `scope`, else an existing file that is not a note.
    private func resolve(_ stored: StoredLink, in scope: Scope) -> LinkResolution {
        resolve(stored.link, from: stored.source.description, in: scope)
    }

    private func resolve(_ link: NoteLink, from source: String, in scope: Scope) -> LinkResolution {
        scope.resolver.resolve(link, from: source, filesUnder: root)
    }

    private static func keys(of links: [StoredLink]) -> [String] {
        Array(Set(links.map { LinkRecord.key(of: $0.link) }).subtracting([""]))
    }
}
