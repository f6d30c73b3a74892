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

    // A listing keeps its formatters; every date still reads as a formatter made for it alone
    // would write it.
    @Test("a kept formatter writes what a new one writes, for times today and other days", arguments: ["en_US", "ru_RU", "ja_JP", "de_DE"])
    func keptFormatters(locale identifier: String) {
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        let locale = Locale(identifier: identifier)
        let display = DateDisplay(locale: locale, timeZone: zone)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        for offset in [0, -60, -3600, -86400, -86400 * 40, 3600, -86400 * 400] {
            let date = now.addingTimeInterval(Double(offset))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let fresh = DateFormatter()
            fresh.locale = locale
            fresh.timeZone = zone
            let today = calendar.isDate(date, inSameDayAs: now)
            fresh.dateStyle = today ? .none : .short
            fresh.timeStyle = today ? .short : .none
            #expect(display.short(date, now: now) == fresh.string(from: date), "\(identifier) \(offset)")
        }
    }
}
