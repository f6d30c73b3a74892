import Foundation
import GRDB

/// The text read from pictures and PDFs (``IndexSchema/attachments``).
extension IndexStore {
    /// Whether any note shows or links a file, any file's text is kept or any PDF is an entry
    /// of its own: when not, a reading pass has nothing to do (and makes no folder or lock).
    func holdsAttachments() throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM note_attachments) OR EXISTS (SELECT 1 FROM attachments) OR EXISTS (SELECT 1 FROM file_entries)")
            ?? false
    }

    /// Every file some note shows or links (each once).
    func shownFiles() throws -> [NotePath] {
        try Data.fetchAll(db, sql: "SELECT DISTINCT path FROM note_attachments").map { NotePath(bytes: [UInt8]($0)) }
    }

    /// The files note `id` shows or links.
    func shownFiles(of id: Int64) throws -> [NotePath] {
        try Data.fetchAll(db, sql: "SELECT path FROM note_attachments WHERE note_id = ? ORDER BY ordinal", arguments: [id]).map { NotePath(bytes: [UInt8]($0)) }
    }

    /// Every file some note shows or links, and every PDF that is an entry of its own, with
    /// what it was last read at.
    func attachmentStates() throws -> [AttachmentState] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT s.path, a.size, a.mtime, a.ctime, a.inode, a.hash, a.recipe
                FROM (SELECT path FROM note_attachments UNION SELECT path FROM file_entries) s
                LEFT JOIN attachments a ON a.path = s.path ORDER BY s.path
                """
        ).map { row in
            let path = NotePath(bytes: [UInt8](row[0] as Data))
            guard let hash = row[5] as String? else { return AttachmentState(path: path, read: nil) }
            return AttachmentState(path: path, read: (row[1], row[2], row[3], row[4], hash, row[6]))
        }
    }

    /// Forgets the files no note shows or links any more, and that are no entry of their own,
    /// and their text; returns how many there were, and the hashes that no file read has any
    /// more (their cached text can go).
    func forgetUnshownAttachments() throws -> (files: Int, unusedHashes: Set<String>) {
        let unshown = "path NOT IN (SELECT path FROM note_attachments) AND path NOT IN (SELECT path FROM file_entries)"
        let gone = try String.fetchAll(db, sql: "SELECT hash FROM attachments WHERE \(unshown)")
        guard !gone.isEmpty else { return (0, []) }
        try db.execute(sql: "DELETE FROM attachment_pages WHERE \(unshown)")
        try db.execute(sql: "DELETE FROM attachments WHERE \(unshown)")
        try markTextLeft()
        return (gone.count, try unusedHashes(Set(gone)))
    }

    /// Of `hashes`, those no file read has.
    private func unusedHashes(_ hashes: Set<String>) throws -> Set<String> {
        let kept = Set(try String.fetchAll(db, sql: "SELECT DISTINCT hash FROM attachments"))
        return hashes.subtracting(kept)
    }

    /// Lets go of the words of text that left the index (a file no note shows, a note's text
    /// rewritten without its picture's): FTS5's segments are merged into one without the deleted
    /// terms, and the words no note holds any more leave the vocabulary, as for a destroyed
    /// note (``forget(_:)``).
    func scrubDeletedText() throws {
        try db.execute(sql: "INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
        try WordTable.keepOnlyIndexed(db)
        try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [Self.textLeftKey])
    }

    /// The `meta` key that says text left the index and awaits ``scrubDeletedText()``: kept with
    /// the change that took it out, so a pass stopped before its end (or one that waits for
    /// tesseract) leaves the scrub to the next, never forgets it.
    static let textLeftKey = "attachments_text_left"

    /// Records that text left the index (in the transaction that took it out).
    func markTextLeft() throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')", arguments: [Self.textLeftKey])
    }

    /// Whether text left the index since the last ``scrubDeletedText()``.
    func textLeftPending() throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM meta WHERE key = ?)", arguments: [Self.textLeftKey]) ?? false
    }

    /// Every hash of a file read (the cache keeps these texts).
    func attachmentHashes() throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT DISTINCT hash FROM attachments"))
    }

    /// Stores what was read of a file (or forgets it, when `stored` is `nil` for `path`: the
    /// file is gone) and writes the text into the FTS row of every note that shows it, when it
    /// differs from what the row holds, or into its own row when it is an entry of its own (a
    /// gone file's entry leaves). A file no note shows any more, and no entry (its note was
    /// deleted while it was read), is forgotten instead. Returns the hashes no file read has any more,
    /// and whether text left some note's FTS row (its words then wait in FTS5's segments for
    /// ``scrubDeletedText()``).
    func saveAttachment(_ stored: StoredAttachment?, at path: NotePath) throws -> (unused: Set<String>, textLeft: Bool) {
        let key = Data(path.bytes)
        let previous = try String.fetchOne(db, sql: "SELECT hash FROM attachments WHERE path = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM attachment_pages WHERE path = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM attachments WHERE path = ?", arguments: [key])
        let entry = try isFileEntry(path)
        if entry, stored == nil { try removeFileEntry(at: path) }
        let shown = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM note_attachments WHERE path = ?)", arguments: [key]) ?? false || (entry && stored != nil)
        if let stored, shown {
            let text = stored.text
            try db.execute(
                sql: """
                    INSERT INTO attachments (path, kind, size, mtime, ctime, inode, hash, pages, ocr_pages, failure, seconds, recipe)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key, text.kind.rawValue, stored.size, stored.mtime, stored.ctime, stored.inode, stored.hash, text.pages.count,
                    text.pages.filter(\.ocr).count, text.failure, text.seconds, text.recipe,
                ])
            for page in text.pages {
                try db.execute(
                    sql: "INSERT INTO attachment_pages (path, page, ocr, text) VALUES (?, ?, ?, ?)", arguments: [key, page.number, page.ocr, page.text])
            }
        }
        // The notes themselves did not change: no change is recorded (front ends would tell
        // their clients a note changed that nobody touched); their next search reads the text.
        var words = try WordTable(db)
        var textLeft = false
        let notes = try Row.fetchAll(
            db,
            sql: """
                SELECT DISTINCT n.id, f.attached FROM note_attachments na JOIN notes n ON n.id = na.note_id
                JOIN notes_fts f ON f.rowid = n.id WHERE na.path = ?
                """,
            arguments: [key])
        for row in notes {
            let id: Int64 = row[0]
            let before: String = row[1] ?? ""
            let attached = try attachedText(of: id)
            // A file looked at again and found as it was rewrites nothing (and leaves no
            // deleted text for FTS5 to merge away).
            guard attached != before else { continue }
            try db.execute(sql: "UPDATE notes_fts SET attached = ? WHERE rowid = ?", arguments: [attached, id])
            words.collect(attached)
            if !before.isEmpty { textLeft = true }
        }
        if entry, stored != nil { try writeEntryText(of: path, words: &words) }
        try words.save(db)
        if textLeft { try markTextLeft() }
        // The text this path had, and (when no note shows it now) the text just read.
        var gone = Set([previous, shown ? nil : stored?.hash].compactMap { $0 })
        if shown, let kept = stored?.hash { gone.remove(kept) }
        return (try unusedHashes(gone), textLeft)
    }

    /// The text of every page of every attachment of note `id`, in the note's order, as its
    /// FTS row holds it.
    func attachedText(of id: Int64) throws -> String {
        NoteAttachments.joined(try String.fetchAll(
            db,
            sql: """
                SELECT p.text FROM note_attachments na JOIN attachment_pages p ON p.path = na.path
                WHERE na.note_id = ? ORDER BY na.ordinal, p.page
                """,
            arguments: [id]))
    }

    /// The attachments of note `id`, in the note's order, with what was read of each.
    func attachments(of id: Int64) throws -> [NoteAttachment] {
        let paths = try Data.fetchAll(db, sql: "SELECT path FROM note_attachments WHERE note_id = ? ORDER BY ordinal", arguments: [id])
        var seen = Set<Data>()
        return try paths.filter { seen.insert($0).inserted }.map { key in try attachment(at: NotePath(bytes: [UInt8](key))) }
    }

    /// One file a note shows, with what was read of it (`text` is `nil` when it was not read).
    func attachment(at path: NotePath) throws -> NoteAttachment {
        let key = Data(path.bytes)
        guard let row = try Row.fetchOne(db, sql: "SELECT kind, failure, seconds FROM attachments WHERE path = ?", arguments: [key]),
            let kind = AttachmentKind(rawValue: row[0])
        else { return NoteAttachment(path: path, text: nil) }
        let pages = try Row.fetchAll(db, sql: "SELECT page, ocr, text FROM attachment_pages WHERE path = ? ORDER BY page", arguments: [key])
            .map { ExtractedText.Page(number: $0[0], text: $0[2], ocr: $0[1]) }
        return NoteAttachment(path: path, text: ExtractedText(kind: kind, pages: pages, failure: row[1], seconds: row[2]))
    }

    /// The first page of note `id`'s attachments, in the note's order, for which `match` gives
    /// a value (a snippet of the words searched for), with its place: where a search hit that
    /// matched no word of the note's own text was found. Pages are read one at a time, and no
    /// further than that page (a note's files may hold 4 MiB of text).
    func firstAttachmentPage<Value>(of id: Int64, _ match: (String) throws -> Value?) throws -> (place: AttachmentPlace, value: Value)? {
        let pages = try Row.fetchCursor(
            db,
            sql: """
                SELECT p.path, a.kind, p.page, p.text FROM note_attachments na JOIN attachment_pages p ON p.path = na.path
                JOIN attachments a ON a.path = na.path WHERE na.note_id = ? ORDER BY na.ordinal, p.page
                """,
            arguments: [id])
        while let row = try pages.next() {
            guard let value = try match(row[3]) else { continue }
            let kind = AttachmentKind(rawValue: row[1]) ?? .picture
            return (AttachmentPlace(path: NotePath(bytes: [UInt8](row[0] as Data)), page: kind == .pdf ? row[2] : nil), value)
        }
        return nil
    }

    /// The files that could not be read, or only in part (a PDF's first 2,000 pages, a text cut
    /// at its limit), with why: for `enote doctor`.
    func unreadAttachments() throws -> [(path: NotePath, failure: String, inPart: Bool)] {
        try Row.fetchAll(db, sql: "SELECT path, failure, pages > 0 FROM attachments WHERE failure IS NOT NULL ORDER BY path").map { row in
            (NotePath(bytes: [UInt8](row[0] as Data)), row[1], row[2])
        }
    }
}
