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
        var warnings: [LocalizedMessage] = []
    }

    struct Failure: Error {
        var message: LocalizedMessage
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
            if first == UInt8(ascii: "&") {
                result.warnings.append("\"&\" starts a YAML anchor, so other tools will not read this value as written; quote it")
            } else {
                result.warnings.append("\"!\" starts a YAML tag, so other tools will not read this value as written; quote it")
            }
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
                throw Failure(
                    message: "the quoted value is never closed; add the closing \(quote == UInt8(ascii: "\"") ? "\"" : "'")", offset: start, lineIndex: nil)
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
                try expectOnlyComment(
                    from: closing + 1, to: segment.end, lineIndex: segment.lineIndex, what: open == UInt8(ascii: "[") ? "the list" : "the map")
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

    private func expectOnlyComment(from begin: Int, to end: Int, lineIndex: Int?, what: LocalizedMessage) throws {
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
