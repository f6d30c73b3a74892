/// Two lists both sides changed, merged as sets: an item added on either side is added, one
/// removed on either side is removed. `tags` written as one string (`tags: home, work`) is read
/// as the list it means (``NoteMetadata``'s rule). The result keeps the form the sides use: a
/// string stays a string with the same separator, a block list keeps its lines, comments and
/// indentation, anything else becomes a flow list.
struct ListMerge {
    let key: String
    let base: MergeSide.Block?
    let ours: MergeSide.Block
    let theirs: MergeSide.Block
    /// The merged items.
    let items: [String]

    /// `nil` when a side's value is not a list (or, for `tags`, a string).
    init?(key: String, base: MergeSide.Block?, ours: MergeSide.Block, theirs: MergeSide.Block) {
        guard let oursItems = Self.items(of: ours.value, key: key), let theirsItems = Self.items(of: theirs.value, key: key) else { return nil }
        var baseItems: [String] = []
        if let base {
            guard let items = Self.items(of: base.value, key: key) else { return nil }
            baseItems = items
        }
        self.key = key
        self.base = base
        self.ours = ours
        self.theirs = theirs
        items = Self.setMerge(base: baseItems, ours: oursItems, theirs: theirsItems)
    }

    /// The items a value holds as a list, if it is one.
    static func items(of value: FrontMatter.Value, key: String) -> [String]? {
        switch value {
        case .list(let items): return items
        case .string(let text) where key == FrontMatterKey.tags.rawValue: return NoteMetadata.tagNames(inString: text)
        default: return nil
        }
    }

    /// The merged entry, in the sides' form.
    func mergedEntry() -> [UInt8] {
        if items == Self.items(of: ours.value, key: key) { return ours.entry }
        if items == Self.items(of: theirs.value, key: key) { return theirs.entry }
        let smaller = ours.entry.sortsBefore(theirs.entry) ? ours : theirs
        let spelling = base?.spelling ?? smaller.spelling
        let sides = [base, ours, theirs].compactMap { $0 }
        if sides.allSatisfy({ if case .string = $0.value { return true } else { return false } }) {
            let model = base?.value.string ?? smaller.value.string ?? ""
            let separator = model.contains(",") ? ", " : " "
            return Array("\(spelling): \(YAMLWriter.scalar(items.joined(separator: separator)))\n".utf8)
        }
        let blockLists = [ours, theirs].filter(Self.isBlockList).sorted { $0.entry.sortsBefore($1.entry) }
        if let template = base.flatMap({ Self.isBlockList($0) ? $0 : nil }) ?? blockLists.first {
            return blockList(from: template)
        }
        return Array("\(spelling): \(YAMLWriter.flowList(items))\n".utf8)
    }

    /// `template`'s lines, without the items no longer there and with the new ones after its
    /// last item, written as it writes them.
    private func blockList(from template: MergeSide.Block) -> [UInt8] {
        var lines: [[UInt8]] = []
        var present: [String] = []
        var insertAt: Int?
        var indent = Array("  ".utf8)
        for line in template.entry.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map(Array.init) {
            guard let item = Self.item(line) else {
                lines.append(line)
                continue
            }
            indent = Array(line.prefix { $0 == UInt8(ascii: " ") })
            if items.contains(item), !present.contains(item) {
                lines.append(line)
                present.append(item)
            }
            insertAt = lines.count
        }
        let added = items.filter { !present.contains($0) }.map { indent + Array("- \(YAMLWriter.scalar($0))".utf8) }
        lines.insert(contentsOf: added, at: insertAt ?? lines.count)
        return lines.flatMap { $0 + [UInt8(ascii: "\n")] }
    }

    /// Whether an entry is a block list (`key:` then `- item` lines).
    private static func isBlockList(_ block: MergeSide.Block) -> Bool {
        guard case .list = block.value else { return false }
        return block.entry.split(separator: UInt8(ascii: "\n")).dropFirst().contains { item(Array($0)) != nil }
    }

    /// The item a `- item` line holds, as the parser reads it.
    private static func item(_ line: [UInt8]) -> String? {
        let text = line.drop { $0 == UInt8(ascii: " ") }
        guard text.first == UInt8(ascii: "-"), text.count == 1 || text.dropFirst().first == UInt8(ascii: " ") else { return nil }
        guard case .parsed(let frontMatter) = FrontMatterParser.read(Array("---\nk:\n".utf8) + line + Array("\n---\n".utf8), file: "").0,
            case .list(let items)? = frontMatter.entries.first?.value, items.count == 1
        else { return nil }
        return items[0]
    }

    /// A three-way set merge that keeps order: the base's items that neither side removed, then
    /// those added on either side (the side whose additions sort first, first).
    static func setMerge(base: [String], ours: [String], theirs: [String]) -> [String] {
        var result: [String] = []
        for item in base where ours.contains(item) && theirs.contains(item) && !result.contains(item) { result.append(item) }
        let oursAdded = ours.filter { !base.contains($0) }
        let theirsAdded = theirs.filter { !base.contains($0) }
        let oursFirst = Array(oursAdded.joined(separator: "\0").utf8).sortsBefore(Array(theirsAdded.joined(separator: "\0").utf8))
        for item in (oursFirst ? oursAdded + theirsAdded : theirsAdded + oursAdded) where !result.contains(item) { result.append(item) }
        return result
    }
}
