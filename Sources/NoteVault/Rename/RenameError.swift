/// Why a rename stopped before it touched any file, each with what to do.
public enum RenameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The new path is taken by a file or folder.
    case targetExists(NotePath)
    /// The note would keep its path.
    case samePath(NotePath)
    /// The new path is not a Markdown note name.
    case notMarkdown(NotePath)
    /// A link to the note could not be written so that it leads to the note alone afterwards
    /// (every form of it would be ambiguous).
    case wouldBeAmbiguous(source: String, line: Int, link: String)
    /// A link to another note would lead elsewhere once the note has its new name.
    case wouldChangeTarget(source: String, line: Int, link: String, target: String)
    /// A linking note changed on disk while the rename was being planned.
    case changedSinceRead(NotePath)

    public var description: String { message.text }

    /// What happened and what to do, as a sentence.
    public var message: LocalizedMessage {
        switch self {
        case .targetExists(let path):
            return "\(path) already exists; nothing was renamed. Choose another name, or move that file away first"
        case .samePath(let path):
            return "\(path) already has that name; nothing was renamed"
        case .notMarkdown(let path):
            return "\(path) is not a note name (a note's name ends in .md); nothing was renamed"
        case .wouldBeAmbiguous(let source, let line, let link):
            return
                "the link \(link) in \(source) (line \(line)) could not be rewritten so that it leads to the renamed note alone; nothing was renamed. Choose a name no other note has, or change that link to a path first"
        case .wouldChangeTarget(let source, let line, let link, let target):
            return
                "the link \(link) in \(source) (line \(line)) leads to \(target), and would lead elsewhere after the rename; nothing was renamed. Choose another name, or change that link to a path first"
        case .changedSinceRead(let path):
            return "\(path) changed on disk while the rename was being prepared; nothing was renamed. Run the command again"
        }
    }

    /// The exit status: 3 for a file that changed on disk, 1 otherwise.
    public var exitCode: Int32 {
        if case .changedSinceRead = self { return 3 }
        return 1
    }
}
