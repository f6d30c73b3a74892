import GRDB

extension NoteIndex {
    /// Lets go of every trace the index keeps of notes destroyed for good, whose rows already
    /// left it (``IndexStore/forget(_:)``), then empties the write-ahead log into the file and
    /// truncates it, so that no earlier page holding their text stays in it.
    ///
    /// The log is truncated once no other connection reads (within the busy timeout); when one
    /// still does, it is truncated at the next destruction, and SQLite overwrites it meanwhile.
    func forget(_ paths: [NotePath]) throws(VaultError) {
        guard !paths.isEmpty else { return }
        _ = try connection.write { store in try store.forget(paths) }
        connection.truncateWriteAheadLog()
    }
}

extension IndexConnection {
    /// Copies the write-ahead log into the database file and truncates it to nothing (quietly
    /// leaves it when other connections keep reading).
    func truncateWriteAheadLog() {
        _ = try? database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
