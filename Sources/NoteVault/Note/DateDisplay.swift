import Foundation

/// Dates as a note list shows them, after the original app's rule: a time today shows only the
/// time (`10:47 PM`), any other day a short date (`22/11/26`), both in the user's locale. Every
/// front end that lists notes (the command line, the web pages) shows them through it.
///
/// A listing formats one date per note, so the two formatters are made once, on first use, and
/// kept (setting up an ICU formatter cost a listing of 100,000 notes about a third of its time).
/// Not `Sendable`: one command, or one web request, uses it on one thread.
public struct DateDisplay {
    /// The locale the dates are written in.
    public let locale: Locale
    /// The time zone in which "today" is decided.
    public let timeZone: TimeZone
    private let formatters: Formatters

    /// A display for `locale` and `timeZone`.
    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
        self.formatters = Formatters(locale: locale, timeZone: timeZone)
    }

    /// The short form of `date` as seen at `now`.
    public func short(_ date: Date, now: Date) -> String {
        formatters.calendar.isDate(date, inSameDayAs: now) ? formatters.time.string(from: date) : formatters.date.string(from: date)
    }

    /// The calendar and the two formatters of ``short(_:now:)``, each made when first needed.
    private final class Formatters {
        let locale: Locale
        let timeZone: TimeZone

        init(locale: Locale, timeZone: TimeZone) {
            self.locale = locale
            self.timeZone = timeZone
        }

        lazy var calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return calendar
        }()

        /// A time of day, for a date today.
        lazy var time = formatter(dateStyle: .none, timeStyle: .short)
        /// A short date, for any other day.
        lazy var date = formatter(dateStyle: .short, timeStyle: .none)

        private func formatter(dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateStyle = dateStyle
            formatter.timeStyle = timeStyle
            return formatter
        }
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
