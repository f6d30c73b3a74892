import Foundation

/// Dates as a note list shows them, after the original app's rule: a time today shows only the
/// time (`10:47 PM`), any other day a short date (`22/11/26`), both in the user's locale. Every
/// front end that lists notes (the command line, the web pages) shows them through it.
public struct DateDisplay: Sendable {
    /// The locale the dates are written in.
    public let locale: Locale
    /// The time zone in which "today" is decided.
    public let timeZone: TimeZone

    /// A display for `locale` and `timeZone`.
    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The short form of `date` as seen at `now`.
    public func short(_ date: Date, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        if calendar.isDate(date, inSameDayAs: now) {
            formatter.dateStyle = .none
            formatter.timeStyle = .short
        } else {
            formatter.dateStyle = .short
            formatter.timeStyle = .none
        }
        return formatter.string(from: date)
    }

    /// How far `date` is from `now` in words: `today`, `tomorrow`, `in 3 days`, `2 hours ago`.
    public func relative(_ date: Date, now: Date) -> String {
        RelativeTime.words(date, now: now, timeZone: timeZone)
    }

    /// The same words as a message, translated when shown: a web page shows it in its reader's
    /// language.
    public func relativeMessage(_ date: Date, now: Date) -> LocalizedMessage {
        RelativeTime.message(date, now: now, timeZone: timeZone)
    }

    /// Date and time in full, for `show`.
    public func full(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
