import Foundation

/// Dates as a note list shows them, after the original app's rule: a time today shows only the
/// time (`10:47 PM`), any other day a short date (`22/11/26`), both in the user's locale. Every
/// front end that lists notes (the command line, the web pages) shows them through it.
public struct DateDisplay: Sendable {
    /// The locale the dates are written in.
    public let locale: Locale
    /// The time zone in which "today" is decided.
    public let timeZone: TimeZone

    /// The formatters, made once: a list of 500 notes made 500 of them, each costing far more
    /// than the date it formats (`enote serve`'s list page at 100,000 notes took 67–75 ms with
    /// them, 17–19 ms without, `scripts/bench-web`).
    private let timeFormatter: DateFormatter
    private let dateFormatter: DateFormatter
    private let fullFormatter: DateFormatter
    private let calendar: Calendar

    /// A display for `locale` and `timeZone`.
    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
        func formatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateStyle = date
            formatter.timeStyle = time
            return formatter
        }
        timeFormatter = formatter(date: .none, time: .short)
        dateFormatter = formatter(date: .short, time: .none)
        fullFormatter = formatter(date: .medium, time: .short)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The short form of `date` as seen at `now`.
    public func short(_ date: Date, now: Date) -> String {
        (calendar.isDate(date, inSameDayAs: now) ? timeFormatter : dateFormatter).string(from: date)
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
        fullFormatter.string(from: date)
    }
}
