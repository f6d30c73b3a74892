import CEnoteFTS
import Foundation
import GRDB

/// The PDFs no note links, each an entry of its own in search (``IndexSchema/fileEntries``):
/// which they are, and their row in `notes_fts` (rowid `-id`), written from the text the
/// reading pass keeps in `attachment_pages`.
extension IndexStore {
    /// Every PDF that is an entry of its own.
    func fileEntries() throws -> [NotePath] {
        try Data.fetchAll(db, sql: "SELECT path FROM file_entries ORDER BY path").map { NotePath(bytes: [UInt8]($0)) }
    }

    /// Makes the entries of their own exactly the PDFs of `found` (a walk of the vault) that no
    /// note links: an entry whose file went, or that a note links now, leaves with its text; a
    /// new one whose text was read before (a note linked it until now) is searchable at once.
    /// An entry beneath a folder in `unread` (the walk could not open it) stays: not seen is not
    /// gone. Records that the entries are the walk's (``fileEntriesWalked()``) when it saw every
    /// folder. Returns whether
    /// text left the index (then ``scrubDeletedText()`` is due).
    @discardableResult
    func setFileEntries(_ found: Set<NotePath>, unread: [NotePath] = []) throws -> Bool {
        let shown = Set(try shownFiles())
        let loose = found.subtracting(shown)
        var textLeft = false
        for (id, path) in try entryIDs() where !loose.contains(path) {
            if !shown.contains(path), unread.contains(where: { folder in Self.path(path, isBeneath: folder) }) { continue }
            textLeft = try removeEntry(id) || textLeft
        }
        let existing = Set(try fileEntries())
        var words = try WordTable(db)
        for path in loose.subtracting(existing).sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            try db.execute(sql: "INSERT INTO file_entries (path) VALUES (?)", arguments: [Data(path.bytes)])
            try writeEntryText(of: path, words: &words)
        }
        try words.save(db)
        if textLeft { try markTextLeft() }
        // A walk that could not open a folder is not the vault's: the next pass walks again.
        if unread.isEmpty {
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')", arguments: [Self.fileEntriesWalkedKey])
        }
        return textLeft
    }

    /// The `meta` key that says the entries are those of the last walk (see
    /// ``IndexSchema/fileEntries``).
    static let fileEntriesWalkedKey = "file_entries_walked"

    /// Whether the entries are still those of the last walk: not in an index built since, nor
    /// when a PDF that left a note's links is now linked by no note and is no entry (it may be
    /// one now, or gone).
    func fileEntriesWalked() throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM meta WHERE key = ?) AND NOT EXISTS (SELECT 1 FROM unlinked_pdfs u
                WHERE u.path NOT IN (SELECT path FROM note_attachments) AND u.path NOT IN (SELECT path FROM file_entries))
                """,
            arguments: [Self.fileEntriesWalkedKey]) ?? false
    }

    /// Forgets which PDFs left a note's links: a pass has just made the entries agree.
    func clearUnlinkedPDFs() throws {
        try db.execute(sql: "DELETE FROM unlinked_pdfs")
    }

    /// Takes away the entries of their own that some note links now (its note's row holds
    /// their text): what a pass does without walking the vault.
    @discardableResult
    func dropLinkedEntries() throws -> Bool {
        var textLeft = false
        let linked = try Int64.fetchAll(db, sql: "SELECT id FROM file_entries WHERE path IN (SELECT path FROM note_attachments)")
        for id in linked { textLeft = try removeEntry(id) || textLeft }
        if textLeft { try markTextLeft() }
        return textLeft
    }

    /// Takes away the entries of their own among `paths` (the files a note just written links).
    func dropFileEntries(linkedBy paths: [NotePath]) throws {
        for path in paths where AttachmentKind(path: path.description) == .pdf { try removeFileEntry(at: path) }
    }

    /// Whether `path` is an entry of its own.
    func isFileEntry(_ path: NotePath) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM file_entries WHERE path = ?)", arguments: [Data(path.bytes)]) ?? false
    }

    /// Writes the `notes_fts` row of entry `path` again from the text kept of it: its name (the
    /// file's, without `.pdf`, as a note's title), the path's words, and its pages' text. An
    /// entry not read yet has a row of its name only, so its name finds it at once.
    func writeEntryText(of path: NotePath, words: inout WordTable) throws {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM file_entries WHERE path = ?", arguments: [Data(path.bytes)]) else { return }
        let pages = try String.fetchAll(db, sql: "SELECT text FROM attachment_pages WHERE path = ? ORDER BY page", arguments: [Data(path.bytes)])
        let attached = NoteAttachments.joined(pages)
        let title = FileEntry.title(of: path)
        let name = IndexRecord.searchableName(of: path)
        let before = try Row.fetchOne(db, sql: "SELECT title, name, attached FROM notes_fts WHERE rowid = ?", arguments: [-id])
        if let before, before[0] as String? == title, before[1] as String? == name, before[2] as String? == attached { return }
        if before != nil {
            try db.execute(sql: "DELETE FROM notes_fts WHERE rowid = ?", arguments: [-id])
            if !((before?[2] as String?) ?? "").isEmpty { try markTextLeft() }
        }
        try db.execute(sql: "INSERT INTO notes_fts (rowid, title, body, name, attached) VALUES (?, ?, '', ?, ?)", arguments: [-id, title, name, attached])
        try db.execute(sql: "UPDATE file_entries SET length = ? WHERE id = ?", arguments: [attached.utf8.count, id])
        words.collect(title)
        words.collect(name)
        words.collect(attached)
    }

    /// Removes the entry of `path` (its file is gone), if it is one.
    func removeFileEntry(at path: NotePath) throws {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM file_entries WHERE path = ?", arguments: [Data(path.bytes)]) else { return }
        if try removeEntry(id) { try markTextLeft() }
    }

    /// Each entry's text length class (``enote_length_class``) indexed by its id (the negated
    /// rowid of its `notes_fts` row), for BM25's length normalisation; empty without entries.
    func fileLengthClasses() throws -> [UInt8] {
        var classes: [UInt8] = []
        for row in try Row.fetchAll(db, sql: "SELECT id, length FROM file_entries") {
            let id: Int64 = row[0]
            let length: Int64 = row[1]
            guard id > 0, id < 1 << 24 else { continue }
            if Int(id) >= classes.count { classes += [UInt8](repeating: 0, count: Int(id) + 1 - classes.count) }
            classes[Int(id)] = enote_length_class(length)
        }
        return classes
    }

    /// Whether `path` is in `folder` or a folder beneath it (everything is beneath the root).
    private static func path(_ path: NotePath, isBeneath folder: NotePath) -> Bool {
        folder.bytes.isEmpty || (path.bytes.count > folder.bytes.count && path.bytes.starts(with: folder.bytes)
            && path.bytes[folder.bytes.count] == UInt8(ascii: "/"))
    }

    /// The entries' ids by path.
    private func entryIDs() throws -> [(Int64, NotePath)] {
        try Row.fetchAll(db, sql: "SELECT id, path FROM file_entries").map { ($0[0], NotePath(bytes: [UInt8]($0[1] as Data))) }
    }

    /// Removes entry `id` and its `notes_fts` row; whether that row held text read from the file.
    private func removeEntry(_ id: Int64) throws -> Bool {
        let attached = try String.fetchOne(db, sql: "SELECT attached FROM notes_fts WHERE rowid = ?", arguments: [-id])
        try db.execute(sql: "DELETE FROM notes_fts WHERE rowid = ?", arguments: [-id])
        try db.execute(sql: "DELETE FROM file_entries WHERE id = ?", arguments: [id])
        return attached != nil
    }

    /// The entries among `ids` (negative rowids of `notes_fts`), each with the first page that
    /// `match` gives a value for (a snippet of the words searched for), or its first page when
    /// none does (its name matched).
    func fileHits<Value>(_ ids: [Int64], _ match: (String) throws -> Value?) throws -> [Int64: (place: AttachmentPlace, value: Value?)] {
        var hits: [Int64: (place: AttachmentPlace, value: Value?)] = [:]
        for id in ids {
            guard let key = try Data.fetchOne(db, sql: "SELECT path FROM file_entries WHERE id = ?", arguments: [-id]) else { continue }
            let path = NotePath(bytes: [UInt8](key))
            let pages = try Row.fetchCursor(db, sql: "SELECT page, text FROM attachment_pages WHERE path = ? ORDER BY page", arguments: [key])
            var found: (place: AttachmentPlace, value: Value?) = (AttachmentPlace(path: path, page: 1), nil)
            while let row = try pages.next() {
                if let value = try match(row[1]) {
                    found = (AttachmentPlace(path: path, page: row[0]), value)
                    break
                }
            }
            hits[id] = found
        }
        return hits
    }
}

/// The rules of a PDF as an entry of its own in search.
enum FileEntry {
    /// What stands as its title: its file name without `.pdf` (`papers/manual.pdf` → `manual`).
    static func title(of path: NotePath) -> String {
        let name = path.fileName
        return name.lowercased().hasSuffix(".pdf") ? String(name.dropLast(4)) : name
    }
}
