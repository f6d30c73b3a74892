import Foundation
import GRDB

/// What the index keeps of a note beyond its own rows, and how it lets go of it when the note is
/// destroyed for good (``NoteIndex/forget(_:)``).
///
/// A note's rows go when it leaves the vault, and every connection deletes with
/// `secure_delete` on (``applyPragmas(bulk:cacheKiB:)``), so SQLite overwrites their bytes
/// with zeros rather than leaving them in free space. Three things outlive the rows: the
/// move tracker's memory of the departed note (its path and title), the change log's rows naming
/// its path, and the words only it held (in `words`, and in FTS5's segments, which drop a
/// deleted note's terms only when they are merged).
extension IndexStore {
    /// Removes every trace of the notes once at `paths`: the move tracker's rows (of their last
    /// path and, through the moves it recorded, of every earlier one), the change log up to the
    /// last row naming one of them (a reader behind that point is told to look at everything
    /// again, as when the log was trimmed), FTS5's segments merged into one without the deleted
    /// terms, and the words no note holds any more.
    /// The text read from files that no note shows any more (the destroyed notes' pictures and
    /// PDFs) goes too.
    /// - Returns: The earlier paths the notes had, by the moves recorded (`enote mv`, a rename
    ///   seen by the watcher), each with the moment it left that path; and the hashes whose
    ///   cached text no file read has any more (``ExtractionCache``).
    func forget(_ paths: [NotePath]) throws -> (earlier: [(path: NotePath, until: Date)], unusedTexts: Set<String>) {
        var earlier: [(path: NotePath, until: Date)] = []
        var names = Set(paths.map(\.bytes))
        var pending = paths.map(\.bytes)
        while let path = pending.popLast() {
            let rows = try Row.fetchAll(db, sql: "SELECT old_path, at FROM moves WHERE new_path = ?", arguments: [Data(path)])
            for row in rows {
                let old = [UInt8](row[0] as Data)
                guard names.insert(old).inserted else { continue }
                earlier.append((NotePath(bytes: old), Date(timeIntervalSince1970: row[1])))
                pending.append(old)
            }
        }
        for name in names {
            let bytes = Data(name)
            try db.execute(sql: "DELETE FROM departed WHERE path = ?", arguments: [bytes])
            try db.execute(sql: "DELETE FROM arrivals WHERE path = ?", arguments: [bytes])
            try db.execute(sql: "DELETE FROM moves WHERE old_path = ? OR new_path = ?", arguments: [bytes, bytes])
            if let last = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM changes WHERE path = ?", arguments: [bytes]) {
                try db.execute(sql: "DELETE FROM changes WHERE seq <= ?", arguments: [last])
            }
        }
        let unused = try forgetUnshownAttachments().unusedHashes
        try scrubDeletedText()
        return (earlier, unused)
    }
}
