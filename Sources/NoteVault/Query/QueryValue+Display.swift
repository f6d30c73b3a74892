import Foundation

/// How a value reads in a table cell, a list line and the JSON form.
extension QueryValue {
    /// The value as text: numbers without a needless `.0`, a day as `YYYY-MM-DD`, a moment as
    /// `YYYY-MM-DDTHH:MM`, a duration in days or hours, a list joined with commas.
    public var displayText: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let number):
            if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .text(let text): return text
        case .date(let date): return Self.dateText(date, timeZone: .current)
        case .duration(let seconds):
            let days = seconds / 86_400
            if days == days.rounded(), days != 0 { return "\(Int64(days)) \(abs(days) == 1 ? "day" : "days")" }
            let hours = seconds / 3600
            if hours == hours.rounded() { return "\(Int64(hours)) \(abs(hours) == 1 ? "hour" : "hours")" }
            return "\(Int64(seconds / 60)) minutes"
        case .link(let path): return path.queryName
        case .list(let values): return values.map(\.displayText).joined(separator: ", ")
        }
    }

    /// `YYYY-MM-DD` for a midnight, `YYYY-MM-DDTHH:MM` otherwise, where the user is.
    static func dateText(_ date: Date, timeZone: TimeZone) -> String {
        let day = CalendarDay(date, in: timeZone)
        let seconds = Int(date.timeIntervalSince(day.start(in: timeZone)).rounded())
        if seconds == 0 { return day.description }
        return day.description + String(format: "T%02d:%02d", seconds / 3600, seconds / 60 % 60)
    }

    /// Dataview's `typeof`.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .text: "string"
        case .date: "date"
        case .duration: "duration"
        case .link: "link"
        case .list: "array"
        }
    }
}

/// The JSON form: `null`, booleans and numbers as themselves (whole numbers without `.0`),
/// dates and durations as their text, a link as its vault path, lists as arrays.
extension QueryValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let number):
            // JSON has no infinity or NaN (a division by nothing is nothing, but 1e400 * 10 is not).
            if !number.isFinite {
                try container.encodeNil()
            } else if number == number.rounded(), abs(number) < 1e15 {
                try container.encode(Int64(number))
            } else {
                try container.encode(number)
            }
        case .text(let text): try container.encode(text)
        case .date, .duration: try container.encode(displayText)
        case .link(let path): try container.encode(path.description)
        case .list(let values): try container.encode(values)
        }
    }
}
