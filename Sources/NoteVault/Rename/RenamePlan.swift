/// Every change one rename makes, computed before any file is touched: the moved note's new
/// path and text (its own relative links rewritten for its new folder), and each linking note's
/// new text. Only the bytes of link destinations differ between a file's `before` and `after`.
package struct RenamePlan: Sendable {
    /// One file's change.
    package struct FileEdit: Sendable {
        /// Where the file is now.
        package var path: NotePath
        /// Where it will be (the same path for a linking note).
        package var newPath: NotePath
        /// The file as read, with its status (a later write must find it unchanged).
        package var snapshot: FileSnapshot
        /// The text it will have.
        package var after: [UInt8]
        /// How many link destinations change in it.
        package var rewrittenLinks: Int
        /// The byte edits that turn `before` into `after`, in order of their offsets in `before`
        /// (for a client that applies them itself, such as an editor through the language server).
        package var replacements: [Replacement] = []

        /// The text as read.
        package var before: [UInt8] { snapshot.bytes }
    }

    /// One link destination replaced: the bytes `range` of `before` become `text`.
    package struct Replacement: Sendable, Equatable {
        package var range: Range<Int>
        package var text: String
    }

    /// The note's path before the rename.
    package var from: NotePath
    /// Its path after.
    package var to: NotePath
    /// The moved note.
    package var moved: FileEdit
    /// The other notes whose links change, sorted by path.
    package var linking: [FileEdit]

    /// Every file that changes: the moved note first.
    package var edits: [FileEdit] { [moved] + linking }

    /// The paths a commit of the rename holds: the old and new path, and each linking note.
    package var changedPaths: [NotePath] { [from, to] + linking.map(\.path) }

    /// The changes as a unified diff (`git diff` style, the move as `rename from`/`rename to`).
    package func unifiedDiff() -> String {
        edits.map { UnifiedDiff.diff(old: $0.before, new: $0.after, oldPath: $0.path.description, newPath: $0.newPath.description) }.joined()
    }
}
