import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where daily notes live and how they start, from `.enote/config`:
///
/// ```
/// daily_folder = journal        # the folder (default journal; empty for the vault's root)
/// daily_format = %Y-%m-%d       # the file name, strftime(3) conversions (default %Y-%m-%d)
/// daily_template = daily        # .enote/templates/daily.md (default: none)
/// daily_carry = open-tasks      # copy the last daily note's open tasks (default none)
/// ```
///
/// The format may hold `/` to make folders (`%Y/%m/%d`); `.md` is added unless it ends so.
public struct DailyNoteSettings: Sendable, Equatable {
    /// What a new daily note takes over from the last one.
    public enum Carry: String, Sendable, Equatable, CaseIterable {
        /// Nothing (the default).
        case none
        /// The open tasks of the last daily note, copied (the old note keeps them).
        case openTasks = "open-tasks"
    }

    /// The folder, relative to the vault; empty for the root.
    public var folder = "journal"
    /// The file name as strftime(3) writes it for the day.
    public var format = "%Y-%m-%d"
    /// The template a new daily note starts from (a name in `.enote/templates/`).
    public var template: String?
    public var carry: Carry = .none

    public init() {}

    /// The note of `day`: the folder, then the format written for the day, ending in `.md`.
    /// - Throws: ``PathError`` when the name breaks a rule of paths (the config's own check
    ///   makes that rare).
    public func path(for day: CalendarDay) throws(PathError) -> NotePath {
        var name = Self.format(format, day: day)
        if !NotePath.isMarkdownName(Array(name.utf8)[...]) { name += ".md" }
        return try NotePath(validating: folder.isEmpty ? name : folder + "/" + name, purpose: .create)
    }

    /// Why `format` cannot name daily notes, or `nil` when it can: it must give every day of a
    /// year its own name, and that name must be a valid note path.
    static func problem(format: String, folder: String) -> LocalizedMessage? {
        let days = (0..<366).map { CalendarDay(year: 2028, month: 1, day: 1)!.adding(days: $0) }
        let names = Set(days.map { Self.format(format, day: $0) })
        guard !format.isEmpty, names.count == days.count,
            Self.format(format, day: days[0]) != Self.format(format, day: CalendarDay(year: 2029, month: 1, day: 1)!)
        else {
            return "daily_format must give each day its own name, such as %Y-%m-%d; \"\(format)\" gives one name to several days"
        }
        var settings = DailyNoteSettings()
        settings.folder = folder
        settings.format = format
        do {
            _ = try settings.path(for: days[0])
        } catch {
            return "daily_format \"\(format)\" does not make a note's path: \(error.message)"
        }
        return nil
    }

    /// `format` as strftime(3) writes `day` at midnight (C locale names: `%A` is `Monday`).
    static func format(_ format: String, day: CalendarDay) -> String {
        let (year, month, dayOfMonth) = day.components
        var time = tm()
        time.tm_year = Int32(year - 1900)
        time.tm_mon = Int32(month - 1)
        time.tm_mday = Int32(dayOfMonth)
        time.tm_wday = Int32(day.weekday)
        time.tm_yday = Int32(day.daysSinceEpoch - CalendarDay(year: year, month: 1, day: 1)!.daysSinceEpoch)
        var buffer = [CChar](repeating: 0, count: 512)
        let length = strftime(&buffer, buffer.count, format, &time)
        guard length > 0 else { return "" }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
