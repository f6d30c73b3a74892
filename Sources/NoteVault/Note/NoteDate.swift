import Foundation

/// A date as written in a note's front matter: `2026-12-01`, `2026-12-01 18:00`,
/// `2026-12-01T18:00:30`, each with an optional `Z`, `±HH:MM` or `±HHMM` offset.
///
/// Without an offset the date is in the local time zone; a date alone means 00:00 local time on
/// that day. Parsing is strict: anything else (`2024-13-45`, `01/06/2024`, `tomorrow`) is an
/// error, so that a typo never destroys a note at the wrong time.
///
/// For example:
///
/// ```swift
/// let date = try NoteDate(parsing: "2026-12-01 18:00")
/// date.resolved(in: TimeZone(identifier: "Europe/Moscow")!)   // 2026-12-01 15:00 UTC
/// NoteDate.stamp(Date(), in: .current)                         // "2026-11-22T10:47:00+03:00"
/// ```
public struct NoteDate: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Whether a time of day was written; a date alone means the start of the day.
    public var hasTime: Bool
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanosecond: Int
    /// The offset from UTC in seconds, or `nil` for local time.
    public var utcOffset: Int?

    /// Why a text is not a date enote accepts.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var text: String
        public var reason: LocalizedMessage
        public var description: String { message.text }
        /// What is wrong with the text, as a sentence.
        public var message: LocalizedMessage { "\"\(text)\" is not a date: \(reason)" }
    }

    /// The formats a user may write, for messages.
    public static let acceptedFormats: LocalizedMessage = "2026-12-01, 2026-12-01 18:00 or 2026-12-01T18:00:00, optionally with Z or +03:00"

    /// Parses a front matter date.
    /// - Throws: ``ParseError`` naming the reason.
    public init(parsing text: String) throws(ParseError) {
        var scanner = DateScanner(text.trimmedWhitespace())
        func fail(_ reason: LocalizedMessage) -> ParseError { ParseError(text: text, reason: reason) }
        guard let year = scanner.digits(4), scanner.take("-"),
            let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2)
        else { throw fail("expected \(Self.acceptedFormats)") }
        guard (1...12).contains(month) else { throw fail("month \(month) does not exist") }
        guard (1...Self.daysIn(month: month, year: year)).contains(day) else {
            throw fail("day \(day) does not exist in \(year)-\(Self.pad(month))")
        }
        self.year = year
        self.month = month
        self.day = day
        self.hasTime = false
        self.hour = 0
        self.minute = 0
        self.second = 0
        self.nanosecond = 0
        self.utcOffset = nil

        if scanner.take("T") || scanner.take(" ") {
            guard let hour = scanner.digits(2), scanner.take(":"), let minute = scanner.digits(2) else {
                throw fail("expected a time as HH:MM after the date")
            }
            guard hour < 24 else { throw fail("hour \(hour) does not exist") }
            guard minute < 60 else { throw fail("minute \(minute) does not exist") }
            self.hasTime = true
            self.hour = hour
            self.minute = minute
            if scanner.take(":") {
                guard let second = scanner.digits(2), second < 60 else { throw fail("expected seconds 00–59") }
                self.second = second
                if scanner.take(".") {
                    guard let fraction = scanner.fraction() else { throw fail("expected digits after the decimal point") }
                    self.nanosecond = fraction
                }
            }
            _ = scanner.take(" ")
            if scanner.take("Z") || scanner.take("z") {
                self.utcOffset = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.digits(2), hours <= 14 else { throw fail("expected an offset like +03:00") }
                _ = scanner.take(":")
                guard let minutes = scanner.digits(2), minutes < 60 else { throw fail("expected an offset like +03:00") }
                self.utcOffset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard scanner.isAtEnd else { throw fail("unexpected \"\(scanner.rest)\"; expected \(Self.acceptedFormats)") }
    }

    /// The instant this date denotes, reading a missing offset in `timeZone`.
    ///
    /// A local time the clocks skip is read with the offset in force before the jump (02:30 on
    /// the night summer time starts is 03:30 summer time), and one that happens twice is the
    /// first. A destroy date must be exact instead: see ``exactInstant(in:)``.
    public func resolved(in timeZone: TimeZone) -> Date {
        switch resolution(in: timeZone) {
        case .unique(let date): return date
        case .repeated(let earlier, _, _, _): return earlier
        case .skipped(_, let before, _):
            return Date(timeIntervalSince1970: Double(civilSeconds - before) + Double(nanosecond) / 1_000_000_000)
        }
    }

    /// The wall-clock time as seconds since 1970-01-01 00:00 (as if it were UTC).
    var civilSeconds: Int {
        Self.daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The date as written canonically: `2026-12-01`, or `2026-12-01T18:00:00` with its offset.
    public var description: String {
        var text = "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))"
        guard hasTime else { return text }
        text += "T\(Self.pad(hour)):\(Self.pad(minute)):\(Self.pad(second))"
        if let utcOffset { text += Self.offsetText(utcOffset) }
        return text
    }

    /// Formats an instant the way enote writes `updated`, `created` and `destroy`:
    /// `2026-11-22T10:47:00+03:00` in `timeZone` (seconds precision).
    public static func stamp(_ date: Date, in timeZone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = timeZone.secondsFromGMT(for: date)
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civilFromDays(days)
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):"
            + "\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))\(offsetText(offset))"
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's algorithms)

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return "\(sign)\(pad(magnitude / 3600)):\(pad(magnitude / 60 % 60))"
    }

    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// A tiny cursor over the ASCII of a date.
private struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }
    var rest: String { String(decoding: bytes[index...], as: UTF8.self) }

    mutating func take(_ character: Character) -> Bool {
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += count
        return value
    }

    /// Up to nine fractional digits as nanoseconds; extra digits are accepted and ignored.
    mutating func fraction() -> Int? {
        var value = 0
        var count = 0
        while index < bytes.count, (48...57).contains(bytes[index]) {
            if count < 9 { value = value * 10 + Int(bytes[index] - 48) }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 9) { value *= 10 }
        return value
    }

    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }
}
