import Foundation

/// A day of the calendar, without a time or a time zone: what a task's `📅 2026-12-01` means,
/// and the day a daily note is for. Written and read as `YYYY-MM-DD`, which also sorts as text.
///
/// For example:
///
/// ```swift
/// let due = CalendarDay("2026-12-01")!
/// due.adding(days: 31).description   // "2027-01-01"
/// CalendarDay("2026-02-30")          // nil: that day does not exist
/// ```
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The day of a valid year (1 to 9999), month and day; `nil` for a day that does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...NoteDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        daysSinceEpoch = NoteDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// Reads exactly `YYYY-MM-DD` (four, two and two digits); `nil` for anything else or a day
    /// that does not exist (`2026-02-30`).
    public init?(_ description: String) {
        var text = description
        guard let day = text.withUTF8({ CalendarDay(ascii: $0) }) else { return nil }
        self = day
    }

    /// Reads `YYYY-MM-DD` from ten bytes.
    init?(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day it is at `date` in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        daysSinceEpoch = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// Year, month and day.
    public var components: (year: Int, month: Int, day: Int) { NoteDate.civilFromDays(daysSinceEpoch) }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// 0 for Sunday to 6 for Saturday.
    public var weekday: Int {
        ((daysSinceEpoch + 4) % 7 + 7) % 7
    }

    /// The first moment of the day in `timeZone` (for a day a time zone skips into, the first
    /// moment after the gap).
    public func start(in timeZone: TimeZone) -> Date {
        let midnightUTC = Double(daysSinceEpoch) * 86_400
        let guess = Date(timeIntervalSince1970: midnightUTC - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: midnightUTC))))
        let corrected = Date(timeIntervalSince1970: midnightUTC - Double(timeZone.secondsFromGMT(for: guess)))
        return CalendarDay(corrected, in: timeZone) == self ? corrected : guess
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return "\(NoteDate.pad(year, 4))-\(NoteDate.pad(month))-\(NoteDate.pad(day))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a day: \(text)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension CalendarDay {
    /// The day written in full for `locale`: `Tuesday, December 1, 2026`,
    /// `вторник, 1 декабря 2026 г.`, `2026年12月1日火曜日`.
    public func longText(locale: Locale) -> String {
        formatted(locale: locale) { $0.dateStyle = .full }
    }

    /// The day's weekday for `locale`: `Tuesday`, `вторник`, `火曜日`.
    public func weekdayName(locale: Locale) -> String {
        formatted(locale: locale) { $0.setLocalizedDateFormatFromTemplate("EEEE") }
    }

    private func formatted(locale: Locale, _ configure: (DateFormatter) -> Void) -> String {
        let formatter = DateFormatter()
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        formatter.locale = locale
        formatter.timeZone = utc
        formatter.calendar = Calendar(identifier: .gregorian)
        configure(formatter)
        return formatter.string(from: Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400 + 43_200))
    }
}

extension CalendarDay {
    /// A day as a person names it from `today`: `today`, `yesterday`, `tomorrow`, a number of
    /// days before or after it (`-1`, `+1`, `0`), or a day as `YYYY-MM-DD`; `nil` for anything
    /// else.
    public init?(naming text: String, today: CalendarDay) {
        let word = text.trimmingSpaces().lowercased()
        switch word {
        case "today", "0", "+0", "-0": self = today
        case "yesterday": self = today.adding(days: -1)
        case "tomorrow": self = today.adding(days: 1)
        default:
            if let day = CalendarDay(word) {
                self = day
            } else if let sign = word.first, sign == "+" || sign == "-", let count = Int(word.dropFirst()), word.dropFirst().allSatisfy(\.isASCII),
                count <= 36_500
            {
                self = today.adding(days: sign == "-" ? -count : count)
            } else {
                return nil
            }
        }
    }
}
