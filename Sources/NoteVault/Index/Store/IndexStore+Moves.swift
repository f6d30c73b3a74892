import Foundation
import GRDB

/// The statements that read and forget the moves ``MoveTracker`` recorded (``MoveTables``).
extension IndexStore {
    /// Every recorded move whose new path is a note, old path → new path, with how it was
    /// recognised (`content` or `inode`), sorted by old then new path. (A move whose new path
    /// went is kept a while, in case the note went on elsewhere, but is not shown.)
    func recordedMoves() throws -> [(old: NotePath, new: NotePath, how: String)] {
        try Row.fetchAll(
            db, sql: "SELECT old_path, new_path, how FROM moves WHERE new_path IN (SELECT path FROM files) ORDER BY old_path, new_path"
        ).map { row in
            let old: Data = row[0]
            let new: Data = row[1]
            return (NotePath(bytes: [UInt8](old)), NotePath(bytes: [UInt8](new)), row[2])
        }
    }

    /// Forgets the moves from `old` (its links were repaired, or there was nothing to repair).
    func forgetMoves(from old: NotePath) throws {
        try db.execute(sql: "DELETE FROM moves WHERE old_path = ?", arguments: [Data(old.bytes)])
    }

    /// The paths of the notes with a link whose key is `key`, sorted.
    func notesWithLinks(key: String) throws -> [NotePath] {
        try Data.fetchAll(
            db, sql: "SELECT DISTINCT n.path FROM links l JOIN notes n ON n.id = l.note_id WHERE l.key = ? ORDER BY n.path", arguments: [key]
        ).map { NotePath(bytes: [UInt8]($0)) }
    }
}
