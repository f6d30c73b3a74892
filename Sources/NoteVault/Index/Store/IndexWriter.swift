import Foundation
import GRDB

/// The prepared statements that write note rows, their fields, their file fingerprints and
/// their full-text entries, within one transaction. ``finish()`` must run before it commits.
struct IndexWriter {
    private let db: Database
    private var insertNote: RawStatement
    private var updateNote: RawStatement
    private var deleteNote: RawStatement
    private var insertField: RawStatement
    private var deleteFields: RawStatement
    private var insertText: RawStatement
    private var deleteText: RawStatement
    private var insertAttachment: RawStatement
    private var deleteAttachments: RawStatement
    private var attachedText: RawStatement
    private var upsertFile: RawStatement
    private var deleteFile: RawStatement
    private var lengths = BodyLengthTable()
    /// The vocabulary: filled from FTS5 after a bulk build, else from each note written.
    private var words: WordTable
    /// The record of changed notes; `nil` for a bulk build (a new file: everything changed).
    private var changeLog: ChangeLog?
    private let bulk: Bool
    private var graph: LinkWriter
    private var tasks: TaskWriter
    private var passages: PassageEraser
    /// Recognises notes moved outside enote; `nil` for a bulk build (nothing to compare with).
    private var moves: MoveTracker?

    /// - Parameter bulk: Whether the database is being built from nothing. Rows then never
    ///   conflict, and plain `INSERT`s avoid the statement savepoints that `INSERT OR REPLACE`
    ///   needs — each of which makes FTS5 flush its pending terms to disk.
    init(_ db: Database, bulk: Bool = false) throws {
        self.db = db
        self.bulk = bulk
        words = try WordTable(db)
        changeLog = bulk ? nil : try ChangeLog(db)
        let columns = NoteColumns.written.map(\.name)
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        insertNote = try RawStatement(db, sql: "INSERT INTO notes (\(columns.joined(separator: ", "))) VALUES (\(placeholders))")
        let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
        updateNote = try RawStatement(db, sql: "UPDATE notes SET \(assignments) WHERE id = ?")
        deleteNote = try RawStatement(db, sql: "DELETE FROM notes WHERE id = ?")
        insertField = try RawStatement(db, sql: "INSERT INTO fields (note_id, key, value, raw, list) VALUES (?, ?, ?, ?, ?)")
        deleteFields = try RawStatement(db, sql: "DELETE FROM fields WHERE note_id = ?")
        insertText = try RawStatement(db, sql: "INSERT INTO notes_fts (rowid, title, body, name, attached) VALUES (?, ?, ?, ?, ?)")
        insertAttachment = try RawStatement(db, sql: "INSERT INTO note_attachments (note_id, path, ordinal) VALUES (?, ?, ?)")
        deleteAttachments = try RawStatement(db, sql: "DELETE FROM note_attachments WHERE note_id = ?")
        attachedText = try RawStatement(db, sql: "SELECT text FROM attachment_pages WHERE path = ? ORDER BY page")
        deleteText = try RawStatement(db, sql: "DELETE FROM notes_fts WHERE rowid = ?")
        upsertFile = try RawStatement(
            db, sql: "INSERT \(bulk ? "" : "OR REPLACE ")INTO files (path, note_id, size, mtime, ctime, inode, racy) VALUES (?, ?, ?, ?, ?, ?, ?)")
        deleteFile = try RawStatement(db, sql: "DELETE FROM files WHERE path = ?")
        graph = try LinkWriter(db)
        tasks = try TaskWriter(db)
        passages = try PassageEraser(db)
        moves = bulk ? nil : try MoveTracker(db)
    }

    /// Adds a new note.
    mutating func insert(_ record: IndexRecord) throws {
        let updatedAt = record.updatedFromFrontMatter ?? Double(record.fingerprint.modified) / 1_000_000_000
        insertNote.reset()
        NoteColumns.bind(NoteRowInput(record: record, updatedAt: updatedAt), to: &insertNote)
        try insertNote.run()
        let id = db.lastInsertedRowID
        try writeFile(id: id, path: record.path, fingerprint: record.fingerprint, racy: record.racy)
        try writeFieldsAndText(id: id, record: record)
        try moves?.arrived(record)
        try changeLog?.record(record.path)
    }

    /// Replaces a note's row. `updated` follows the front matter, except when what the note
    /// says changed while the `updated` value did not — another editor changed the file — in
    /// which case the file's modification time is when it was updated. A new `order` alone (a
    /// move) is not a change of content.
    mutating func update(id: Int64, with record: IndexRecord, previous: IndexedFingerprint) throws {
        let modified = Double(record.fingerprint.modified) / 1_000_000_000
        let updatedAt: Double
        if let stamped = record.updatedFromFrontMatter, record.frontMatterUpdated != previous.frontMatterUpdated {
            updatedAt = stamped
        } else if record.contentHash != previous.contentHash {
            updatedAt = max(modified, record.updatedFromFrontMatter ?? 0)
        } else {
            updatedAt = previous.updatedAt
        }
        updateNote.reset()
        NoteColumns.bind(NoteRowInput(record: record, updatedAt: updatedAt), to: &updateNote)
        updateNote.bind(id)
        try updateNote.run()
        try run(&deleteFields, id)
        try run(&deleteText, id)
        try run(&deleteAttachments, id)
        try graph.delete(id: id)
        try tasks.delete(id: id)
        // Vectors of what the note no longer says go; the note is embedded again.
        if record.contentHash != previous.contentHash { try passages.delete(id: id) }
        try writeFile(id: id, path: record.path, fingerprint: record.fingerprint, racy: record.racy)
        try writeFieldsAndText(id: id, record: record)
        try changeLog?.record(record.path)
    }

    /// Writes what is kept for the whole transaction (the body lengths, the new words).
    mutating func finish() throws {
        try lengths.save(db)
        if bulk {
            try WordTable.fillFromIndex(db)
        } else {
            try words.save(db)
        }
        try moves?.finish()
        try changeLog?.trim(db)
    }

    /// Records new times for a file whose bytes did not change.
    mutating func refreshFingerprint(id: Int64, path: NotePath, fingerprint: FileFingerprint, racy: Bool) throws {
        try writeFile(id: id, path: path, fingerprint: fingerprint, racy: racy)
    }

    /// Removes a note.
    mutating func delete(id: Int64, path: NotePath) throws {
        try moves?.departing(path)
        deleteFile.reset()
        deleteFile.bind(blob: path.bytes)
        try deleteFile.run()
        try run(&deleteText, id)
        try run(&deleteFields, id)
        try run(&deleteAttachments, id)
        try graph.delete(id: id)
        try tasks.delete(id: id)
        try passages.delete(id: id)
        try run(&deleteNote, id)
        lengths.remove(id)
        try changeLog?.record(path)
    }

    private func run(_ statement: inout RawStatement, _ id: Int64) throws {
        statement.reset()
        statement.bind(id)
        try statement.run()
    }

    private mutating func writeFile(id: Int64, path: NotePath, fingerprint: FileFingerprint, racy: Bool) throws {
        upsertFile.reset()
        upsertFile.bind(blob: path.bytes)
        upsertFile.bind(id)
        upsertFile.bind(fingerprint.size)
        upsertFile.bind(fingerprint.modified)
        upsertFile.bind(fingerprint.changed)
        upsertFile.bind(Int64(bitPattern: fingerprint.inode))
        upsertFile.bind(racy)
        try upsertFile.run()
    }

    private mutating func writeFieldsAndText(id: Int64, record: IndexRecord) throws {
        for field in record.fields {
            insertField.reset()
            insertField.bind(id)
            insertField.bind(field.key)
            insertField.bind(field.value)
            insertField.bind(field.raw)
            insertField.bind(field.isList)
            try insertField.run()
        }
        // The text already read from its pictures and PDFs is searched with it at once; a file
        // not read yet is added by the reading pass (``NoteIndex/readAttachments``).
        var attached: [String] = []
        for (ordinal, path) in record.attachments.enumerated() {
            insertAttachment.reset()
            insertAttachment.bind(id)
            insertAttachment.bind(blob: path.bytes)
            insertAttachment.bind(Int64(ordinal))
            try insertAttachment.run()
            if !bulk {
                attachedText.reset()
                attachedText.bind(blob: path.bytes)
                while try attachedText.step() { attached.append(String(decoding: attachedText.bytes(0), as: UTF8.self)) }
            }
        }
        // A PDF that was an entry of its own is this note's now: it leaves the search as a file
        // at once (its text is in this note's row).
        if !bulk, !record.attachments.isEmpty { try IndexStore(db).dropFileEntries(linkedBy: record.attachments) }
        let attachedJoined = NoteAttachments.joined(attached)
        insertText.reset()
        insertText.bind(id)
        insertText.bind(record.note.title)
        insertText.bind(record.body)
        insertText.bind(record.searchableName)
        insertText.bind(attachedJoined)
        try insertText.run()
        lengths.set(id, bodyBytes: record.body.utf8.count)
        if !bulk {
            words.collect(record.note.title)
            words.collect(record.body)
            words.collect(record.searchableName)
            if !attachedJoined.isEmpty { words.collect(attachedJoined) }
        }
        try graph.write(id: id, path: record.path, record: record.graph)
        try tasks.write(id: id, note: record, tasks: record.tasks)
    }
}
