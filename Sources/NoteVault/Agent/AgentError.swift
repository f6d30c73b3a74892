/// Why an agent's request was refused or failed. Every refusal leaves the vault as it was.
///
/// The cases are the rules of ``AgentEditor`` (exact text, revisions, the person's limits, the
/// journal); a failure of the vault underneath is ``vault(_:)``.
public enum AgentError: ExplainedError, CustomStringConvertible {
    /// The vault refused or failed (a note not found, open in an editor, a failed write).
    case vault(VaultError)
    /// The note changed since the revision the agent read.
    case staleRevision(path: NotePath, given: String, current: String)
    /// The old text of a replace is not in the note's body (`inFrontMatter`: it is in the front
    /// matter, which only set_front_matter changes).
    case textNotFound(path: NotePath, inFrontMatter: Bool)
    /// The old text of a replace occurs more than once (1-based lines of the first ones).
    case textAmbiguous(path: NotePath, count: Int, lines: [Int])
    /// No heading of the note has this text.
    case headingNotFound(path: NotePath, heading: String, headings: [String])
    /// The server was started with `--read-only`.
    case readOnly
    /// The path is outside the folders the person lets agents write (`mcp_write`).
    case outsideAllowList(path: NotePath, folders: [String])
    /// A note exists at the path a create or a move names.
    case exists(path: NotePath)
    /// The path is not one a note may have (not `.md`, ignored or hidden).
    case notANotePath(path: NotePath)
    /// The change would make the note larger than enote reads.
    case tooLarge(path: NotePath, size: Int)
    /// The journal has no such entry (never written, or pruned).
    case noJournalEntry(number: Int)
    /// A journaled write cannot be undone: what it wrote is no longer there.
    case changedSinceWrite(number: Int, path: NotePath)
    /// The journal could not be written, so the write was not made.
    case journal(LocalizedMessage)

    public var description: String { message.text }

    /// What happened, as a sentence.
    public var message: LocalizedMessage {
        switch self {
        case .vault(let error):
            return error.message
        case .staleRevision(let path, let given, let current):
            return "\(path) changed since revision \(given) was read (it is now \(current)); nothing was written. Read it again, then retry with the new revision"
        case .textNotFound(let path, true):
            return "the old text is not in the body of \(path), only in its front matter, which set_front_matter changes; nothing was written"
        case .textNotFound(let path, false):
            return "the old text is not in \(path) (it must match exactly, spaces and line breaks included); nothing was written"
        case .textAmbiguous(let path, let count, let lines):
            let places = lines.map(String.init).joined(separator: ", ")
            return "the old text occurs \(String(count)) times in \(path) (on lines \(places)); give more of the text around it so that it occurs once; nothing was written"
        case .headingNotFound(let path, let heading, let headings):
            let list = headings.isEmpty ? "none" : headings.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(path) has no heading \"\(heading)\" (its headings: \(list)); nothing was written"
        case .readOnly:
            return "this server is read-only: the person who started it lets agents read the vault but not change it; nothing was written"
        case .outsideAllowList(let path, let folders):
            let list = folders.map { $0.isEmpty ? "the vault's root" : $0 + "/" }.joined(separator: ", ")
            return "\(path) is outside the folders agents may write (\(list), set by mcp_write in the person's own config); nothing was written"
        case .exists(let path):
            return "\(path) already exists (or a file whose name differs only in case); enote never overwrites a note, so nothing was written"
        case .notANotePath(let path):
            return "\(path) is not a path a note can have here: a note is a .md file outside hidden and ignored folders; nothing was written"
        case .tooLarge(let path, let size):
            return "the change would make \(path) \(size) bytes long, more than the \(NoteContent.maximumSize) enote reads; nothing was written"
        case .noJournalEntry(let number):
            return "the journal has no write \(number) (it keeps the last 1,000 writes)"
        case .changedSinceWrite(let number, let path):
            return "write \(number) cannot be undone: \(path) changed after it (by a person, an editor or another write), and undoing it would lose that change; nothing was changed"
        case .journal(let reason):
            return "the agent journal in .enote/ could not be written (\(reason)), so nothing was written"
        }
    }
}
