/// Entries of several lines that both sides changed: a nested map is merged key by key with
/// the same rules as the front matter it sits in, and any other entry (a block list with
/// comments) line by line, so that separable edits of the two sides are both kept.
extension FrontMatterMerge {
    /// A nested map (`key:` alone on its line, then indented `sub: value` lines) merged key by
    /// key; `nil` when the entry is not one on every side, the key line or the indentation
    /// differ, or the nested merge had to record a value (it is then decided as one value).
    func nestedMerge(key: String, base b: MergeSide.Block?, ours o: MergeSide.Block, theirs t: MergeSide.Block) -> [UInt8]? {
        guard let (oursLine, oursIndent, oursInner) = Self.nestedMap(o.entry),
            let (theirsLine, theirsIndent, theirsInner) = Self.nestedMap(t.entry),
            oursLine == theirsLine, oursIndent == theirsIndent
        else { return nil }
        var baseInner: [UInt8] = []
        if let b {
            guard let (baseLine, baseIndent, inner) = Self.nestedMap(b.entry), baseLine == oursLine, baseIndent == oursIndent else { return nil }
            baseInner = inner
        }
        func side(_ inner: [UInt8]) -> MergeSide { MergeSide(Array("---\n".utf8) + inner + Array("---\n".utf8)) }
        let (baseSide, oursSide, theirsSide) = (side(baseInner), side(oursInner), side(theirsInner))
        guard oursSide.parsed, theirsSide.parsed, baseSide.parsed, oursSide.blocks != nil, theirsSide.blocks != nil else { return nil }
        let inner = FrontMatterMerge(base: baseSide, ours: oursSide, theirs: theirsSide, timeZone: timeZone).merge()
        guard inner.recorded.isEmpty, !inner.hasBOM, inner.block.count >= 8 else { return nil }
        // The merged block without its fences, indented again.
        let lines = inner.block.dropFirst(4).dropLast(4).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var entry = oursLine
        for line in lines.dropLast() {
            entry += (line.isEmpty ? [] : oursIndent) + line + [UInt8(ascii: "\n")]
        }
        guard Self.readsBackAsOneEntry(entry, key: key) != nil else { return nil }
        return entry
    }

    /// git's line merge of the entry's lines, when it is clean and reads back as this one key
    /// (for a list, with the items the set merge gives); `nil` otherwise.
    func lineMerge(key: String, base b: MergeSide.Block?, ours o: MergeSide.Block, theirs t: MergeSide.Block) -> [UInt8]? {
        let multiLine = [b?.entry, o.entry, t.entry].contains { entry in (entry?.filter { $0 == UInt8(ascii: "\n") }.count ?? 0) > 1 }
        guard multiLine,
            let output = try? GitMergeFile.merge(base: b?.entry ?? [], ours: o.entry, theirs: t.entry, labels: NoteMerge.Labels(), markerSize: 7),
            !output.hasConflicts, let value = Self.readsBackAsOneEntry(output.bytes, key: key)
        else { return nil }
        if let list = ListMerge(key: key, base: b, ours: o, theirs: t) {
            guard ListMerge.items(of: value, key: key) == list.items else { return nil }
        }
        return output.bytes
    }

    /// The key line, the indentation and the dedented lines of a nested map entry.
    private static func nestedMap(_ entry: [UInt8]) -> (line: [UInt8], indent: [UInt8], inner: [UInt8])? {
        let lines = entry.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        guard lines.count >= 3, let keyLine = lines.first, keyLine.last == UInt8(ascii: ":") else { return nil }
        let body = lines.dropFirst().dropLast()
        guard let first = body.first(where: { !$0.isEmpty }) else { return nil }
        let indent = Array(first.prefix { $0 == UInt8(ascii: " ") })
        guard !indent.isEmpty, first.dropFirst(indent.count).first != UInt8(ascii: "-") else { return nil }
        var inner: [UInt8] = []
        for line in body {
            if line.isEmpty {
                inner.append(UInt8(ascii: "\n"))
                continue
            }
            guard line.starts(with: indent) else { return nil }
            inner += line.dropFirst(indent.count) + [UInt8(ascii: "\n")]
        }
        return (keyLine + [UInt8(ascii: "\n")], indent, inner)
    }

    /// The value of `entry` when it reads back as exactly one entry named `key` (without the
    /// `#2` a repeated key gets).
    static func readsBackAsOneEntry(_ entry: [UInt8], key: String) -> FrontMatter.Value? {
        guard case .parsed(let frontMatter) = FrontMatterParser.read(Array("---\n".utf8) + entry + Array("---\n".utf8), file: "").0,
            frontMatter.entries.count == 1,
            FrontMatterKey.canonicalName(frontMatter.entries[0].key) == String(key.prefix { $0 != "#" })
        else { return nil }
        return frontMatter.entries[0].value
    }
}
