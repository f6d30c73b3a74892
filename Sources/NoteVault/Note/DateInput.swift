import Foundation

/// A date typed on the command line: any ``NoteDate`` format, or a time relative to now
/// (`30m`, `12h`, `3d`, `2w`, `now`, `today`, `tomorrow`).
///
/// Relative forms exist only on the command line; enote always writes the absolute time with its
/// offset, so the file never depends on when it is read.
///
/// For example:
///
/// ```swift
/// try DateInput.parse("3d", clock: clock)        // now + 3 days
/// try DateInput.parse("tomorrow", clock: clock)  // 00:00 local time tomorrow
/// ```
package enum DateInput {
    /// Why a command-line date was refused.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package var text: String
        /// Why a well-formed local time names no single instant (the clocks skip it or pass it
        /// twice); `nil` when the text is not a date at all.
        package var localTimeProblem: NoteDate.ParseError?
        package var description: String { message.text }

        package init(text: String, localTimeProblem: NoteDate.ParseError? = nil) {
            self.text = text
            self.localTimeProblem = localTimeProblem
        }

        /// What is wrong with the text and what to write instead.
        package var message: LocalizedMessage {
            if let localTimeProblem { return localTimeProblem.message }
            return "\"\(text)\" is not a date: write \(NoteDate.acceptedFormats), or a relative time such as 30m, 12h, 3d, 2w, today, tomorrow"
        }
    }

    /// Resolves `text` to an instant, using `clock` for relative forms and local times.
    /// - Throws: ``ParseError`` for text that is not a date, and for a local time that does
    ///   not exist in the clock's zone or happens twice there (an offset says which).
    package static func parse(_ text: String, clock: VaultClock) throws(ParseError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let now = clock.now()
        switch trimmed {
        case "now": return now
        case "today": return startOfDay(now, offsetDays: 0, timeZone: clock.timeZone)
        case "tomorrow": return startOfDay(now, offsetDays: 1, timeZone: clock.timeZone)
        default: break
        }
        if let interval = Duration.seconds(parsing: trimmed) {
            return now.addingTimeInterval(interval)
        }
        let date: NoteDate
        do {
            date = try NoteDate(parsing: text)
        } catch {
            throw ParseError(text: text)
        }
        // A local time the clocks skip, or pass twice, is refused rather than guessed.
        do {
            return try date.exactInstant(in: clock.timeZone)
        } catch {
            throw ParseError(text: text, localTimeProblem: NoteDate.ParseError(text: text, reason: error.reason))
        }
    }

    private static func startOfDay(_ date: Date, offsetDays: Int, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.startOfDay(for: date)
        return calendar.date(byAdding: .day, value: offsetDays, to: start) ?? start
    }

    /// Durations written as a number and a unit: `30m`, `12h`, `3d`, `2w` (also `45s`).
    package enum Duration {
        /// The length of `text` in seconds, or `nil` when it is not a duration.
        package static func seconds(parsing text: String) -> TimeInterval? {
            let text = text.trimmingCharacters(in: .whitespaces).lowercased()
            guard let unit = text.last, let count = Int(text.dropLast()), count >= 0, count < 1_000_000 else {
                return nil
            }
            switch unit {
            case "s": return TimeInterval(count)
            case "m": return TimeInterval(count * 60)
            case "h": return TimeInterval(count * 3600)
            case "d": return TimeInterval(count * 86_400)
            case "w": return TimeInterval(count * 7 * 86_400)
            default: return nil
            }
        }
    }
}
