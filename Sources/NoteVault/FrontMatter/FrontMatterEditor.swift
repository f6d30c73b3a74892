/// Changes front matter surgically: only the bytes of the `key: value` lines that change are
/// touched. The BOM, line endings, key order, comments, unknown keys and the body stay
/// byte-for-byte, so `git diff` shows exactly the changed lines.
///
/// For example, setting the colour of
///
/// ```
/// ---\r\n
/// title: Plan\r\n
/// colour: red   # team colour\r\n
/// ---\r\n
/// ```
///
/// to blue replaces the three bytes `red` and nothing else.
public enum FrontMatterEditor {
    /// One change to a note's front matter.
    public enum Change: Sendable, Equatable {
        /// Sets `key` (or the alias already used in the file) to YAML `text`, written as is:
        /// build it with ``YAMLWriter``.
        case set(key: String, aliases: [String], yaml: String)
        /// Removes `key` and any alias of it.
        case remove(key: String, aliases: [String])

        /// Sets one of the keys enote understands.
        public static func set(_ key: FrontMatterKey, _ yaml: String) -> Change {
            .set(key: key.rawValue, aliases: key.aliases, yaml: yaml)
        }

        /// Removes one of the keys enote understands.
        public static func remove(_ key: FrontMatterKey) -> Change {
            .remove(key: key.rawValue, aliases: key.aliases)
        }

        var key: String {
            switch self {
            case .set(let key, _, _), .remove(let key, _): key
            }
        }

        var spellings: [String] {
            switch self {
            case .set(let key, let aliases, _), .remove(let key, let aliases): [key] + aliases
            }
        }
    }

    /// Whether `key` can be written as a plain YAML key that every reader (enote's, and the YAML
    /// libraries of other tools) reads back as that key: a letter, digit or `_` first, then
    /// letters, digits, `_` and `-`, at most 100 bytes. `---` would end the block, `- x` start a
    /// list, `#` a comment, `?` a complex key: one such line and the whole front matter is
    /// unread (title, tags, colour, the destroy date with it).
    public static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, key.utf8.count <= 100 else { return false }
        func word(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
        }
        return word(first) && key.unicodeScalars.allSatisfy { word($0) || $0 == "-" }
    }

    /// Why a change was refused; the file is left as it is.
    public enum EditError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The front matter does not parse, so enote will not rewrite it.
        case unreadableFrontMatter(file: String)
        /// The key is present more than once; which one to change is the user's call.
        case duplicateKey(file: String, key: String, lines: [Int])
        /// The file opens with a `---` block that is not key: value front matter enote reads (a
        /// flow mapping, a list, text, or CR-only line endings): adding a block in front of it
        /// would give the file two.
        case foreignFrontMatter(file: String)
        /// The key is not a plain YAML key (``FrontMatterEditor/isPlainKey(_:)``): written, it
        /// would make the whole front matter unreadable.
        case notAPlainKey(file: String, key: String)

        public var description: String { message.text }

        /// Why the change was refused and what to do, as a sentence.
        public var message: LocalizedMessage {
            switch self {
            case .unreadableFrontMatter(let file):
                LocalizedMessage("\(file): the front matter cannot be read, so enote will not change it", remedy: .fixFrontMatter)
            case .duplicateKey(let file, let key, let lines):
                "\(file): \(key) appears on lines \(lines.map(String.init).joined(separator: ", ")); keep one of them by hand, then try again"
            case .notAPlainKey(let file, let key):
                "\(file): \"\(String(key.prefix(100)))\" is not a front matter key enote writes (it would make the whole front matter unreadable): a key starts with a letter, a digit or _, and holds only letters, digits, _ and -"
            case .foreignFrontMatter(let file):
                """
                \(file) starts with a --- block that is not key: value front matter enote can read (a {flow} mapping, a list, \
                text, or line endings that are a lone CR), so enote will not add a second block in front of it; rewrite it as \
                key: value lines with LF or CRLF line endings, or remove its --- lines, then try again
                """
            }
        }
    }

    /// One edit of a file: the bytes of `range` replaced by `bytes` (an empty range inserts).
    public struct Edit: Sendable, Equatable {
        /// The bytes replaced, as offsets in the file.
        public var range: Range<Int>
        /// What they become.
        public var bytes: [UInt8]

        public init(range: Range<Int>, bytes: [UInt8]) {
            self.range = range
            self.bytes = bytes
        }
    }

    /// Applies `changes` to a note's bytes.
    /// - Parameters:
    ///   - changes: What to set or remove, in order.
    ///   - bytes: The whole file.
    ///   - reading: Its front matter as read by ``FrontMatterParser``.
    ///   - file: The note's path, for errors.
    /// - Returns: The new file bytes.
    public static func apply(
        _ changes: [Change],
        to bytes: [UInt8],
        reading: FrontMatterReading,
        file: String
    ) throws(EditError) -> [UInt8] {
        var result = bytes
        for edit in try edits(changes, to: bytes, reading: reading, file: file).reversed() {
            result.replaceSubrange(edit.range, with: edit.bytes)
        }
        return result
    }

    /// The byte edits ``apply(_:to:reading:file:)`` makes, for a front end that hands them to
    /// someone else (the language server's `TextEdit`s): ordered by place, none overlapping,
    /// none when nothing changes. The same refusals.
    public static func edits(
        _ changes: [Change],
        to bytes: [UInt8],
        reading: FrontMatterReading,
        file: String
    ) throws(EditError) -> [Edit] {
        if let bad = changes.first(where: { !isPlainKey($0.key) }) { throw .notAPlainKey(file: file, key: bad.key) }
        let changes = lastChangePerKey(changes)
        switch reading {
        case .unreadable:
            throw .unreadableFrontMatter(file: file)
        case .absent:
            let inserts = changes.contains { if case .set = $0 { true } else { false } }
            if inserts, opensUnreadBlock(bytes) { throw .foreignFrontMatter(file: file) }
            return insertBlock(changes, into: bytes).map { [$0] } ?? []
        case .parsed(let frontMatter):
            return try edits(frontMatter, with: changes, file: file)
        }
    }

    private static func edits(_ frontMatter: FrontMatter, with changes: [Change], file: String) throws(EditError) -> [Edit] {
        let eol = Array(frontMatter.lineEnding.rawValue.utf8)
        var replacements: [Edit] = []
        var appended: [UInt8] = []
        for change in changes {
            let matches = frontMatter.entries.filter { change.spellings.contains($0.key) }
            if matches.count > 1 {
                throw .duplicateKey(file: file, key: change.key, lines: matches.map(\.line))
            }
            switch change {
            case .set(let key, _, let yaml):
                if let entry = matches.first {
                    if let valueRange = entry.valueRange {
                        replacements.append(Edit(range: valueRange, bytes: Array(yaml.utf8)))
                    } else {
                        replacements.append(Edit(range: entry.range, bytes: Array("\(entry.key): \(yaml)".utf8) + eol))
                    }
                } else {
                    appended += Array("\(key): \(yaml)".utf8) + eol
                }
            case .remove:
                if let entry = matches.first {
                    replacements.append(Edit(range: entry.range, bytes: []))
                }
            }
        }
        if !appended.isEmpty {
            replacements.append(Edit(range: frontMatter.closingFenceStart..<frontMatter.closingFenceStart, bytes: appended))
        }
        return replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The changes with only the last one for each key (by any spelling), in their order, so
    /// that a key is never written twice and no two edits touch the same bytes.
    private static func lastChangePerKey(_ changes: [Change]) -> [Change] {
        var seen = Set<String>()
        var kept: [Change] = []
        for change in changes.reversed() where seen.isDisjoint(with: change.spellings) {
            seen.formUnion(change.spellings)
            kept.append(change)
        }
        return kept.reversed()
    }

    /// Whether a file that has no front matter enote reads still opens with a `---` block:
    /// a fence followed by a lone CR (CR-only line endings), or a fence line with a closing
    /// fence line further on. A fence that is never closed opens no block.
    static func opensUnreadBlock(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[index...].starts(with: Array("---".utf8)) else { return false }
        index += 3
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "\r") {
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else { return true }
            return hasFence(bytes, after: index + 1)
        }
        return bytes[index] == UInt8(ascii: "\n") && hasFence(bytes, after: index)
    }

    /// Whether a line after `start` is a `---` or `...` fence (trailing blanks allowed).
    private static func hasFence(_ bytes: [UInt8], after start: Int) -> Bool {
        var lineStart = start + 1
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var end = lineEnd
            while end > lineStart, [UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[end - 1]) { end -= 1 }
            let line = bytes[lineStart..<end]
            if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) { return true }
            lineStart = lineEnd + 1
        }
        return false
    }

    /// A note without front matter gets a new block at the top (after a BOM), using the line
    /// ending its first line already uses; nil when nothing is set.
    private static func insertBlock(_ changes: [Change], into bytes: [UInt8]) -> Edit? {
        let lines: [String] = changes.compactMap { change in
            if case .set(let key, _, let yaml) = change { return "\(key): \(yaml)" }
            return nil
        }
        guard !lines.isEmpty else { return nil }
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let eol = detectLineEnding(bytes)
        var block = Array("---".utf8) + Array(eol.rawValue.utf8)
        for line in lines { block += Array(line.utf8) + Array(eol.rawValue.utf8) }
        block += Array("---".utf8) + Array(eol.rawValue.utf8)
        return Edit(range: bomLength..<bomLength, bytes: block)
    }

    /// The line ending of the file's first line; LF when it has none.
    static func detectLineEnding(_ bytes: [UInt8]) -> FrontMatter.LineEnding {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return .lf }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? .crlf : .lf
    }
}
