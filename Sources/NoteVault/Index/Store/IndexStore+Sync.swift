import Foundation
import GRDB

/// What a synchronisation reads from the index before it writes, and the writer it writes with.
extension IndexStore {
    /// Every indexed file's path and fingerprint, for comparing a walk against.
    func fingerprints() throws -> FingerprintTable {
        try FingerprintTable(db)
    }

    /// The `files` rows of single paths, through one prepared statement.
    struct FileLookup {
        fileprivate let statement: Statement

        /// The entry of `path`, or `nil` when it is not indexed.
        func entry(for path: NotePath) throws -> FingerprintTable.Entry? {
            guard let row = try Row.fetchOne(statement, arguments: [Data(path.bytes)]) else { return nil }
            return FingerprintTable.Entry(
                id: row[0],
                fingerprint: FileFingerprint(size: row[1], modified: row[2], changed: row[3], inode: UInt64(bitPattern: row[4])),
                racy: row[5])
        }
    }

    /// A lookup of `files` rows by path.
    func fileLookup() throws -> FileLookup {
        FileLookup(statement: try db.makeStatement(sql: "SELECT \(IndexSchema.fingerprintColumns) FROM files WHERE path = ?"))
    }

    /// What an update needs to know about notes already indexed, by id.
    struct ContentLookup {
        fileprivate let statement: Statement

        /// What the index remembers of note `id`'s content, or `nil` when it has no such note.
        func fingerprint(of id: Int64) throws -> IndexedFingerprint? {
            guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
            return IndexedFingerprint(
                id: row[0], size: row[1], hash: ContentHash(value: UInt64(bitPattern: row[2])),
                contentHash: ContentHash(value: UInt64(bitPattern: row[5])),
                frontMatterUpdated: row[3], updatedAt: row[4])
        }
    }

    /// A lookup of notes' content fingerprints by id.
    func contentLookup() throws -> ContentLookup {
        ContentLookup(statement: try db.makeStatement(sql: "SELECT id, size, hash, fm_updated, updated_at, content_hash FROM notes WHERE id = ?"))
    }

    /// The prepared statements that write notes, inside this (write) access.
    /// - Parameter bulk: Whether the database is being built from nothing (see ``IndexWriter``).
    func writer(bulk: Bool = false) throws -> IndexWriter {
        try IndexWriter(db, bulk: bulk)
    }

    /// Every note's body length class, indexed by id, and the average body length.
    func bodyLengths() throws -> (classes: [UInt8], averageLength: Double) {
        try BodyLengthTable.load(db)
    }
}

/// What the index remembers of a note's content, to tell a real change from a touched file.
struct IndexedFingerprint: Sendable {
    var id: Int64
    var size: Int64
    var hash: ContentHash
    var contentHash: ContentHash
    var frontMatterUpdated: String?
    var updatedAt: Double
}
