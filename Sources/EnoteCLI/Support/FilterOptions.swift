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

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only notes with this tag or one nested under it (repeatable: all of them).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("in"), help: ArgumentHelp("Only notes in this folder or a folder under it.", valueName: "dir"))
    var folder: String?

    @Option(help: ArgumentHelp("Only notes with a link to this note.", valueName: "note"))
    var linksTo: String?

    @Option(help: ArgumentHelp("Only notes this note links to.", valueName: "note"))
    var linkedFrom: String?

    @Flag(help: "Only notes no other note links to.")
    var orphan = false

    @Flag(help: "Only notes with a link that leads nowhere.")
    var deadLinks = false

    @Option(help: ArgumentHelp("Show at most this many notes.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        if let problem = Self.problem(input: input, limit: limit) { throw ValidationError(problem.text) }
    }

    /// The filters as the library reads them (``NoteFilterInput``, the one type every front end
    /// fills: `enote serve`'s list fills it from its query).
    var input: NoteFilterInput {
        var input = NoteFilterInput()
        input.color = color
        input.conditions = conditions
        input.since = since
        input.until = until
        input.expiring = expiring
        input.pending = pending
        input.tags = tags
        input.linksTo = linksTo
        input.linkedFrom = linkedFrom
        input.orphan = orphan
        input.deadLinks = deadLinks
        input.folder = folder
        return input
    }

    /// What is wrong with the values as given, before anything runs (a usage error).
    static func problem(input: NoteFilterInput, limit: Int?) -> LocalizedMessage? {
        if let limit, limit < 1 { return "--limit must be 1 or more" }
        return input.problem.map(usage)
    }

    /// The library filter for `input`.
    /// - Throws: ``UsageError`` naming the option whose value is wrong.
    static func filter(_ input: NoteFilterInput, clock: VaultClock) throws(UsageError) -> NoteFilter {
        do { return try input.filter(clock: clock) } catch { throw UsageError(usage(error)) }
    }

    /// The library's problem worded for the command line, naming the option.
    private static func usage(_ problem: NoteFilterInput.Problem) -> LocalizedMessage {
        switch problem.field {
        case .tag: "--tag needs a tag, for example --tag work"
        case .where: "--where needs KEY=VALUE, for example --where status=draft"
        default: "\("--" + problem.field.rawValue): \(problem.message)"
        }
    }
}
