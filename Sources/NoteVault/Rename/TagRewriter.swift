/// Rewrites one tag of one note in place: the front matter `tags` (a flow or block list, or a
/// string split at commas and spaces) and the body's `#tags` (nested ones too: `#old/sub`
/// becomes `#new/sub`), compared as ``NoteTag`` compares them (NFC, any case). Only the bytes of
/// the tag names change; code, headings, line endings, the BOM and every other byte stay.
///
/// The result is read back: unless every tag of the note is what the rename makes of it, the
/// note is refused (``RenameError/tagNotRewritable(_:tag:)``) rather than half rewritten.
package enum TagRewriter {
    /// What a rename makes of a tag as written: `old` or `old/…` becomes `new` or `new/…`
    /// (keeping what follows the old part as written); `nil` for a tag that is not within `old`.
    static func renamed(_ name: String, old: String, new: String) -> String? {
        guard let cut = prefixLength(of: Array(name.utf8), old: old) else { return nil }
        return new + String(decoding: Array(name.utf8)[cut...], as: UTF8.self)
    }

    /// Whether `new` is a tag as the body reads it: `#new` is one whole tag.
    static func isValid(_ new: String) -> Bool {
        guard !new.isEmpty, !new.hasPrefix("#") else { return false }
        let found = NoteLinkExtractor.extract(bytes: Array(("#" + new + "\n").utf8), bodyStart: 0).tags
        return found.count == 1 && found[0].name == new
    }

    /// Every tag written in the note with the bytes of its name (after any `#`): the body's
    /// `#tags` and each item of the front matter `tags`, in file order; for an editor that
    /// finds the tag under the cursor.
    package static func spans(in content: NoteContent) -> [(range: Range<Int>, name: String)] {
        var spans: [(range: Range<Int>, name: String)] = []
        if case .parsed(let frontMatter) = content.frontMatter {
            for entry in frontMatter.entries where FrontMatterKey(spelling: entry.key) == .tags {
                for item in frontMatterItems(entry, in: content.bytes) {
                    let skip = content.bytes[item.lowerBound] == UInt8(ascii: "#") ? 1 : 0
                    let range = (item.lowerBound + skip)..<item.upperBound
                    guard !range.isEmpty else { continue }
                    spans.append((range, String(decoding: content.bytes[range], as: UTF8.self)))
                }
            }
        }
        for tag in NoteLinkExtractor.extract(content).tags where tag.origin == .body {
            guard let range = tag.range else { continue }
            spans.append((range, tag.name))
        }
        return spans.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// A note's new bytes, how many tags changed and the byte edits that make the change, in order.
    typealias Rewritten = (bytes: [UInt8], count: Int, replacements: [RenamePlan.Replacement])

    /// The note's tags within `old` renamed; `nil` when none is.
    /// - Throws: ``RenameError/tagNotRewritable(_:tag:)`` when the rewritten note does not read
    ///   back as the renamed tags.
    static func rewrite(_ content: NoteContent, path: NotePath, old: String, new: String) throws(VaultError) -> Rewritten? {
        let tags = NoteLinkExtractor.extract(content).tags
        guard tags.contains(where: { $0.isWithin(old) }) else { return nil }
        var ranges: [Range<Int>] = []
        for tag in tags where tag.origin == .body {
            guard let range = tag.range, let cut = prefixLength(of: Array(content.bytes[range]), old: old) else { continue }
            ranges.append(range.lowerBound..<(range.lowerBound + cut))
        }
        if case .parsed(let frontMatter) = content.frontMatter {
            for entry in frontMatter.entries where FrontMatterKey(spelling: entry.key) == .tags {
                ranges += frontMatterRanges(entry, in: content.bytes, old: old)
            }
        }
        var bytes = content.bytes
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(new.utf8))
        }
        let expected = tags.map { NoteTag.normalize(renamed($0.name, old: old, new: new) ?? $0.name) }
        let reread = NoteLinkExtractor.extract(NoteContent(bytes: bytes, path: path.description)).tags.map(\.normalized)
        guard reread == expected else { throw .rename(.tagNotRewritable(path, tag: old)) }
        let replacements = ranges.sorted { $0.lowerBound < $1.lowerBound }.map { RenamePlan.Replacement(range: $0, text: new) }
        return (bytes, ranges.count, replacements)
    }

    /// The byte length of the part of `name` that is `old` (its first components, as many as
    /// `old` has), when `name` is `old` or nested under it.
    private static func prefixLength(of name: [UInt8], old: String) -> Int? {
        var name = name[...]
        var skipped = 0
        if name.first == UInt8(ascii: "#") {
            name = name.dropFirst()
            skipped = 1
        }
        let components = old.split(separator: "/", omittingEmptySubsequences: false).count
        var cut = name.endIndex
        var seen = 0
        for index in name.indices where name[index] == UInt8(ascii: "/") {
            seen += 1
            if seen == components {
                cut = index
                break
            }
        }
        let head = String(decoding: name[name.startIndex..<cut], as: UTF8.self)
        guard NoteTag.normalize(head) == NoteTag.normalize(old) else { return nil }
        return cut - name.startIndex + skipped
    }

    /// The bytes of the items of a `tags` entry that are `old` or under it (only their `old`
    /// part; a leading `#` of a quoted item is kept).
    private static func frontMatterRanges(_ entry: FrontMatter.Entry, in bytes: [UInt8], old: String) -> [Range<Int>] {
        frontMatterItems(entry, in: bytes).compactMap { item in
            guard let cut = prefixLength(of: Array(bytes[item]), old: old) else { return nil }
            let skip = bytes[item.lowerBound] == UInt8(ascii: "#") ? 1 : 0
            return (item.lowerBound + skip)..<(item.lowerBound + cut)
        }
    }

    /// The bytes of each item of a `tags` entry, a leading `#` included. Items end at `,`,
    /// brackets, quotes and line ends, and in a string value at blanks too; comments are skipped.
    private static func frontMatterItems(_ entry: FrontMatter.Entry, in bytes: [UInt8]) -> [Range<Int>] {
        var isList = false
        if case .list = entry.value { isList = true }
        guard let colon = bytes[entry.range].firstIndex(of: UInt8(ascii: ":")) else { return [] }
        var result: [Range<Int>] = []
        var index = colon + 1
        let end = entry.range.upperBound
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func endsItem(_ byte: UInt8) -> Bool {
            [UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x0A, 0x0D].contains(byte)
                || (!isList && isBlank(byte))
        }
        while index < end {
            let byte = bytes[index]
            let afterBlank = index == colon + 1 || isBlank(bytes[index - 1]) || bytes[index - 1] == 0x0A
            if byte == UInt8(ascii: "#"), afterBlank {
                while index < end, bytes[index] != 0x0A { index += 1 }
                continue
            }
            if endsItem(byte) || isBlank(byte) || (isList && byte == UInt8(ascii: "-") && afterBlank && index + 1 < end && isBlank(bytes[index + 1])) {
                index += 1
                continue
            }
            let start = index
            while index < end, !endsItem(bytes[index]), !(isBlank(bytes[index]) && index + 1 < end && bytes[index + 1] == UInt8(ascii: "#")) {
                index += 1
            }
            var last = index
            while last > start, isBlank(bytes[last - 1]) { last -= 1 }
            if last > start { result.append(start..<last) }
        }
        return result
    }
}
