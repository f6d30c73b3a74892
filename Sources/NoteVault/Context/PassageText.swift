/// A passage's bytes as the text a ``ContextPassage`` gives: the lines of a paragraph wrapped
/// at a column joined by a space, each block (a paragraph, a list item, a quote) on a line of
/// its own, blank lines and runs of spaces dropped, `…` at the end when its section goes on.
enum PassageText {
    static func render(_ bytes: [UInt8], _ range: Range<Int>, isCut: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count + 4)
        var fence: (byte: UInt8, count: Int)?
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let lineEnd = bytes[lineStart..<range.upperBound].firstIndex(of: UInt8(ascii: "\n")) ?? range.upperBound
            let line = bytes[lineStart..<lineEnd]
            let marker = NoteSections.fenceMarker(line)
            if fence != nil || marker != nil {
                // Code, and its fences, line for line as written.
                trimTrailingSpace(&out)
                if !out.isEmpty, out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
                out.append(contentsOf: line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
                if let marker {
                    if let open = fence {
                        if marker.byte == open.byte, marker.count >= open.count { fence = nil }
                    } else {
                        fence = marker
                    }
                }
                out.append(UInt8(ascii: "\n"))
            } else {
                let text = line.drop { isBlank($0) }
                if text.isEmpty {
                    trimTrailingSpace(&out)
                    if !out.isEmpty, out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
                } else {
                    // A block (a paragraph after a blank line, a list item, a quote) starts a
                    // line; a line wrapped inside a paragraph goes on after a space.
                    if !out.isEmpty, out.last != UInt8(ascii: "\n") {
                        if lineStart > range.lowerBound, PassageWindow.startsBlock(bytes, at: lineStart) {
                            trimTrailingSpace(&out)
                            out.append(UInt8(ascii: "\n"))
                        } else if out.last != UInt8(ascii: " ") {
                            out.append(UInt8(ascii: " "))
                        }
                    }
                    for byte in text where !(isBlank(byte) && (out.last == UInt8(ascii: " ") || out.last == UInt8(ascii: "\n"))) {
                        out.append(isBlank(byte) ? UInt8(ascii: " ") : byte)
                    }
                }
            }
            lineStart = lineEnd + 1
        }
        while out.last == UInt8(ascii: " ") || out.last == UInt8(ascii: "\n") { out.removeLast() }
        var text = String(decoding: out, as: UTF8.self)
        if isCut { text += " …" }
        return text
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func trimTrailingSpace(_ out: inout [UInt8]) {
        while out.last == UInt8(ascii: " ") { out.removeLast() }
    }
}

/// Whether a passage says again what passages already chosen say: the same runs of four words
/// (lowercased, punctuation aside) make up half of it or more. Notes copied into two folders,
/// or a quotation repeated in several notes, then give one passage, not two.
struct RepeatedText {
    private var seen: Set<Int> = []
    /// The share of a passage's runs already seen above which it is a repeat.
    static let repeatShare = 0.5

    /// Whether `text` repeats what was added; if not, adds it.
    mutating func isRepeat(_ text: String) -> Bool {
        let runs = Self.runs(of: text)
        guard !runs.isEmpty else { return false }
        let repeated = runs.filter(seen.contains).count
        if Double(repeated) >= Self.repeatShare * Double(runs.count) { return true }
        seen.formUnion(runs)
        return false
    }

    static func runs(of text: String) -> Set<Int> {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard words.count >= 4 else { return words.isEmpty ? [] : [words.joined(separator: " ").hashValue] }
        var runs: Set<Int> = []
        for start in 0...(words.count - 4) {
            var hasher = Hasher()
            for word in words[start..<start + 4] { hasher.combine(word) }
            runs.insert(hasher.finalize())
        }
        return runs
    }
}
