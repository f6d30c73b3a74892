import Foundation
import Testing

@testable import NoteVault

/// When the wall clock counts as having jumped ahead, and which destroy dates that holds back
/// (RELIABILITY row 27).
@Suite("ClockJumpGuard")
struct ClockJumpGuardTests {
    let start = Date(timeIntervalSince1970: 1_795_035_200)  // 2026-11-18T20:53:20Z
    let day = 86_400.0

    @Test("the first reading has nothing to compare with")
    func firstReading() {
        var clockGuard = ClockJumpGuard()
        #expect(clockGuard.observe(wall: start, elapsed: 5) == nil)
        #expect(!clockGuard.holdsBack(start))
    }

    @Test(
        "wall and elapsed time moving together is no jump, and neither is a drift within an hour",
        arguments: [
            (600.0, 600.0), (86_400.0, 86_400.0), (3_000.0, 0.0), (3_600.0, 0.0), (0.0, 500.0), (-7_200.0, 0.0),
        ] as [(Double, Double)])
    func noJump(wallMoved: Double, elapsedMoved: Double) {
        var clockGuard = ClockJumpGuard()
        _ = clockGuard.observe(wall: start, elapsed: 100)
        #expect(clockGuard.observe(wall: start.addingTimeInterval(wallMoved), elapsed: 100 + elapsedMoved) == nil)
        #expect(clockGuard.skipped.isEmpty)
    }

    /// A laptop asleep for a night: the elapsed clock (CLOCK_BOOTTIME) counts the night too, so
    /// notes due during it are destroyed on waking.
    @Test("a suspended machine waking up is no jump")
    func suspendIsNoJump() {
        var clockGuard = ClockJumpGuard()
        _ = clockGuard.observe(wall: start, elapsed: 100)
        #expect(clockGuard.observe(wall: start.addingTimeInterval(9 * 3_600), elapsed: 100 + 9 * 3_600) == nil)
        #expect(!clockGuard.holdsBack(start.addingTimeInterval(3_600)))
    }

    @Test("a jump holds back exactly the dates it skipped, and is sized for a message")
    func jumpHoldsBackWhatItSkipped() throws {
        var clockGuard = ClockJumpGuard()
        _ = clockGuard.observe(wall: start, elapsed: 100)
        let jumped = start.addingTimeInterval(3 * day + 60)
        let observed = clockGuard.observe(wall: jumped, elapsed: 160)
        let jump = try #require(observed)
        #expect(jump.expected == start.addingTimeInterval(60))
        #expect(jump.size.english == "3 days")

        #expect(!clockGuard.holdsBack(start), "due before the jump: really due")
        #expect(!clockGuard.holdsBack(start.addingTimeInterval(60)), "due by the time that really passed")
        #expect(clockGuard.holdsBack(start.addingTimeInterval(61)))
        #expect(clockGuard.holdsBack(start.addingTimeInterval(2 * day)))
        #expect(clockGuard.holdsBack(jumped))
        #expect(!clockGuard.holdsBack(jumped.addingTimeInterval(1)), "due after the jump: due by the new clock")

        // Later passes keep holding the stretch back, without reporting the jump again.
        #expect(clockGuard.observe(wall: jumped.addingTimeInterval(600), elapsed: 760) == nil)
        #expect(clockGuard.holdsBack(start.addingTimeInterval(2 * day)))
    }

    @Test("the clock set back before the stretch releases it")
    func clockSetBack() throws {
        var clockGuard = ClockJumpGuard()
        _ = clockGuard.observe(wall: start, elapsed: 100)
        let jump = clockGuard.observe(wall: start.addingTimeInterval(30 * 365 * day), elapsed: 110)
        #expect(jump != nil)
        #expect(clockGuard.holdsBack(start.addingTimeInterval(day)))

        #expect(clockGuard.observe(wall: start.addingTimeInterval(20), elapsed: 120) == nil)
        #expect(clockGuard.skipped.isEmpty)
        #expect(!clockGuard.holdsBack(start.addingTimeInterval(day)), "due in the normal course again")
    }

    @Test(
        "sizes read as hours, days or years",
        arguments: [
            (3_601.0, "1 hour"), (18_000.0, "5 hours"), (169_200.0, "47 hours"), (259_200.0, "3 days"),
            (60_480_000.0, "700 days"), (2_303_704_800.0, "73 years"),
        ] as [(Double, String)])
    func sizes(seconds: Double, text: String) {
        let jump = ClockJumpGuard.Jump(expected: start, actual: start.addingTimeInterval(seconds))
        #expect(jump.size.english == text)
    }
}
