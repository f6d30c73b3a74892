import Foundation
import GRDB

/// The front matter keys the vault's notes use, and the values written for one of them: what an
/// editor offers while a query is typed.
extension IndexStore {
    /// The keys of the notes' front matter, the most used first (by how many notes write
    /// them), each in the spelling most notes use, at most `limit`.
    func fieldKeys(limit: Int) throws -> [(key: String, notes: Int)] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT key, notes FROM (
                    SELECT key, COUNT(DISTINCT note_id) AS notes,
                        ROW_NUMBER() OVER (PARTITION BY lower(key) ORDER BY COUNT(DISTINCT note_id) DESC, key) AS rank,
                        SUM(COUNT(DISTINCT note_id)) OVER (PARTITION BY lower(key)) AS total
                    FROM fields GROUP BY key)
                WHERE rank = 1 ORDER BY total DESC, key LIMIT ?
                """,
            arguments: [limit])
        return rows.map { (key: $0[0], notes: $0[1]) }
    }

    /// The values written for `key` (any case), as written, the most used first, at most `limit`.
    func fieldValues(of key: String, limit: Int) throws -> [(value: String, notes: Int)] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT raw, COUNT(DISTINCT note_id) AS notes FROM fields WHERE lower(key) = lower(?) AND raw != ''
                GROUP BY raw ORDER BY notes DESC, raw LIMIT ?
                """,
            arguments: [key, limit])
        return rows.map { (value: $0[0], notes: $0[1]) }
    }
}

extension NoteIndex {
    /// The front matter keys the indexed notes use, the most used first, with how many notes
    /// write each.
    public func frontMatterKeys(limit: Int = 200) throws(VaultError) -> [(key: String, notes: Int)] {
        try read { store in try store.fieldKeys(limit: limit) }
    }

    /// The values the indexed notes write for the front matter key `key` (any case), the most
    /// used first, with how many notes write each.
    public func frontMatterValues(of key: String, limit: Int = 100) throws(VaultError) -> [(value: String, notes: Int)] {
        try read { store in try store.fieldValues(of: key, limit: limit) }
    }
}
