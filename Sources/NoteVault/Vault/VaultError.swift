/// Everything that can stop a vault operation, each with a message that names the note and says
/// what to do, and its ``Kind``: what the user gave, a race, a refusal or a failure, which each
/// front end turns into its own status (an exit status, an HTTP status) in one place.
public enum VaultError: ExplainedError, CustomStringConvertible {
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
    case notEditable(path: NotePath, reason: LocalizedMessage)
    /// A value the user typed or sent cannot be used (a title, a template name, a picture, a
    /// form without its revision); nothing was changed.
    case invalidInput(LocalizedMessage)
    /// The vault changed under the operation: the note changed, moved or went since it was read
    /// (emptied while a picture was added to it); the message says what was kept.
    case changedMeanwhile(LocalizedMessage)
    /// Something in the vault stands in the way and must be put right by hand: a file where a
    /// folder must be, a state file that is a link, a template that cannot be read, no order key
    /// left between two notes, no free name; nothing was changed.
    case blocked(LocalizedMessage)
    /// `.enote/config` or the user's config has a mistake, at a file and line.
    case config(VaultConfig.ParseError)
    /// The editor could not be started, or left something in place of its copy that enote does
    /// not read back (the underlying error says which).
    case editor(any ExplainedError)
    /// A file operation outside the note recipes failed (creating the vault, emptying the trash,
    /// reading standard input or a picture, writing a rename's plan): the message names it and
    /// the system's reason.
    case io(LocalizedMessage)
    /// The index could not be created, read, written or built; the notes are untouched.
    case index(LocalizedMessage)
    /// The vault refuses to hold more notes (`max_notes` in the vault config).
    case limitReached(limit: Int)
    /// Another editor has the note open (its lock or swap file is beside it).
    case openElsewhere(path: NotePath, holder: String)
    /// Text that could not replace the note was saved as `copy` beside it: the note was removed
    /// meanwhile (`noteRemoved`), or the copy was saved without the destroy date
    /// (`destroyRemoved`, as it was written) that had already passed.
    case conflictCopy(path: NotePath, copy: NotePath, noteRemoved: Bool, destroyRemoved: String?)
    /// The vault cannot be written (a read-only mount, or no permission); nothing was changed.
    case readOnly(path: String, reason: LocalizedMessage)
    /// A rename stopped before it touched any file.
    case rename(RenameError)
    /// A sync is stopped on a conflict, interrupted or running, and the change (a move, a
    /// removal, a rename) would leave it unable to finish; nothing was changed.
    case syncUnfinished(LocalizedMessage)
    /// The line of a note named by a task change holds no task (the note changed since the task
    /// was listed); nothing was written.
    case taskNotFound(path: NotePath, line: Int)

    public var description: String { message.text }

    /// What went wrong and what to do, as a sentence.
    public var message: LocalizedMessage {
        switch self {
        case .vaultNotFound(let folder):
            return LocalizedMessage("no vault found in \(folder) or any folder above it", remedy: .makeVault(path: nil))
        case .notAVault(let path):
            return LocalizedMessage("\(path) is not an enote vault (it has no .enote folder)", remedy: .makeVault(path: path))
        case .noteNotFound(let reference, let suggestions) where suggestions.isEmpty:
            return LocalizedMessage("no note matches \"\(reference)\". Name a note by its path or the start of its title", remedy: .listNotes)
        case .noteNotFound(let reference, let suggestions):
            let names = suggestions.map { "\"\($0)\"" }.joined(separator: " / ")
            return LocalizedMessage(
                "no note matches \"\(reference)\"; did you mean \(names)? Name a note by its path or the start of its title", remedy: .listNotes)
        case .ambiguousNote(let reference, let candidates):
            let list = candidates.map { "  \($0)" }.joined(separator: "\n")
            return "\"\(reference)\" matches \(count: candidates.count) notes; name one by its path:\n\(list)"
        case .path(let error):
            return error.message
        case .write(let error):
            return error.message
        case .lock(let error):
            return error.message
        case .system(let error):
            return error.message
        case .frontMatter(let error):
            return error.message
        case .notEditable(let path, let reason):
            return "\(path) is \(reason); enote does not change it"
        case .invalidInput(let message), .changedMeanwhile(let message), .blocked(let message), .io(let message), .index(let message):
            return message
        case .config(let error):
            return "\(error.file):\(error.line): \(error.message)"
        case .editor(let error):
            return error.message
        case .openElsewhere(let path, let holder):
            return LocalizedMessage("\(path) is open in \(holder)", remedy: .closeEditorOrForce)
        case .conflictCopy(let path, let copy, let noteRemoved, let destroyRemoved):
            let saved: LocalizedMessage =
                noteRemoved
                ? "\(path) was removed while you were editing it; your text was saved as \(copy)"
                : "\(path) changed on disk while enote was writing it; the version on disk is kept and yours was saved as \(copy)"
            guard let destroyRemoved else { return saved }
            return LocalizedMessage(
                "\(saved). Its destroy date \(destroyRemoved) had passed, so the copy was saved without one rather than be destroyed at once",
                remedy: .setDestroyDate(path: copy.description))
        case .readOnly(let path, let reason):
            return
                "the vault \(path) is read-only (\(reason)), so enote cannot change anything in it; nothing was changed. Mount it read-write or fix its permissions, then run the command again"
        case .rename(let error):
            return error.message
        case .syncUnfinished(let message):
            return message
        case .taskNotFound(let path, let line):
            return "line \(line) of \(path) holds no task (the note changed since the task was listed); nothing was changed"
        case .limitReached(let limit):
            return "this vault is limited to \(count: limit) notes (max_notes in .enote/config); remove a note or raise the limit to create another"
        }
    }

    /// Whether the text was saved as a conflict copy beside the note.
    public var isConflictCopy: Bool {
        switch self {
        case .write(.conflict(_, _?)), .conflictCopy: true
        default: false
        }
    }

    /// The kinds of failure a front end tells apart.
    public enum Kind: Sendable, Equatable {
        /// What the user typed or sent cannot be used (``invalidInput(_:)``): they can fix it
        /// themselves and try again.
        case input
        /// The vault changed under the operation, or a sync stands in its way: the note changed,
        /// moved or went since it was read (a task gone from its line too), or a sync stopped,
        /// was interrupted or runs. Reading
        /// again (or finishing the sync) and trying again is the way out.
        case race
        /// The vault refuses: no such note, a path or front matter it does not touch, a read-only
        /// vault, a name taken, another editor's lock, something to put right by hand.
        case refused
        /// A file, the index, the lock, git or the editor failed at what it was asked to do.
        case failure
    }

    /// What kind of failure this is.
    public var kind: Kind {
        switch self {
        case .invalidInput: .input
        case .changedMeanwhile, .syncUnfinished, .write(.conflict), .write(.beingWritten), .write(.gone), .conflictCopy, .rename(.changedSinceRead), .taskNotFound:
            .race
        case .io, .system, .write(.system), .index, .lock, .editor: .failure
        case .vaultNotFound, .notAVault, .noteNotFound, .ambiguousNote, .path, .write, .frontMatter, .notEditable, .config, .limitReached,
            .openElsewhere, .readOnly, .rename, .blocked:
            .refused
        }
    }
}

/// A library error that explains itself: what went wrong and what to do, as a sentence each front
/// end shows in its user's language. Every error type a public call throws conforms, so a front
/// end needs one way to show any of them.
public protocol ExplainedError: Error, Sendable {
    /// What went wrong and what to do.
    var message: LocalizedMessage { get }
}

extension SystemError: ExplainedError {}
extension PathError: ExplainedError {}
extension DurableWriter.WriteError: ExplainedError {}
extension VaultLock.LockError: ExplainedError {}
extension FrontMatterEditor.EditError: ExplainedError {}
extension VaultConfig.ParseError: ExplainedError {}
extension EditorSession.LaunchError: ExplainedError {}
extension EditorSession.CopyError: ExplainedError {}
extension EditorSession.TooLargeError: ExplainedError {}
extension SyncError: ExplainedError {}
extension HistoryError: ExplainedError {}
extension MergeDriverSetupError: ExplainedError {}
extension VaultWatcher.StartError: ExplainedError {}
