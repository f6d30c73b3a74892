import Markdown

/// The links and tags of one note, in the order they are written.
package struct NoteLinks: Sendable, Equatable {
    /// Every link, definition and embed, in file order.
    package var links: [NoteLink]
    /// Front matter tags first, then body tags in file order.
    package var tags: [NoteTag]

    package init(links: [NoteLink] = [], tags: [NoteTag] = []) {
        self.links = links
        self.tags = tags
    }
}

/// Extracts a note's links and tags from its bytes: CommonMark links as libcmark parses them,
/// wikilinks, embeds and `#tags` from the text outside code and HTML.
///
/// For example:
///
/// ```swift
/// let bytes = Array("See [[Plan#Goals|the plan]] and [notes](notes.md). #work\n".utf8)
/// let found = NoteLinkExtractor.extract(bytes: bytes, bodyStart: 0)
/// found.links.map(\.destination)  // ["Plan#Goals|the plan", "notes.md"]
/// found.tags.map(\.name)          // ["work"]
/// ```
package enum NoteLinkExtractor {
    /// Extracts the links and tags of a note read by ``NoteContent`` (nothing for a file that is
    /// not text), front matter tags included.
    package static func extract(_ content: NoteContent) -> NoteLinks {
        guard content.textProblem == nil else { return NoteLinks() }
        return extract(bytes: content.bytes, bodyStart: content.bodyStart, frontMatterTags: content.metadata.tags, frontMatterTagsLine: tagsLine(of: content))
    }

    /// ``extract(_:)`` from a map of the body already parsed (offsets relative to the body).
    static func extract(_ content: NoteContent, map: MarkdownSyntaxMap) -> NoteLinks {
        guard content.textProblem == nil else { return NoteLinks() }
        return content.bytes.withUnsafeBufferPointer { buffer in
            extract(buffer: buffer, bodyStart: content.bodyStart, map: map, frontMatterTags: content.metadata.tags, frontMatterTagsLine: tagsLine(of: content))
        }
    }

    /// The line of the front matter's `tags:`, if any.
    private static func tagsLine(of content: NoteContent) -> Int? {
        guard case .parsed(let frontMatter) = content.frontMatter else { return nil }
        return frontMatter.entries.first { FrontMatterKey(spelling: $0.key) == .tags }?.line
    }

    /// Extracts links and tags from a whole file whose body starts at `bodyStart` (after the
    /// front matter, or after a BOM).
    package static func extract(bytes: [UInt8], bodyStart: Int, frontMatterTags: [String] = [], frontMatterTagsLine: Int? = nil) -> NoteLinks {
        let start = min(max(bodyStart, 0), bytes.count)
        return bytes.withUnsafeBufferPointer { buffer in
            let map = MarkdownSyntaxMap(parsingUTF8: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start...]))
            return extract(buffer: buffer, bodyStart: start, map: map, frontMatterTags: frontMatterTags, frontMatterTagsLine: frontMatterTagsLine)
        }
    }

    /// Extracts links and tags using a map of the body already parsed (offsets relative to the
    /// body), so that one libcmark parse serves both the index text and the links.
    package static func extract(
        buffer: UnsafeBufferPointer<UInt8>, bodyStart: Int, map: MarkdownSyntaxMap, frontMatterTags: [String] = [], frontMatterTagsLine: Int? = nil
    ) -> NoteLinks {
        var extraction = Extraction(buffer: buffer, bodyStart: bodyStart, map: map)
        extraction.run()
        var tags = Self.tags(frontMatter: frontMatterTags, line: frontMatterTagsLine)
        tags.append(contentsOf: extraction.tags)
        return NoteLinks(links: extraction.links.sorted { $0.place.offset < $1.place.offset }, tags: tags)
    }

    /// The front matter's tags as ``NoteTag``s (a leading `#` dropped), all on the `tags:` line.
    package static func tags(frontMatter names: [String], line: Int?) -> [NoteTag] {
        names.map { name in
            NoteTag(
                name: name.hasPrefix("#") ? String(name.dropFirst()) : name, origin: .frontMatter,
                place: line.map { TextPlace(offset: 0, line: $0, column: 1, utf16Column: 1) }, range: nil)
        }
    }

    /// Whether a body may hold a link or a tag at all: every link, image, reference definition,
    /// wikilink and embed has a `[`, every autolink a `<`, and every tag a `#` followed by a
    /// byte a tag name may start with. A body with none of them (most prose) holds neither, so
    /// the index parses it without a syntax map, which costs as much as the parse itself.
    ///
    /// Most bytes are none of `[`, `<` and `#`, so the body is read eight bytes at a time, and
    /// only a word holding one of them is looked at byte by byte: this runs for every note the
    /// index reads, and a byte-by-byte scan of every body was 2.6% of a full build's
    /// instructions (callgrind).
    package static func mayHoldLinksOrTags(_ body: UnsafeRawBufferPointer) -> Bool {
        let count = body.count
        var index = 0
        while index + 8 <= count {
            // Unaligned, and little-endian like every machine enote runs on; which byte is which
            // does not matter, only whether the word holds a marker.
            if holdsMarker(body.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                for offset in index..<index + 8 where startsLinkOrTag(body, at: offset) { return true }
            }
            index += 8
        }
        while index < count {
            if startsLinkOrTag(body, at: index) { return true }
            index += 1
        }
        return false
    }

    /// The rule ``mayHoldLinksOrTags(_:)`` applies at each byte: a `[` or `<`, or a `#` followed
    /// by a byte a tag's name may start with (a letter, digit, `_`, `-`, `/` or any non-ASCII).
    static func startsLinkOrTag(_ body: UnsafeRawBufferPointer, at index: Int) -> Bool {
        let byte = body[index]
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") { return true }
        guard byte == UInt8(ascii: "#"), index + 1 < body.count else { return false }
        let next = body[index + 1]
        let lower = next | 0x20
        return next >= 0x80 || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
            || next == UInt8(ascii: "_") || next == UInt8(ascii: "-") || next == UInt8(ascii: "/")
    }

    /// Whether any byte of `word` is `[`, `<` or `#`: a byte equal to the marker is zero after
    /// the exclusive or, and `(v - 0x01…) & ~v & 0x80…` is non-zero exactly when `v` has a zero
    /// byte (the three tests share one mask and one branch).
    static func holdsMarker(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let bracket = word ^ (ones &* 0x5B)
        let angle = word ^ (ones &* 0x3C)
        let hash = word ^ (ones &* 0x23)
        return ((bracket &- ones) & ~bracket | (angle &- ones) & ~angle | (hash &- ones) & ~hash) & highs != 0
    }
}

/// One extraction's state: the bytes, the body's lines, and what has been found.
private struct Extraction {
    let parser: DestinationParser
    let bodyStart: Int
    let map: MarkdownSyntaxMap
    let lines: BodyLines
    var links: [NoteLink] = []
    var tags: [NoteTag] = []
    /// Bytes the wikilink and tag scan skips, in file offsets.
    var excluded: [Range<Int>] = []

    init(buffer: UnsafeBufferPointer<UInt8>, bodyStart: Int, map: MarkdownSyntaxMap) {
        parser = DestinationParser(bytes: buffer)
        self.bodyStart = bodyStart
        self.map = map
        lines = BodyLines(bytes: buffer, bodyStart: bodyStart, bodyLineStarts: map.lineStarts)
        excluded = map.literalRanges.map { ($0.lowerBound + bodyStart)..<($0.upperBound + bodyStart) }
    }

    private func place(_ offset: Int) -> TextPlace { lines.place(of: offset, in: parser.bytes) }

    mutating func run() {
        let bodyEnd = parser.bytes.count
        let definitions = ReferenceDefinitionScanner(parser: parser, lines: lines, bodyEnd: bodyEnd).definitions(uncoveredBy: map.blockLines)
        var byLabel: [String: ReferenceDefinitionScanner.Definition] = [:]
        for definition in definitions {
            excluded.append(definition.range)
            let key = DestinationParser.normalizedLabel(definition.label)
            if byLabel[key] == nil { byLabel[key] = definition }
            links.append(
                NoteLink(
                    kind: .definition, destination: parser.text(definition.destination.range), target: LinkTarget(markdownURL: definition.destination.text),
                    place: place(definition.labelStart), destinationRange: definition.destination.range, label: definition.label))
        }
        var searchFrom = bodyStart
        for node in map.links {
            let range = node.range.map { ($0.lowerBound + bodyStart)..<($0.upperBound + bodyStart) }
            let block = (node.blockRange.lowerBound + bodyStart)..<(node.blockRange.upperBound + bodyStart)
            if let link = markdownLink(node, range: range, block: block, searchFrom: &searchFrom, definitions: byLabel, all: definitions) {
                links.append(link)
            }
        }
        excluded.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in excluded {
            let clamped = max(range.lowerBound, bodyStart)..<max(min(range.upperBound, bodyEnd), max(range.lowerBound, bodyStart))
            if let last = merged.last, clamped.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, clamped.upperBound)
            } else {
                merged.append(clamped)
            }
        }
        let found = BodyTextScanner(parser: parser).scan(body: bodyStart..<bodyEnd, excluded: merged)
        for wikilink in found.wikilinks {
            let destination = parser.text(wikilink.inner)
            links.append(
                NoteLink(
                    kind: wikilink.isEmbed ? .embed : .wikilink, destination: destination, target: LinkTarget(wikilink: destination),
                    place: place(wikilink.start), destinationRange: wikilink.inner))
        }
        for tag in found.tags {
            tags.append(NoteTag(name: parser.text(tag.name), origin: .body, place: place(tag.hash), range: tag.name))
        }
    }

    /// A CommonMark link with its destination's bytes: after `](` for an inline link, inside
    /// `<…>` for an autolink, in the definition for a reference link.
    private mutating func markdownLink(
        _ node: MarkdownSyntaxMap.Link, range: Range<Int>?, block: Range<Int>, searchFrom: inout Int,
        definitions: [String: ReferenceDefinitionScanner.Definition], all: [ReferenceDefinitionScanner.Definition]
    ) -> NoteLink? {
        let bytes = parser.bytes
        let target = LinkTarget(markdownURL: node.url)
        let isImage = node.kind == .image
        if let range, bytes[range.lowerBound] == UInt8(ascii: "<") {
            excluded.append(range)
            let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
            return NoteLink(kind: .autolink, destination: parser.text(inner), target: target, place: place(range.lowerBound), destinationRange: inner)
        }
        // Inline: the last `](` in the node whose destination reaches the node's `)`.
        if let range, bytes[range.upperBound - 1] == UInt8(ascii: ")") {
            var open = range.upperBound - 2
            while open > range.lowerBound {
                if bytes[open] == UInt8(ascii: "("), bytes[open - 1] == UInt8(ascii: "]"),
                    let destination = parser.inlineDestination(openParen: open, limit: range.upperBound),
                    destination.end == range.upperBound, matches(destination, url: node.url)
                {
                    excluded.append(open..<range.upperBound)
                    return NoteLink(
                        kind: isImage ? .image : .inline, destination: parser.text(destination.range), target: target,
                        place: place(range.lowerBound), destinationRange: destination.range)
                }
                open -= 1
            }
        }
        if let range, bytes[range.upperBound - 1] == UInt8(ascii: "]") {
            // A reference: its definition by label, else the only definition of that URL.
            let label = referenceLabel(in: range, isImage: isImage)
            var definition = label.flatMap { definitions[DestinationParser.normalizedLabel($0)] }
            if definition == nil {
                let sameURL = all.filter { $0.destination.text == node.url }
                if sameURL.count == 1 { definition = sameURL[0] }
            }
            if let definition {
                return NoteLink(
                    kind: isImage ? .image : .reference, destination: parser.text(definition.destination.range), target: target,
                    place: place(range.lowerBound), destinationRange: definition.destination.range, label: label ?? definition.label)
            }
        } else if range == nil {
            // libcmark's position did not match the bytes (it places an autolink that starts a
            // list item at the item's marker): look for the link in the block, an autolink first.
            if !isImage, let autolink = autolink(url: node.url, in: block, from: searchFrom) {
                searchFrom = autolink.upperBound + 1
                excluded.append((autolink.lowerBound - 1)..<(autolink.upperBound + 1))
                return NoteLink(kind: .autolink, destination: parser.text(autolink), target: target, place: place(autolink.lowerBound - 1), destinationRange: autolink)
            }
            var open = max(searchFrom, block.lowerBound)
            while open < block.upperBound {
                if bytes[open] == UInt8(ascii: "("), open > block.lowerBound, bytes[open - 1] == UInt8(ascii: "]"),
                    let destination = parser.inlineDestination(openParen: open, limit: block.upperBound), matches(destination, url: node.url)
                {
                    searchFrom = destination.end
                    excluded.append(open..<destination.end)
                    return NoteLink(
                        kind: isImage ? .image : .inline, destination: parser.text(destination.range), target: target,
                        place: place(open), destinationRange: destination.range)
                }
                open += 1
            }
        }
        return NoteLink(
            kind: isImage ? .image : .inline, destination: "", target: target, place: place(range?.lowerBound ?? block.lowerBound), destinationRange: nil)
    }

    /// The text between `<` and `>` of the first autolink to `url` in `block` from `start` (an
    /// e-mail autolink's URL has `mailto:` before it), outside code and HTML and not the `<…>`
    /// destination of an inline link (`](<…>)`).
    private func autolink(url: String, in block: Range<Int>, from start: Int) -> Range<Int>? {
        let bytes = parser.bytes
        let wanted = Array(url.utf8)
        let mail = Array("mailto:".utf8)
        var open = max(start, block.lowerBound)
        while open < block.upperBound {
            defer { open += 1 }
            guard bytes[open] == UInt8(ascii: "<"), !parser.isEscaped(open, floor: block.lowerBound),
                !excluded.contains(where: { $0.contains(open) })
            else { continue }
            if open >= block.lowerBound + 2, bytes[open - 1] == UInt8(ascii: "("), bytes[open - 2] == UInt8(ascii: "]") { continue }
            var close = open + 1
            while close < block.upperBound, bytes[close] != UInt8(ascii: ">"), bytes[close] != UInt8(ascii: "<"), bytes[close] > 0x20 { close += 1 }
            guard close < block.upperBound, bytes[close] == UInt8(ascii: ">") else { continue }
            let text = Array(bytes[(open + 1)..<close])
            if text == wanted || mail + text == wanted { return (open + 1)..<close }
            // libcmark percent-encodes what the URL must not hold as written (`ä`, `\\`, `[`).
            let decoded = PercentCoding.decode(Substring(url))
            let written = PercentCoding.decode(Substring(decoding: text, as: UTF8.self))
            if written == decoded || "mailto:" + written == decoded { return (open + 1)..<close }
        }
        return nil
    }

    private func matches(_ destination: DestinationParser.Destination, url: String) -> Bool {
        destination.text == url || destination.text.utf8.contains(UInt8(ascii: "&"))
    }

    /// The label of `[text][label]`, `[label][]` or `[label]` ending at the node's `]`.
    private func referenceLabel(in range: Range<Int>, isImage: Bool) -> String? {
        let bytes = parser.bytes
        let last = range.upperBound - 1
        guard bytes[last] == UInt8(ascii: "]") else { return nil }
        var open = last - 1
        while open >= range.lowerBound, bytes[open] != UInt8(ascii: "[") || parser.isEscaped(open, floor: range.lowerBound) { open -= 1 }
        guard open >= range.lowerBound else { return nil }
        let textStart = range.lowerBound + (isImage ? 2 : 1)
        if open > textStart, bytes[open - 1] == UInt8(ascii: "]") {
            return open + 1 == last ? parser.text(textStart..<(open - 1)) : parser.text((open + 1)..<last)
        }
        return parser.text(textStart..<last)
    }
}
