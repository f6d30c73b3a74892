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
/// A side's front matter that does not parse (or repeats a key) is still merged key by key, its
/// lines cut at each `key:` line (``MergeSide``), so markers stay in the body. Only a merged
/// block that would not read back goes through git's text merge of the whole files: never worse
/// than without the driver.
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
        /// Whether the merged front matter would not have read back, so the whole files went
        /// through git's text merge instead.
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
        let baseSide = MergeSide(base)
        let oursSide = MergeSide(ours)
        let theirsSide = MergeSide(theirs)
        let frontMatter = FrontMatterMerge(base: baseSide, ours: oursSide, theirs: theirsSide, timeZone: timeZone).merge()
        var bytes: [UInt8] = frontMatter.hasBOM ? [0xEF, 0xBB, 0xBF] : []
        bytes += frontMatter.block
        let body = try mergeBodies(baseSide, oursSide, theirsSide, labels: labels, markerSize: markerSize)
        bytes += body.bytes
        // The merged block must read back as front matter with each key once (as enote reads
        // it, when every side did); if it ever did not, git's text merge is the safe answer.
        let check = MergeSide(bytes)
        let everySideParsed = baseSide.parsed && oursSide.parsed && theirsSide.parsed
        guard (check.blocks != nil) == !frontMatter.block.isEmpty, check.parsed || !everySideParsed else {
            return try textMerge(base: base, ours: ours, theirs: theirs, labels: labels, markerSize: markerSize)
        }
        return Result(bytes: bytes, hasConflicts: body.hasConflicts, recordedConflicts: frontMatter.recorded, usedTextMerge: false)
    }

    /// The three bodies merged: identical or changed on one side only, that side; otherwise
    /// `git merge-file`. When a side only converted its line endings (every side ends its lines
    /// one way, and one of them with CRLF), the bodies are merged as LF text and the result is
    /// written with the line ending of the side that changed it, so the merge does not depend on
    /// which side is ours.
    private static func mergeBodies(
        _ base: MergeSide, _ ours: MergeSide, _ theirs: MergeSide, labels: Labels, markerSize: Int
    ) throws(NoteMergeError) -> (bytes: [UInt8], hasConflicts: Bool) {
        let endings = [base.bodyEnding, ours.bodyEnding, theirs.bodyEnding]
        let normalise = !endings.contains(.mixed) && endings.contains(.crlf)
        let bodies = [base, ours, theirs].map { normalise ? MergeSide.lf($0.body) : $0.body }
        var merged: (bytes: [UInt8], hasConflicts: Bool)
        switch ThreeWay(base: bodies[0], ours: bodies[1], theirs: bodies[2]) {
        case .resolved(let body):
            merged = (body ?? [], false)
        case .bothChanged:
            let output = try GitMergeFile.merge(base: bodies[0], ours: bodies[1], theirs: bodies[2], labels: labels, markerSize: markerSize)
            merged = (output.bytes, output.hasConflicts)
        }
        guard normalise else { return merged }
        let written = endings.map { $0 == .crlf ? FrontMatter.LineEnding.crlf : $0 == .lf ? .lf : nil }
        let ending: FrontMatter.LineEnding
        switch ThreeWay(base: written[0], ours: written[1], theirs: written[2]) {
        case .resolved(let value): ending = value ?? .lf
        case .bothChanged(let o, let t): ending = o == .crlf || t == .crlf ? .crlf : .lf
        }
        return (MergeSide.withLineEnding(merged.bytes, ending), merged.hasConflicts)
    }

    private static func textMerge(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: Labels, markerSize: Int) throws(NoteMergeError) -> Result {
        let output = try GitMergeFile.merge(base: base, ours: ours, theirs: theirs, labels: labels, markerSize: markerSize)
        return Result(bytes: output.bytes, hasConflicts: output.hasConflicts, recordedConflicts: [], usedTextMerge: true)
    }
}
