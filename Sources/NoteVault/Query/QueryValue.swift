import Foundation

/// A value in a query: what a field holds, what a literal says, what an operation gives.
/// Comparisons follow Dataview's: numbers as numbers, dates as dates, text without case, and
/// nothing (a missing field) sorts first and equals only nothing.
public indirect enum QueryValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case text(String)
    /// A moment; a day is its midnight where the user is.
    case date(Date)
    /// A length of time in seconds (`7d`, `dur(2 weeks)`).
    case duration(TimeInterval)
    /// A note, by its vault path (`file.link`, `[[Plan]]` once resolved).
    case link(NotePath)
    case list([QueryValue])

    /// Whether a condition that gives this keeps its row: Dataview's truthiness.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0
        case .text(let value): !value.isEmpty
        case .list(let values): !values.isEmpty
        case .date, .duration, .link: true
        }
    }

    /// Whether this is nothing (a missing field).
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The elements of a list, or the value itself as a list of one (nothing: none).
    var elements: [QueryValue] {
        switch self {
        case .list(let values): values
        case .null: []
        default: [self]
        }
    }

    /// The value, or nothing when it is a number or duration that is not finite, a moment
    /// past ±3,000 years from 1970 or a text over 64 KiB: what arithmetic on huge values gives, which no date or
    /// text can be made of.
    var bounded: QueryValue {
        switch self {
        case .number(let number) where !number.isFinite: .null
        case .duration(let seconds) where !(abs(seconds) < Self.farthestSeconds): .null
        case .date(let date) where !(abs(date.timeIntervalSince1970) < Self.farthestSeconds): .null
        case .text(let text) where text.utf8.count > Self.longestText: .null
        default: self
        }
    }

    /// The longest text a query makes (a front matter value is never this long; `"x" * 100`
    /// nested is).
    static let longestText = 65_536

    /// About 3,000 years in seconds.
    static let farthestSeconds = 95_000_000_000.0

    /// The order of values of different kinds, for a sort over mixed values.
    private var kindRank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .number: 2
        case .duration: 3
        case .date: 4
        case .text: 5
        case .link: 6
        case .list: 7
        }
    }

    /// Dataview's order: `nil` when the two cannot be compared (a number and a date) for `<`
    /// and `>`; ``sortOrder(_:_:)`` orders everything.
    static func compare(_ lhs: QueryValue, _ rhs: QueryValue) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.null, .null): return .orderedSame
        case (.bool(let a), .bool(let b)): return a == b ? .orderedSame : (!a ? .orderedAscending : .orderedDescending)
        case (.number(let a), .number(let b)): return order(a, b)
        case (.duration(let a), .duration(let b)): return order(a, b)
        case (.date(let a), .date(let b)): return order(a.timeIntervalSince1970, b.timeIntervalSince1970)
        case (.text(let a), .text(let b)): return a.compare(b, options: [.caseInsensitive, .numeric])
        case (.link(let a), .link(let b)): return a.description.compare(b.description, options: [.caseInsensitive, .numeric])
        case (.link(let a), .text(let b)), (.text(let b), .link(let a)):
            // A link equals the text of its path or its name (`file.link = [[Plan]]` and `= "Plan"`).
            let result = a.description.compare(b, options: .caseInsensitive)
            if result == .orderedSame || a.queryName.compare(b, options: .caseInsensitive) == .orderedSame { return .orderedSame }
            return result
        case (.list(let a), .list(let b)):
            for (x, y) in zip(a, b) {
                let order = sortOrder(x, y)
                if order != .orderedSame { return order }
            }
            return Self.order(Double(a.count), Double(b.count))
        case (.number(let a), .text(let b)), (.text(let b), .number(let a)):
            // Front matter values are text when written in a way YAML reads as text; compare
            // them as numbers when they are numbers.
            guard let number = Double(b.trimmingCharacters(in: .whitespaces)) else { return nil }
            return lhs.isNumber ? order(a, number) : order(number, a)
        case (.date(let a), .text(let b)), (.text(let b), .date(let a)):
            guard let day = QueryValue.parseDate(b) else { return nil }
            return lhs.isDate ? order(a.timeIntervalSince1970, day.timeIntervalSince1970) : order(day.timeIntervalSince1970, a.timeIntervalSince1970)
        default:
            return nil
        }
    }

    /// A total order for sorting: by ``compare(_:_:)`` where it answers, else by kind.
    static func sortOrder(_ lhs: QueryValue, _ rhs: QueryValue) -> ComparisonResult {
        if let order = compare(lhs, rhs) { return order }
        return order(Double(lhs.kindRank), Double(rhs.kindRank))
    }

    /// Equality as `=` reads it: by ``compare(_:_:)``, never across kinds that cannot compare.
    static func equals(_ lhs: QueryValue, _ rhs: QueryValue) -> Bool {
        compare(lhs, rhs) == .orderedSame
    }

    private var isNumber: Bool { if case .number = self { true } else { false } }
    private var isDate: Bool { if case .date = self { true } else { false } }

    private static func order(_ a: Double, _ b: Double) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    /// A day written `YYYY-MM-DD` (optionally with a time, `YYYY-MM-DDTHH:MM`), in the
    /// process's time zone; `nil` for anything else.
    static func parseDate(_ text: String, timeZone: TimeZone = .current) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 10 else { return nil }
        let dayPart = String(trimmed.prefix(10))
        guard let day = CalendarDay(dayPart) else { return nil }
        let start = day.start(in: timeZone)
        let rest = trimmed.dropFirst(10)
        if rest.isEmpty { return start }
        guard rest.first == "T" || rest.first == " " else { return nil }
        let parts = rest.dropFirst().prefix(8).split(separator: ":")
        guard parts.count >= 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes) else {
            return nil
        }
        let seconds = parts.count > 2 ? Int(parts[2].prefix(2)) ?? 0 : 0
        return start.addingTimeInterval(TimeInterval(hours * 3600 + minutes * 60 + seconds))
    }
}
