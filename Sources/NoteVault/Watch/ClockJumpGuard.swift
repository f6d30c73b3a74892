import Foundation

/// Notices the system clock being set far ahead of the time that really passed, so that the
/// watcher does not destroy notes that became due only because of the jump (RELIABILITY
/// row 27).
///
/// Before each expiry pass the watcher reads the wall clock and the elapsed-time clock
/// (``VaultClock/elapsed()``, which is never set and counts time asleep, so waking a laptop is
/// no jump). When the wall clock moved more than ``tolerance`` further than the elapsed time
/// since the previous pass, the dates it skipped are remembered: a note whose destroy date lies
/// among them is kept until the user runs `enote expire` (which does not have this check), the
/// watcher restarts, or the clock is set back from them. Notes that become due afterwards are
/// destroyed as usual. The first pass has nothing to compare with; the cap of a pass
/// (``Expirer``) still guards it.
///
/// For example, with the clock set from 2026 to 2099 between two passes:
///
/// ```swift
/// var clockGuard = ClockJumpGuard()
/// _ = clockGuard.observe(wall: year2026, elapsed: 100)
/// let jump = clockGuard.observe(wall: year2099, elapsed: 160)  // ≈ 73 years more than 60 s
/// clockGuard.holdsBack(year2050)  // true: due only because of the jump
/// ```
struct ClockJumpGuard {
    /// A jump of the wall clock ahead of the elapsed time.
    struct Jump: Equatable {
        /// Where the wall clock should have been.
        var expected: Date
        /// Where it was.
        var actual: Date

        /// How far ahead it went, in seconds.
        var seconds: Double { actual.timeIntervalSince(expected) }

        /// The size for a message: "5 hours", "3 days", "73 years".
        var size: LocalizedMessage {
            let hours = seconds / 3_600
            if hours < 48 { return "\(count: Int(hours.rounded())) hours" }
            let days = hours / 24
            if days < 730 { return "\(count: Int(days.rounded())) days" }
            return "\(count: Int((days / 365.25).rounded())) years"
        }
    }

    /// How much further than the elapsed time the wall clock may move between two passes
    /// without counting as a jump (time-zone mistakes and NTP corrections stay below it).
    static let tolerance: Double = 3_600

    private var previous: (wall: Date, elapsed: Double)?
    /// The stretches of dates the clock jumped over: after `expected`, up to `actual`.
    private(set) var skipped: [Jump] = []

    /// Takes the readings of one pass.
    /// - Returns: The jump since the previous pass, if the wall clock jumped ahead.
    mutating func observe(wall: Date, elapsed: Double) -> Jump? {
        defer { previous = (wall, elapsed) }
        // The clock was set back into or before a stretch, so the jump was a mistake now put
        // right: the notes in it are due by the time that really passed, or not due yet.
        skipped.removeAll { wall < $0.actual }
        guard let previous else { return nil }
        let jump = Jump(expected: previous.wall.addingTimeInterval(elapsed - previous.elapsed), actual: wall)
        guard jump.seconds > Self.tolerance else { return nil }
        skipped.append(jump)
        return jump
    }

    /// Whether a note due at `date` became due only because the clock jumped.
    func holdsBack(_ date: Date) -> Bool {
        skipped.contains { date > $0.expected && date <= $0.actual }
    }
}
