import GRDB

/// One table of the index: its name, the statements that create it, and its secondary indexes.
/// A new table (links, tags) is one more of these in ``IndexSchema/tables`` plus its statements
/// in ``IndexStore``; an index without it is then rebuilt as incomplete.
struct IndexTable: Sendable {
    /// The table's name; an index of the current version has every table of the schema.
    var name: String
    /// The statements that create the table (and set it up), run before any row is written.
    var create: String
    /// The statements that create its secondary indexes, run after a bulk build filled it.
    var indexes: String = ""
}

/// The index's tables. The index is a cache of the note files, so there are no migrations: a
/// database of another version is moved aside and rebuilt from the files.
///
/// - `files`: the freshness check's table, one row per note file keyed by the path's bytes
///   (`WITHOUT ROWID`, so it is stored in path order) with the fingerprint the walk compares:
///   size, mtime and ctime in nanoseconds, inode, and whether the times were too recent to
///   trust.
/// - `notes`: its columns are ``NoteColumns``: everything `list` shows, sorts and filters on, so those never read a file, plus
///   the file's hash, a hash of what the note says (body and front matter except `order`,
///   `updated` and `created`) and the `updated` value last seen.
/// - `fields`: every front matter key of every note, one row per scalar or list element, the
///   value lowercased (`--where KEY=VALUE` compares without case) and as written (`raw`, what a
///   query shows and compares), and whether it came from a list.
/// - `notes_fts`: FTS5 over title, body (Markdown reduced to plain text), file name and the
///   text read from the note's pictures and PDFs (``IndexSchema/attachments``), with
///   the `enote` tokenizer (``CJKBigramTokenizer``); its rowid is the note's id. Its `rank` is
///   `enote_rank` (see CEnoteFTS): BM25, title matches first.
/// - `body_lengths`: each note's body length as one byte, in blocks of notes
///   (``BodyLengthTable``), for `enote_rank`'s length normalisation.
/// - `words`: the vocabulary search expands and corrects words from (``WordTable``).
/// - `changes`: which notes changed, in order, for long-running front ends (``ChangeLog``).
/// - `tasks`: every task list item of every note (``TaskTable.swift``).
/// - `passages`: the vectors of meaning search (``PassageTable.swift``).
/// - `note_attachments`, `attachments`, `attachment_pages`, `file_entries`: the text of
///   pictures and PDFs, and the PDFs no note links (``AttachmentTables.swift``).
enum IndexSchema {
    /// Bumped whenever the tables or what goes into them change; stored in `PRAGMA user_version`.
    static let version = 30  // 30: file_entries.length, unlinked_pdfs and its trigger; 29: file_entries (a PDF no note links is an entry of its own); 28: tasks.heading, task_id, depends_on (Tasks' heading and dependencies); 27: fields.raw and fields.list (queries show values as written); 26: note_attachments holds the files wikilinks and embeds name; 25: attachments.recipe (a change of the vault's languages reads pictures again); 24: attachments' text (AttachmentTables.swift), notes_fts.attached; 23: passages (PassageTable.swift); 17: links, tags and names (LinkTables.swift); 18: moves (MoveTables.swift); 19: words (WordTable.swift), changes (ChangeLog.swift); 20: ß indexed as ss (FoldedLetters); 21: tasks (TaskTable.swift); 22: tasks carry their note's path, title and hash, read through one covering index

    /// The weights `enote_rank` gives the columns: title, body, file name, and the text of the
    /// note's pictures and PDFs (as much as its own body: a photographed receipt is what the
    /// note says).
    static let rankWeights = "10.0, 1.0, 2.0, 1.0"

    /// The ranking function as a search calls it.
    static let rankCall = "enote_rank(notes_fts, \(rankWeights))"

    /// The ranking function with a phrase map (``SearchPlan/phraseMap``) bound as its first
    /// parameter.
    static let rankCallWithPhrases = "enote_rank(notes_fts, \(rankWeights), ?)"

    /// The columns of `files` after the path, in the order ``FingerprintTable`` and
    /// ``IndexStore/FileLookup`` read them.
    static let fingerprintColumns = "note_id, size, mtime, ctime, inode, racy"

    /// Every table, in the order they are created.
    static let tables: [IndexTable] = [files, notes, fields, notesFTS, meta, bodyLengths, links, tags, names, departed, arrivals, moves, WordTable.table, ChangeLog.table, tasks, passages, noteAttachments, attachments, attachmentPages, fileEntries, unlinkedPDFs]

    static let files = IndexTable(
        name: "files",
        create: """
            CREATE TABLE files (
                path BLOB PRIMARY KEY,
                note_id INTEGER NOT NULL,
                size INTEGER NOT NULL,
                mtime INTEGER NOT NULL,
                ctime INTEGER NOT NULL,
                inode INTEGER NOT NULL,
                racy INTEGER NOT NULL
            ) WITHOUT ROWID
            """)

    static let notes = IndexTable(
        name: "notes",
        create: NoteColumns.createTable,
        indexes: """
            CREATE INDEX notes_by_updated ON notes(updated_at);
            CREATE INDEX notes_by_created ON notes(created_at);
            CREATE INDEX notes_by_title ON notes(title_key);
            CREATE INDEX notes_by_order ON notes(order_key);
            CREATE INDEX notes_by_destroy ON notes(destroy_at) WHERE destroy_at IS NOT NULL;
            """)

    static let fields = IndexTable(
        name: "fields",
        create: """
            CREATE TABLE fields (
                note_id INTEGER NOT NULL,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                raw TEXT NOT NULL,
                list INTEGER NOT NULL
            )
            """,
        indexes: """
            CREATE INDEX fields_by_key_value ON fields(key, value);
            CREATE INDEX fields_by_note ON fields(note_id);
            """)

    static let notesFTS = IndexTable(
        name: "notes_fts",
        create: """
            CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, name, attached, tokenize = 'enote');
            INSERT INTO notes_fts (notes_fts, rank) VALUES ('rank', 'enote_rank(\(rankWeights))');
            """)

    static let meta = IndexTable(name: "meta", create: "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    static let bodyLengths = IndexTable(name: "body_lengths", create: "CREATE TABLE body_lengths (block INTEGER PRIMARY KEY, classes BLOB NOT NULL)")

    /// Creates every table and index.
    static func create(_ db: Database) throws {
        try createTables(db)
        try createIndexes(db)
        try stampVersion(db)
    }

    /// The tables alone: a bulk build fills them first and indexes them afterwards, which is
    /// much faster than keeping the indexes up to date row by row.
    static func createTables(_ db: Database) throws {
        for table in tables { try db.execute(sql: table.create) }
    }

    /// The secondary indexes: by each sort key, and the fields by key and value and by note.
    static func createIndexes(_ db: Database) throws {
        for table in tables where !table.indexes.isEmpty { try db.execute(sql: table.indexes) }
    }

    /// Marks the database as an index of this version.
    static func stampVersion(_ db: Database) throws {
        try db.execute(sql: "PRAGMA user_version = \(version)")
    }
}
