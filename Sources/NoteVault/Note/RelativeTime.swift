import Foundation

/// How far a moment is from now in words, as lists, `show` and the language server say it:
/// `now`, `in 5 minutes`, `in 3 hours`, `tomorrow`, `in 3 days`, `2 days ago`.
package enum RelativeTime {
    /// `date` seen from `now`, days counted by the calendar of `timeZone`, in the current language.
    package static func words(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        Localization.text(message(date, now: now, timeZone: timeZone))
    }

    /// The same words as a message, for a front end that writes in its reader's language (a
    /// web page) rather than the process's.
    package static func message(_ date: Date, now: Date, timeZone: TimeZone) -> LocalizedMessage {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let seconds = date.timeIntervalSince(now)
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
        if abs(seconds) < 60 { return "now" }
        if abs(seconds) < 3600 {
            let minutes = Int((abs(seconds) / 60).rounded())
            return seconds > 0 ? "in \(count: minutes) minutes" : "\(count: minutes) minutes ago"
        }
        if days == 0 {
            let hours = Int((abs(seconds) / 3600).rounded())
            return seconds > 0 ? "in \(count: hours) hours" : "\(count: hours) hours ago"
        }
        switch days {
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(count: days) days"
        default: return "\(count: -days) days ago"
        }
    }
}
