/// Why a rename stopped before it touched any file, each with what to do.
public enum RenameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The new path is taken by a file or folder.
    case targetExists(NotePath)
    /// The note would keep its path.
    case samePath(NotePath)
    /// The new path is not a Markdown note name.
    case notMarkdown(NotePath)
    /// A folder on the way to the new path is a file, so the rename could not make it.
    case notAFolder(NotePath)
    /// The new path differs from another file's in its folder only in case or Unicode
    /// normalisation (`Plan.md` beside `plan.md`): macOS and Windows would keep only one.
    case nameCollision(NotePath, existing: NotePath)
    /// Two files of one batch would move to the same path.
    case duplicateTarget(NotePath)
    /// A link to the note could not be written so that it leads to the note alone afterwards
    /// (every form of it would be ambiguous).
    case wouldBeAmbiguous(source: String, line: Int, link: String)
    /// A link to another note would lead elsewhere once the note has its new name.
    case wouldChangeTarget(source: String, line: Int, link: String, target: String)
    /// A linking note changed on disk while the rename was being planned.
    case changedSinceRead(NotePath)
    /// The new name of a tag rename is not a tag (`#NEW` would not read back as it).
    case invalidTag(String)
    /// No note has the tag to rename.
    case unusedTag(String)
    /// The new name of a tag rename is the old one, or the way every note that has the tag
    /// writes it already: nothing would change.
    case sameTag(String, String)
    /// A note's tags could not be rewritten so that they read back as renamed (an escaped or
    /// unusual front matter form).
    case tagNotRewritable(NotePath, tag: String)
    /// No heading starts on the line of a heading rename.
    case noHeading(NotePath, line: Int)
    /// The new text of a heading rename is empty, several lines, or holds a character that ends
    /// a link's `#heading` part.
    case invalidHeading(String)
    /// Another heading of the note already answers to the new text: links would name both.
    case headingExists(NotePath, heading: String)

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
        case .notAFolder(let path):
            return "\(path) exists and is not a folder; nothing was renamed. Choose another folder, or move that file away first"
        case .nameCollision(let path, let existing):
            return
                "\(path) differs from \(existing) only in case or Unicode normalisation, and macOS and Windows would keep only one of them; nothing was renamed. Choose another name"
        case .duplicateTarget(let path):
            return "two files would both move to \(path); nothing was renamed. Give each its own name"
        case .wouldBeAmbiguous(let source, let line, let link):
            return
                "the link \(link) in \(source) (line \(line)) could not be rewritten so that it leads to the renamed note alone; nothing was renamed. Choose a name no other note has, or change that link to a path first"
        case .wouldChangeTarget(let source, let line, let link, let target):
            return
                "the link \(link) in \(source) (line \(line)) leads to \(target), and would lead elsewhere after the rename; nothing was renamed. Choose another name, or change that link to a path first"
        case .changedSinceRead(let path):
            return "\(path) changed on disk while the rename was being prepared; nothing was renamed. Run the command again"
        case .invalidTag(let tag):
            return
                "\(tag) is not a tag (a tag is letters, digits, _, - and / with at least one letter and no spaces); nothing was renamed. Choose another name"
        case .unusedTag(let tag):
            return "no note has the tag \(tag); nothing was renamed. enote tags lists the tags in use"
        case .sameTag(let old, let new):
            return "\(old) and \(new) are the same tag, written so in every note that has it; nothing was renamed. Give the tag another name"
        case .tagNotRewritable(let path, let tag):
            return
                "the tags of \(path) could not be rewritten safely (an unusual form of \(tag)); nothing was renamed. Rename the tag in that note by hand, then run the command again"
        case .noHeading(let path, let line):
            return "there is no heading on line \(line) of \(path); nothing was renamed. Put the cursor on a heading"
        case .invalidHeading(let text):
            return
                "\(text) cannot be a heading that links name (it is empty, spans lines, or holds | [ ] # or ^); nothing was renamed. Choose another text"
        case .headingExists(let path, let heading):
            return "\(path) already has a heading \(heading), and links would name both; nothing was renamed. Choose another text"
        }
    }
}
