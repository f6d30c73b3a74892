/// One of the three versions of a note in a merge (the common ancestor, ours or theirs), cut
/// into what the merge compares: its BOM and line ending, each front matter key with the
/// comment and blank lines above it, and the body.
///
/// Texts are kept with LF line endings, so that a side saved with CRLF compares equal to the
/// same text saved with LF; the merged block is written back with the line ending chosen for it.
struct MergeSide: Sendable {
    /// One key of the front matter: the lines above it (comments, blank lines) and its own lines.
    struct Block: Sendable, Equatable {
        /// The key's canonical name (`color` for `colour`).
        var key: String
        /// The key as written.
        var spelling: String
        /// The comment and blank lines between the previous key and this one.
        var gap: [UInt8]
        /// The key's lines, line endings included.
        var entry: [UInt8]
        /// The decoded value.
        var value: FrontMatter.Value
    }

    /// Whether the file starts with a UTF-8 byte order mark.
    var hasBOM: Bool
    /// The line ending of the front matter (or of the file's first line when it has none).
    var lineEnding: FrontMatter.LineEnding
    /// The keys in file order; `nil` when the note has no front matter.
    var blocks: [Block]?
    /// The comment and blank lines after the last key.
    var trailingGap: [UInt8]
    /// The closing fence line (`---` or `...`).
    var closingFence: [UInt8]
    /// Everything after the front matter (after the BOM when there is none).
    var body: [UInt8]

    /// Reads one version; `nil` when its front matter cannot be merged key by key: it does not
    /// parse, or a key appears twice (which of the two a change meant is not known).
    init?(_ bytes: [UInt8]) {
        hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let (reading, _) = FrontMatterParser.read(bytes, file: "")
        switch reading {
        case .unreadable:
            return nil
        case .absent:
            lineEnding = FrontMatterEditor.detectLineEnding(bytes)
            blocks = nil
            trailingGap = []
            closingFence = Array("---\n".utf8)
            body = Array(bytes[(hasBOM ? 3 : 0)...])
        case .parsed(let frontMatter):
            lineEnding = frontMatter.lineEnding
            var seen = Set<String>()
            var blocks: [Block] = []
            var openingEnd = frontMatter.start
            while openingEnd < bytes.count, bytes[openingEnd] != UInt8(ascii: "\n") { openingEnd += 1 }
            var cursor = min(openingEnd + 1, bytes.count)
            for entry in frontMatter.entries {
                let key = FrontMatterKey.canonicalName(entry.key)
                guard seen.insert(key).inserted, entry.range.lowerBound >= cursor else { return nil }
                blocks.append(
                    Block(
                        key: key, spelling: entry.key, gap: Self.lf(bytes[cursor..<entry.range.lowerBound]),
                        entry: Self.lf(bytes[entry.range]), value: entry.value))
                cursor = entry.range.upperBound
            }
            self.blocks = blocks
            trailingGap = Self.lf(bytes[cursor..<max(cursor, frontMatter.closingFenceStart)])
            var fence = Self.lf(bytes[frontMatter.closingFenceStart..<frontMatter.end])
            if fence.last != UInt8(ascii: "\n") { fence.append(UInt8(ascii: "\n")) }
            closingFence = fence
            body = Array(bytes[frontMatter.end...])
        }
    }

    /// The block of `key`, if the note has it.
    func block(_ key: String) -> Block? {
        blocks?.first { $0.key == key }
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
