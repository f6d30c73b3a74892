import Foundation

/// The dates of Tasks' filters: a day (`2026-12-01`, `today`, `in 3 days`) or a range of days
/// (`2026-12-01 2026-12-07`, `this week`, `next month`, `2026-W49`, `2026-12`, `2026-Q4`,
/// `2026`), and the comparisons that test a task's date against them.
///
/// Days counted from today stay relative (`date(today)` plus a duration, `date(sow)` for
/// weeks, `date(som)`/`date(eom)` for this month, `date(soy)`/`date(eoy)` for this year), so a
/// query read once keeps meaning the day it runs; the ranges those words do not reach (`next
/// month`, quarters, `in 2 months`) are worked out from the day the block is read.
enum TasksDates {
    /// One day: a calendar day, or a day `days` away from one of the evaluator's date words.
    enum DayRef: Equatable {
        case day(CalendarDay)
        case relative(base: String, days: Int)
    }

    /// The first and last day of a range (the same for one day), both included.
    struct DayRange: Equatable {
        var start: DayRef
        var end: DayRef

        init(_ start: DayRef, _ end: DayRef) {
            self.start = start
            self.end = end
        }

        init(_ day: DayRef) {
            self.init(day, day)
        }
    }

    /// `field op day`. A relative day is a moment computed at run time (`date(today) + 3d`);
    /// across a change of daylight saving time it may be an hour off midnight, so it is
    /// compared with half a day's margin: a task's date is a midnight, and "before the day" is
    /// "before noon of the day before" for every midnight.
    static func compare(_ field: QueryExpression, _ op: QueryOperator, _ day: DayRef) -> QueryExpression {
        switch day {
        case .day(let calendarDay):
            return .binary(op, field, .call("date", [.literal(.text(calendarDay.description))]))
        case .relative(let base, let days):
            func shifted(_ halfDays: Int) -> QueryExpression {
                let seconds = days * 86_400 + halfDays * 43_200
                let date = QueryExpression.call("date", [.literal(.text(base))])
                return seconds >= 0 ? .binary(.plus, date, .literal(.duration(Double(seconds)))) : .binary(.minus, date, .literal(.duration(Double(-seconds))))
            }
            switch op {
            case .less: return .binary(.less, field, shifted(-1))
            case .lessOrEqual: return .binary(.less, field, shifted(1))
            case .greater: return .binary(.greater, field, shifted(1))
            case .greaterOrEqual: return .binary(.greater, field, shifted(-1))
            default: return .binary(.and, .binary(.greater, field, shifted(-1)), .binary(.less, field, shifted(1)))
            }
        }
    }

    private static let numberWords = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12,
    ]

    /// Words that say `text` is a date Tasks reads (its date reader takes free text) though
    /// enote does not: such a filter is unsupported, not wrong.
    private static let dateWords: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed", "thu", "fri", "sat", "sun",
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "next", "last", "this", "ago", "in",
        "now", "noon", "midnight", "tonight", "week", "weeks", "month", "months", "year", "years", "day", "days", "fortnight",
    ]

    /// The days `text` names, counted from `today` where it is relative.
    static func range(_ text: String, today: CalendarDay) throws(TasksBlockParser.Problem) -> DayRange {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.joined(separator: " ") {
        case "today": return DayRange(.relative(base: "today", days: 0))
        case "tomorrow": return DayRange(.relative(base: "today", days: 1))
        case "yesterday": return DayRange(.relative(base: "today", days: -1))
        default: break
        }
        if words.count == 1, let range = numbered(words[0]) { return range }
        if words.count == 2, let start = absoluteDay(words[0]), let end = absoluteDay(words[1]) {
            return start <= end ? DayRange(.day(start), .day(end)) : DayRange(.day(end), .day(start))
        }
        if words.count == 2, let range = named(words[0], words[1], today: today) { return range }
        if let range = offset(words, today: today) { return range }
        let readable =
            "write a date as YYYY-MM-DD, today, tomorrow, yesterday, in N days, N days ago, this|next|last week|month|quarter|year, YYYY-Www, YYYY-MM, YYYY-Qn, YYYY or two YYYY-MM-DD dates"
        if words.contains(where: { dateWords.contains($0) || $0.contains(where: \.isNumber) }) {
            throw .unsupported("enote does not read the date \"\(text)\"; \(readable)")
        }
        throw .error("\"\(text)\" is not a date; \(readable)")
    }

    /// `2026-12-01`.
    static func absoluteDay(_ word: String) -> CalendarDay? {
        guard word.count == 10, word.allSatisfy({ $0.isASCII }), let day = CalendarDay(word), day.description == word else { return nil }
        return day
    }

    /// `2026-12-01`, `2026-W49`, `2026-12`, `2026-Q4`, `2026`.
    static func numbered(_ word: String) -> DayRange? {
        if let day = absoluteDay(word) { return DayRange(.day(day)) }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let year = Int(parts[0]), parts[0].count == 4, year >= 1000 else { return nil }
        if parts.count == 1 { return months(year: year, from: 1, count: 12) }
        guard parts.count == 2 else { return nil }
        let part = parts[1]
        if part.count == 2, let month = Int(part), (1...12).contains(month) { return months(year: year, from: month, count: 1) }
        if part.count == 2, part.first == "q", let quarter = Int(part.dropFirst()), (1...4).contains(quarter) {
            return months(year: year, from: quarter * 3 - 2, count: 3)
        }
        if part.count == 3, part.first == "w", let week = Int(part.dropFirst()), (1...53).contains(week) {
            guard let january4 = CalendarDay(year: year, month: 1, day: 4) else { return nil }
            let monday = january4.adding(days: -((january4.weekday + 6) % 7)).adding(days: 7 * (week - 1))
            return DayRange(.day(monday), .day(monday.adding(days: 6)))
        }
        return nil
    }

    /// `count` months from `month` of `year` (months past December run into the next year).
    static func months(year: Int, from month: Int, count: Int) -> DayRange? {
        func first(_ index: Int) -> CalendarDay? {
            let zeroBased = year * 12 + (index - 1)
            let year = zeroBased >= 0 ? zeroBased / 12 : (zeroBased - 11) / 12
            return CalendarDay(year: year, month: zeroBased - year * 12 + 1, day: 1)
        }
        guard let start = first(month), let after = first(month + count) else { return nil }
        return DayRange(.day(start), .day(after.adding(days: -1)))
    }

    /// `this week`, `next month`, `last quarter`, `this year`.
    static func named(_ which: String, _ unit: String, today: CalendarDay) -> DayRange? {
        let shift: Int
        switch which {
        case "this": shift = 0
        case "next": shift = 1
        case "last": shift = -1
        default: return nil
        }
        let (year, month, _) = today.components
        switch unit {
        case "week":
            return DayRange(.relative(base: "sow", days: 7 * shift), .relative(base: "sow", days: 7 * shift + 6))
        case "month":
            if shift == 0 { return DayRange(.relative(base: "som", days: 0), .relative(base: "eom", days: 0)) }
            return months(year: year, from: month + shift, count: 1)
        case "quarter":
            let quarterStart = (month - 1) / 3 * 3 + 1
            return months(year: year, from: quarterStart + 3 * shift, count: 3)
        case "year":
            if shift == 0 { return DayRange(.relative(base: "soy", days: 0), .relative(base: "eoy", days: 0)) }
            return months(year: year + shift, from: 1, count: 12)
        default:
            return nil
        }
    }

    /// `in 3 days`, `3 days ago`, `two weeks`, `in 2 months`.
    static func offset(_ words: [String], today: CalendarDay) -> DayRange? {
        var words = words
        var sign = 1
        if words.first == "in" {
            words.removeFirst()
        } else if words.last == "ago" {
            words.removeLast()
            sign = -1
        }
        if words.count == 1, let number = words.first, let split = number.firstIndex(where: { !$0.isNumber }), split != number.startIndex {
            // `3d`, `2weeks`
            words = [String(number[..<split]), String(number[split...])]
        }
        guard words.count == 2, let count = Int(words[0]) ?? numberWords[words[0]], count <= 100_000 else { return nil }
        let amount = sign * count
        switch words[1] {
        case "d", "day", "days": return DayRange(.relative(base: "today", days: amount))
        case "w", "week", "weeks": return DayRange(.relative(base: "today", days: 7 * amount))
        case "fortnight", "fortnights": return DayRange(.relative(base: "today", days: 14 * amount))
        case "month", "months", "year", "years":
            let months = words[1].hasPrefix("month") ? amount : 12 * amount
            let (year, month, day) = today.components
            guard let first = self.months(year: year, from: month + months, count: 1), case .day(let start) = first.start,
                case .day(let end) = first.end
            else { return nil }
            // The same day of the month, or the month's last day when it is shorter.
            return DayRange(.day(start.adding(days: min(day, end.daysSinceEpoch - start.daysSinceEpoch + 1) - 1)))
        default:
            return nil
        }
    }
}
