import ArgumentParser
import Foundation
import NoteVault

/// What the history commands (`log`, `diff`, `restore`) share: the note they name, which may
/// be one that exists only in git now, and reporting a ``HistoryError``.
struct HistoryContext {
    let context: CommandContext
    let vault: Vault
    let history: NoteHistory

    init(_ globals: GlobalOptions, forWriting: Bool = false) throws {
        context = CommandContext(globals)
        vault = try context.openVault(forWriting: forWriting)
        do {
            history = try NoteHistory(vault: vault)
        } catch {
            throw Self.fail(error)
        }
    }

    /// The note's path: a note of the vault, or a path (with or without `.md`) that is gone
    /// from the vault but that git remembers.
    func notePath(_ reference: String) throws -> String {
        for candidate in [reference, reference + ".md"] where candidate.hasSuffix(".md") && !candidate.hasPrefix("-") {
            if !FileManager.default.fileExists(atPath: vault.root + "/" + candidate), history.knows(candidate) { return candidate }
        }
        return try context.resolve(reference, in: vault).description
    }

    /// Reports a history error and returns the exit code to throw.
    static func fail(_ error: HistoryError) -> ExitCode {
        Console.err("enote: \(SafeText.escaped(error.message.text, keepingNewlines: true))")
        return ExitCode(error.exitCode)
    }
}
