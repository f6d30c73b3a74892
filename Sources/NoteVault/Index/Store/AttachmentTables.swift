import Foundation
import GRDB

/// The tables of the text read from pictures and PDFs (``ExtractedText``):
///
/// - `note_attachments`: which files each note shows or links (its pictures, its PDFs), by
///   vault path; written with the note's other rows by ``IndexWriter``, read by the reading pass
///   (what to read) and by a search (where a hit was found).
/// - `attachments`: one row per file read: the fingerprint it was read at (size, mtime, ctime, inode:
///   a file whose fingerprint still matches is not read again), the SHA-256 of its bytes (the
///   name of its text in ``ExtractionCache``), how it was read and why it failed.
/// - `attachment_pages`: the text of each page. A note's FTS row holds the text of all its
///   attachments' pages in its `attached` column, so one search with one ranking finds it.
///
/// - `file_entries`: the PDFs of the vault that no note links, each an entry of its own in
///   search. Its text is in `notes_fts` at the rowid `-id` (a note's rowid is its id, always
///   positive): one table, so one BM25 scale and one ranking for notes and files; a filter on
///   notes (their tags, folder, colour) keeps only rows of notes, so it leaves files out.
///   `length` is its text's length in bytes, for BM25's length normalisation. The `meta` key
///   `file_entries_walked` says the entries are those of a walk (an index built since has
///   none); `unlinked_pdfs` holds the PDFs that left a note's links since the last pass (a
///   trigger on `note_attachments`: a note saved again deletes and writes its rows): when one is
///   now linked by no note and no entry, the next pass walks.
///
/// A file no note shows any more, and that is no entry of its own, leaves all of them (and its
/// text leaves the cache): a destroyed note's pictures are not found by their words afterwards.
extension IndexSchema {
    static let noteAttachments = IndexTable(
        name: "note_attachments",
        create: """
            CREATE TABLE note_attachments (
                note_id INTEGER NOT NULL,
                path BLOB NOT NULL,
                ordinal INTEGER NOT NULL
            )
            """,
        indexes: """
            CREATE INDEX note_attachments_by_note ON note_attachments(note_id);
            CREATE INDEX note_attachments_by_path ON note_attachments(path);
            """)

    static let attachments = IndexTable(
        name: "attachments",
        create: """
            CREATE TABLE attachments (
                path BLOB PRIMARY KEY,
                kind TEXT NOT NULL,
                size INTEGER NOT NULL,
                mtime INTEGER NOT NULL,
                ctime INTEGER NOT NULL,
                inode INTEGER NOT NULL,
                hash TEXT NOT NULL,
                pages INTEGER NOT NULL,
                ocr_pages INTEGER NOT NULL,
                failure TEXT,
                seconds REAL NOT NULL,
                recipe TEXT NOT NULL
            ) WITHOUT ROWID
            """)

    static let attachmentPages = IndexTable(
        name: "attachment_pages",
        create: """
            CREATE TABLE attachment_pages (
                path BLOB NOT NULL,
                page INTEGER NOT NULL,
                ocr INTEGER NOT NULL,
                text TEXT NOT NULL,
                PRIMARY KEY (path, page)
            ) WITHOUT ROWID
            """)

    static let fileEntries = IndexTable(
        name: "file_entries",
        create: """
            CREATE TABLE file_entries (
                id INTEGER PRIMARY KEY,
                path BLOB NOT NULL UNIQUE,
                length INTEGER NOT NULL DEFAULT 0
            )
            """,
        // A PDF leaving a note's links (the note rewritten, destroyed or gone) may have left the
        // last one: it is noted, and the next pass walks when no note links it any more.
        indexes: """
            CREATE TRIGGER note_attachments_pdf_left AFTER DELETE ON note_attachments
            WHEN lower(substr(CAST(old.path AS TEXT), -4)) = '.pdf'
            BEGIN INSERT OR IGNORE INTO unlinked_pdfs (path) VALUES (old.path); END;
            """)

    static let unlinkedPDFs = IndexTable(
        name: "unlinked_pdfs",
        create: "CREATE TABLE unlinked_pdfs (path BLOB PRIMARY KEY) WITHOUT ROWID")
}

/// A file a note shows or links, as the reading pass sees it: its path, and the fingerprint,
/// hash and OCR recipe it was last read at (`nil`: never read).
struct AttachmentState: Sendable {
    var path: NotePath
    var read: (size: Int64, mtime: Int64, ctime: Int64, inode: Int64, hash: String, recipe: String)?
}

/// What the index keeps of one attachment read: the file's fingerprint and hash, and its text.
/// A fingerprint of `-1` matches no file: the next pass looks again (the file was changing
/// while it was read, or its reader failed in a way that may pass).
struct StoredAttachment: Sendable {
    var path: NotePath
    var size: Int64
    var mtime: Int64
    var ctime: Int64
    var inode: Int64
    var hash: String
    var text: ExtractedText
}

/// One attachment of a note as `enote show --attachments` and the hover show it.
public struct NoteAttachment: Sendable, Equatable, Encodable {
    /// The file's vault path.
    public var path: NotePath
    /// Its text, when it has been read (`nil`: not read yet, or not there).
    public var text: ExtractedText?

    /// How far a file's reading came: the one rule every front end shows.
    public enum State: String, Sendable {
        /// Not read yet (or not there).
        case pending
        /// Nothing could be read; ``ExtractedText/failure`` says why.
        case failed
        /// Read, perhaps in part (pages read before a failure are kept, and the failure says
        /// what was left out).
        case read
    }

    /// How far this file's reading came.
    public var state: State {
        guard let text else { return .pending }
        return text.pages.isEmpty && text.failure != nil ? .failed : .read
    }

    /// `{"path", "kind", "state", "failure", "pages": [{"page", "text", "ocr"}]}`: `state` is
    /// `read`, `failed` (nothing read: `failure` says why; pages read before a failure are kept
    /// and the state is `read`) or `pending` (not read yet); `kind` is `picture` or `pdf`.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(path.description, forKey: "path")
        try json.encode((text?.kind ?? AttachmentKind(path: path.description))?.rawValue, forKey: "kind")
        try json.encode(state.rawValue, forKey: "state")
        try json.encode(text?.failure, forKey: "failure")
        var pages = json.nestedUnkeyedContainer(forKey: "pages")
        for page in text?.pages ?? [] {
            var item = pages.nestedContainer(keyedBy: JSONKey.self)
            try item.encode(page.number, forKey: "page")
            try item.encode(page.text, forKey: "text")
            try item.encode(page.ocr, forKey: "ocr")
        }
    }
}
