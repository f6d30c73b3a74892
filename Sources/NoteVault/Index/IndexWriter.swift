import Foundation
import GRDB

/// The prepared statements that write note rows, their fields and their full-text entries,
/// within one transaction.
struct IndexWriter {
    private let db: Database
    private let insertNote: Statement
    private let updateNote: Statement
    private let deleteNote: Statement
    private let insertField: Statement
    private let deleteFields: Statement
    private let insertText: Statement
    private let deleteText: Statement
    private let upsertFile: Statement
    private let deleteFile: Statement

    private static let noteColumns = """
        path, display_path, size, hash, title, title_key, description, color, destroy_at, destroy_state,
        fm_updated, updated_at, created_at, order_key, tags, images, diagnostics, has_error, editable
        """

    init(_ db: Database) throws {
        self.db = db
        let placeholders = Array(repeating: "?", count: 19).joined(separator: ", ")
        insertNote = try db.makeStatement(sql: "INSERT INTO notes (\(Self.noteColumns)) VALUES (\(placeholders))")
        let assignments = Self.noteColumns.split(separator: ",").map { "\($0.trimmingCharacters(in: .whitespacesAndNewlines)) = ?" }.joined(separator: ", ")
        updateNote = try db.makeStatement(sql: "UPDATE notes SET \(assignments) WHERE id = ?")
        deleteNote = try db.makeStatement(sql: "DELETE FROM notes WHERE id = ?")
        insertField = try db.makeStatement(sql: "INSERT INTO fields (note_id, key, value) VALUES (?, ?, ?)")
        deleteFields = try db.makeStatement(sql: "DELETE FROM fields WHERE note_id = ?")
        insertText = try db.makeStatement(sql: "INSERT INTO notes_fts (rowid, title, body, name) VALUES (?, ?, ?, ?)")
        deleteText = try db.makeStatement(sql: "DELETE FROM notes_fts WHERE rowid = ?")
        upsertFile = try db.makeStatement(sql: "INSERT OR REPLACE INTO files (path, note_id, size, mtime, ctime, inode, racy) VALUES (?, ?, ?, ?, ?, ?, ?)")
        deleteFile = try db.makeStatement(sql: "DELETE FROM files WHERE path = ?")
    }

    /// Adds a new note.
    func insert(_ record: IndexRecord) throws {
        let updatedAt = record.updatedFromFrontMatter ?? Double(record.fingerprint.modified) / 1_000_000_000
        try insertNote.execute(arguments: arguments(record, updatedAt: updatedAt))
        let id = db.lastInsertedRowID
        try writeFile(id: id, path: record.path, fingerprint: record.fingerprint, racy: record.racy)
        try writeFieldsAndText(id: id, record: record)
    }

    /// Replaces a note's row. `updated` follows the front matter, except when the content
    /// changed while the `updated` value did not — another editor changed the file — in which
    /// case the file's modification time is when it was updated.
    func update(id: Int64, with record: IndexRecord, previous: IndexedFingerprint) throws {
        let modified = Double(record.fingerprint.modified) / 1_000_000_000
        let updatedAt: Double
        if let stamped = record.updatedFromFrontMatter, record.frontMatterUpdated != previous.frontMatterUpdated {
            updatedAt = stamped
        } else if record.hash != previous.hash {
            updatedAt = max(modified, record.updatedFromFrontMatter ?? 0)
        } else {
            updatedAt = previous.updatedAt
        }
        var values = arguments(record, updatedAt: updatedAt)
        values += [id]
        try updateNote.execute(arguments: values)
        try deleteFields.execute(arguments: [id])
        try deleteText.execute(arguments: [id])
        try writeFile(id: id, path: record.path, fingerprint: record.fingerprint, racy: record.racy)
        try writeFieldsAndText(id: id, record: record)
    }

    /// Records new times for a file whose bytes did not change.
    func refreshFingerprint(id: Int64, path: NotePath, fingerprint: FileFingerprint, racy: Bool) throws {
        try writeFile(id: id, path: path, fingerprint: fingerprint, racy: racy)
    }

    /// Removes a note.
    func delete(id: Int64, path: NotePath) throws {
        try deleteFile.execute(arguments: [Data(path.bytes)])
        try deleteText.execute(arguments: [id])
        try deleteFields.execute(arguments: [id])
        try deleteNote.execute(arguments: [id])
    }

    private func writeFile(id: Int64, path: NotePath, fingerprint: FileFingerprint, racy: Bool) throws {
        try upsertFile.execute(arguments: [
            Data(path.bytes), id, fingerprint.size, fingerprint.modified, fingerprint.changed,
            Int64(bitPattern: fingerprint.inode), racy,
        ])
    }

    private func writeFieldsAndText(id: Int64, record: IndexRecord) throws {
        for field in record.fields {
            try insertField.execute(arguments: [id, field.key, field.value])
        }
        try insertText.execute(arguments: [id, record.title, record.body, record.searchableName])
    }

    private func arguments(_ record: IndexRecord, updatedAt: Double) -> StatementArguments {
        [
            Data(record.path.bytes), record.path.description, record.fingerprint.size, record.hash.storedValue,
            record.title, record.title.lowercased(), record.description, record.color,
            record.destroyAt, record.destroyState, record.frontMatterUpdated, updatedAt, record.created, record.order,
            StringArrayColumn.encode(record.tags), StringArrayColumn.encode(record.images),
            DiagnosticsColumn.encode(record.diagnostics), record.hasError, record.editable,
        ]
    }
}
