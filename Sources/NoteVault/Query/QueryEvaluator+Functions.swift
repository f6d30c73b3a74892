import Foundation

/// The functions of ``QueryFunction``, as Dataview defines them (what enote's `contains`
/// operator does differently is in ``QueryEvaluator/has(_:_:)``).
extension QueryEvaluator {
    /// The longest text a regular expression is run over, and the longest pattern: a query
    /// runs in bounded time whatever it asks.
    static let regexTextLimit = 4096
    static let regexPatternLimit = 256

    func call(_ name: String, _ arguments: [QueryExpression], _ row: QueryRow) -> QueryValue {
        // `search` is enote's full-text condition, worked out by the runner before the rows.
        if name == "search" {
            guard case .literal(.text(let words)) = arguments.first else { return .bool(false) }
            return .bool(context.searches[words]?.contains(row.note.id) ?? false)
        }
        guard let function = QueryFunction(rawValue: name) else { return .null }
        let values = arguments.map { value($0, row) }
        return apply(function, values).bounded
    }

    func apply(_ function: QueryFunction, _ values: [QueryValue]) -> QueryValue {
        let first = values.first ?? .null
        let second = values.count > 1 ? values[1] : .null
        switch function {
        case .date: return date(first)
        case .dur:
            if case .text(let text) = first { return DurationText.seconds(text).map(QueryValue.duration) ?? .null }
            return first
        case .number:
            switch first {
            case .number: return first
            case .text(let text):
                // Dataview takes the first number in the text.
                let scanner = Scanner(string: text)
                _ = scanner.scanUpToCharacters(from: CharacterSet(charactersIn: "-0123456789"))
                return scanner.scanDouble().map(QueryValue.number) ?? .null
            default: return .null
            }
        case .string: return .text(first.displayText)
        case .link:
            if case .text(let text) = first {
                if let path = context.links[text] { return .link(path) }
                return .text(text)
            }
            return first
        case .list: return .list(values)
        case .typeof: return .text(first.kindName)
        case .default: return first.isNull ? second : first
        case .choice: return first.isTruthy ? second : (values.count > 2 ? values[2] : .null)
        case .nonnull: return .list(values.filter { !$0.isNull })
        case .lower: return mapText(first) { $0.lowercased() }
        case .upper: return mapText(first) { $0.uppercased() }
        case .contains: return .bool(Self.dataviewContains(first, second, caseless: false, exact: false))
        case .icontains: return .bool(Self.dataviewContains(first, second, caseless: true, exact: false))
        case .econtains: return .bool(Self.dataviewContains(first, second, caseless: false, exact: true))
        case .containsword:
            guard case .text(let text) = first, case .text(let word) = second else { return .bool(false) }
            let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
            return .bool(words.contains(Substring(word.lowercased())))
        case .startswith:
            guard case .text(let text) = first, case .text(let prefix) = second else { return .bool(false) }
            return .bool(text.hasPrefix(prefix))
        case .endswith:
            guard case .text(let text) = first, case .text(let suffix) = second else { return .bool(false) }
            return .bool(text.hasSuffix(suffix))
        case .replace:
            guard case .text(let text) = first, case .text(let old) = second, case .text(let new) = values[2], !old.isEmpty else { return first }
            return .text(text.replacingOccurrences(of: old, with: new))
        case .regexmatch, .regextest:
            // regexmatch(pattern, text) is the whole text; regextest(pattern, text) a part of it.
            guard case .text(let pattern) = first, case .text(let text) = second else { return .bool(false) }
            return .bool(Self.regex(pattern, text, whole: function == .regexmatch))
        case .split:
            guard case .text(let text) = first, case .text(let separator) = second, !separator.isEmpty else { return .null }
            return .list(text.components(separatedBy: separator).map(QueryValue.text))
        case .join:
            let separator = if case .text(let text) = second { text } else { ", " }
            return .text(first.elements.map(\.displayText).joined(separator: separator))
        case .substring:
            guard case .text(let text) = first, case .number(let start) = second else { return .null }
            let characters = Array(text)
            let from = max(0, min(characters.count, Self.integer(start)))
            var to = characters.count
            if values.count > 2, case .number(let end) = values[2] { to = max(from, min(characters.count, Self.integer(end))) }
            return .text(String(characters[from..<to]))
        case .truncate:
            guard case .text(let text) = first, case .number(let number) = second, number >= 0 else { return first }
            let length = Self.integer(number)
            let suffix = values.count > 2 ? values[2].displayText : "..."
            return text.count <= length ? first : .text(String(text.prefix(max(0, length - suffix.count))) + suffix)
        case .padleft, .padright:
            guard case .text(let text) = first, case .number(let number) = second, number <= 1000 else { return first }
            let length = Self.integer(number)
            let pad = values.count > 2 ? values[2].displayText : " "
            guard !pad.isEmpty, text.count < length else { return first }
            let padding = String(String(repeating: pad, count: length - text.count).prefix(length - text.count))
            return .text(function == .padleft ? padding + text : text + padding)
        case .striptime:
            guard case .date(let moment) = first else { return first }
            return .date(CalendarDay(moment, in: context.timeZone).start(in: context.timeZone))
        case .dateformat:
            guard case .date(let moment) = first else { return first }
            return .text(Self.format(moment, luxon: second.displayText, timeZone: context.timeZone))
        case .length:
            switch first {
            case .list(let values): return .number(Double(values.count))
            case .text(let text): return .number(Double(text.count))
            case .null: return .number(0)
            default: return .number(1)
            }
        case .round:
            guard case .number(let number) = first else { return .null }
            let digits = if case .number(let places) = second { max(0, min(12, Self.integer(places))) } else { 0 }
            let scale = pow(10, Double(digits))
            return .number((number * scale).rounded() / scale)
        case .trunc: return mapNumber(first) { $0.rounded(.towardZero) }
        case .floor: return mapNumber(first) { $0.rounded(.down) }
        case .ceil: return mapNumber(first) { $0.rounded(.up) }
        case .min, .max:
            let items = values.count == 1 ? first.elements : values
            let present = items.filter { !$0.isNull }
            guard var best = present.first else { return .null }
            for item in present.dropFirst() {
                let order = QueryValue.sortOrder(item, best)
                if function == .min ? order == .orderedAscending : order == .orderedDescending { best = item }
            }
            return best
        case .sum, .product, .average:
            let items = (values.count == 1 ? first.elements : values).compactMap { value -> Double? in
                if case .number(let number) = value { number } else { nil }
            }
            guard !items.isEmpty else { return function == .sum ? .number(0) : .null }
            switch function {
            case .sum: return .number(items.reduce(0, +))
            case .product: return .number(items.reduce(1, *))
            default: return .number(items.reduce(0, +) / Double(items.count))
            }
        case .reverse:
            if case .text(let text) = first { return .text(String(text.reversed())) }
            return .list(first.elements.reversed())
        case .sort: return .list(first.elements.sorted { QueryValue.sortOrder($0, $1) == .orderedAscending })
        case .unique:
            var seen: [QueryValue] = []
            for item in first.elements where !seen.contains(where: { QueryValue.equals($0, item) }) { seen.append(item) }
            return .list(seen)
        case .all:
            let items = values.count == 1 ? first.elements : values
            return .bool(items.allSatisfy(\.isTruthy))
        case .any:
            let items = values.count == 1 ? first.elements : values
            return .bool(items.contains(where: \.isTruthy))
        case .none:
            let items = values.count == 1 ? first.elements : values
            return .bool(!items.contains(where: \.isTruthy))
        case .flat:
            return .list(first.elements.flatMap { $0.elements.isEmpty ? [$0] : $0.elements })
        case .extract:
            return .null
        }
    }

    /// A number as an index or a count: whole, within ±1,000,000,000, and 0 for one that is
    /// not finite.
    static func integer(_ number: Double) -> Int {
        guard number.isFinite else { return 0 }
        return Int(max(-1_000_000_000, min(1_000_000_000, number.rounded(.towardZero))))
    }

    private func mapText(_ value: QueryValue, _ transform: (String) -> String) -> QueryValue {
        switch value {
        case .text(let text): .text(transform(text))
        case .list(let values): .list(values.map { mapText($0, transform) })
        default: value
        }
    }

    private func mapNumber(_ value: QueryValue, _ transform: (Double) -> Double) -> QueryValue {
        if case .number(let number) = value { return .number(transform(number)) }
        return .null
    }

    private func date(_ value: QueryValue) -> QueryValue {
        switch value {
        case .date: return value
        case .text(let text):
            let calendar = {
                var calendar = Calendar(identifier: .iso8601)
                calendar.timeZone = context.timeZone
                return calendar
            }()
            switch text.lowercased() {
            case "today": return .date(context.day(0))
            case "now": return .date(context.now)
            case "tomorrow": return .date(context.day(1))
            case "yesterday": return .date(context.day(-1))
            case "sow", "eow":
                let start = calendar.dateInterval(of: .weekOfYear, for: context.now)?.start ?? context.now
                return .date(text.lowercased() == "sow" ? start : start.addingTimeInterval(6 * 86_400))
            case "som", "eom":
                guard let month = calendar.dateInterval(of: .month, for: context.now) else { return .null }
                return .date(text.lowercased() == "som" ? month.start : month.end.addingTimeInterval(-86_400))
            case "soy", "eoy":
                guard let year = calendar.dateInterval(of: .year, for: context.now) else { return .null }
                return .date(text.lowercased() == "soy" ? year.start : year.end.addingTimeInterval(-86_400))
            default:
                return QueryValue.parseDate(text, timeZone: context.timeZone).map(QueryValue.date) ?? .null
            }
        case .link(let path):
            // A daily note's link is its day (Dataview's `date([[2026-12-01]])`).
            return QueryValue.parseDate(String(path.queryName.prefix(10)), timeZone: context.timeZone).map(QueryValue.date) ?? .null
        default:
            return .null
        }
    }

    /// Whether a pattern has a quantified group that itself holds a quantifier (`(a+)+`,
    /// `(x*)*`, `(a|aa){2,}`) or a back-reference: the shapes whose matching can take
    /// exponential time, which no clock can interrupt inside the regular expression engine. Such
    /// a pattern matches nothing.
    static func mayBacktrackWithoutEnd(_ pattern: String) -> Bool {
        var groups: [Bool] = []  // whether each open group holds a quantifier or an alternation
        var characters = Array(pattern)[...]
        var previousClosedRisky = false
        while let character = characters.popFirst() {
            let closedRisky = previousClosedRisky
            previousClosedRisky = false
            switch character {
            case "\\":
                if let next = characters.popFirst(), next.isNumber || next == "k" { return true }
            case "[":
                while let next = characters.popFirst(), next != "]" { if next == "\\" { _ = characters.popFirst() } }
            case "(":
                groups.append(false)
            case ")":
                previousClosedRisky = groups.popLast() ?? false
                if previousClosedRisky, !groups.isEmpty { groups[groups.count - 1] = true }
            case "*", "+", "{", "?":
                if closedRisky && character != "?" { return true }
                if closedRisky && character == "?" { previousClosedRisky = false }
                if !groups.isEmpty { groups[groups.count - 1] = true }
            case "|":
                if !groups.isEmpty { groups[groups.count - 1] = true }
            default:
                break
            }
        }
        return false
    }

    /// Dataview's `contains`: a list holds an element that contains the value (recursively; with
    /// `exact`, that equals it), a text holds it as a part.
    static func dataviewContains(_ container: QueryValue, _ element: QueryValue, caseless: Bool, exact: Bool) -> Bool {
        switch container {
        case .list(let values):
            return values.contains { item in
                exact ? QueryValue.equals(item, element) : dataviewContains(item, element, caseless: caseless, exact: false)
            }
        case .text(let text):
            guard case .text(let part) = element else { return false }
            if exact { return caseless ? text.lowercased() == part.lowercased() : text == part }
            return caseless ? text.range(of: part, options: .caseInsensitive) != nil : text.contains(part)
        case .link(let path):
            if case .text(let part) = element { return path.description.localizedCaseInsensitiveContains(part) }
            return QueryValue.equals(container, element)
        default:
            return QueryValue.equals(container, element)
        }
    }

    /// A regular expression over a bounded text; a pattern that is too long or cannot be read
    /// matches nothing.
    static func regex(_ pattern: String, _ text: String, whole: Bool) -> Bool {
        guard pattern.count <= regexPatternLimit, !mayBacktrackWithoutEnd(pattern), let expression = try? NSRegularExpression(pattern: whole ? "^(?:\(pattern))$" : pattern) else {
            return false
        }
        let bounded = String(text.prefix(regexTextLimit))
        return expression.firstMatch(in: bounded, range: NSRange(bounded.startIndex..., in: bounded)) != nil
    }

    /// A date in Luxon's format tokens as Dataview's `dateformat` takes them (the common ones:
    /// `yyyy`, `MM`, `dd`, `HH`, `mm`, `MMMM`, `EEEE`).
    static func format(_ date: Date, luxon: String, timeZone: TimeZone) -> String {
        var pattern = luxon.isEmpty || luxon == "null" ? "yyyy-MM-dd" : luxon
        pattern = pattern.replacingOccurrences(of: "DDDD", with: "EEEE, MMMM d, yyyy").replacingOccurrences(of: "DDD", with: "MMMM d, yyyy")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
