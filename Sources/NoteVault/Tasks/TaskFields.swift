/// The dates and the priority written in a task's text, in the two forms people use: Obsidian
/// Tasks' emoji signifiers and the plain `due:` of todo.txt.
///
/// - `📅 2026-12-01` due, `⏳ 2026-12-01` scheduled, `🛫 2026-12-01` start, `✅ 2026-12-01`
///   done: the signifier, any spaces, then the day as `YYYY-MM-DD` (Obsidian Tasks'
///   "Tasks Emoji Format").
/// - `🔺` highest, `⏫` high, `🔼` medium, `🔽` low, `⏬` lowest priority.
/// - `due:2026-12-01`: at the start of the text or after a space, the day right after the colon
///   (Dataview's `due:: 2026-12-01` is another syntax, left as text).
/// - `🆔 abc1` the task's id, `⛔ abc1,def2` the ids it depends on (an id is letters, digits,
///   `-` and `_`), and the same in Dataview's form, `[id:: abc1]`, `[dependsOn:: abc1, def2]`
///   (or between parentheses), as Obsidian Tasks writes them.
///
/// A signifier may carry an emoji variation selector (U+FE0F), as some keyboards add. Unlike
/// Obsidian Tasks, which reads fields only at the end of the line, they are read anywhere in the
/// task's first line outside code spans; the first of each kind counts (a later one stays in the
/// summary, so it is seen). A signifier followed by
/// something that is not a day (`📅 2026-13-01`, `📅 tomorrow`, `due:friday`) is a problem, so
/// that a date written wrong is reported rather than ignored.
struct TaskFields {
    /// Which date a signifier introduces.
    enum DateKind: CaseIterable {
        case due, scheduled, start, completed
    }

    /// A signifier that could not be read: how it is written, what followed it, and where it is.
    struct Problem {
        var signifier: String
        /// The word after it (empty when nothing followed).
        var written: String
        var offset: Int
    }

    var due: CalendarDay?
    var scheduled: CalendarDay?
    var start: CalendarDay?
    var completed: CalendarDay?
    var priority: NoteTask.Priority?
    /// `🆔 ID`: the task's id.
    var id: String?
    /// `⛔ ID,ID`: the ids of the tasks it depends on.
    var dependsOn: [String] = []
    var problems: [Problem] = []
    /// The bytes of each field read (signifier and day), for the summary.
    var fieldRanges: [Range<Int>] = []
    /// The `✅ DATE` field read, with the spaces before it.
    var completedField: Range<Int>?

    /// The signifiers, as UTF-8, each with what it introduces.
    private static let dateSignifiers: [(bytes: [UInt8], value: DateKind)] = [
        ([0xF0, 0x9F, 0x93, 0x85], .due),  // 📅
        ([0xE2, 0x8F, 0xB3], .scheduled),  // ⏳
        ([0xF0, 0x9F, 0x9B, 0xAB], .start),  // 🛫
        ([0xE2, 0x9C, 0x85], .completed),  // ✅
    ]
    private static let prioritySignifiers: [(bytes: [UInt8], value: NoteTask.Priority)] = [
        ([0xF0, 0x9F, 0x94, 0xBA], .highest),  // 🔺
        ([0xE2, 0x8F, 0xAB], .high),  // ⏫
        ([0xF0, 0x9F, 0x94, 0xBC], .medium),  // 🔼
        ([0xF0, 0x9F, 0x94, 0xBD], .low),  // 🔽
        ([0xE2, 0x8F, 0xAC], .lowest),  // ⏬
    ]
    private static let idSignifier: [(bytes: [UInt8], value: Bool)] = [
        ([0xF0, 0x9F, 0x86, 0x94], false),  // 🆔
        ([0xE2, 0x9B, 0x94], true),  // ⛔
    ]
    private static let variationSelector: [UInt8] = [0xEF, 0xB8, 0x8F]
    private static let duePrefix = Array("due:".utf8)

    /// Reads the fields of `text` (a range of `bytes`), skipping `code` (sorted ranges of code
    /// spans, in the same offsets).
    init(bytes: UnsafeBufferPointer<UInt8>, text: Range<Int>, code: [Range<Int>]) {
        var index = text.lowerBound
        var codeIndex = code.firstIndex { $0.upperBound > index } ?? code.endIndex
        while index < text.upperBound {
            if codeIndex < code.endIndex, code[codeIndex].lowerBound <= index {
                index = max(index + 1, code[codeIndex].upperBound)
                codeIndex += 1
                continue
            }
            let byte = bytes[index]
            if byte >= 0xE2 {
                if let (length, kind) = Self.match(Self.dateSignifiers, in: bytes, at: index, end: text.upperBound) {
                    index = readDate(kind, signifierAt: index, length: length, bytes: bytes, text: text)
                    continue
                }
                if let (length, isDependency) = Self.match(Self.idSignifier, in: bytes, at: index, end: text.upperBound) {
                    index = readIDs(signifierAt: index, length: length, list: isDependency, bytes: bytes, text: text)
                    continue
                }
                if let (length, priority) = Self.match(Self.prioritySignifiers, in: bytes, at: index, end: text.upperBound) {
                    if self.priority == nil {
                        self.priority = priority
                        fieldRanges.append(index..<(index + length))
                    }
                    index += length
                    continue
                }
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "("), let end = readInlineField(at: index, bytes: bytes, text: text) {
                index = end
                continue
            } else if byte == UInt8(ascii: "d"), index == text.lowerBound || bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09,
                Self.starts(with: Self.duePrefix, in: bytes, at: index, end: text.upperBound)
            {
                let dayStart = index + Self.duePrefix.count
                // `due::` is Dataview's inline field, another syntax: neither read nor reported.
                if dayStart < text.upperBound, bytes[dayStart] != 0x20, bytes[dayStart] != 0x09, bytes[dayStart] != UInt8(ascii: ":") {
                    index = readDay(.due, signifier: "due:", fieldStart: index, dayStart: dayStart, bytes: bytes, text: text)
                    continue
                }
            }
            index += 1
        }
    }

    /// Reads the id (or, for `⛔`, the ids separated by commas) after `🆔`; returns where
    /// reading goes on. A signifier with no id after it is left as text, as Tasks leaves it.
    private mutating func readIDs(signifierAt start: Int, length: Int, list: Bool, bytes: UnsafeBufferPointer<UInt8>, text: Range<Int>) -> Int {
        var index = start + length
        while index < text.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard let (ids, end) = Self.ids(bytes, from: index, end: text.upperBound, list: list) else { return start + length }
        if list {
            if dependsOn.isEmpty {
                dependsOn = ids
                fieldRanges.append(start..<end)
            }
        } else if id == nil {
            id = ids[0]
            fieldRanges.append(start..<end)
        }
        return end
    }

    /// Dataview's inline field `[id:: abc]` or `[dependsOn:: a, b]` (or in parentheses) at
    /// `start`: read, and where it ends; `nil` when the bytes there are no such field.
    private mutating func readInlineField(at start: Int, bytes: UnsafeBufferPointer<UInt8>, text: Range<Int>) -> Int? {
        let close = bytes[start] == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
        let list: Bool
        var index = start + 1
        if Self.starts(with: Self.idKey, in: bytes, at: index, end: text.upperBound) {
            list = false
            index += Self.idKey.count
        } else if Self.starts(with: Self.dependsOnKey, in: bytes, at: index, end: text.upperBound) {
            list = true
            index += Self.dependsOnKey.count
        } else {
            return nil
        }
        while index < text.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard let (ids, end) = Self.ids(bytes, from: index, end: text.upperBound, list: list) else { return nil }
        var closing = end
        while closing < text.upperBound, bytes[closing] == 0x20 || bytes[closing] == 0x09 { closing += 1 }
        guard closing < text.upperBound, bytes[closing] == close else { return nil }
        if list, dependsOn.isEmpty {
            dependsOn = ids
            fieldRanges.append(start..<(closing + 1))
        } else if !list, id == nil {
            id = ids[0]
            fieldRanges.append(start..<(closing + 1))
        }
        return closing + 1
    }

    private static let idKey = Array("id::".utf8)
    private static let dependsOnKey = Array("dependsOn::".utf8)

    /// The ids at `start` (one, or with `list` several separated by commas and spaces) and where
    /// they end; `nil` when no id is there.
    private static func ids(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, list: Bool) -> ([String], Int)? {
        var ids: [String] = []
        var index = start
        var readUpTo = start
        while true {
            let idStart = index
            while index < end, isIDByte(bytes[index]) { index += 1 }
            guard index > idStart else { break }
            ids.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[idStart..<index]), as: UTF8.self))
            readUpTo = index
            guard list else { break }
            var next = index
            while next < end, bytes[next] == 0x20 { next += 1 }
            guard next < end, bytes[next] == UInt8(ascii: ",") else { break }
            next += 1
            while next < end, bytes[next] == 0x20 { next += 1 }
            index = next
        }
        return ids.isEmpty ? nil : (ids, readUpTo)
    }

    /// A byte of an id: an ASCII letter or digit, `-` or `_`.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    /// Reads the day after a date signifier; returns where reading goes on.
    private mutating func readDate(_ kind: DateKind, signifierAt start: Int, length: Int, bytes: UnsafeBufferPointer<UInt8>, text: Range<Int>) -> Int {
        var dayStart = start + length
        while dayStart < text.upperBound, bytes[dayStart] == 0x20 || bytes[dayStart] == 0x09 { dayStart += 1 }
        let signifier = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]), as: UTF8.self)
        return readDay(kind, signifier: signifier, fieldStart: start, dayStart: dayStart, bytes: bytes, text: text)
    }

    /// Reads `YYYY-MM-DD` at `dayStart`, ended by the text's end, a space or a punctuation mark;
    /// anything else up to the next space is a problem.
    private mutating func readDay(
        _ kind: DateKind, signifier: String, fieldStart: Int, dayStart: Int, bytes: UnsafeBufferPointer<UInt8>, text: Range<Int>
    ) -> Int {
        let dayEnd = dayStart + 10
        if dayEnd <= text.upperBound, let day = CalendarDay(ascii: UnsafeBufferPointer(rebasing: bytes[dayStart..<dayEnd])),
            dayEnd == text.upperBound || !Self.isWordByte(bytes[dayEnd])
        {
            if value(kind) == nil {
                set(kind, day)
                fieldRanges.append(fieldStart..<dayEnd)
                if kind == .completed {
                    var lower = fieldStart
                    while lower > text.lowerBound, bytes[lower - 1] == 0x20 || bytes[lower - 1] == 0x09 { lower -= 1 }
                    completedField = lower..<dayEnd
                }
            }
            return dayEnd
        }
        var wordEnd = dayStart
        while wordEnd < text.upperBound, bytes[wordEnd] != 0x20, bytes[wordEnd] != 0x09 { wordEnd += 1 }
        let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[dayStart..<wordEnd]), as: UTF8.self)
        problems.append(Problem(signifier: signifier, written: written, offset: fieldStart))
        return max(wordEnd, dayStart)
    }

    func value(_ kind: DateKind) -> CalendarDay? {
        switch kind {
        case .due: due
        case .scheduled: scheduled
        case .start: start
        case .completed: completed
        }
    }

    private mutating func set(_ kind: DateKind, _ day: CalendarDay) {
        switch kind {
        case .due: due = day
        case .scheduled: scheduled = day
        case .start: start = day
        case .completed: completed = day
        }
    }

    /// A letter or digit (or any non-ASCII byte): what may not follow a day directly.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return byte >= 0x80 || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// The signifier of `table` at `index`, with its length (a variation selector after it
    /// included).
    private static func match<Value>(_ table: [(bytes: [UInt8], value: Value)], in bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int)
        -> (Int, Value)?
    {
        for entry in table where starts(with: entry.bytes, in: bytes, at: index, end: end) {
            var length = entry.bytes.count
            if starts(with: variationSelector, in: bytes, at: index + length, end: end) { length += variationSelector.count }
            return (length, entry.value)
        }
        return nil
    }

    private static func starts(with prefix: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        guard index + prefix.count <= end else { return false }
        for offset in prefix.indices where bytes[index + offset] != prefix[offset] { return false }
        return true
    }
}
