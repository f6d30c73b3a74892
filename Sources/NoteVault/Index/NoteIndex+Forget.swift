import Foundation
import GRDB

extension NoteIndex {
    /// Lets go of every trace the index keeps of notes destroyed for good, whose rows already
    /// left it (``IndexStore/forget(_:)``), then empties the write-ahead log into the file and
    /// truncates it, so that no earlier page holding their text stays in it.
    ///
    /// The text read from their pictures and PDFs that no other note shows leaves the index and
    /// the cache (``ExtractionCache``).
    ///
    /// The log is truncated once no other connection reads (within the busy timeout); when one
    /// still does, it is truncated at the next destruction, and SQLite overwrites it meanwhile.
    /// - Returns: The earlier paths the notes had by the moves the index recorded, each with
    ///   the moment it left that path.
    @discardableResult
    func forget(_ paths: [NotePath]) throws(VaultError) -> [(path: NotePath, until: Date)] {
        guard !paths.isEmpty else { return [] }
        let earlier: [(path: NotePath, until: Date)]
        switch try connection.write({ store in try store.forget(paths) }) {
        case .written(let found):
            earlier = found.earlier
            ExtractionCache(vault: vault).remove(found.unusedTexts)
        case .rebuilt: earlier = []  // a new index from the notes holds nothing of them
        }
        connection.truncateWriteAheadLog()
        // A damaged index kept for a bug report holds every note's text as it was.
        try? FileManager.default.removeItem(atPath: connection.path + ".corrupt")
        return earlier
    }
}

extension IndexConnection {
    /// Copies the write-ahead log into the database file and truncates it to nothing (quietly
    /// leaves it when other connections keep reading).
    func truncateWriteAheadLog() {
        _ = try? database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
