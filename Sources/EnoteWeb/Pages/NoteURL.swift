import Foundation
import NoteVault

/// The URLs of notes and files: `/n/<path>` shows a note (a picture beside it is served under
/// the same prefix, so the relative links and images a note's Markdown holds resolve as they do
/// on disk), `/edit/<path>` edits it.
package enum NoteURL {
    /// Characters kept as they are in a path component.
    static let componentAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// `path` percent-encoded component by component.
    package static func encode(_ path: NotePath) -> String {
        (path.string ?? path.description).split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: componentAllowed) ?? "" }
            .joined(separator: "/")
    }

    package static func show(_ path: NotePath) -> String { "/n/" + encode(path) }
    package static func edit(_ path: NotePath) -> String { "/edit/" + encode(path) }

    /// The vault path after `prefix` in a request's raw path, percent-decoded.
    /// - Throws: ``PathError`` when it is not a path a user may name (empty, absolute, `..`, a
    ///   hidden component such as `.enote`).
    package static func path(in requestPath: String, after prefix: String) throws(PathError) -> NotePath {
        let raw = requestPath.hasPrefix(prefix) ? String(requestPath.dropFirst(prefix.count)) : requestPath
        return try NotePath(validating: raw.removingPercentEncoding ?? raw, purpose: .lookup)
    }
}

/// A colour swatch: an SVG square (its fill is an attribute, which the Content-Security-Policy
/// allows where it forbids inline styles).
package enum Swatch {
    package static func svg(_ color: NoteColor, className: String = "swatch") -> HTML {
        let rgb = color.rgb
        let hex = String(format: "#%02x%02x%02x", rgb.red, rgb.green, rgb.blue)
        return "<svg class=\"\(className)\" viewBox=\"0 0 10 10\" aria-hidden=\"true\"><rect width=\"10\" height=\"10\" fill=\"\(hex)\"/></svg>"
    }
}
