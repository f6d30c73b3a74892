import Foundation

/// Merges three versions of a note's front matter key by key, so that the result is the same
/// bytes whichever side git calls ours.
///
/// For each key (by canonical name):
/// - unchanged on both sides, changed on one side only, or changed the same way on both: that
///   version, byte for byte (its comment and quoting too); a key added on one side is added, one
///   removed on one side and unchanged on the other is removed;
/// - changed differently on both sides:
///   - `updated` takes the later time and `created` the earlier;
///   - an entry of several lines (a nested map, a block list with comments) is first merged
///     inside: a nested map key by key, by these same rules; other lines by git's line merge;
///   - two lists (such as `tags`, also when written as one string) are merged as sets: an item
///     added on either side is added, one removed on either side is removed (``ListMerge``);
///   - any other key takes the value of the side whose `updated` is later (when both are the
///     same, the value whose line sorts first byte by byte), and the other value is recorded in
///     ``MergeConflicts`` — except `order`, where the later move simply wins;
///   - removed on one side and changed on the other: the changed value stays, and the removal is
///     recorded.
///
/// Comment and blank lines belong to the key below them. The BOM and the line ending are each
/// taken from the side that changed them.
struct FrontMatterMerge {
    /// The merged block.
    struct Result {
        /// Whether the merged file starts with a BOM.
        var hasBOM: Bool
        /// The front matter, fences included, in the merged line ending; empty when the merged
        /// note has none.
        var block: [UInt8]
        /// The items added to ``MergeConflicts``.
        var recorded: [String]
    }

    let base: MergeSide
    let ours: MergeSide
    let theirs: MergeSide
    let timeZone: TimeZone

    func merge() -> Result {
        let hasBOM = Self.choose(base.hasBOM, ours.hasBOM, theirs.hasBOM) { $0 || $1 }
        let lineEnding = Self.choose(base.lineEnding, ours.lineEnding, theirs.lineEnding) { $0 == .crlf || $1 == .crlf ? .crlf : .lf }
        var output: [(key: String, gap: [UInt8], entry: [UInt8]?)] = []
        var recorded: [String] = []
        for key in keyOrder() {
            let (b, o, t) = (base.block(key), ours.block(key), theirs.block(key))
            let gap = Self.union(ThreeWay(base: b?.gap, ours: o?.gap, theirs: t?.gap)) ?? []
            var entry: [UInt8]?
            switch ThreeWay(base: b?.entry, ours: o?.entry, theirs: t?.entry) {
            case .resolved(let bytes):
                entry = bytes
            case .bothChanged:
                let decision = decide(key: key, base: b, ours: o, theirs: t)
                entry = decision.entry
                if let item = decision.recorded { recorded.append(item) }
            }
            output.append((key, gap, entry))
        }
        if !recorded.isEmpty {
            var items = mergedConflictItems(output.first { $0.key == MergeConflicts.key }?.entry)
            for item in recorded where !items.contains(item) { items.append(item) }
            let entry = Array("\(MergeConflicts.key): \(YAMLWriter.flowList(items))\n".utf8)
            if let index = output.firstIndex(where: { $0.key == MergeConflicts.key }) {
                output[index].entry = entry
            } else {
                output.append((MergeConflicts.key, [], entry))
            }
        }
        let trailing =
            Self.union(
                ThreeWay(
                    base: base.blocks.map { _ in base.trailingGap }, ours: ours.blocks.map { _ in ours.trailingGap },
                    theirs: theirs.blocks.map { _ in theirs.trailingGap })) ?? []
        let hasEntries = output.contains { $0.entry != nil }
        let keepsBlock = (ours.blocks != nil || theirs.blocks != nil) && (hasEntries || (ours.blocks != nil && theirs.blocks != nil))
        guard keepsBlock else { return Result(hasBOM: hasBOM, block: [], recorded: recorded) }
        var block = Array("---\n".utf8)
        for part in output {
            block += part.gap
            if let entry = part.entry { block += entry }
        }
        block += trailing
        let fences = ThreeWay(
            base: base.blocks.map { _ in base.closingFence }, ours: ours.blocks.map { _ in ours.closingFence },
            theirs: theirs.blocks.map { _ in theirs.closingFence })
        switch fences {
        case .resolved(let fence): block += fence ?? Array("---\n".utf8)
        case .bothChanged(let o, let t): block += [o, t].compactMap { $0 }.min { $0.sortsBefore($1) } ?? Array("---\n".utf8)
        }
        return Result(hasBOM: hasBOM, block: MergeSide.withLineEnding(block, lineEnding), recorded: recorded)
    }

    /// The keys of the base in its order, then those added on either side: each side's in its
    /// own order, the side whose added lines sort first before the other.
    private func keyOrder() -> [String] {
        let baseKeys = base.blocks?.map(\.key) ?? []
        let oursAdded = (ours.blocks ?? []).filter { !baseKeys.contains($0.key) }
        let theirsAdded = (theirs.blocks ?? []).filter { !baseKeys.contains($0.key) }
        let oursFirst = oursAdded.flatMap(\.entry).sortsBefore(theirsAdded.flatMap(\.entry)) || theirsAdded.isEmpty
        let (first, second) = oursFirst ? (oursAdded, theirsAdded) : (theirsAdded, oursAdded)
        var keys = baseKeys
        for block in first + second where !keys.contains(block.key) { keys.append(block.key) }
        return keys
    }

    /// The entry for a key both sides changed differently, and the item recorded for the value
    /// left out.
    private func decide(key: String, base b: MergeSide.Block?, ours o: MergeSide.Block?, theirs t: MergeSide.Block?) -> (entry: [UInt8]?, recorded: String?) {
        guard let o, let t else {
            // Removed on one side, changed on the other: keep the change, record the removal.
            let kept = (o ?? t)!
            return (kept.entry, MergeConflicts.item(key: kept.spelling, value: nil))
        }
        // Entries of several lines (a nested map, a block list with comments): merged inside,
        // so an edit of each side to different lines is kept.
        if let merged = nestedMerge(key: key, base: b, ours: o, theirs: t) ?? lineMerge(key: key, base: b, ours: o, theirs: t) {
            return (merged, nil)
        }
        let smaller = o.entry.sortsBefore(t.entry) ? o : t
        if o.value == t.value && o.spelling == t.spelling { return (smaller.entry, nil) }
        switch key {
        case FrontMatterKey.updated.rawValue, FrontMatterKey.created.rawValue:
            guard let oursDate = instant(o.value), let theirsDate = instant(t.value), oursDate != theirsDate else {
                return (smaller.entry, nil)
            }
            let later = oursDate > theirsDate ? o : t
            let earlier = oursDate > theirsDate ? t : o
            return (key == FrontMatterKey.updated.rawValue ? later.entry : earlier.entry, nil)
        default:
            break
        }
        if let list = ListMerge(key: key, base: b, ours: o, theirs: t) {
            return (list.mergedEntry(), nil)
        }
        return winner(key: key, o, t)
    }

    /// The value of the side edited later (by `updated`), or the one whose line sorts first;
    /// the other is recorded, except for `order`.
    private func winner(key: String, _ o: MergeSide.Block, _ t: MergeSide.Block) -> (entry: [UInt8]?, recorded: String?) {
        let oursUpdated = ours.block(FrontMatterKey.updated.rawValue).flatMap { instant($0.value) }
        let theirsUpdated = theirs.block(FrontMatterKey.updated.rawValue).flatMap { instant($0.value) }
        let oursWins: Bool
        switch (oursUpdated, theirsUpdated) {
        case (let a?, let b?) where a != b: oursWins = a > b
        case (.some, nil): oursWins = true
        case (nil, .some): oursWins = false
        default: oursWins = o.entry.sortsBefore(t.entry)
        }
        let (kept, other) = oursWins ? (o, t) : (t, o)
        if key == FrontMatterKey.order.rawValue { return (kept.entry, nil) }
        return (kept.entry, MergeConflicts.item(key: other.spelling, value: other.value))
    }

    /// The items of the merged `conflicts` entry (before this merge's records).
    private func mergedConflictItems(_ entry: [UInt8]?) -> [String] {
        guard let entry else { return [] }
        for side in [ours, theirs, base] {
            if let block = side.block(MergeConflicts.key), block.entry == entry { return block.value.strings }
        }
        // A merged list: read it back.
        let (reading, _) = FrontMatterParser.read(Array("---\n".utf8) + entry + Array("---\n".utf8), file: "")
        if case .parsed(let frontMatter) = reading { return MergeConflicts.items(in: frontMatter) }
        return []
    }

    /// A front matter date as an instant, when it is one.
    private func instant(_ value: FrontMatter.Value) -> Date? {
        guard let text = value.string, let date = try? NoteDate(parsing: text) else { return nil }
        return date.resolved(in: timeZone)
    }

    /// Lines both sides changed differently (comments, blank lines): both kept, the ones that
    /// sort first first.
    private static func union(_ decision: ThreeWay<[UInt8]>) -> [UInt8]? {
        switch decision {
        case .resolved(let bytes): return bytes
        case .bothChanged(let o, let t):
            guard let o, let t else { return o ?? t }
            return o.sortsBefore(t) ? o + t : t + o
        }
    }

    /// A two-valued property (BOM, line ending): the side that changed it; when there is no
    /// base to tell, `tie` decides.
    private static func choose<T: Equatable>(_ base: T, _ ours: T, _ theirs: T, tie: (T, T) -> T) -> T {
        switch ThreeWay(base: base, ours: ours, theirs: theirs) {
        case .resolved(let value): return value ?? ours
        case .bothChanged(let o, let t): return tie(o!, t!)
        }
    }
}
