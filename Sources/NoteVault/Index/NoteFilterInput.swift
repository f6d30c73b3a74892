import Foundation

/// The list filters as a person types them (`enote list --since 3d`, the web list's `?since=3d`),
/// and the ``NoteFilter`` they make: the one rule every front end reads them with.
public struct NoteFilterInput: Sendable, Equatable {
    /// Which filter a value belongs to, for a front end to name it its own way (`--since`, `since`).
    public enum Field: String, Sendable {
        case color, `where`, since, until, expiring, tag
        /// The folder (`--in` on the command line).
        case folder = "in"
    }

    /// A value that cannot be read, with the library's words for what is wrong with it.
    public struct Problem: Error, Sendable {
        public var field: Field
        public var message: LocalizedMessage
    }

    public var color: String?
    /// `KEY=VALUE` conditions on the front matter.
    public var conditions: [String] = []
    public var since: String?
    public var until: String?
    /// A duration (`3d`), or `all`.
    public var expiring: String?
    public var pending = false
    public var tags: [String] = []
    /// The note references ``resolveNotes(_:vault:index:)`` finds.
    public var linksTo: String?
    public var linkedFrom: String?
    public var orphan = false
    public var deadLinks = false
    /// Only notes in this folder or below it, relative to the vault (`work`, `work/`).
    public var folder: String?

    public init() {}

    /// What is wrong with the shape of the values (a `--where` without `=`, an empty tag), before
    /// anything runs.
    public var problem: Problem? {
        for tag in tags where NoteTag.normalize(tag).isEmpty {
            return Problem(field: .tag, message: "a tag filter needs a tag, for example work")
        }
        for condition in conditions where !condition.contains("=") || condition.hasPrefix("=") {
            return Problem(field: .where, message: "\"\(condition)\" is not KEY=VALUE; write for example status=draft")
        }
        return nil
    }

    /// The library filter (without the link targets: see ``resolveNotes(_:vault:index:)``).
    /// - Throws: ``Problem`` naming the field whose value cannot be read.
    public func filter(clock: VaultClock) throws(Problem) -> NoteFilter {
        if let problem { throw problem }
        var filter = NoteFilter(now: clock.now())
        filter.includePendingExpiry = pending
        if let color {
            do { filter.color = try NoteColor(parsing: color) } catch { throw Problem(field: .color, message: error.message) }
        }
        filter.fields = conditions.map { condition in
            let parts = condition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]).trimmingCharacters(in: .whitespaces), parts.count > 1 ? String(parts[1]) : "")
        }
        filter.tags = tags
        if let folder { filter.folder = try Self.folder(folder) }
        filter.orphan = orphan
        filter.deadLinks = deadLinks
        filter.updatedSince = try since.map { text throws(Problem) in try Self.pastDate(text, field: .since, clock: clock) }
        filter.updatedUntil = try until.map { text throws(Problem) in try Self.pastDate(text, field: .until, clock: clock) }
        if let expiring {
            if expiring == "all" {
                filter.expiringWithin = .infinity
            } else if let seconds = DateInput.Duration.seconds(parsing: expiring) {
                filter.expiringWithin = seconds
            } else {
                throw Problem(field: .expiring, message: "\"\(expiring)\" is not a duration; write 30m, 12h, 3d or 2w, or all")
            }
        }
        return filter
    }

    /// Finds the notes `linksTo` and `linkedFrom` name, as every command finds a note.
    package func resolveNotes(_ filter: inout NoteFilter, vault: Vault, index: NoteIndex) throws(VaultError) {
        if let linksTo { filter.linksTo = try vault.resolve(linksTo, in: index) }
        if let linkedFrom { filter.linkedFrom = try vault.resolve(linkedFrom, in: index) }
    }

    /// The folder a person names (`work`, `work/`, `work/2026`), relative to the vault: the one
    /// rule every front end reads a folder filter with; `nil` for the vault itself (empty, `/`).
    /// - Throws: ``Problem`` for a path that is not a folder of the vault (`../x`, `/etc`).
    public static func folder(_ text: String) throws(Problem) -> NotePath? {
        var trimmed = Substring(text)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else { return nil }
        do { return try NotePath(validating: String(trimmed), purpose: .lookup) } catch { throw Problem(field: .folder, message: error.message) }
    }

    /// `3d` means three days ago; absolute dates as usual.
    private static func pastDate(_ text: String, field: Field, clock: VaultClock) throws(Problem) -> Date {
        if let seconds = DateInput.Duration.seconds(parsing: text) {
            return clock.now().addingTimeInterval(-seconds)
        }
        do {
            return try DateInput.parse(text, clock: clock)
        } catch {
            throw Problem(field: field, message: error.message)
        }
    }
}
