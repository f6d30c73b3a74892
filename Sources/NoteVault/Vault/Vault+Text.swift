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
}

extension Vault {
    /// Reads the note at `path` as text, without parsing its Markdown (see ``NoteText``).
    /// - Throws: ``VaultError`` when it does not exist, is a link, or cannot be read.
    public func readText(_ path: NotePath) throws(VaultError) -> NoteText {
        switch try readNoteFile(path) {
        case .read(let snapshot):
            let bodyStart = NoteContent.bodyStart(of: snapshot.bytes, path: path.description)
            return NoteText(bytes: snapshot.bytes, bodyStart: bodyStart, revision: NoteRevision(hash: snapshot.hash))
        case .tooLarge:
            return NoteText(bytes: [], bodyStart: 0, revision: NoteRevision(hash: ContentHash([UInt8]())))
        }
    }
}
