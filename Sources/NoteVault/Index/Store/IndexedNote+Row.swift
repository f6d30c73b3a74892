import Foundation
import GRDB

/// Reading a note's row of `notes` back, by ``NoteColumns``.
extension IndexedNote {
    /// The columns read for every note (the table aliased `n`), in the order ``init(row:)`` expects.
    static let columns = NoteColumns.selection

    init(row: Row) {
        self = NoteColumns.note(in: row)
    }
}
