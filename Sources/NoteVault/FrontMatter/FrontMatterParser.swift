/// What reading a note's front matter found.
public enum FrontMatterReading: Sendable, Equatable {
    /// The file has no front matter: all of it (after a BOM) is the body.
    case absent
    /// The block parsed; warnings, if any, are in the diagnostics.
    case parsed(FrontMatter)
    /// A block is there but cannot be parsed. The body starts at `end`; enote never rewrites
    /// the block, and refuses to change the note's metadata until it is fixed by hand.
    case unreadable(start: Int, end: Int)
}

/// Reads the front matter of a note tolerantly: BOM, CRLF, tabs after colons, plain and quoted
/// scalars, flow and block lists, comments, unknown keys and nested maps.
///
/// It reads the subset of YAML that note front matter uses, strictly enough that a value other
/// YAML readers would see differently is reported (`title: Meeting: Q3` is an error with its
/// line and column; `color: #ff0000` is read as the colour, with a warning to quote it).
/// Scalars are never typed: `yes`, `1.10` and `2024-01-01` stay strings.
///
/// For example:
///
/// ```swift
/// let (reading, diagnostics) = FrontMatterParser.read(Array(text.utf8), file: "note.md")
/// ```
public enum FrontMatterParser {
    /// Reads the front matter at the start of `bytes` (a whole note file).
    /// - Parameters:
    ///   - bytes: The file's bytes, valid UTF-8.
    ///   - file: The note's path, for diagnostics.
    /// - Returns: What was found, and the problems worth telling the user about.
    public static func read(_ bytes: [UInt8], file: String) -> (FrontMatterReading, [Diagnostic]) {
        var parser = BlockParser(bytes: bytes, file: file)
        let reading = parser.parse()
        return (reading, parser.diagnostics)
    }
}

/// One line of the file: where it starts, where its text ends (before `\r\n` or `\n`) and where
/// the next line starts.
struct SourceLine {
    var number: Int
    var start: Int
    var contentEnd: Int
    var end: Int
}

private struct BlockParser {
    let bytes: [UInt8]
    let file: String
    var diagnostics: [Diagnostic] = []
    private var errors = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - The block

    mutating func parse() -> FrontMatterReading {
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let opening = line(startingAt: bomLength, number: 1)
        guard isFence(opening, allowDots: false) else { return .absent }

        var lines: [SourceLine] = []
        var cursor = opening.end
        var number = 2
        var closing: SourceLine?
        while cursor < bytes.count {
            let current = line(startingAt: cursor, number: number)
            if isFence(current, allowDots: true) {
                closing = current
                break
            }
            lines.append(current)
            cursor = current.end
            number += 1
        }
        guard let closing else {
            warn(
                .frontMatterNotClosed, line: 1,
                "front matter opened with --- is never closed; the whole file is read as the body. Add a closing --- line or remove the first one")
            return .absent
        }
        let lineEnding: FrontMatter.LineEnding =
            opening.end - opening.contentEnd == 2 ? .crlf : .lf
        guard let firstMeaningful = lines.first(where: { !isBlankOrComment($0) }) else {
            return .parsed(FrontMatter(start: bomLength, closingFenceStart: closing.start, end: closing.end, lineEnding: lineEnding, entries: []))
        }
        if keyColon(in: firstMeaningful) == nil || startsWithSpace(firstMeaningful) {
            warn(
                .frontMatterNotMapping, line: firstMeaningful.number,
                "the block between the first two --- lines is not key: value front matter; it is read as part of the body")
            return .absent
        }
        let entries = parseEntries(lines)
        if errors > 0 { return .unreadable(start: bomLength, end: closing.end) }
        reportDuplicates(entries)
        return .parsed(FrontMatter(start: bomLength, closingFenceStart: closing.start, end: closing.end, lineEnding: lineEnding, entries: entries))
    }

    private func line(startingAt start: Int, number: Int) -> SourceLine {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        let end = index < bytes.count ? index + 1 : index
        var contentEnd = index
        if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        return SourceLine(number: number, start: start, contentEnd: contentEnd, end: end)
    }

    private func isFence(_ line: SourceLine, allowDots: Bool) -> Bool {
        var end = line.contentEnd
        while end > line.start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard end - line.start == 3 else { return false }
        let text = bytes[line.start..<end]
        return text.elementsEqual("---".utf8) || (allowDots && text.elementsEqual("...".utf8))
    }

    // MARK: - Entries

    private mutating func parseEntries(_ lines: [SourceLine]) -> [FrontMatter.Entry] {
        var entries: [FrontMatter.Entry] = []
        var index = 0
        while index < lines.count {
            let current = lines[index]
            if isBlankOrComment(current) {
                index += 1
                continue
            }
            if bytes[current.start] == UInt8(ascii: "\t") {
                fail(current, column: 1, "a tab is used for indentation; YAML allows only spaces")
                index += 1
                continue
            }
            if startsWithSpace(current) {
                fail(current, column: 1, "unexpected indentation; a top-level key starts at the beginning of the line")
                index += 1
                continue
            }
            guard let colon = keyColon(in: current) else {
                fail(current, column: 1, "expected key: value")
                index += 1
                continue
            }
            // Continuation lines: indented, or `- item` right below a key with no inline value.
            // Below such a key, comment lines at column 0 may sit between the items.
            let valueOnKeyLine = hasInlineValue(current, colon: colon)
            var continuation: [SourceLine] = []
            var lookahead = index + 1
            var pendingBlank: [SourceLine] = []
            while lookahead < lines.count {
                let next = lines[lookahead]
                if isBlank(next) || (!valueOnKeyLine && isBlankOrComment(next)) {
                    pendingBlank.append(next)
                } else if startsWithSpace(next) || bytes[next.start] == UInt8(ascii: "\t") || isSequenceItemAtColumnZero(next) {
                    continuation += pendingBlank
                    pendingBlank = []
                    continuation.append(next)
                } else {
                    break
                }
                lookahead += 1
            }
            let key = keyText(in: current, colon: colon)
            if let entry = parseEntry(key: key, keyLine: current, colon: colon, continuation: continuation) {
                entries.append(entry)
            }
            index += 1 + continuation.count
        }
        return entries
    }

    private mutating func parseEntry(key: String, keyLine: SourceLine, colon: Int, continuation: [SourceLine]) -> FrontMatter.Entry? {
        for extra in continuation where !isBlank(extra) && bytes[extra.start] == UInt8(ascii: "\t") {
            fail(extra, column: 1, "a tab is used for indentation; YAML allows only spaces")
            return nil
        }
        let rangeEnd = continuation.last?.end ?? keyLine.end
        let range = keyLine.start..<rangeEnd
        var valueStart = colon + 1
        while valueStart < keyLine.contentEnd, isSpaceOrTab(bytes[valueStart]) { valueStart += 1 }

        // `key:` with nothing (or only a comment) after it: the value is on the following lines.
        if !hasInlineValue(keyLine, colon: colon) {
            let value = blockValue(continuation)
            return FrontMatter.Entry(key: key, value: value, line: keyLine.number, range: range, valueRange: nil)
        }

        var scalar = ScalarReader(bytes: bytes, line: keyLine, start: valueStart, continuation: continuation)
        switch scalar.read() {
        case .success(let result):
            for warning in result.warnings {
                warn(.invalidValue, line: keyLine.number, column: column(of: valueStart, in: keyLine), warning)
            }
            if !result.usedContinuation, let extra = continuation.first(where: { !isBlankOrComment($0) }) {
                fail(extra, column: 1, "unexpected indented line after the value of \(key)")
                return nil
            }
            let valueRange = result.usedContinuation ? nil : valueStart..<result.end
            let entryRange = result.usedContinuation ? range : keyLine.start..<keyLine.end
            return FrontMatter.Entry(key: key, value: result.value, line: keyLine.number, range: entryRange, valueRange: valueRange)
        case .failure(let failure):
            let failedLine = failure.lineIndex.map { continuation[$0] } ?? keyLine
            fail(failedLine, column: column(of: failure.offset, in: failedLine), failure.message)
            return nil
        }
    }

    /// Whether a value (not just a comment) follows the colon on the key's line.
    private func hasInlineValue(_ line: SourceLine, colon: Int) -> Bool {
        var valueStart = colon + 1
        while valueStart < line.contentEnd, isSpaceOrTab(bytes[valueStart]) { valueStart += 1 }
        if valueStart == line.contentEnd { return false }
        return bytes[valueStart] != UInt8(ascii: "#") || looksLikeHexColour(valueStart, line.contentEnd)
    }

    /// The value of `key:` written on the following lines: a block list, or something kept raw.
    private func blockValue(_ continuation: [SourceLine]) -> FrontMatter.Value {
        let meaningful = continuation.filter { !isBlankOrComment($0) }
        guard !meaningful.isEmpty else { return .null }
        var items: [String] = []
        var indent: Int?
        for line in meaningful {
            var position = line.start
            while position < line.contentEnd, bytes[position] == UInt8(ascii: " ") { position += 1 }
            let lineIndent = position - line.start
            guard position < line.contentEnd, bytes[position] == UInt8(ascii: "-"),
                position + 1 == line.contentEnd || isSpaceOrTab(bytes[position + 1]),
                indent == nil || indent == lineIndent
            else { return .raw(rawText(continuation)) }
            indent = lineIndent
            var itemStart = position + 1
            while itemStart < line.contentEnd, isSpaceOrTab(bytes[itemStart]) { itemStart += 1 }
            if itemStart == line.contentEnd {
                items.append("")
                continue
            }
            var reader = ScalarReader(bytes: bytes, line: line, start: itemStart, continuation: [])
            guard case .success(let result) = reader.read(), case .string(let item) = result.value else {
                return .raw(rawText(continuation))
            }
            items.append(item)
        }
        return .list(items)
    }

    private func rawText(_ lines: [SourceLine]) -> String {
        guard let first = lines.first, let last = lines.last else { return "" }
        return text(first.start, last.contentEnd)
    }

    private mutating func reportDuplicates(_ entries: [FrontMatter.Entry]) {
        var seen: [String: FrontMatter.Entry] = [:]
        for entry in entries {
            let canonical = FrontMatterKey.canonicalName(entry.key)
            if let first = seen[canonical] {
                let consequence: LocalizedMessage
                switch canonical {
                case FrontMatterKey.destroy.rawValue: consequence = "the destroy date is ambiguous, so the note will not be destroyed"
                default: consequence = "the first value (line \(first.line)) is used"
                }
                diagnostics.append(
                    Diagnostic(
                        .warning, .duplicateKey, file: file, line: entry.line,
                        message: "\(canonical) is set twice, on lines \(first.line) and \(entry.line); \(consequence). Keep one of them"))
            } else {
                seen[canonical] = entry
            }
        }
    }

    // MARK: - Line classification

    private func isBlank(_ line: SourceLine) -> Bool {
        bytes[line.start..<line.contentEnd].allSatisfy(isSpaceOrTab)
    }

    private func isBlankOrComment(_ line: SourceLine) -> Bool {
        guard let first = bytes[line.start..<line.contentEnd].first(where: { !isSpaceOrTab($0) }) else { return true }
        return first == UInt8(ascii: "#")
    }

    private func startsWithSpace(_ line: SourceLine) -> Bool {
        line.start < line.contentEnd && bytes[line.start] == UInt8(ascii: " ")
    }

    private func isSequenceItemAtColumnZero(_ line: SourceLine) -> Bool {
        guard bytes[line.start] == UInt8(ascii: "-") else { return false }
        return line.start + 1 == line.contentEnd || isSpaceOrTab(bytes[line.start + 1])
    }

    /// The offset of the colon that ends a key (`key:` or a quoted `"key":`, followed by a space,
    /// tab or the end of the line).
    private func keyColon(in line: SourceLine) -> Int? {
        guard line.start < line.contentEnd else { return nil }
        let first = bytes[line.start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = closingQuote(of: line) else { return nil }
            var index = close + 1
            while index < line.contentEnd, isSpaceOrTab(bytes[index]) { index += 1 }
            guard index < line.contentEnd, bytes[index] == UInt8(ascii: ":"),
                index + 1 == line.contentEnd || isSpaceOrTab(bytes[index + 1])
            else { return nil }
            return index
        }
        if "-?:,[]{}#&*!|>%@`".utf8.contains(first) { return nil }
        var index = line.start
        while index < line.contentEnd {
            if bytes[index] == UInt8(ascii: ":"), index + 1 == line.contentEnd || isSpaceOrTab(bytes[index + 1]) {
                return index
            }
            if bytes[index] == UInt8(ascii: "#"), index > line.start, isSpaceOrTab(bytes[index - 1]) { return nil }
            index += 1
        }
        return nil
    }

    /// The closing quote of a quoted key that starts `line`.
    private func closingQuote(of line: SourceLine) -> Int? {
        let quote = bytes[line.start]
        var index = line.start + 1
        while index < line.contentEnd {
            if quote == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote {
                if quote == UInt8(ascii: "'"), index + 1 < line.contentEnd, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index
            }
            index += 1
        }
        return nil
    }

    /// The key of an entry line: the text before the colon, unquoted when it is quoted.
    private func keyText(in line: SourceLine, colon: Int) -> String {
        let first = bytes[line.start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"), let close = closingQuote(of: line) {
            let keyLine = SourceLine(number: line.number, start: line.start, contentEnd: close + 1, end: close + 1)
            var reader = ScalarReader(bytes: bytes, line: keyLine, start: line.start, continuation: [])
            if case .success(let result) = reader.read(), case .string(let key) = result.value { return key }
        }
        return text(line.start, colon).trimmingTrailingSpaces()
    }

    private func looksLikeHexColour(_ start: Int, _ end: Int) -> Bool {
        var stop = start + 1
        while stop < end, isHexDigit(bytes[stop]) { stop += 1 }
        let digits = stop - start - 1
        guard digits == 3 || digits == 6 || digits == 8 else { return false }
        return bytes[stop..<end].allSatisfy(isSpaceOrTab) || (stop < end && isSpaceOrTab(bytes[stop]))
    }

    // MARK: - Diagnostics

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func column(of offset: Int, in line: SourceLine) -> Int {
        text(line.start, min(max(offset, line.start), line.contentEnd)).count + 1
    }

    private mutating func fail(_ line: SourceLine, column: Int, _ message: LocalizedMessage) {
        errors += 1
        diagnostics.append(
            Diagnostic(
                .error, .frontMatterSyntax, file: file, line: line.number, column: column,
                message: "\(message); the front matter is ignored until this is fixed"))
    }

    private mutating func warn(_ kind: Diagnostic.Kind, line: Int, column: Int? = nil, _ message: LocalizedMessage) {
        diagnostics.append(Diagnostic(.warning, kind, file: file, line: line, column: column, message: message))
    }

}

func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

func isHexDigit(_ byte: UInt8) -> Bool {
    (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
