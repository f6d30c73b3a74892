import ArgumentParser
import Foundation
import NoteVault

/// What the history commands (`log`, `diff`, `restore`) share: the note they name, which may
/// be one that exists only in git now.
struct HistoryContext {
    let context: CommandContext
    let vault: Vault
    let history: NoteHistory

    init(_ globals: GlobalOptions, forWriting: Bool = false) throws {
        context = CommandContext(globals)
        vault = try context.openVault(forWriting: forWriting)
        history = try NoteHistory(vault: vault)
    }

    /// The note's path: a note of the vault, or a path (with or without `.md`) that is gone
    /// from the vault but that git remembers.
    func notePath(_ reference: String) throws -> String {
        try history.notePath(reference) { () throws(VaultError) in try context.resolve(reference, in: vault) }
    }
}
