import Foundation
import Testing

@testable import NoteVault

/// An instant from UTC calendar fields, through Foundation's calendar (an independent oracle).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier)! }

@Suite("NoteDate")
struct NoteDateTests {
    struct Resolution: Sendable, CustomTestStringConvertible {
        var text: String
        var zone: String
        var expected: Date
        var testDescription: String { "\(text) in \(zone)" }
    }

    static let resolutions: [Resolution] = [
        // A date alone is 00:00 local time on that day.
        Resolution(text: "2026-12-01", zone: "Europe/Moscow", expected: utc(2026, 11, 30, 21)),
        Resolution(text: "2026-12-01", zone: "America/New_York", expected: utc(2026, 12, 1, 5)),
        Resolution(text: "2026-12-01", zone: "UTC", expected: utc(2026, 12, 1)),
        Resolution(text: "2026-12-01 18:00", zone: "Europe/Moscow", expected: utc(2026, 12, 1, 15)),
        Resolution(text: "2026-12-01T18:00", zone: "America/New_York", expected: utc(2026, 12, 1, 23)),
        Resolution(text: "2026-12-01T18:00:30", zone: "UTC", expected: utc(2026, 12, 1, 18, 0, 30)),
        // New York in summer time, and on the days the clocks change.
        Resolution(text: "2026-07-01T12:00", zone: "America/New_York", expected: utc(2026, 7, 1, 16)),
        Resolution(text: "2026-03-08", zone: "America/New_York", expected: utc(2026, 3, 8, 5)),
        Resolution(text: "2026-03-08 01:30", zone: "America/New_York", expected: utc(2026, 3, 8, 6, 30)),
        Resolution(text: "2026-03-08 03:30", zone: "America/New_York", expected: utc(2026, 3, 8, 7, 30)),
        Resolution(text: "2026-03-08T12:00", zone: "America/New_York", expected: utc(2026, 3, 8, 16)),
        Resolution(text: "2026-11-01T12:00", zone: "America/New_York", expected: utc(2026, 11, 1, 17)),
        Resolution(text: "2026-11-02", zone: "America/New_York", expected: utc(2026, 11, 2, 5)),
        // An explicit offset wins over the time zone.
        Resolution(text: "2026-12-01T18:00Z", zone: "Europe/Moscow", expected: utc(2026, 12, 1, 18)),
        Resolution(text: "2026-12-01T18:00z", zone: "America/New_York", expected: utc(2026, 12, 1, 18)),
        Resolution(text: "2026-12-01T18:00+02:00", zone: "America/New_York", expected: utc(2026, 12, 1, 16)),
        Resolution(text: "2026-12-01T18:00+0200", zone: "UTC", expected: utc(2026, 12, 1, 16)),
        Resolution(text: "2026-12-01T18:00-05:30", zone: "Europe/Moscow", expected: utc(2026, 12, 1, 23, 30)),
        Resolution(text: "2026-12-01 18:00:30 +03:00", zone: "UTC", expected: utc(2026, 12, 1, 15, 0, 30)),
        Resolution(text: "2026-01-01T01:00+03:00", zone: "UTC", expected: utc(2025, 12, 31, 22)),
        Resolution(text: "  2026-12-01  ", zone: "UTC", expected: utc(2026, 12, 1)),
        // Leap days and old dates.
        Resolution(text: "2024-02-29", zone: "UTC", expected: utc(2024, 2, 29)),
        Resolution(text: "2000-02-29T23:59:59Z", zone: "UTC", expected: utc(2000, 2, 29, 23, 59, 59)),
        Resolution(text: "1969-12-31T23:59:59Z", zone: "UTC", expected: utc(1969, 12, 31, 23, 59, 59)),
    ]

    @Test(arguments: resolutions)
    func resolvesAgainstTimeZone(_ sample: Resolution) throws {
        let date = try NoteDate(parsing: sample.text)
        #expect(date.resolved(in: zone(sample.zone)) == sample.expected)
    }

    @Test(arguments: [
        ("2026-12-01T18:00:30.25Z", 0.25),
        ("2026-12-01T18:00:30.5+00:00", 0.5),
        ("2026-12-01 18:00:30.123456789", 0.123456789),
        ("2026-12-01T18:00:30.1234567891234Z", 0.123456789),
    ])
    func fractionalSeconds(_ text: String, _ fraction: Double) throws {
        let date = try NoteDate(parsing: text)
        let resolved = date.resolved(in: zone("UTC"))
        #expect(abs(resolved.timeIntervalSince(utc(2026, 12, 1, 18, 0, 30)) - fraction) < 1e-6)
        #expect(date.nanosecond == Int((fraction * 1e9).rounded()))
    }

    @Test(arguments: [
        ("2026-12-01", false, nil as Int?, "2026-12-01"),
        ("2026-12-01 18:00", true, nil, "2026-12-01T18:00:00"),
        ("2026-12-01T18:00:30", true, nil, "2026-12-01T18:00:30"),
        ("2026-12-01T18:00Z", true, 0, "2026-12-01T18:00:00+00:00"),
        ("2026-12-01T18:00+0200", true, 7200, "2026-12-01T18:00:00+02:00"),
        ("2026-12-01T18:00-05:30", true, -19800, "2026-12-01T18:00:00-05:30"),
    ])
    func fieldsAndCanonicalText(_ text: String, _ hasTime: Bool, _ offset: Int?, _ canonical: String) throws {
        let date = try NoteDate(parsing: text)
        #expect(date.year == 2026 && date.month == 12 && date.day == 1)
        #expect(date.hasTime == hasTime)
        #expect(date.utcOffset == offset)
        #expect(date.description == canonical)
        // The canonical text reads back as the same date.
        #expect(try NoteDate(parsing: canonical) == date)
    }

    @Test(arguments: [
        "2024-13-45", "01/06/2024", "tomorrow", "", " ", "2024-02-30", "2023-02-29", "1900-02-29", "2100-02-29",
        "0000-00-00", "2024-00-10", "2024-04-31", "2024-1-1", "24-01-01", "2026-12-01T24:00", "2026-12-01T18:60",
        "2026-12-01T18", "2026-12-01T18:00:60", "2026-12-01T18:00:00.", "2026-12-01T18:00+15:00", "2026-12-01T18:00+02",
        "2026-12-01T18:00+02:60", "2026-12-01x", "2026-12-01T", "2026-12-01 18:00 UTC", "2026-12-01T18:00Z+01:00",
        // Decision: an offset belongs to a time; a date alone with an offset is refused.
        "2026-12-01Z", "2026-12-01+02:00",
    ])
    func refusesInvalidDates(_ text: String) {
        #expect(throws: NoteDate.ParseError.self) { try NoteDate(parsing: text) }
    }

    @Test func parseErrorNamesTheText() {
        let error = #expect(throws: NoteDate.ParseError.self) { try NoteDate(parsing: "2024-02-30") }
        #expect(error?.text == "2024-02-30")
        #expect(error?.description.contains("\"2024-02-30\" is not a date") == true)
        #expect(error?.reason.english.contains("day 30") == true)
        let month = #expect(throws: NoteDate.ParseError.self) { try NoteDate(parsing: "2024-13-45") }
        #expect(month?.reason.english.contains("month 13") == true)
    }

    @Test(arguments: [(2024, true), (2023, false), (1900, false), (2000, true), (2100, false), (2400, true), (1996, true)])
    func leapYears(_ year: Int, _ isLeap: Bool) {
        #expect(NoteDate.daysIn(month: 2, year: year) == (isLeap ? 29 : 28))
        #expect(((try? NoteDate(parsing: "\(year)-02-29")) != nil) == isLeap)
    }

    // MARK: - stamp

    @Test(arguments: [
        (utc(2026, 11, 22, 7, 47), "Europe/Moscow", "2026-11-22T10:47:00+03:00"),
        (utc(2026, 11, 22, 7, 47), "America/New_York", "2026-11-22T02:47:00-05:00"),
        (utc(2026, 7, 1, 7, 47, 5), "America/New_York", "2026-07-01T03:47:05-04:00"),
        (utc(2026, 11, 22, 7, 47), "UTC", "2026-11-22T07:47:00+00:00"),
        (utc(2026, 11, 22, 20, 0), "Asia/Kolkata", "2026-11-23T01:30:00+05:30"),
        (utc(2024, 2, 29, 23, 0), "Europe/Moscow", "2024-03-01T02:00:00+03:00"),
        (utc(1969, 12, 31, 23, 59, 59), "UTC", "1969-12-31T23:59:59+00:00"),
        (utc(1960, 1, 1, 3, 0), "America/New_York", "1959-12-31T22:00:00-05:00"),
        (utc(2026, 11, 22, 7, 47).addingTimeInterval(0.9), "Europe/Moscow", "2026-11-22T10:47:00+03:00"),
    ])
    func stampFormat(_ date: Date, _ zoneName: String, _ expected: String) throws {
        #expect(NoteDate.stamp(date, in: zone(zoneName)) == expected)
        // The stamp reads back as the same instant, to the second.
        let back = try NoteDate(parsing: expected).resolved(in: zone("UTC"))
        #expect(back == Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    @Test func civilDayArithmeticRoundTrips() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (year, month, day) = NoteDate.civilFromDays(days)
            #expect(NoteDate.daysFromCivil(year: year, month: month, day: day) == days)
            #expect((1...12).contains(month) && (1...NoteDate.daysIn(month: month, year: year)).contains(day))
        }
        #expect(NoteDate.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(NoteDate.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
    }
}
