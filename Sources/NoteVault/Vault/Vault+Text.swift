import Foundation
import Synchronization

/// A note's bytes as they are now, with where its body starts and its revision: what a reader
/// paging through a long note needs, read without its Markdown (a page costs the file's read,
/// not a parse of the whole note).
public struct NoteText: Sendable {
    /// The whole file (empty for a note too large to read).
    public let bytes: [UInt8]
    /// Where the body starts, after the front matter.
    public let bodyStart: Int
    /// The revision of these bytes (the one ``Note`` read from them has).
    public let revision: NoteRevision
    /// Where each line starts, counted once with the read (a page names its lines).
    public let lines: NoteLines
    /// The file's status when it was read.
    let status: FileStatus
}

extension Vault {
    /// Reads the note at `path` as text, without parsing its Markdown (see ``NoteText``).
    /// - Throws: ``VaultError`` when it does not exist, is a link, or cannot be read.
    public func readText(_ path: NotePath) throws(VaultError) -> NoteText {
        switch try readNoteFile(path) {
        case .read(let snapshot):
            let bodyStart = NoteContent.bodyStart(of: snapshot.bytes, path: path.description)
            return NoteText(
                bytes: snapshot.bytes, bodyStart: bodyStart, revision: NoteRevision(hash: snapshot.hash), lines: NoteLines(snapshot.bytes), status: snapshot.status)
        case .tooLarge(let status):
            return NoteText(bytes: [], bodyStart: 0, revision: NoteRevision(hash: ContentHash([UInt8]())), lines: NoteLines([]), status: status)
        }
    }
}

/// The last note read as text by a reader that pages through it (the MCP `read` tool), kept
/// while its file is provably the one read: the next page then costs a `stat`, not a read and a
/// hash of the whole file.
///
/// The file must have the same size, inode, modification and status-change times, and those
/// times must be at least ``FileStatus/racyWindow`` older than the read: a write that lands in
/// the same tick as the read (file system times are coarse) could leave them unchanged, so a
/// file changed that recently is read again every time, as the index treats such files (`racy`).
public final class NoteTextCache: Sendable {
    private let kept = Mutex<(path: NotePath, text: NoteText, readAt: Int64)?>(nil)

    public init() {}

    /// The text of the note at `path`: the one kept when the file is provably unchanged, else
    /// read now (and kept in its place).
    public func text(_ path: NotePath, in vault: Vault) throws(VaultError) -> NoteText {
        if let kept = kept.withLock({ $0 }), kept.path == path,
            kept.text.status.modified < kept.readAt - FileStatus.racyWindow, kept.text.status.changed < kept.readAt - FileStatus.racyWindow,
            let status = try? vault.fileStatus(path), status == kept.text.status
        {
            return kept.text
        }
        let readAt = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
        let text = try vault.readText(path)
        kept.withLock { $0 = (path, text, readAt) }
        return text
    }
}
