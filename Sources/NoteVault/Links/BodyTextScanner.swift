/// Finds what CommonMark does not know in a note's body: `[[wikilinks]]`, `![[embeds]]` and
/// `#tags`, in the bytes outside code, raw HTML and link destinations.
struct BodyTextScanner {
    /// A `[[…]]` found: where it opens (`!` of an embed or the first `[`), and its inner text.
    struct Wikilink {
        var isEmbed: Bool
        var start: Int
        var inner: Range<Int>
    }

    /// A `#tag`: the offset of `#` and the bytes of the name.
    struct Tag {
        var hash: Int
        var name: Range<Int>
    }

    let parser: DestinationParser

    /// Scans `body` skipping `excluded` (sorted, not overlapping, within `body`).
    func scan(body: Range<Int>, excluded: [Range<Int>]) -> (wikilinks: [Wikilink], tags: [Tag]) {
        var wikilinks: [Wikilink] = []
        var tags: [Tag] = []
        var segmentStart = body.lowerBound
        for range in excluded + [body.upperBound..<body.upperBound] {
            let segmentEnd = min(max(range.lowerBound, segmentStart), body.upperBound)
            scanSegment(segmentStart..<segmentEnd, body: body, wikilinks: &wikilinks, tags: &tags)
            segmentStart = max(segmentStart, range.upperBound)
        }
        return (wikilinks, tags)
    }

    private func scanSegment(_ segment: Range<Int>, body: Range<Int>, wikilinks: inout [Wikilink], tags: inout [Tag]) {
        let bytes = parser.bytes
        var index = segment.lowerBound
        let end = segment.upperBound
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "["), index + 1 < end, bytes[index + 1] == UInt8(ascii: "["), !parser.isEscaped(index, floor: body.lowerBound) {
                if let link = wikilink(openingAt: index, end: end, body: body) {
                    wikilinks.append(link)
                    index = link.inner.upperBound + 2
                    continue
                }
            } else if byte == UInt8(ascii: "#"), let tag = tag(at: index, end: end, body: body) {
                tags.append(tag)
                index = tag.name.upperBound
                continue
            }
            index += 1
        }
    }

    private func wikilink(openingAt open: Int, end: Int, body: Range<Int>) -> Wikilink? {
        let bytes = parser.bytes
        let innerStart = open + 2
        var index = innerStart
        while index + 1 < end {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return nil }
            if byte == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "[") { return nil }
            if byte == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "]") { break }
            index += 1
        }
        guard index + 1 < end, bytes[index] == UInt8(ascii: "]") else { return nil }
        let inner = innerStart..<index
        guard inner.contains(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 }) else { return nil }
        let isEmbed = open > body.lowerBound && bytes[open - 1] == UInt8(ascii: "!") && !parser.isEscaped(open - 1, floor: body.lowerBound)
        return Wikilink(isEmbed: isEmbed, start: isEmbed ? open - 1 : open, inner: inner)
    }

    /// A tag starts after whitespace or at a line's start, and holds letters, marks, digits, `_`,
    /// `-` and `/`, with at least one letter; a trailing `/` is not part of it.
    private func tag(at hash: Int, end: Int, body: Range<Int>) -> Tag? {
        let bytes = parser.bytes
        if hash > body.lowerBound {
            let before = bytes[hash - 1]
            guard before == 0x20 || before == 0x09 || before == 0x0A || before == 0x0D else { return nil }
        }
        var index = hash + 1
        var lastKept = index
        var hasLetter = false
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                // ASCII without Unicode properties: letters, digits, `_`, `-`, `/`.
                let lower = byte | 0x20
                if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") {
                    hasLetter = true
                } else if !((byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "/"))
                {
                    break
                }
                index += 1
                if byte != UInt8(ascii: "/") { lastKept = index }
                continue
            }
            guard let (scalar, length) = decode(at: index, end: end) else { break }
            let properties = scalar.properties
            if properties.isAlphabetic || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                hasLetter = true
            } else if properties.numericType == .decimal || scalar == "_" || scalar == "-" || scalar == "/" {
                // Allowed, but not enough on its own.
            } else {
                break
            }
            index += length
            if scalar != "/" { lastKept = index }
        }
        guard hasLetter, lastKept > hash + 1 else { return nil }
        return Tag(hash: hash, name: (hash + 1)..<lastKept)
    }

    private func decode(at index: Int, end: Int) -> (Unicode.Scalar, Int)? {
        let bytes = parser.bytes
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, index + length <= end else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
