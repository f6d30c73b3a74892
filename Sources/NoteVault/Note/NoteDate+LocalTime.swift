import Foundation

/// How a date without an offset maps to instants in a time zone: once, not at all (the clocks
/// skip that time when summer time starts) or twice (the clocks go back over it).
///
/// A time that does not exist or happens twice cannot say when a note is destroyed: the
/// command line refuses it, and a note that has one is kept (see ``NoteDate/exactInstant(in:)``).
public enum LocalTimeResolution: Sendable, Equatable {
    /// The date names one instant (it has an offset, or the local time happens once).
    case unique(Date)
    /// The local time falls in a gap: the clocks jump from `before` offset to `after` offset at
    /// `transition`, skipping it.
    case skipped(transition: Date, offsetBefore: Int, offsetAfter: Int)
    /// The local time happens twice: first at `earlier` (with `earlierOffset`), then at `later`.
    case repeated(earlier: Date, earlierOffset: Int, later: Date, laterOffset: Int)
}

extension NoteDate {
    /// Where this date falls in `timeZone`; a date with an offset is always unique.
    ///
    /// A date alone (no time) means the start of that day: where midnight is skipped, the first
    /// instant of the day; where it happens twice, the first.
    public func resolution(in timeZone: TimeZone) -> LocalTimeResolution {
        let civil = civilSeconds
        let fraction = Double(nanosecond) / 1_000_000_000
        func instant(_ offset: Int) -> Date { Date(timeIntervalSince1970: Double(civil - offset) + fraction) }
        if let utcOffset { return .unique(instant(utcOffset)) }
        // Every offset in force within a day of that wall-clock time is a candidate; a candidate
        // is a solution when the zone really uses that offset at the instant it gives.
        var candidates: [Int] = []
        for probe in [civil - 86_400, civil - 43_200, civil, civil + 43_200, civil + 86_400] {
            let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(probe)))
            if !candidates.contains(offset) { candidates.append(offset) }
        }
        let solutions = candidates.filter { timeZone.secondsFromGMT(for: instant($0)) == $0 }
            .map { (offset: $0, date: instant($0)) }.sorted { $0.date < $1.date }
        if solutions.count >= 2, let first = solutions.first, let last = solutions.last {
            if !hasTime { return .unique(first.date) }
            return .repeated(earlier: first.date, earlierOffset: first.offset, later: last.date, laterOffset: last.offset)
        }
        if let only = solutions.first { return .unique(only.date) }
        // In a gap: read with the offset after the jump, the wall-clock time lands before the
        // jump; read with the one before, after it. The jump is the first second in between
        // that uses the new offset.
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(civil - 86_400)))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(civil + 86_400)))
        var low = civil - max(before, after)
        var high = civil - min(before, after)
        while low < high {
            let middle = low + (high - low) / 2
            if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(middle))) == after { high = middle } else { low = middle + 1 }
        }
        let transition = Date(timeIntervalSince1970: Double(low))
        if !hasTime { return .unique(transition) }
        return .skipped(transition: transition, offsetBefore: before, offsetAfter: after)
    }

    /// The one instant this date names in `timeZone`.
    /// - Throws: ``NoteDate/ParseError`` when the local time does not exist there (the clocks
    ///   skip it) or happens twice (the clocks go back over it) and the date has no offset to
    ///   say which.
    public func exactInstant(in timeZone: TimeZone) throws(ParseError) -> Date {
        switch resolution(in: timeZone) {
        case .unique(let date):
            return date
        case .skipped(let transition, let before, let after):
            let jumpFrom = Self.wallClock(transition, offset: before)
            let jumpTo = Self.wallClock(transition, offset: after)
            throw ParseError(
                text: description,
                reason: """
                    this time does not exist in \(timeZone.identifier): the clocks jump from \(jumpFrom) to \(jumpTo) that day; \
                    write a time outside the gap
                    """)
        case .repeated(_, let earlierOffset, _, let laterOffset):
            var first = self
            first.utcOffset = earlierOffset
            var second = self
            second.utcOffset = laterOffset
            throw ParseError(
                text: description,
                reason: """
                    this time happens twice in \(timeZone.identifier) (the clocks go back over it); \
                    add the offset to say which: \(first.description) or \(second.description)
                    """)
        }
    }

    /// The wall-clock time `HH:MM` of `date` read with `offset`.
    private static func wallClock(_ date: Date, offset: Int) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60))"
    }
}
