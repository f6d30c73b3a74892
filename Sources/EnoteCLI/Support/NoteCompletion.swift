import ArgumentParser
import Foundation
import NoteVault

/// Shell completion of note names: the notes' paths (without `.md`) and titles that start
/// with what was typed, read from the index as ``VaultSession/forCompletion(_:)`` gives it, or
/// from the files.
enum NoteCompletion {
    /// The `completion:` of every argument that names a note.
    static let notes = CompletionKind.custom { words, _, prefix in candidates(words: words, prefix: prefix) }

    static func candidates(words: [String], prefix: String) -> [String] {
        var explicit: String?
        if let position = words.firstIndex(of: "--vault"), position + 1 < words.count {
            explicit = words[position + 1]
        } else if let word = words.first(where: { $0.hasPrefix("--vault=") }) {
            explicit = String(word.dropFirst("--vault=".count))
        }
        let environment = ProcessInfo.processInfo.environment
        guard let root = try? VaultLocator.locate(explicit: explicit, environment: environment, currentDirectory: FileManager.default.currentDirectoryPath),
            let vault = try? Vault(root: root)
        else { return [] }
        var names: [String] = []
        // Without a usable index, the names come from a walk (the Tab key must not wait).
        if let session = VaultSession.forCompletion(vault), let candidates = try? session.withIndex({ index throws(VaultError) in try index.candidates() }) {
            for candidate in candidates {
                names += [NotePath.droppingMarkdownExtension(candidate.path.description), candidate.title]
            }
        } else {
            names = vault.scan().notes.map { NotePath.droppingMarkdownExtension($0.path.description) }
        }
        let typed = prefix.lowercased()
        return Array(Set(names.filter { $0.lowercased().hasPrefix(typed) })).sorted()
    }
}
