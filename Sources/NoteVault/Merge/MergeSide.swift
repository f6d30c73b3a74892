/// One of the three versions of a note in a merge (the common ancestor, ours or theirs), cut
/// into what the merge compares: its BOM and line ending, each front matter key with the
/// comment and blank lines above it, and the body.
///
/// Texts are kept with LF line endings, so that a side saved with CRLF compares equal to the
/// same text saved with LF; the merged block is written back with the line ending chosen for it.
///
/// A front matter that does not parse (or repeats a key) is still cut into keys, line by line
/// (``MergeSide/lenientBlocks(_:start:closingFenceStart:)``): every line that starts a
/// `key:` at the left margin begins an entry, and the lines below it that are not another key
/// continue it. Such a block is merged key by key like any other, so the merge never has to fall
/// back to git's text merge of the whole file and its markers never land in front matter.
struct MergeSide: Sendable {
    /// One key of the front matter: the lines above it (comments, blank lines) and its own lines.
    struct Block: Sendable, Equatable {
        /// The key's canonical name (`color` for `colour`); a key written again gets `#2`, `#3`.
        var key: String
        /// The key as written.
        var spelling: String
        /// The comment and blank lines between the previous key and this one.
        var gap: [UInt8]
        /// The key's lines, line endings included.
        var entry: [UInt8]
        /// The decoded value (`.raw` with the text after the colon when it does not parse).
        var value: FrontMatter.Value
    }

    /// How a body ends its lines.
    enum BodyEnding: Sendable, Equatable {
        /// No line break at all: it fits either.
        case neutral
        case lf
        case crlf
        /// Some lines one way, some the other: merged as it is.
        case mixed
    }

    /// Whether the file starts with a UTF-8 byte order mark.
    var hasBOM: Bool
    /// The line ending of the front matter (or of the file's first line when it has none).
    var lineEnding: FrontMatter.LineEnding
    /// The keys in file order; `nil` when the note has no front matter.
    var blocks: [Block]?
    /// Whether the front matter parsed as enote reads it (or there is none).
    var parsed: Bool
    /// The comment and blank lines after the last key.
    var trailingGap: [UInt8]
    /// The closing fence line (`---` or `...`).
    var closingFence: [UInt8]
    /// Everything after the front matter (after the BOM when there is none).
    var body: [UInt8]

    /// Reads one version.
    init(_ bytes: [UInt8]) {
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        switch FrontMatterParser.read(bytes, file: "").0 {
        case .absent:
            self.init(
                hasBOM: hasBOM, lineEnding: FrontMatterEditor.detectLineEnding(bytes), blocks: nil, parsed: true, trailingGap: [],
                closingFence: Array("---\n".utf8), body: Array(bytes[(hasBOM ? 3 : 0)...]))
        case .unreadable(let start, let end):
            self.init(bytes, lenientFrom: start, closingFenceStart: Self.lastLineStart(bytes, before: end), end: end)
        case .parsed(let frontMatter):
            var seen = Set<String>()
            var blocks: [Block] = []
            var cursor = Self.afterOpeningFence(bytes, start: frontMatter.start)
            for entry in frontMatter.entries {
                let key = FrontMatterKey.canonicalName(entry.key)
                guard seen.insert(key).inserted, entry.range.lowerBound >= cursor else {
                    // A key written twice: which of the two a change meant is not known, so
                    // every line is kept where it is, each key in the order written.
                    self.init(bytes, lenientFrom: frontMatter.start, closingFenceStart: frontMatter.closingFenceStart, end: frontMatter.end)
                    return
                }
                blocks.append(
                    Block(
                        key: key, spelling: entry.key, gap: Self.lf(bytes[cursor..<entry.range.lowerBound]),
                        entry: Self.lf(bytes[entry.range]), value: entry.value))
                cursor = entry.range.upperBound
            }
            self.init(
                hasBOM: hasBOM, lineEnding: frontMatter.lineEnding, blocks: blocks, parsed: true,
                trailingGap: Self.lf(bytes[cursor..<max(cursor, frontMatter.closingFenceStart)]),
                closingFence: Self.fence(bytes[frontMatter.closingFenceStart..<frontMatter.end]), body: Array(bytes[frontMatter.end...]))
        }
    }

    private init(
        hasBOM: Bool, lineEnding: FrontMatter.LineEnding, blocks: [Block]?, parsed: Bool, trailingGap: [UInt8], closingFence: [UInt8], body: [UInt8]
    ) {
        self.hasBOM = hasBOM
        self.lineEnding = lineEnding
        self.blocks = blocks
        self.parsed = parsed
        self.trailingGap = trailingGap
        self.closingFence = closingFence
        self.body = body
    }

    /// Reads a block enote cannot parse, cut at each key line.
    private init(_ bytes: [UInt8], lenientFrom start: Int, closingFenceStart: Int, end: Int) {
        let cut = Self.lenientBlocks(bytes, start: start, closingFenceStart: closingFenceStart)
        self.init(
            hasBOM: bytes.starts(with: [0xEF, 0xBB, 0xBF]), lineEnding: FrontMatterEditor.detectLineEnding(Array(bytes[start...])),
            blocks: cut.blocks, parsed: false, trailingGap: cut.trailingGap, closingFence: Self.fence(bytes[closingFenceStart..<end]),
            body: Array(bytes[end...]))
    }

    /// The block of `key`, if the note has it.
    func block(_ key: String) -> Block? {
        blocks?.first { $0.key == key }
    }

    /// How the body ends its lines.
    var bodyEnding: BodyEnding {
        var crlf = 0
        var lf = 0
        var previous: UInt8 = 0
        for byte in body {
            if byte == UInt8(ascii: "\n") {
                if previous == UInt8(ascii: "\r") { crlf += 1 } else { lf += 1 }
            }
            previous = byte
        }
        switch (crlf, lf) {
        case (0, 0): return .neutral
        case (_, 0): return .crlf
        case (0, _): return .lf
        default: return .mixed
        }
    }

    /// The key lines of a front matter block from the line after its opening fence to the
    /// closing fence: each line at the left margin with a colon that is not a comment or a list
    /// item starts an entry; comment and blank lines go to the entry below them (or to the
    /// trailing gap); any other line continues the entry above (or, before the first key, is
    /// kept with the first key's gap).
    static func lenientBlocks(_ bytes: [UInt8], start: Int, closingFenceStart: Int) -> (blocks: [Block], trailingGap: [UInt8]) {
        var blocks: [Block] = []
        var pending: [UInt8] = []
        var current: (spelling: String, entry: [UInt8], gap: [UInt8])?
        var occurrences: [String: Int] = [:]
        func close() {
            guard let open = current else { return }
            let canonical = FrontMatterKey.canonicalName(open.spelling)
            occurrences[canonical, default: 0] += 1
            let count = occurrences[canonical]!
            blocks.append(
                Block(
                    key: count == 1 ? canonical : "\(canonical)#\(count)", spelling: open.spelling, gap: open.gap, entry: open.entry,
                    value: Self.value(of: open.entry, spelling: open.spelling)))
            current = nil
        }
        var cursor = afterOpeningFence(bytes, start: start)
        while cursor < closingFenceStart {
            var lineEnd = cursor
            while lineEnd < closingFenceStart, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let next = min(lineEnd + 1, closingFenceStart)
            let line = lf(bytes[cursor..<next])
            let content = line.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            let trimmed = content.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") {
                pending += line
            } else if let key = keySpelling(content) {
                close()
                current = (key, line, pending)
                pending = []
            } else if current != nil {
                current!.entry += pending + line
                pending = []
            } else {
                pending += line
            }
            cursor = next
        }
        close()
        return (blocks, pending)
    }

    /// The key a line starts, when it is `key:` at the left margin (not a comment, list item or
    /// flow collection).
    private static func keySpelling(_ content: [UInt8]) -> String? {
        guard let first = content.first,
            ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "{"), UInt8(ascii: "[")].contains(first),
            let colon = content.firstIndex(of: UInt8(ascii: ":"))
        else { return nil }
        let after = colon + 1
        guard after == content.count || content[after] == UInt8(ascii: " ") || content[after] == UInt8(ascii: "\t") else { return nil }
        let key = String(decoding: content[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }

    /// An entry's value as the parser reads it alone, else its text after the colon.
    private static func value(of entry: [UInt8], spelling: String) -> FrontMatter.Value {
        if case .parsed(let frontMatter) = FrontMatterParser.read(Array("---\n".utf8) + entry + Array("\n---\n".utf8), file: "").0,
            frontMatter.entries.count == 1
        {
            return frontMatter.entries[0].value
        }
        let text = String(decoding: entry, as: UTF8.self)
        let afterKey = text.dropFirst(text.firstIndex(of: ":").map { text.distance(from: text.startIndex, to: $0) + 1 } ?? 0)
        return .raw(afterKey.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The offset after the opening fence line that starts at `start`.
    private static func afterOpeningFence(_ bytes: [UInt8], start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return min(end + 1, bytes.count)
    }

    /// The start of the last line of `bytes[..<end]` (the closing fence of a block ending at `end`).
    private static func lastLineStart(_ bytes: [UInt8], before end: Int) -> Int {
        var index = end
        if index > 0, bytes[index - 1] == UInt8(ascii: "\n") { index -= 1 }
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// A closing fence line in LF, with its line break.
    private static func fence(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var fence = lf(bytes)
        if fence.last != UInt8(ascii: "\n") { fence.append(UInt8(ascii: "\n")) }
        return fence
    }

    /// `bytes` with every CRLF turned into LF.
    static func lf<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n"), previous == UInt8(ascii: "\r") { result.removeLast() }
            result.append(byte)
            previous = byte
        }
        return result
    }

    /// LF text written with `lineEnding`.
    static func withLineEnding(_ bytes: [UInt8], _ lineEnding: FrontMatter.LineEnding) -> [UInt8] {
        guard lineEnding == .crlf else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { result.append(UInt8(ascii: "\r")) }
            result.append(byte)
        }
        return result
    }
}
