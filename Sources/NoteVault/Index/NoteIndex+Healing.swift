import Foundation
import GRDB

/// Damage found after the index was opened.
///
/// Opening the index checks only what is cheap (the header, `user_version`, the table set), so
/// that a command that changes nothing stays as fast as a walk of the folder. Damage deeper in
/// the file shows up when a statement reads a broken page: SQLite then fails with
/// `SQLITE_CORRUPT`, and ``NoteIndex/read(_:)`` and ``NoteIndex/write(_:)`` move the file aside
/// and rebuild it from the notes on the spot, with one line of explanation. The commands that
/// may take their time (`enote index`, `enote doctor`, the start of `enote watch`) also run
/// SQLite's `PRAGMA quick_check` through ``NoteIndex/verify()``, which reads every page.
extension NoteIndex {
    /// Whether damage found by a statement may be healed now: not while a rebuild is under way,
    /// and not in a copy in memory (which has no file to rebuild).
    var canHeal: Bool { !isHealing && unsavedReason == nil }

    /// Moves the damaged file aside (to `index.sqlite.corrupt`), creates a new one and fills it
    /// from the notes. The notes are only read.
    /// - Parameter reason: What is wrong, as in "the index is corrupt".
    /// - Returns: What filling the new index found.
    @discardableResult
    func heal(reason: LocalizedMessage) throws(VaultError) -> SyncReport {
        inform(Localization.text("enote: \(reason); rebuilding it from the notes (they are not touched)"))
        isHealing = true
        rebuilds += 1
        defer { isHealing = false }
        try? database.close()
        Self.moveAside(path)
        do {
            database = try Self.createDatabase(at: path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: rankCounter)
            openedFile = FileIdentity(path: path)
        } catch {
            guard case .cannotSave(let saveProblem) = IndexError.Kind(error), memoryFallback else {
                throw .invalidInput("could not create the index at \(path): \(IndexError.describe(error))")
            }
            database = try Self.emptyInMemory(cacheKiB: cacheKiB, counter: rankCounter)
            _ = keptInMemory(because: saveProblem)
        }
        return try synchronize()
    }

    /// Reads every page of the index (`PRAGMA quick_check`) and rebuilds it from the notes when
    /// SQLite finds anything wrong.
    ///
    /// This costs a read of the whole file, so only commands that may take their time call it.
    /// See [PRAGMA quick_check](https://www.sqlite.org/pragma.html#pragma_quick_check).
    /// - Returns: Whether the index was rebuilt.
    @discardableResult
    public func verify() throws(VaultError) -> Bool {
        guard unsavedReason == nil else { return false }
        let before = rebuilds
        let problems = try read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        // A read that meets a broken page rebuilds the index before it returns.
        if rebuilds != before { return true }
        guard problems == ["ok"] else {
            try heal(reason: "the index is corrupt")
            return true
        }
        return false
    }
}
