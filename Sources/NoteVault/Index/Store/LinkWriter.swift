import GRDB

/// The prepared statements that write a note's rows in `links`, `tags` and `names`, beside
/// ``IndexWriter``'s note row and in the same transaction.
struct LinkWriter {
    private var insertLink: RawStatement
    private var insertTag: RawStatement
    private var insertName: RawStatement
    private var deleteLinks: RawStatement
    private var deleteTags: RawStatement
    private var deleteNames: RawStatement

    init(_ db: Database) throws {
        insertLink = try RawStatement(
            db,
            sql: """
                INSERT INTO links (note_id, kind, offset, line, byte_column, utf16_column, range_start, range_end, destination, \
                target, heading, block, scheme, key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        insertTag = try RawStatement(db, sql: "INSERT INTO tags (note_id, tag, name, origin, line) VALUES (?, ?, ?, ?, ?)")
        insertName = try RawStatement(db, sql: "INSERT INTO names (key, note_id, alias) VALUES (?, ?, ?)")
        deleteLinks = try RawStatement(db, sql: "DELETE FROM links WHERE note_id = ?")
        deleteTags = try RawStatement(db, sql: "DELETE FROM tags WHERE note_id = ?")
        deleteNames = try RawStatement(db, sql: "DELETE FROM names WHERE note_id = ?")
    }

    /// Writes the rows of a note whose old rows (if any) were deleted.
    mutating func write(id: Int64, path: NotePath, record: LinkRecord) throws {
        for link in record.links {
            insertLink.reset()
            insertLink.bind(id)
            insertLink.bind(link.kind.rawValue)
            insertLink.bind(Int64(link.place.offset))
            insertLink.bind(Int64(link.place.line))
            insertLink.bind(Int64(link.place.column))
            insertLink.bind(Int64(link.place.utf16Column))
            insertLink.bind(link.destinationRange.map { Double($0.lowerBound) })
            insertLink.bind(link.destinationRange.map { Double($0.upperBound) })
            insertLink.bind(link.destination)
            insertLink.bind(link.target.path)
            insertLink.bind(link.target.heading)
            insertLink.bind(link.target.block)
            insertLink.bind(link.target.scheme)
            insertLink.bind(LinkRecord.key(of: link))
            try insertLink.run()
        }
        var seen = Set<TagOccurrence>()
        for tag in record.tags {
            guard seen.insert(TagOccurrence(origin: tag.origin.rawValue, name: tag.name, line: tag.place?.line ?? 0)).inserted else { continue }
            insertTag.reset()
            insertTag.bind(id)
            insertTag.bind(tag.normalized)
            insertTag.bind(tag.name)
            insertTag.bind(tag.origin.rawValue)
            insertTag.bind(tag.place.map { Double($0.line) })
            try insertTag.run()
        }
        try name(id: id, key: LinkRecord.nameKey(path.description), alias: nil)
        var keys = Set<String>()
        for alias in record.aliases {
            for key in LinkRecord.aliasKeys(alias) where keys.insert(key).inserted {
                try name(id: id, key: key, alias: alias)
            }
        }
    }

    /// Deletes a note's rows.
    mutating func delete(id: Int64) throws {
        try Self.run(&deleteLinks, id)
        try Self.run(&deleteTags, id)
        try Self.run(&deleteNames, id)
    }

    private static func run(_ statement: inout RawStatement, _ id: Int64) throws {
        statement.reset()
        statement.bind(id)
        try statement.run()
    }

    private mutating func name(id: Int64, key: String, alias: String?) throws {
        insertName.reset()
        insertName.bind(key)
        insertName.bind(id)
        insertName.bind(alias)
        try insertName.run()
    }
}

/// A tag written once: where from, as written, on which line (the same tag twice on a line is
/// one row).
private struct TagOccurrence: Hashable {
    var origin: String
    var name: String
    var line: Int
}
