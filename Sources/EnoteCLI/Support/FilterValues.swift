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
    /// `--in`: a folder of the vault.
    var folder: String?

    /// The values as the library reads them (``NoteFilterInput`` holds the rule `enote serve`'s
    /// list shares).
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
    var problem: LocalizedMessage? {
        if let limit, limit < 1 { return "--limit must be 1 or more" }
        return input.problem.map(Self.usage)
    }

    /// The library filter.
    /// - Throws: ``UsageError`` naming the option whose value is wrong.
    func filter(clock: VaultClock) throws(UsageError) -> NoteFilter {
        do { return try input.filter(clock: clock) } catch { throw UsageError(Self.usage(error)) }
    }

    /// The library's problem worded for the command line, naming the option.
    private static func usage(_ problem: NoteFilterInput.Problem) -> LocalizedMessage {
        switch problem.field {
        case .tag: "--tag needs a tag, for example --tag work"
        case .where: "--where needs KEY=VALUE, for example --where status=draft"
        default: "\("--" + problem.field.rawValue): \(problem.message)"
        }
    }

    /// Finds the notes `--links-to` and `--linked-from` name, as every command finds a NOTE.
    func resolveNotes(_ filter: inout NoteFilter, context: CommandContext, vault: Vault) throws {
        if let linksTo { filter.linksTo = try context.resolve(linksTo, in: vault) }
        if let linkedFrom { filter.linkedFrom = try context.resolve(linkedFrom, in: vault) }
    }
}
