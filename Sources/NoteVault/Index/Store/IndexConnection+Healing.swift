import Foundation
import GRDB
import Synchronization

/// Damage found after the index was opened, and the check that looks for it.
///
/// Opening the index checks only what is cheap (the header, `user_version`, the table set), so
/// that a command that changes nothing stays as fast as a walk of the folder. Damage deeper in
/// the file shows up when a statement reads a broken page: SQLite then fails with
/// `SQLITE_CORRUPT`, and ``IndexConnection/read(_:)`` and ``IndexConnection/write(_:)`` call
/// ``IndexConnection/heal(reason:)``, which moves the file aside and rebuilds it from the notes
/// on the spot (``IndexConnection/refill``), with one line of explanation. The commands that may
/// take their time (`enote index`, `enote doctor`, the start of `enote watch`) also run SQLite's
/// `PRAGMA quick_check` through ``IndexConnection/verify()``, which reads every page.
extension IndexConnection {
    /// `PRAGMA quick_check`: whether SQLite finds the file sound.
    func quickCheck() -> Bool {
        (try? database.read { db in try IndexStore(db).quickCheck() }) == ["ok"]
    }

    /// Moves the damaged file aside (to `index.sqlite.corrupt`), creates a new one and fills it
    /// from the notes (``refill``). The notes are only read.
    ///
    /// The connections of one process to one index heal one at a time (``HealingTurn``): one
    /// that met the damage while another healed it waits, then opens the healed file instead of
    /// moving it aside in turn (``adoptReplacement()``); and a session waits for a heal under way
    /// before it lends a connection whose file was replaced, so that nobody reads the new file
    /// before it is filled.
    /// - Parameter reason: What is wrong, as in "the index is corrupt".
    /// - Returns: What filling the new index found (nothing, when another connection healed it).
    @discardableResult
    func heal(reason: LocalizedMessage) throws(VaultError) -> SyncReport {
        try healOrAdopt(reason: reason) ?? SyncReport()
    }

    /// ``heal(reason:)``, saying whether this connection healed the file (what filling it found)
    /// or, finding that another connection or process had replaced it while this one waited for
    /// its turn, opened the file in place instead (`nil`).
    @discardableResult
    func healOrAdopt(reason: LocalizedMessage) throws(VaultError) -> SyncReport? {
        try HealingTurn.of(path).take { () throws(VaultError) -> SyncReport? in
            if adoptReplacement() { return nil }
            return try healAlone(reason: reason)
        }
    }

    /// ``heal(reason:)``, in this connection's turn.
    private func healAlone(reason: LocalizedMessage) throws(VaultError) -> SyncReport {
        inform(Localization.text("enote: \(reason); rebuilding it from the notes (they are not touched)"))
        isHealing = true
        rebuilds += 1
        defer { isHealing = false }
        try? database.close()
        Self.moveAside(path)
        do {
            install(try Self.createDatabase(at: path, cacheKiB: cacheKiB, busyTimeout: busyTimeout, counter: rankCounter), file: FileIdentity(path: path))
        } catch {
            guard case .cannotSave(let saveProblem) = IndexError.Kind(error), memoryFallback else {
                throw .index("could not create the index at \(path): \(IndexError.describe(error))")
            }
            install(try Self.emptyInMemory(cacheKiB: cacheKiB, counter: rankCounter), file: nil)
            keptInMemory(because: saveProblem)
        }
        return try refill()
    }

    /// Reads every page of the index (`PRAGMA quick_check`) and rebuilds it from the notes when
    /// SQLite finds anything wrong; see ``NoteIndex/verify()``.
    /// - Returns: Whether the index was rebuilt.
    @discardableResult
    func verify() throws(VaultError) -> Bool {
        guard unsavedReason == nil else { return false }
        let before = rebuilds
        let problems = try read { store in try store.quickCheck() }
        // A read that meets a broken page rebuilds the index before it returns.
        if rebuilds != before { return true }
        guard problems == ["ok"] else {
            try heal(reason: "the index is corrupt")
            return true
        }
        return false
    }
}

/// The turn the connections of this process to one index file take to heal it: one heals, the
/// others wait and then use what it made.
final class HealingTurn: Sendable {
    private let turn = Mutex(())
    private static let turns = Mutex<[String: HealingTurn]>([:])

    /// The turn of the index file at `path`.
    static func of(_ path: String) -> HealingTurn {
        turns.withLock { turns in
            if let turn = turns[path] { return turn }
            let turn = HealingTurn()
            turns[path] = turn
            return turn
        }
    }

    /// Runs `body` when no other connection heals the file.
    func take<T: Sendable>(_ body: () throws(VaultError) -> T) throws(VaultError) -> T {
        try turn.withLock { _ throws(VaultError) -> T in try body() }
    }

    /// Returns once no connection heals the file.
    func wait() {
        turn.withLock { _ in }
    }
}
