import CEnoteFTS
import Foundation
import GRDB

/// Each note's body length, one byte per note on a logarithmic scale (`enote_length_class`),
/// for the length normalisation of `enote_rank`.
///
/// FTS5 keeps exact sizes, but asks its `docsize` table for each matching row, which for a word
/// in thousands of notes costs several times the rest of the search. Here the lengths live in
/// blocks of ``blockSize`` notes (`body_lengths`, keyed by id / blockSize), so a search reads
/// all of them, for 100,000 notes, as 25 rows. An index writer collects its changes and saves
/// the blocks they touch once, before its transaction commits.
struct BodyLengthTable {
    /// How many notes one row of `body_lengths` covers.
    static let blockSize = 4096

    /// Length classes to write, by note id (0: the note is gone).
    private var changes: [Int64: UInt8] = [:]

    /// Records the body length of note `id`.
    mutating func set(_ id: Int64, bodyBytes: Int) {
        guard id >= 0 else { return }
        changes[id] = enote_length_class(Int64(bodyBytes))
    }

    /// Forgets the length of a removed note.
    mutating func remove(_ id: Int64) {
        guard id >= 0 else { return }
        changes[id] = 0
    }

    /// Writes the blocks the recorded changes touch.
    mutating func save(_ db: Database) throws {
        guard !changes.isEmpty else { return }
        let byBlock = Dictionary(grouping: changes, by: { $0.key / Int64(Self.blockSize) })
        for (block, entries) in byBlock {
            let stored = try Data.fetchOne(db, sql: "SELECT classes FROM body_lengths WHERE block = ?", arguments: [block])
            var classes = stored.map { [UInt8]($0) } ?? []
            if classes.count < Self.blockSize { classes += [UInt8](repeating: 0, count: Self.blockSize - classes.count) }
            for (id, lengthClass) in entries { classes[Int(id % Int64(Self.blockSize))] = lengthClass }
            try db.execute(sql: "INSERT OR REPLACE INTO body_lengths (block, classes) VALUES (?, ?)", arguments: [block, Data(classes)])
        }
        changes = [:]
    }

    /// Every note's length class, indexed by id, and the average body length in bytes of the
    /// notes that have one (0 when none has).
    static func load(_ db: Database) throws -> (classes: [UInt8], averageLength: Double) {
        var classes: [UInt8] = []
        for row in try Row.fetchAll(db, sql: "SELECT block, classes FROM body_lengths ORDER BY block") {
            let block: Int = row[0]
            let data: Data = row[1]
            // Ids are SQLite's own rowids; a block past a million notes' worth is damage.
            guard block >= 0, block < 1 << 20, data.count == blockSize else { continue }
            let start = block * blockSize
            if classes.count < start + blockSize { classes += [UInt8](repeating: 0, count: start + blockSize - classes.count) }
            classes.replaceSubrange(start..<start + blockSize, with: data)
        }
        var histogram = [Int](repeating: 0, count: 256)
        for lengthClass in classes { histogram[Int(lengthClass)] += 1 }
        var notes = 0
        var total = 0.0
        for lengthClass in 1..<256 where histogram[lengthClass] > 0 {
            notes += histogram[lengthClass]
            total += Double(histogram[lengthClass]) * enote_length_of_class(UInt8(lengthClass))
        }
        return (classes, notes == 0 ? 0 : total / Double(notes))
    }
}
