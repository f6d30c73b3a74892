import Foundation
import NoteVault

/// The values of the filters `list` and `search` share (``FilterOptions`` parses them), and
/// the library filter they make.
struct FilterValues: Sendable, Equatable {
    var color: String?
    var conditions: [String] = []
    var since: String?
    var until: String?
    var expiring: String?
    var pending = false
    var limit: Int?
    var json = false
    var tags: [String] = []
    /// `--links-to` and `--linked-from` as typed; ``resolveNotes(_:context:vault:)`` finds them.
    var linksTo: String?
    var linkedFrom: String?
    var orphan = false
    var deadLinks = false

    /// What is wrong with the values as given, before anything runs (a usage error).
    var problem: LocalizedMessage? {
        if let limit, limit < 1 { return "--limit must be 1 or more" }
        for tag in tags where NoteTag.normalize(tag).isEmpty {
            return "--tag needs a tag, for example --tag work"
        }
        for condition in conditions where !condition.contains("=") || condition.hasPrefix("=") {
            return "--where needs KEY=VALUE, for example --where status=draft"
        }
        return nil
    }

    /// The library filter.
    /// - Throws: ``UsageError`` naming the option whose value is wrong.
    func filter(clock: VaultClock) throws(UsageError) -> NoteFilter {
        let now = clock.now()
        var filter = NoteFilter(now: now)
        filter.includePendingExpiry = pending
        if let color {
            do { filter.color = try NoteColor(parsing: color) } catch { throw UsageError("--color: \(error.message)") }
        }
        filter.fields = conditions.map { condition in
            let parts = condition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]).trimmingCharacters(in: .whitespaces), parts.count > 1 ? String(parts[1]) : "")
        }
        filter.tags = tags
        filter.orphan = orphan
        filter.deadLinks = deadLinks
        filter.updatedSince = try since.map { text throws(UsageError) in try Self.pastDate(text, option: "--since", clock: clock) }
        filter.updatedUntil = try until.map { text throws(UsageError) in try Self.pastDate(text, option: "--until", clock: clock) }
        if let expiring {
            if expiring == "all" {
                filter.expiringWithin = .infinity
            } else if let seconds = DateInput.Duration.seconds(parsing: expiring) {
                filter.expiringWithin = seconds
            } else {
                throw UsageError("--expiring: \"\(expiring)\" is not a duration; write 30m, 12h, 3d or 2w, or all")
            }
        }
        return filter
    }

    /// Finds the notes `--links-to` and `--linked-from` name, as every command finds a NOTE.
    func resolveNotes(_ filter: inout NoteFilter, context: CommandContext, vault: Vault) throws {
        if let linksTo { filter.linksTo = try context.resolve(linksTo, in: vault) }
        if let linkedFrom { filter.linkedFrom = try context.resolve(linkedFrom, in: vault) }
    }

    /// `--since 3d` means three days ago; absolute dates as usual.
    private static func pastDate(_ text: String, option: String, clock: VaultClock) throws(UsageError) -> Date {
        if let seconds = DateInput.Duration.seconds(parsing: text) {
            return clock.now().addingTimeInterval(-seconds)
        }
        do {
            return try DateInput.parse(text, clock: clock)
        } catch {
            throw UsageError("\(option): \(error.message)")
        }
    }
}
