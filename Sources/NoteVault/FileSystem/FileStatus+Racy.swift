import Foundation

extension FileStatus {
    /// How much older than a read a file's modification and status-change times must be for
    /// an unchanged status to prove the file unchanged, in nanoseconds. File system times are
    /// coarse: a write in the same tick as the read can leave them as they were, so a file
    /// changed more recently than this is read again (the index marks it `racy`, the text cache
    /// does not keep it). The one home of this rule.
    static let racyWindow: Int64 = 2_000_000_000

    /// The time, in nanoseconds since 1970, after which a file's times are too recent to prove
    /// anything, for a read now.
    static func racyAfter(now: Date = Date()) -> Int64 {
        Int64(now.timeIntervalSince1970 * 1_000_000_000) - racyWindow
    }
}
