/// The link graph's tables: `links`, `tags` and `names`, filled with each note's row by
/// ``LinkWriter`` and read by ``IndexStore``'s link queries.
///
/// - `links`: every link, definition and embed of every note: its kind, where it is written
///   (byte offset, line, byte and UTF-16 column), the byte range of its destination, the
///   destination as written and as parsed (path, `#heading`, `#^block`, scheme), and `key`, the
///   name it points at (``LinkRecord/key(of:)``). Targets are resolved when asked, not stored:
///   a note that appears, disappears or is renamed changes what links resolve to without
///   rewriting the rows of the notes that link it.
/// - `tags`: every tag of every note, normalised (NFC, lowercased) and as written, with where
///   it came from.
/// - `names`: the keys a note answers to: its file name's and its aliases'.
extension IndexSchema {
    static let links = IndexTable(
        name: "links",
        create: """
            CREATE TABLE links (
                note_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                offset INTEGER NOT NULL,
                line INTEGER NOT NULL,
                byte_column INTEGER NOT NULL,
                utf16_column INTEGER NOT NULL,
                range_start INTEGER,
                range_end INTEGER,
                destination TEXT NOT NULL,
                target TEXT NOT NULL,
                heading TEXT,
                block TEXT,
                scheme TEXT,
                key TEXT NOT NULL
            )
            """,
        indexes: """
            CREATE INDEX links_by_note ON links(note_id);
            CREATE INDEX links_by_key ON links(key) WHERE key <> '';
            """)

    static let tags = IndexTable(
        name: "tags",
        create: "CREATE TABLE tags (note_id INTEGER NOT NULL, tag TEXT NOT NULL, name TEXT NOT NULL, origin TEXT NOT NULL, line INTEGER)",
        indexes: """
            CREATE INDEX tags_by_tag ON tags(tag, note_id);
            CREATE INDEX tags_by_note ON tags(note_id);
            """)

    static let names = IndexTable(
        name: "names",
        create: "CREATE TABLE names (key TEXT NOT NULL, note_id INTEGER NOT NULL, alias TEXT)",
        indexes: """
            CREATE INDEX names_by_key ON names(key);
            CREATE INDEX names_by_note ON names(note_id);
            """)
}
