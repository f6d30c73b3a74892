import Foundation
import NoteVault
import Testing

/// The original app's rule for a list's dates, now in the library so that every front end
/// shows the same: a time for today, a short date for any other day.
@Suite struct DateDisplayTests {
    let display = DateDisplay(locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!)
    // 2026-11-22 22:47 in London.
    let now = Date(timeIntervalSince1970: 1_795_387_620)

    @Test func todayShowsOnlyTheTime() {
        let earlier = now.addingTimeInterval(-3600 * 5)
        #expect(display.short(earlier, now: now) == "17:47")
    }

    @Test func anotherDayShowsTheDate() {
        let yesterday = now.addingTimeInterval(-3600 * 23)
        #expect(display.short(yesterday, now: now) == "21/11/2026")
    }

    @Test func todayIsDecidedInTheDisplaysTimeZone() {
        // 23:30 in London on the 22nd is already the 23rd in Tokyo.
        let tokyo = DateDisplay(locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let late = now.addingTimeInterval(43 * 60)
        #expect(display.short(late, now: now) == "23:30")
        #expect(tokyo.short(late, now: now) == "08:30")
        #expect(tokyo.short(now.addingTimeInterval(-3600 * 10), now: now) == "22/11/2026")
    }
}
