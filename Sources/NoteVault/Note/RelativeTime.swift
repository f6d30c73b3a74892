import Foundation

/// How far a moment is from now in words, as lists, `show` and the language server say it:
/// `now`, `in 5 minutes`, `in 3 hours`, `tomorrow`, `in 3 days`, `2 days ago`.
package enum RelativeTime {
    /// `date` seen from `now`, days counted by the calendar of `timeZone`, in the current language.
    package static func words(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let seconds = date.timeIntervalSince(now)
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
        if abs(seconds) < 60 { return Localization.text("now") }
        if abs(seconds) < 3600 {
            let minutes = Int((abs(seconds) / 60).rounded())
            return seconds > 0 ? Localization.text("in \(count: minutes) minutes") : Localization.text("\(count: minutes) minutes ago")
        }
        if days == 0 {
            let hours = Int((abs(seconds) / 3600).rounded())
            return seconds > 0 ? Localization.text("in \(count: hours) hours") : Localization.text("\(count: hours) hours ago")
        }
        switch days {
        case 1: return Localization.text("tomorrow")
        case -1: return Localization.text("yesterday")
        case 2...: return Localization.text("in \(count: days) days")
        default: return Localization.text("\(count: -days) days ago")
        }
    }
}
