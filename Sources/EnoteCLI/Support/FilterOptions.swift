import ArgumentParser
import Foundation
import NoteVault

/// The filters `list` and `search` share.
struct FilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only notes of this colour.", valueName: "color"))
    var color: String?

    @Option(
        name: .customLong("where"),
        help: ArgumentHelp(
            "Only notes whose front matter KEY has VALUE (repeatable; a list matches any element; any key, unknown ones too).", valueName: "key=value"))
    var conditions: [String] = []

    @Option(help: ArgumentHelp("Only notes updated at or after this date (2026-11-01, 3d = three days ago).", valueName: "when"))
    var since: String?

    @Option(help: ArgumentHelp("Only notes updated at or before this date.", valueName: "when"))
    var until: String?

    @Option(
        help: ArgumentHelp(
            "Only notes that destroy themselves within this time (3d, 2w), soonest first; `all` for any future date. Bare --expiring means all.",
            valueName: "within"))
    var expiring: String?

    @Flag(help: "Also show notes whose destroy date has passed (waiting to be expired).")
    var pending = false

    @Option(help: ArgumentHelp("Show at most this many notes.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError(Localization.text("--limit must be 1 or more")) }
        for condition in conditions where !condition.contains("=") || condition.hasPrefix("=") {
            throw ValidationError(Localization.text("--where needs KEY=VALUE, for example --where status=draft"))
        }
    }

    /// The library filter, or a message naming the option that is wrong.
    func filter(clock: VaultClock) throws(VaultError) -> NoteFilter {
        let now = clock.now()
        var filter = NoteFilter(now: now)
        filter.includePendingExpiry = pending
        if let color {
            do { filter.color = try NoteColor(parsing: color) } catch { throw .invalidInput("--color: \(error)") }
        }
        filter.fields = conditions.map { condition in
            let parts = condition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]).trimmingCharacters(in: .whitespaces), parts.count > 1 ? String(parts[1]) : "")
        }
        filter.updatedSince = try since.map { text throws(VaultError) in try Self.pastDate(text, option: "--since", clock: clock) }
        filter.updatedUntil = try until.map { text throws(VaultError) in try Self.pastDate(text, option: "--until", clock: clock) }
        if let expiring {
            if expiring == "all" {
                filter.expiringWithin = .infinity
            } else if let seconds = DateInput.Duration.seconds(parsing: expiring) {
                filter.expiringWithin = seconds
            } else {
                throw .invalidInput("--expiring: \"\(expiring)\" is not a duration; write 30m, 12h, 3d or 2w, or all")
            }
        }
        return filter
    }

    /// `--since 3d` means three days ago; absolute dates as usual.
    private static func pastDate(_ text: String, option: String, clock: VaultClock) throws(VaultError) -> Date {
        if let seconds = DateInput.Duration.seconds(parsing: text) {
            return clock.now().addingTimeInterval(-seconds)
        }
        do {
            return try DateInput.parse(text, clock: clock)
        } catch {
            throw .invalidInput("\(option): \(error)")
        }
    }
}
