/// The functions a query can call, Dataview's names (enote's language uses the same).
public enum QueryFunction: String, Sendable, CaseIterable {
    // Values and their kinds.
    case date, dur, number, string, link, list, typeof, `default`, choice, nonnull
    // Text.
    case lower, upper, contains, icontains, econtains, containsword, startswith, endswith, replace, regexmatch, regextest, split, join,
        substring, truncate, padleft, padright, striptime, dateformat
    // Numbers and lists.
    case length, round, trunc, floor, ceil, min, max, sum, product, average, reverse, sort, unique, all, any, none, flat, extract

    /// How many arguments it takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .date: 1...2
        case .dur, .number, .string, .link, .typeof, .lower, .upper, .length, .reverse, .sort, .unique, .striptime, .trunc, .floor, .ceil, .flat:
            1...1
        case .list, .min, .max, .sum, .product, .average, .all, .any, .none, .nonnull: 0...64
        case .default, .contains, .icontains, .econtains, .containsword, .startswith, .endswith, .regexmatch, .regextest, .join,
            .dateformat:
            1...2
        case .choice, .replace: 3...3
        case .split: 2...3
        case .substring, .truncate, .padleft, .padright: 2...3
        case .round: 1...2
        case .extract: 1...64
        }
    }

    var arityText: String {
        arity.lowerBound == arity.upperBound ? String(arity.lowerBound) : "\(arity.lowerBound) to \(arity.upperBound)"
    }

    /// Dataview's functions enote does not run (they need JavaScript, or objects enote has no
    /// equivalent for): a query naming them is unsupported, not wrong.
    static let dataviewOnly: Set<String> = [
        "filter", "map", "reduce", "object", "embed", "elink", "meta", "currencyformat", "durationformat", "localtime", "hash",
        "slice", "firstvalue", "display", "regexreplace", "minby", "maxby", "flatten", "sortby",
    ]
}

/// A duration written in words, as `dur(…)` takes it: `7 days`, `2 weeks`, `1 day 12 hours`,
/// `3d`.
enum DurationText {
    private static let units: [(names: [String], seconds: Double)] = [
        (["s", "sec", "secs", "second", "seconds"], 1),
        (["m", "min", "mins", "minute", "minutes"], 60),
        (["h", "hr", "hrs", "hour", "hours"], 3600),
        (["d", "day", "days"], 86_400),
        (["w", "wk", "wks", "week", "weeks"], 604_800),
        (["mo", "month", "months"], 2_592_000),
        (["y", "yr", "yrs", "year", "years"], 31_536_000),
    ]

    /// The seconds `text` says, `nil` when it is not a duration.
    static func seconds(_ text: String) -> Double? {
        // Split "7days" and "7 days" alike into number, unit pairs.
        var words: [String] = []
        var current = ""
        var currentIsNumber = false
        for character in text.lowercased() {
            if character.isWhitespace || character == "," {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let isNumber = character.isNumber || character == "."
            if !current.isEmpty && isNumber != currentIsNumber {
                words.append(current)
                current = ""
            }
            currentIsNumber = isNumber
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty, words.count % 2 == 0 else { return nil }
        var total = 0.0
        for pair in stride(from: 0, to: words.count, by: 2) {
            guard let number = Double(words[pair]), let unit = units.first(where: { $0.names.contains(words[pair + 1]) }) else { return nil }
            total += number * unit.seconds
        }
        return total.isFinite ? min(total, QueryValue.farthestSeconds) : nil
    }
}
