/// Everything that can stop a vault operation, each with a message that names the note and says
/// what to do, and the exit status the command line uses.
public enum VaultError: Error, Sendable, CustomStringConvertible {
    /// No vault was found from the current folder upwards.
    case vaultNotFound(searchedFrom: String)
    /// `--vault` or `ENOTE_VAULT` names a folder that is not a vault.
    case notAVault(path: String)
    /// No note matches what the user typed.
    case noteNotFound(reference: String, suggestions: [String])
    /// More than one note matches.
    case ambiguousNote(reference: String, candidates: [String])
    /// A path the user gave breaks a rule.
    case path(PathError)
    /// A write failed or was refused.
    case write(DurableWriter.WriteError)
    /// The vault lock could not be taken.
    case lock(VaultLock.LockError)
    /// A system call failed.
    case system(SystemError)
    /// Front matter that enote will not change.
    case frontMatter(FrontMatterEditor.EditError)
    /// The note cannot be changed by enote (not text, not UTF-8, too large).
    case notEditable(path: NotePath, reason: String)
    /// A value the user gave is not valid.
    case invalidInput(String)
    /// The vault refuses to hold more notes (`max_notes` in the vault config).
    case limitReached(limit: Int)
    /// Another editor has the note open (its lock or swap file is beside it).
    case openElsewhere(path: NotePath, holder: String)
    /// The vault cannot be written (a read-only mount, or no permission); nothing was changed.
    case readOnly(path: String, reason: String)

    public var description: String {
        switch self {
        case .vaultNotFound(let folder):
            return "no vault found in \(folder) or any folder above it; run `enote init` to make this folder a vault, or pass --vault DIR (or set ENOTE_VAULT)"
        case .notAVault(let path):
            return "\(path) is not an enote vault (it has no .enote folder); run `enote init \(path)` first"
        case .noteNotFound(let reference, let suggestions):
            var text = "no note matches \"\(reference)\""
            if !suggestions.isEmpty { text += "; did you mean \(suggestions.map { "\"\($0)\"" }.joined(separator: " or "))?" }
            return text + ". Name a note by its path or the start of its title; `enote list` shows them"
        case .ambiguousNote(let reference, let candidates):
            return "\"\(reference)\" matches \(candidates.count) notes; name one by its path:\n" + candidates.map { "  \($0)" }.joined(separator: "\n")
        case .path(let error):
            return error.description
        case .write(let error):
            return error.description
        case .lock(let error):
            return error.description
        case .system(let error):
            return error.description
        case .frontMatter(let error):
            return error.description
        case .notEditable(let path, let reason):
            return "\(path) is \(reason); enote does not change it"
        case .invalidInput(let message):
            return message
        case .openElsewhere(let path, let holder):
            return "\(path) is open in \(holder); close it there first, or pass --force (that editor will then see the file changed when it saves)"
        case .readOnly(let path, let reason):
            return "the vault \(path) is read-only (\(reason)), so enote cannot change anything in it; nothing was changed. Mount it read-write or fix its permissions, then run the command again"
        case .limitReached(let limit):
            return "this vault is limited to \(limit) notes (max_notes in .enote/config); remove a note or raise the limit to create another"
        }
    }

    /// The exit status: 3 for a conflict with a change on disk, 1 otherwise.
    public var exitCode: Int32 {
        if case .write(.conflict) = self { return 3 }
        return 1
    }
}
