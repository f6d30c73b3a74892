import Synchronization

/// Counts libcmark parses, for tests that hold a feature to a number of them (a note's web page
/// is read and rendered in one): set as ``current`` for a task, it counts every parse that task
/// makes, and nothing else is counted.
package final class MarkdownParseCounter: Sendable {
    /// The counter of the current task, if a test set one.
    @TaskLocal package static var current: MarkdownParseCounter?

    private let parses = Atomic<Int>(0)

    package init() {}

    /// How many parses were counted.
    package var count: Int { parses.load(ordering: .relaxed) }

    func countOne() {
        parses.add(1, ordering: .relaxed)
    }
}
