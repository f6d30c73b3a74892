/// A change of bytes in a note: a range replaced by new bytes (empty to delete, an empty range
/// to insert). A front end that must not write files (the language server) turns it into its
/// own kind of edit.
package struct ByteEdit: Sendable, Equatable {
    /// The bytes replaced, as offsets into the file.
    package var range: Range<Int>
    /// What they become.
    package var bytes: [UInt8]
}

extension NoteTask {
    /// The edits that mark this task done or open again: the one byte between its brackets, and,
    /// when `stampDay` is given, `✅ DAY` added at the end of its text when it is done (unless a
    /// done date is written) and the written `✅ DATE` removed when it is opened again. None when
    /// the task already is as asked, or was not read from a file.
    /// - Parameters:
    ///   - done: Done (`x`) or open (a space).
    ///   - stampDay: The day to write as done (the vault's `task_done_date`); `nil` to change
    ///     the marker alone.
    package func toggleEdits(done: Bool, stampDay: CalendarDay?) -> [ByteEdit] {
        guard let place, done != isDone else { return [] }
        var edits = [ByteEdit(range: place.marker..<(place.marker + 1), bytes: [done ? UInt8(ascii: "x") : UInt8(ascii: " ")])]
        if let stampDay {
            if done, place.completedField == nil {
                let separator: [UInt8] = place.textEnd > place.textStart ? [0x20] : []
                edits.append(ByteEdit(range: place.textEnd..<place.textEnd, bytes: separator + Array("✅ \(stampDay)".utf8)))
            } else if !done, let field = place.completedField {
                edits.append(ByteEdit(range: field, bytes: []))
            }
        }
        return edits
    }

    /// `bytes` with `edits` applied (sorted, not overlapping).
    package static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: edit.bytes)
        }
        return result
    }
}
