import Foundation

/// The three-way merge of one note that `enote merge-driver` runs for git: the front matter
/// key by key (``FrontMatterMerge``), the body line by line with git's own merge
/// (`git merge-file`), so conflict markers only ever appear in the body and the front matter
/// always parses.
///
/// The result does not depend on which side is ours: swapping `ours` and `theirs` gives the
/// same bytes for every clean merge, and the same front matter always (conflict markers in a
/// body name the sides, so a conflicted body differs by the order of its two halves).
///
/// When a side's front matter cannot be read key by key (it does not parse, or repeats a key),
/// the whole files go through git's text merge: never worse than without the driver.
///
/// For example:
///
/// ```swift
/// let result = try NoteMerge.merge(base: base, ours: ours, theirs: theirs)
/// if result.hasConflicts { … }   // markers in the body; write result.bytes anyway
/// ```
public enum NoteMerge {
    /// The names written after conflict markers.
    public struct Labels: Sendable, Equatable {
        public var ours: String
        public var base: String
        public var theirs: String

        public init(ours: String = "ours", base: String = "base", theirs: String = "theirs") {
            self.ours = ours
            self.base = base
            self.theirs = theirs
        }
    }

    /// A merged note.
    public struct Result: Sendable, Equatable {
        /// The merged file.
        public var bytes: [UInt8]
        /// Whether the body (or, after a fallback, the file) has conflict markers.
        public var hasConflicts: Bool
        /// The values both sides changed differently that were left out and recorded in the
        /// front matter's ``MergeConflicts`` entry.
        public var recordedConflicts: [String]
        /// Whether the front matter could not be merged key by key, so the whole files went
        /// through git's text merge.
        public var usedTextMerge: Bool
    }

    /// Merges two versions of a note changed from `base`.
    /// - Parameters:
    ///   - markerSize: The length of conflict markers (git's `%L`, 7 by default).
    ///   - timeZone: The zone for `updated` and `created` times written without an offset.
    public static func merge(
        base: [UInt8],
        ours: [UInt8],
        theirs: [UInt8],
        labels: Labels = Labels(),
        markerSize: Int = 7,
        timeZone: TimeZone = .current
    ) throws(NoteMergeError) -> Result {
        switch ThreeWay(base: base, ours: ours, theirs: theirs) {
        case .resolved(let bytes):
            return Result(bytes: bytes ?? [], hasConflicts: false, recordedConflicts: [], usedTextMerge: false)
        case .bothChanged:
            break
        }
        guard let baseSide = MergeSide(base), let oursSide = MergeSide(ours), let theirsSide = MergeSide(theirs),
            baseSide.blocks != nil || oursSide.blocks != nil || theirsSide.blocks != nil
        else {
            return try textMerge(base: base, ours: ours, theirs: theirs, labels: labels, markerSize: markerSize)
        }
        let frontMatter = FrontMatterMerge(base: baseSide, ours: oursSide, theirs: theirsSide, timeZone: timeZone).merge()
        var bytes: [UInt8] = frontMatter.hasBOM ? [0xEF, 0xBB, 0xBF] : []
        bytes += frontMatter.block
        var hasConflicts = false
        switch ThreeWay(base: baseSide.body, ours: oursSide.body, theirs: theirsSide.body) {
        case .resolved(let body):
            bytes += body ?? []
        case .bothChanged:
            let body = try GitMergeFile.merge(
                base: baseSide.body, ours: oursSide.body, theirs: theirsSide.body, labels: labels, markerSize: markerSize)
            bytes += body.bytes
            hasConflicts = body.hasConflicts
        }
        // The merged block must read back as front matter with each key once; if it ever did
        // not, git's text merge is the safe answer.
        guard let check = MergeSide(bytes), (check.blocks != nil) == !frontMatter.block.isEmpty else {
            return try textMerge(base: base, ours: ours, theirs: theirs, labels: labels, markerSize: markerSize)
        }
        return Result(bytes: bytes, hasConflicts: hasConflicts, recordedConflicts: frontMatter.recorded, usedTextMerge: false)
    }

    private static func textMerge(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: Labels, markerSize: Int) throws(NoteMergeError) -> Result {
        let output = try GitMergeFile.merge(base: base, ours: ours, theirs: theirs, labels: labels, markerSize: markerSize)
        return Result(bytes: output.bytes, hasConflicts: output.hasConflicts, recordedConflicts: [], usedTextMerge: true)
    }
}
