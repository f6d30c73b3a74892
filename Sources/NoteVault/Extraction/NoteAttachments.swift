/// The one rule for which files a note's text is searched with: the local pictures it shows
/// (`![alt](receipt.jpg)`) and the local PDFs and pictures it links (`[contract](contract.pdf)`),
/// resolved as pictures are (``ImageReference``: relative to the note, never outside the vault),
/// then the files its wikilinks and embeds name (`![[receipt.jpg]]`, `[[contract.pdf]]`) where
/// a link finds a file (``LinkFileTarget``: beside the note, from the root, in `attachments/`;
/// each place is the note's, and the file there is read), each once, at most ``limit`` places.
enum NoteAttachments {
    /// The most files of one note that are read.
    static let limit = 64
    /// The most text of its files searched with one note (each file's own is at most
    /// ``ExtractionLimits/textBytes``): every save of the note writes it into the index again.
    static let textBytes = 4 << 20

    /// The pages' texts as the note's FTS row holds them: one after the other, up to
    /// ``textBytes``.
    static func joined(_ texts: [String]) -> String {
        var joined = ""
        for text in texts {
            let room = textBytes - joined.utf8.count - 2
            guard room > 0 else { break }
            if !joined.isEmpty { joined += "\n\n" }
            joined += text.utf8.count <= room ? text : String(decoding: text.utf8.prefix(room), as: UTF8.self)
        }
        return joined
    }

    /// The files of a note's pictures (`images`) and links (`links`), as written in note `note`:
    /// its pictures first, then its links, each once, at most `limit` (those past it are not
    /// read, and `enote doctor` says so).
    static func paths(images: [String], links: [String], wikilinks: [NoteLink] = [], in note: NotePath, limit: Int = limit) -> [NotePath] {
        var paths: [NotePath] = []
        var files = 0
        for source in images + links where files < limit {
            guard let path = path(of: source, in: note), !paths.contains(path) else { continue }
            paths.append(path)
            files += 1
        }
        for link in wikilinks where link.isWikilink && !link.isExternal && files < limit {
            let places = LinkFileTarget.candidates(link, from: note.description).compactMap { candidate -> NotePath? in
                guard AttachmentKind(path: candidate) != nil, let path = try? NotePath(validatingBytes: Array(candidate.utf8), purpose: .lookup) else {
                    return nil
                }
                return paths.contains(path) ? nil : path
            }
            guard !places.isEmpty, files + places.count <= limit else { continue }
            paths += places
            files += places.count
        }
        return paths
    }

    /// The file a picture's or a link's destination `source` names, written in note `note`,
    /// when its text is read: a local picture or PDF inside the vault, not hidden.
    static func path(of source: String, in note: NotePath) -> NotePath? {
        guard let path = ImageReference(source: source, in: note).path, AttachmentKind(path: path.description) != nil else { return nil }
        // A hidden file (`.enote/…`, `.trash/…`) is never read, as it is never shown.
        guard (try? NotePath(validatingBytes: path.bytes, purpose: .lookup)) != nil else { return nil }
        return path
    }
}
