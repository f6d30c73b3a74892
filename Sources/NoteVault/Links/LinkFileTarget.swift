import Foundation

/// The file a link names when it is not a note (a picture, a PDF): files that are not notes are
/// not indexed, so they are looked for where the link says, when it is asked.
enum LinkFileTarget {
    /// The file a dead link names when it is not a note (`picture.png`, `report.pdf`) and
    /// exists: relative to the linking note's folder, from the vault's root, or in
    /// `attachments/` for a wikilink.
    static func find(_ link: NoteLink, from source: String, root: String) -> String? {
        let path = link.target.path
        let name = LinkResolver.name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, !NotePath.isMarkdownName(name) else { return nil }
        var candidates: [String?] = []
        if path.hasPrefix("/") {
            candidates.append(LinkResolver.normalize(String(path.drop { $0 == "/" })))
        } else {
            candidates.append(LinkResolver.normalize(LinkResolver.folder(of: source) + path))
            if link.isWikilink { candidates += [LinkResolver.normalize(path), LinkResolver.normalize("attachments/" + path)] }
        }
        for case let candidate? in candidates where !candidate.hasPrefix(".enote/") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + candidate, isDirectory: &isFolder), !isFolder.boolValue { return candidate }
        }
        return nil
    }
}
