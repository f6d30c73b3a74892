/// Why `enote log`, `diff` or `restore` could not answer.
public enum HistoryError: Error, Sendable, CustomStringConvertible {
    /// The vault is not in a git repository.
    case notInGit(vault: String)
    /// git knows no such revision.
    case unknownRevision(String)
    /// The note did not exist at that revision (under its name then).
    case notAtRevision(path: String, revision: String)
    /// git has no commit that touched the note.
    case noHistory(path: String)
    /// The note has text git has not committed, which restoring would overwrite.
    case uncommittedChanges(path: String)
    /// A vault error (the note is open in an editor, the write failed).
    case vault(VaultError)

    public var description: String { message.text }

    public var message: LocalizedMessage {
        switch self {
        case .notInGit(let vault):
            return LocalizedMessage("the vault \(vault) is not in a git repository, so notes have no history", remedy: .createRepository)
        case .unknownRevision(let revision):
            return LocalizedMessage("git knows no revision \"\(revision)\"", remedy: .listNoteHistory(path: nil))
        case .notAtRevision(let path, let revision):
            return LocalizedMessage("\(path) did not exist at \(revision)", remedy: .listNoteHistory(path: path))
        case .noHistory(let path):
            return LocalizedMessage("git has no commit of \(path) yet", remedy: .recordInGit)
        case .uncommittedChanges(let path):
            return LocalizedMessage(
                "\(path) has changes that are not committed, and restoring would overwrite them; nothing was changed",
                remedy: .commitOrUndoChanges(path: path))
        case .vault(let error):
            return error.message
        }
    }
}
