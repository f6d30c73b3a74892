import Foundation

/// The URI of a note as a resource: `enote:///` and its vault-relative path, percent-encoded
/// (`enote:///work/plan%20B.md`).
enum NoteURI {
    static let prefix = "enote:///"

    /// The URI of the note at `path`.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        let ascii = CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127))
        allowed.formIntersection(ascii)
        return prefix + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }

    /// The vault-relative path a URI names, or `nil` when it is not a note's URI.
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix(prefix) else { return nil }
        return String(uri.dropFirst(prefix.count)).removingPercentEncoding
    }
}
