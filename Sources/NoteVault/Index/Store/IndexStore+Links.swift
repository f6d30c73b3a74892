import Foundation
import GRDB

/// A link as the `links` table keeps it, with the note that writes it.
struct StoredLink: Sendable {
    /// The linking note's row id and path.
    var noteID: Int64
    var source: NotePath
    var link: NoteLink
}

/// A note a link may resolve to: its path, and the alias a `names` row gave it, if any.
struct NamedNote: Sendable {
    var noteID: Int64
    var path: NotePath
    var alias: String?
}

/// The statements of the link graph (``LinkTables``): links by note and by key, the notes
/// answering to names, and the tags.
extension IndexStore {
    private static let linkColumns = """
        l.note_id, n.path, l.kind, l.offset, l.line, l.byte_column, l.utf16_column, l.range_start, l.range_end, \
        l.destination, l.target, l.heading, l.block, l.scheme
        """

    /// The row id of the note at `path`, if it is indexed.
    func noteID(at path: NotePath) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT note_id FROM files WHERE path = ?", arguments: [Data(path.bytes)])
    }

    /// The links written in one note, in file order.
    func links(ofNote id: Int64) throws -> [StoredLink] {
        try Row.fetchAll(
            db, sql: "SELECT \(Self.linkColumns) FROM links l JOIN notes n ON n.id = l.note_id WHERE l.note_id = ? ORDER BY l.offset",
            arguments: [id]
        ).map(Self.storedLink)
    }

    /// The links whose key is one of `keys` (the links that may resolve to the notes named so).
    /// (`key <> ''` lets SQLite use `links_by_key`, a partial index: without it every link of
    /// the vault was read for each note page's backlinks.)
    func links(withKeys keys: [String]) throws -> [StoredLink] {
        guard !keys.isEmpty else { return [] }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(Self.linkColumns) FROM links l JOIN notes n ON n.id = l.note_id \
                WHERE l.key IN (SELECT value FROM json_each(?)) AND l.key <> '' ORDER BY n.path, l.offset
                """,
            arguments: [Self.jsonArray(keys)]
        ).map(Self.storedLink)
    }

    /// Every link of the vault to a note or file (not to URLs, not within the same note).
    func allNoteLinks() throws -> [StoredLink] {
        try Row.fetchAll(db, sql: "SELECT \(Self.linkColumns) FROM links l JOIN notes n ON n.id = l.note_id WHERE l.key <> ''").map(Self.storedLink)
    }

    /// The notes answering to any of `keys`, by file name or alias.
    func namedNotes(keys: [String]) throws -> [NamedNote] {
        guard !keys.isEmpty else { return [] }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT DISTINCT s.note_id, n.path, s.alias FROM names s JOIN notes n ON n.id = s.note_id \
                WHERE s.key IN (SELECT value FROM json_each(?))
                """,
            arguments: [Self.jsonArray(keys)]
        ).map(Self.namedNote)
    }

    /// Every note's names: one row per note without alias, one more per alias.
    func allNames() throws -> [NamedNote] {
        try Row.fetchAll(db, sql: "SELECT DISTINCT s.note_id, n.path, s.alias FROM names s JOIN notes n ON n.id = s.note_id").map(Self.namedNote)
    }

    /// The keys a note answers to: its file name's and its aliases'.
    func nameKeys(ofNote id: Int64) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT key FROM names WHERE note_id = ?", arguments: [id])
    }

    /// Every note's id.
    func allNoteIDs() throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT id FROM notes")
    }

    /// Every tag with how many notes have it (a tag written in several cases counts once, shown
    /// as most notes write it), most used first, then A–Z.
    func tagCounts() throws -> [(tag: String, name: String, count: Int)] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT tag, (SELECT name FROM tags u WHERE u.tag = t.tag GROUP BY name ORDER BY count(*) DESC, name LIMIT 1), \
                count(DISTINCT note_id) AS uses FROM tags t GROUP BY tag ORDER BY uses DESC, tag
                """
        ).map { ($0[0], $0[1], $0[2]) }
    }

    /// The tags of one note, normalised, each once.
    func tags(ofNote id: Int64) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT tag FROM tags WHERE note_id = ? ORDER BY tag", arguments: [id])
    }

    /// The notes that share a tag with note `id`, with the shared tags (A–Z), those sharing
    /// the rarer tags first (each shared tag weighs one over the number of notes that have it):
    /// at most `limit`. A tag of more than a twentieth of the notes (and more than ten) says
    /// nothing about what a note is about (`#journal`) and is left out.
    func notesSharingTags(with id: Int64, limit: Int) throws -> [(noteID: Int64, tags: [String])] {
        try Row.fetchAll(
            db,
            sql: """
                WITH mine AS (SELECT DISTINCT tag FROM tags WHERE note_id = ?),
                weights AS (
                    SELECT m.tag, 1.0 / count(DISTINCT t.note_id) AS weight FROM mine m JOIN tags t ON t.tag = m.tag GROUP BY m.tag
                    HAVING count(DISTINCT t.note_id) <= max(10, (SELECT count(*) FROM notes) / 20))
                SELECT t.note_id, json_group_array(t.tag)
                FROM (SELECT DISTINCT note_id, tag FROM tags WHERE tag IN (SELECT tag FROM mine)) t JOIN weights w ON w.tag = t.tag
                WHERE t.note_id <> ? GROUP BY t.note_id
                ORDER BY sum(w.weight) DESC, t.note_id LIMIT ?
                """,
            arguments: [id, id, limit]
        ).map { row in
            let tags = (try? JSONDecoder().decode([String].self, from: Data((row[1] as String).utf8))) ?? []
            return (row[0], tags.sorted())
        }
    }

    /// The notes of `ids` as ``IndexedNote``s (no snippet), in no set order; ids that are gone
    /// are left out.
    func notes(withIDs ids: [Int64]) throws -> [IndexedNote] {
        guard !ids.isEmpty else { return [] }
        return try Row.fetchAll(
            db, sql: "SELECT \(IndexedNote.columns) FROM notes n WHERE n.id IN (\(ids.map(String.init).joined(separator: ",")))"
        ).map(IndexedNote.init(row:))
    }

    private static func storedLink(_ row: Row) -> StoredLink {
        let path: Data = row[1]
        let kind = NoteLink.Kind(rawValue: row[2]) ?? .inline
        let place = TextPlace(offset: row[3], line: row[4], column: row[5], utf16Column: row[6])
        let start: Int? = row[7]
        let end: Int? = row[8]
        let destination: String = row[9]
        var target = LinkTarget(path: row[10], heading: row[11], block: row[12], scheme: row[13])
        if kind == .wikilink || kind == .embed { target.alias = LinkTarget(wikilink: destination).alias }
        let range = start.flatMap { start in end.map { start..<max(start, $0) } }
        let link = NoteLink(kind: kind, destination: destination, target: target, place: place, destinationRange: range)
        return StoredLink(noteID: row[0], source: NotePath(bytes: [UInt8](path)), link: link)
    }

    static func namedNote(_ row: Row) -> NamedNote {
        let path: Data = row[1]
        return NamedNote(noteID: row[0], path: NotePath(bytes: [UInt8](path)), alias: row[2])
    }

    /// A JSON array of strings, bound as one value and read by `json_each`.
    static func jsonArray(_ values: [String]) -> String {
        StringArrayColumn.encode(values)
    }
}

/// The statements the rename's ``IndexLinkGraph`` asks.
extension IndexStore {
    /// Every note's path.
    func allNotePaths() throws -> [NotePath] {
        try Data.fetchAll(db, sql: "SELECT path FROM notes").map { NotePath(bytes: [UInt8]($0)) }
    }

    /// The notes with aliases, one row per alias key.
    func aliasedNotes() throws -> [NamedNote] {
        try Row.fetchAll(db, sql: "SELECT s.note_id, n.path, s.alias FROM names s JOIN notes n ON n.id = s.note_id WHERE s.alias IS NOT NULL")
            .map(Self.namedNote)
    }

    /// The notes with a wikilink or embed whose key (last component, without `.md`) is `key`.
    func notesWithWikilinks(key: String) throws -> [NotePath] {
        try Data.fetchAll(
            db, sql: "SELECT DISTINCT n.path FROM links l JOIN notes n ON n.id = l.note_id WHERE l.key = ? AND l.kind IN ('wikilink', 'embed')",
            arguments: [key]
        ).map { NotePath(bytes: [UInt8]($0)) }
    }
}
