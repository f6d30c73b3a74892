/// What changed between two versions of a note, as `enote log` reports it: the front matter
/// keys whose values differ, and how many body lines were added and removed.
struct NoteDifference {
    var fields: [String] = []
    var linesAdded = 0
    var linesRemoved = 0

    init(before: [UInt8], after: [UInt8]) {
        let old = NoteContent(bytes: before, path: "before.md")
        let new = NoteContent(bytes: after, path: "after.md")
        let oldFields = Self.fields(old, before)
        let newFields = Self.fields(new, after)
        var changed: [String] = []
        for (key, value) in newFields where oldFields[key] != value { changed.append(key) }
        for key in oldFields.keys where newFields[key] == nil { changed.append(key) }
        // In the order the keys appear in the newer version, then removed ones.
        let order = Self.keyOrder(new) + Self.keyOrder(old)
        fields = changed.sorted { (order.firstIndex(of: $0) ?? .max, $0) < (order.firstIndex(of: $1) ?? .max, $1) }
        let (added, removed) = Self.lineChanges(Self.lines(old.bodyBytes), Self.lines(new.bodyBytes))
        linesAdded = added
        linesRemoved = removed
    }

    /// Each key's entry text (its value as written), by key.
    private static func fields(_ content: NoteContent, _ bytes: [UInt8]) -> [String: String] {
        guard case .parsed(let frontMatter) = content.frontMatter else { return [:] }
        var result: [String: String] = [:]
        for entry in frontMatter.entries where entry.range.upperBound <= bytes.count {
            let range = entry.valueRange ?? entry.range
            result[entry.key, default: ""] += String(decoding: bytes[range], as: UTF8.self)
        }
        return result
    }

    private static func keyOrder(_ content: NoteContent) -> [String] {
        guard case .parsed(let frontMatter) = content.frontMatter else { return [] }
        return frontMatter.entries.map(\.key)
    }

    private static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
    }

    /// Lines added and removed: the lines outside a longest common subsequence. A very long
    /// note falls back to counting lines present on one side only.
    static func lineChanges(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) -> (added: Int, removed: Int) {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var oldEnd = old.count
        var newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        let a = Array(old[start..<oldEnd])
        let b = Array(new[start..<newEnd])
        if a.isEmpty || b.isEmpty { return (b.count, a.count) }
        guard a.count * b.count <= 4_000_000 else {
            let oldSet = Set(a)
            let newSet = Set(b)
            return (b.filter { !oldSet.contains($0) }.count, a.filter { !newSet.contains($0) }.count)
        }
        var previous = [Int](repeating: 0, count: b.count + 1)
        var row = previous
        for i in 1...a.count {
            for j in 1...b.count {
                row[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], row[j - 1])
            }
            swap(&previous, &row)
        }
        let common = previous[b.count]
        return (b.count - common, a.count - common)
    }
}
