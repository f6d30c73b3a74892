import Foundation
import Testing

@testable import NoteVault

@Suite("DateInput")
struct DateInputTests {
    /// 2026-11-22 10:47:00 in Moscow (07:47 UTC).
    static let now = utc(2026, 11, 22, 7, 47)
    static let moscow = VaultClock.fixed(now, timeZone: zone("Europe/Moscow"))

    static let relative: [(String, TimeInterval)] = [
        ("now", 0), ("30m", 1_800), ("12h", 43_200), ("3d", 259_200), ("2w", 1_209_600), ("45s", 45), ("0m", 0),
        ("  3D ", 259_200), ("NOW", 0),
    ]

    @Test(arguments: relative)
    func relativeForms(_ text: String, _ seconds: TimeInterval) throws {
        #expect(try DateInput.parse(text, clock: Self.moscow) == Self.now.addingTimeInterval(seconds))
    }

    @Test(arguments: [
        ("today", utc(2026, 11, 21, 21)),
        ("tomorrow", utc(2026, 11, 22, 21)),
        ("Tomorrow", utc(2026, 11, 22, 21)),
    ])
    func calendarDaysInTheClockTimeZone(_ text: String, _ expected: Date) throws {
        #expect(try DateInput.parse(text, clock: Self.moscow) == expected)
    }

    /// On the day New York's clocks spring forward, "tomorrow" is the next local midnight (23
    /// hours after today's), while "1d" is exactly 24 hours of elapsed time (decision: durations
    /// are elapsed time, not calendar days).
    @Test func tomorrowAcrossDaylightSavingChange() throws {
        let clock = VaultClock.fixed(utc(2026, 3, 8, 16), timeZone: zone("America/New_York"))
        let today = try DateInput.parse("today", clock: clock)
        let tomorrow = try DateInput.parse("tomorrow", clock: clock)
        #expect(today == utc(2026, 3, 8, 5))
        #expect(tomorrow == utc(2026, 3, 9, 4))
        #expect(tomorrow.timeIntervalSince(today) == 23 * 3600)
        #expect(try DateInput.parse("1d", clock: clock) == utc(2026, 3, 9, 16))
    }

    @Test(arguments: [
        ("2026-12-01", "Europe/Moscow", utc(2026, 11, 30, 21)),
        ("2026-12-01 18:00", "America/New_York", utc(2026, 12, 1, 23)),
        ("2026-12-01T18:00+02:00", "UTC", utc(2026, 12, 1, 16)),
    ])
    func absoluteDatesUseTheClockTimeZone(_ text: String, _ zoneName: String, _ expected: Date) throws {
        let clock = VaultClock.fixed(Self.now, timeZone: zone(zoneName))
        #expect(try DateInput.parse(text, clock: clock) == expected)
    }

    @Test(arguments: ["", "yesterday", "next week", "3", "d", "-3d", "3x", "3 d", "1.5h", "2024-13-45", "01/06/2024", "1000000d", "m30"])
    func refusals(_ text: String) {
        let error = #expect(throws: DateInput.ParseError.self) { try DateInput.parse(text, clock: Self.moscow) }
        #expect(error?.text == text)
        #expect(error?.description.contains("30m, 12h, 3d, 2w") == true)
    }

    @Test(arguments: [("90s", 90.0), ("5m", 300.0), ("1h", 3600.0), ("1d", 86_400.0), ("1w", 604_800.0)])
    func durations(_ text: String, _ seconds: TimeInterval) {
        #expect(DateInput.Duration.seconds(parsing: text) == seconds)
    }

    @Test func systemClockAndFixedClock() {
        let fixed = VaultClock.fixed(Self.now, timeZone: zone("UTC"))
        #expect(fixed.now() == Self.now)
        #expect(fixed.timeZone == zone("UTC"))
        #expect(VaultClock.system.timeZone == TimeZone.current)
    }
}
