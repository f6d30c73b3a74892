/// Finds the conflict markers a git merge leaves in a file, for `enote doctor` and the language
/// server's diagnostics.
///
/// A marker is a line of `<<<<<<<` or `>>>>>>>` (any length from 7), alone or followed by a space
/// and a label. A `=======` line alone is not counted: it is also Markdown's underline of a heading.
package enum ConflictMarkers {
    /// The message shown for a file that has markers.
    package static let message: LocalizedMessage =
        "conflict markers from a git merge; keep the lines you want, delete the <<<<<<<, ======= and >>>>>>> lines, then commit the note"

    /// The 1-based lines that are markers, in order.
    package static func lines(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var line = 1
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            if isMarker(bytes[start..<contentEnd]) { found.append(line) }
            start = end + 1
            line += 1
        }
        return found
    }

    private static func isMarker(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first, first == UInt8(ascii: "<") || first == UInt8(ascii: ">") else { return false }
        let run = text.prefix { $0 == first }.count
        guard run >= 7 else { return false }
        // `<<<<<<< ours` / `>>>>>>> theirs`: a space or nothing after the run.
        return run == text.count || text[text.startIndex + run] == UInt8(ascii: " ")
    }
}
