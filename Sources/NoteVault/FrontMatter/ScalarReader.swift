import Foundation

/// Reads one front matter value that starts on a key's line: a plain or quoted scalar, a flow
/// list, a flow map or a block scalar, following YAML's rules where they matter for notes.
struct ScalarReader {
    struct Result {
        var value: FrontMatter.Value
        /// End of the value on the key line (before spaces and a comment).
        var end: Int
        /// Whether the value continued onto the following lines.
        var usedContinuation: Bool
        var warnings: [String] = []
    }

    struct Failure: Error {
        var message: String
        var offset: Int
        /// Index into the continuation lines, or `nil` for the key line.
        var lineIndex: Int?
    }

    let bytes: [UInt8]
    let line: SourceLine
    let start: Int
    let continuation: [SourceLine]

    mutating func read() -> Swift.Result<Result, Failure> {
        do {
            return .success(try readValue())
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "unreadable value", offset: start, lineIndex: nil))
        }
    }

    private func readValue() throws -> Result {
        let first = bytes[start]
        let next: UInt8? = start + 1 < line.contentEnd ? bytes[start + 1] : nil
        let followedBySpace = next == nil || isSpaceOrTab(next!)
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try readQuoted(quote: first)
        case UInt8(ascii: "["):
            return try readFlow(open: first, close: UInt8(ascii: "]"))
        case UInt8(ascii: "{"):
            return try readFlow(open: first, close: UInt8(ascii: "}"))
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return try readBlockScalar(literal: first == UInt8(ascii: "|"))
        case UInt8(ascii: "*"):
            throw Failure(message: "\"*\" starts a YAML alias, which enote does not read; quote the value", offset: start, lineIndex: nil)
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw Failure(message: "\"\(Character(UnicodeScalar(first)))\" is reserved in YAML; quote the value", offset: start, lineIndex: nil)
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw Failure(message: "a value cannot start with \"\(Character(UnicodeScalar(first)))\"; quote the value", offset: start, lineIndex: nil)
        case UInt8(ascii: "-") where followedBySpace, UInt8(ascii: "?") where followedBySpace,
            UInt8(ascii: ":") where followedBySpace:
            throw Failure(message: "a value cannot start with \"\(Character(UnicodeScalar(first))) \"; quote the value", offset: start, lineIndex: nil)
        case UInt8(ascii: "&"), UInt8(ascii: "!"):
            var result = try readPlain(allowLeadingHash: false)
            let what = first == UInt8(ascii: "&") ? "a YAML anchor" : "a YAML tag"
            result.warnings.append("\"\(Character(UnicodeScalar(first)))\" starts \(what), so other tools will not read this value as written; quote it")
            return result
        case UInt8(ascii: "#"):
            var result = try readPlain(allowLeadingHash: true)
            result.warnings.append("an unquoted # starts a comment in YAML, so other tools read this value as empty; write it in quotes")
            return result
        default:
            return try readPlain(allowLeadingHash: false)
        }
    }

    // MARK: - Plain scalars

    private func readPlain(allowLeadingHash: Bool) throws -> Result {
        let (end, hasComment) = try plainEnd(from: start, to: line.contentEnd, lineIndex: nil, allowLeadingHash: allowLeadingHash)
        var text = decode(start, end)
        var usedContinuation = false
        if !hasComment {
            var commentSeen = false
            // Line folding: a single line break becomes a space, each blank line a "\n" (a blank
            // line only counts once text follows it).
            var blankLines = 0
            for (index, extra) in continuation.enumerated() {
                var position = extra.start
                while position < extra.contentEnd, isSpaceOrTab(bytes[position]) { position += 1 }
                if position == extra.contentEnd {
                    blankLines += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "#") {
                    commentSeen = true
                    continue
                }
                if commentSeen {
                    throw Failure(message: "unexpected text after a comment", offset: position, lineIndex: index)
                }
                let (lineEnd, lineComment) = try plainEnd(from: position, to: extra.contentEnd, lineIndex: index, allowLeadingHash: false)
                text += blankLines > 0 ? String(repeating: "\n", count: blankLines) : " "
                blankLines = 0
                text += decode(position, lineEnd)
                usedContinuation = true
                if lineComment { commentSeen = true }
            }
        }
        return Result(value: .string(text), end: end, usedContinuation: usedContinuation)
    }

    /// Where a plain scalar ends on one line, and whether a comment follows it.
    private func plainEnd(from begin: Int, to lineEnd: Int, lineIndex: Int?, allowLeadingHash: Bool) throws -> (Int, Bool) {
        var index = begin
        var hasComment = false
        while index < lineEnd {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#"), index > begin || !allowLeadingHash, index == begin || isSpaceOrTab(bytes[index - 1]) {
                hasComment = true
                break
            }
            if byte == UInt8(ascii: ":"), index + 1 == lineEnd || isSpaceOrTab(bytes[index + 1]) {
                throw Failure(message: "a plain value cannot contain \": \" or end with \":\"; quote the value", offset: index, lineIndex: lineIndex)
            }
            index += 1
        }
        var end = index
        while end > begin, isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        return (end, hasComment)
    }

    // MARK: - Quoted scalars

    private func readQuoted(quote: UInt8) throws -> Result {
        var decoder = QuotedDecoder(quote: quote)
        var position = start + 1
        var segmentEnd = line.contentEnd
        var lineIndex: Int?
        while true {
            if let closing = try decoder.consume(bytes, from: position, to: segmentEnd, lineIndex: lineIndex) {
                try expectOnlyComment(from: closing + 1, to: segmentEnd, lineIndex: lineIndex, what: "the quoted value")
                let usedContinuation = lineIndex != nil
                if let lineIndex {
                    try expectNothingAfter(continuationIndex: lineIndex)
                }
                return Result(value: .string(decoder.text), end: usedContinuation ? line.contentEnd : closing + 1, usedContinuation: usedContinuation)
            }
            let nextIndex = (lineIndex ?? -1) + 1
            guard nextIndex < continuation.count else {
                throw Failure(message: "the quoted value is never closed; add the closing \(quote == UInt8(ascii: "\"") ? "\"" : "'")", offset: start, lineIndex: nil)
            }
            lineIndex = nextIndex
            let next = continuation[nextIndex]
            position = next.start
            while position < next.contentEnd, isSpaceOrTab(bytes[position]) { position += 1 }
            segmentEnd = next.contentEnd
            decoder.lineBreak(blank: position == segmentEnd)
        }
    }

    // MARK: - Flow collections

    private func readFlow(open: UInt8, close: UInt8) throws -> Result {
        var scanner = FlowScanner(bytes: bytes)
        var segments: [(start: Int, end: Int, lineIndex: Int?)] = [(start, line.contentEnd, nil)]
        for (index, extra) in continuation.enumerated() { segments.append((extra.start, extra.contentEnd, index)) }
        for (segmentNumber, segment) in segments.enumerated() {
            if let closing = try scanner.scan(from: segment.start, to: segment.end, lineIndex: segment.lineIndex) {
                try expectOnlyComment(from: closing + 1, to: segment.end, lineIndex: segment.lineIndex, what: open == UInt8(ascii: "[") ? "the list" : "the map")
                if let lineIndex = segment.lineIndex { try expectNothingAfter(continuationIndex: lineIndex) }
                let usedContinuation = segmentNumber > 0
                let value: FrontMatter.Value
                if open == UInt8(ascii: "["), let items = scanner.items {
                    value = .list(items)
                } else {
                    value = .raw(usedContinuation ? decode(start, segment.end) : decode(start, closing + 1))
                }
                return Result(value: value, end: usedContinuation ? line.contentEnd : closing + 1, usedContinuation: usedContinuation)
            }
        }
        throw Failure(message: "\(Character(UnicodeScalar(open))) is never closed with \(Character(UnicodeScalar(close)))", offset: start, lineIndex: nil)
    }

    // MARK: - Block scalars

    private func readBlockScalar(literal: Bool) throws -> Result {
        var header = start + 1
        var keep = false
        var strip = false
        while header < line.contentEnd, !isSpaceOrTab(bytes[header]) {
            switch bytes[header] {
            case UInt8(ascii: "-"): strip = true
            case UInt8(ascii: "+"): keep = true
            case 49...57: break
            default:
                throw Failure(message: "a block scalar header is |, >, optionally with - or + and an indent digit", offset: header, lineIndex: nil)
            }
            header += 1
        }
        try expectOnlyComment(from: header, to: line.contentEnd, lineIndex: nil, what: "the block scalar indicator")
        var lines: [String] = []
        var indent: Int?
        for extra in continuation {
            var position = extra.start
            while position < extra.contentEnd, bytes[position] == UInt8(ascii: " ") { position += 1 }
            if position == extra.contentEnd {
                lines.append("")
                continue
            }
            let lineIndent = position - extra.start
            let cut = min(indent ?? lineIndent, lineIndent)
            indent = indent ?? lineIndent
            lines.append(decode(extra.start + cut, extra.contentEnd))
        }
        while !keep, lines.last == "" { lines.removeLast() }
        var text = literal ? lines.joined(separator: "\n") : Self.fold(lines)
        if !strip, !text.isEmpty { text += "\n" }
        return Result(value: .string(text), end: line.contentEnd, usedContinuation: !continuation.isEmpty)
    }

    /// YAML line folding for `>` scalars: a line break between two lines of text becomes a
    /// space; n blank lines between them become n line breaks; lines that are more indented (or
    /// next to one) keep their line breaks.
    static func fold(_ lines: [String]) -> String {
        var text = ""
        var previous: String?
        var blankLines = 0
        for line in lines {
            if line.isEmpty {
                blankLines += 1
                continue
            }
            if let previous {
                let moreIndented = line.first == " " || line.first == "\t" || previous.first == " " || previous.first == "\t"
                if moreIndented {
                    text += String(repeating: "\n", count: blankLines + 1)
                } else {
                    text += blankLines > 0 ? String(repeating: "\n", count: blankLines) : " "
                }
            } else {
                text += String(repeating: "\n", count: blankLines)
            }
            text += line
            previous = line
            blankLines = 0
        }
        return text + String(repeating: "\n", count: blankLines)
    }

    // MARK: - Helpers

    private func expectOnlyComment(from begin: Int, to end: Int, lineIndex: Int?, what: String) throws {
        var index = begin
        while index < end, isSpaceOrTab(bytes[index]) { index += 1 }
        guard index < end else { return }
        if bytes[index] == UInt8(ascii: "#"), index > begin { return }
        throw Failure(message: "unexpected text after \(what); quote the whole value", offset: index, lineIndex: lineIndex)
    }

    private func expectNothingAfter(continuationIndex: Int) throws {
        for index in (continuationIndex + 1)..<continuation.count {
            let extra = continuation[index]
            var position = extra.start
            while position < extra.contentEnd, isSpaceOrTab(bytes[position]) { position += 1 }
            if position < extra.contentEnd, bytes[position] != UInt8(ascii: "#") {
                throw Failure(message: "unexpected indented text after the value", offset: position, lineIndex: index)
            }
        }
    }

    private func decode(_ begin: Int, _ end: Int) -> String {
        String(decoding: bytes[begin..<end], as: UTF8.self)
    }
}

/// Decodes the inside of a single- or double-quoted scalar, one line segment at a time.
private struct QuotedDecoder {
    let quote: UInt8
    private(set) var text = ""
    private var pendingBreaks = 0
    private var buffer: [UInt8] = []

    init(quote: UInt8) { self.quote = quote }

    /// Consumes bytes up to the closing quote; returns its offset, or `nil` if the segment ends
    /// first.
    mutating func consume(_ bytes: [UInt8], from begin: Int, to end: Int, lineIndex: Int?) throws -> Int? {
        var index = begin
        while index < end {
            let byte = bytes[index]
            if byte == quote {
                if quote == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == quote {
                    buffer.append(quote)
                    index += 2
                    continue
                }
                flush()
                return index
            }
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                guard index + 1 < end else {
                    index += 1
                    continue
                }
                let (decoded, length) = try Self.escape(bytes, at: index, end: end, lineIndex: lineIndex)
                buffer.append(contentsOf: decoded)
                index += length
                continue
            }
            buffer.append(byte)
            index += 1
        }
        // Trailing spaces before a line break are not part of a folded quoted scalar.
        while let last = buffer.last, isSpaceOrTab(last) { buffer.removeLast() }
        return nil
    }

    /// A line break inside the quotes: folded to a space, or kept for blank lines.
    mutating func lineBreak(blank: Bool) {
        if blank {
            pendingBreaks += 1
            return
        }
        if pendingBreaks > 0 {
            buffer.append(contentsOf: Array(repeating: UInt8(ascii: "\n"), count: pendingBreaks))
            pendingBreaks = 0
        } else {
            buffer.append(UInt8(ascii: " "))
        }
    }

    private mutating func flush() {
        text = String(decoding: buffer, as: UTF8.self)
    }

    /// Decodes one `\` escape of a double-quoted scalar; returns its bytes and length.
    fileprivate static func escape(_ bytes: [UInt8], at index: Int, end: Int, lineIndex: Int?) throws -> ([UInt8], Int) {
        let code = bytes[index + 1]
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "0"): 0, UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9,
            UInt8(ascii: "\t"): 9, UInt8(ascii: "n"): 10, UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12,
            UInt8(ascii: "r"): 13, UInt8(ascii: "e"): 27, UInt8(ascii: " "): 32, UInt8(ascii: "\""): 34,
            UInt8(ascii: "/"): 47, UInt8(ascii: "\\"): 92,
        ]
        if let byte = simple[code] { return ([byte], 2) }
        let width: Int
        switch code {
        case UInt8(ascii: "x"): width = 2
        case UInt8(ascii: "u"): width = 4
        case UInt8(ascii: "U"): width = 8
        case UInt8(ascii: "N"): return (Array("\u{85}".utf8), 2)
        case UInt8(ascii: "_"): return (Array("\u{A0}".utf8), 2)
        case UInt8(ascii: "L"): return (Array("\u{2028}".utf8), 2)
        case UInt8(ascii: "P"): return (Array("\u{2029}".utf8), 2)
        default:
            throw ScalarReader.Failure(message: "\\\(Character(UnicodeScalar(code))) is not a YAML escape; write \\\\ for a backslash", offset: index, lineIndex: lineIndex)
        }
        guard index + 2 + width <= end,
            let value = UInt32(String(decoding: bytes[(index + 2)..<(index + 2 + width)], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        else {
            throw ScalarReader.Failure(message: "\\\(Character(UnicodeScalar(code))) needs \(width) hexadecimal digits", offset: index, lineIndex: lineIndex)
        }
        return (Array(String(Character(scalar)).utf8), 2 + width)
    }
}

/// Finds the end of a flow collection (`[…]` or `{…}`), collecting a flat list's items.
///
/// Items are decoded as YAML reads them: quoted items are unquoted and their escapes decoded; a
/// quote inside a plain item (`it's`, `a"b`) is an ordinary character; line breaks fold to spaces.
private struct FlowScanner {
    let bytes: [UInt8]
    private var depth = 0
    /// The open quote of a quoted scalar being read, at any depth.
    private var quote: UInt8?
    /// Whether the next non-space byte starts a new node (after `[`, `{`, `,` or a `:` indicator).
    private var atNodeStart = false
    /// The decoded bytes of the current top-level item.
    private var current: [UInt8] = []
    private var itemQuoted = false
    private var blankLines = 0
    private var segments = 0
    private var collected: [String] = []
    private var flat = true
    private var isSequence = true

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The items of a flat list of scalars, or `nil` for nested or map-like content.
    var items: [String]? { flat && isSequence ? collected : nil }

    /// Scans one segment; returns the offset of the closing bracket when found.
    mutating func scan(from begin: Int, to end: Int, lineIndex: Int?) throws -> Int? {
        var index = begin
        segments += 1
        if segments > 1 {
            // A line break inside the collection: fold it as YAML does.
            while index < end, isSpaceOrTab(bytes[index]) { index += 1 }
            if index == end {
                blankLines += 1
                return nil
            }
            if depth == 1, quote != nil || (!itemQuoted && !current.isEmpty) {
                while let last = current.last, isSpaceOrTab(last) { current.removeLast() }
                current += blankLines > 0 ? Array(repeating: UInt8(ascii: "\n"), count: blankLines) : [UInt8(ascii: " ")]
            }
            blankLines = 0
        }
        while index < end {
            let byte = bytes[index]
            if let open = quote {
                if byte == open {
                    if open == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == open {
                        if depth == 1 { current.append(open) }
                        index += 2
                        continue
                    }
                    quote = nil
                } else if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), index + 1 < end {
                    let (decoded, length) = try QuotedDecoder.escape(bytes, at: index, end: end, lineIndex: lineIndex)
                    if depth == 1 { current += decoded }
                    index += length
                    continue
                } else if depth == 1 {
                    current.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if depth == 1, !itemQuoted, !current.isEmpty { current.append(byte) }
            case UInt8(ascii: "\"") where atNodeStart, UInt8(ascii: "'") where atNodeStart:
                quote = byte
                atNodeStart = false
                if depth == 1 { itemQuoted = true }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                atNodeStart = true
                if depth == 1 { isSequence = byte == UInt8(ascii: "[") } else { flat = false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                atNodeStart = false
                if depth == 0 {
                    finishItem(final: true)
                    return index
                }
            case UInt8(ascii: ","):
                atNodeStart = true
                if depth == 1 { finishItem(final: false) }
            case UInt8(ascii: "#") where index == begin || isSpaceOrTab(bytes[index - 1]):
                return nil
            case UInt8(ascii: ":") where index + 1 >= end || isSpaceOrTab(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: ","):
                flat = false
                atNodeStart = true
            default:
                atNodeStart = false
                if depth == 1 {
                    // Text after a closing quote (`"a" b`) is not a scalar enote reads: keep it raw.
                    if itemQuoted { flat = false }
                    current.append(byte)
                }
            }
            index += 1
        }
        return nil
    }

    private mutating func finishItem(final: Bool) {
        defer {
            current = []
            itemQuoted = false
        }
        if itemQuoted {
            collected.append(String(decoding: current, as: UTF8.self))
            return
        }
        while let last = current.last, isSpaceOrTab(last) { current.removeLast() }
        if current.isEmpty, final { return }
        collected.append(String(decoding: current, as: UTF8.self))
    }
}
