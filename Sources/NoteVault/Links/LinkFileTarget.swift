import Foundation

extension LinkResolver {
    /// Where `link`, written in the note at `source`, leads, by the one rule every front end
    /// reports (`enote links`, `enote list --dead-links`, the language server's diagnostics, the
    /// web's note page): a note this resolver knows, else a file that is not a note (a picture,
    /// a PDF) where ``LinkFileTarget`` finds it beneath `root`. It is dead when neither answers:
    /// a missing `[[report.pdf]]` as much as a missing `[[plan]]`.
    public func resolve(_ link: NoteLink, from source: String, filesUnder root: String) -> LinkResolution {
        let resolution = resolve(link, from: source)
        guard resolution == .dead, let file = LinkFileTarget.find(link, from: source, root: root) else { return resolution }
        return .resolved(file)
    }
}

/// The file a link names when it is not a note (a picture, a PDF): files that are not notes are
/// not indexed, so they are looked for where the link says, when it is asked.
enum LinkFileTarget {
    /// The file a dead link names when it is not a note (`picture.png`, `report.pdf`) and
    /// exists: relative to the linking note's folder, from the vault's root, or in
    /// `attachments/` for a wikilink.
    static func find(_ link: NoteLink, from source: String, root: String) -> String? {
        candidates(link, from: source).first { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + candidate, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// Where the file a link names may be, in the order ``find(_:from:root:)`` tries them; none
    /// for a link to a note (`[[plan]]`, `plan.md`). The reading of pictures' and PDFs' text
    /// takes every one of them as the note's (``NoteAttachments``), and reads the one there.
    static func candidates(_ link: NoteLink, from source: String) -> [String] {
        let path = link.target.path
        let name = LinkResolver.name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, !NotePath.isMarkdownName(name) else { return [] }
        var candidates: [String?] = []
        if path.hasPrefix("/") {
            candidates.append(LinkResolver.normalize(String(path.drop { $0 == "/" })))
        } else {
            candidates.append(LinkResolver.normalize(LinkResolver.folder(of: source) + path))
            if link.isWikilink { candidates += [LinkResolver.normalize(path), LinkResolver.normalize("attachments/" + path)] }
        }
        var unique: [String] = []
        for case let candidate? in candidates where !candidate.hasPrefix(".enote/") && !unique.contains(candidate) { unique.append(candidate) }
        return unique
    }
}
