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

    /// Whether `byte` is an ASCII character of ``componentAllowed``: a letter, a digit or `-._~`.
    private static func plainASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// `path` percent-encoded component by component. A name that is not UTF-8 has each of
    /// its other bytes as `%XX`, so that ``path(in:after:)`` finds the same bytes again.
    package static func encode(_ path: NotePath) -> String {
        // Most paths need no encoding: said as they are, without Foundation's encoder (a board
        // of 600 cards links 600 notes).
        if let text = path.string, text.utf8.allSatisfy({ $0 == UInt8(ascii: "/") || plainASCII($0) }) { return text }
        guard let text = path.string else {
            return path.bytes.map { byte in
                byte == UInt8(ascii: "/") || (byte < 0x80 && componentAllowed.contains(Unicode.Scalar(byte)))
                    ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }.joined()
        }
        return text.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: componentAllowed) ?? "" }
            .joined(separator: "/")
    }

    package static func show(_ path: NotePath) -> String { "/n/" + encode(path) }
    package static func edit(_ path: NotePath) -> String { "/edit/" + encode(path) }

    /// A file beside the notes (a picture, a PDF), and for a PDF the page its viewer opens at
    /// (`#page=N`, the fragment the browsers' PDF viewers read).
    package static func file(_ path: NotePath, page: Int? = nil) -> String {
        show(path) + (page.map { "#page=\($0)" } ?? "")
    }

    /// The vault path after `prefix` in a request's raw path, percent-decoded.
    /// - Throws: ``PathError`` when it is not a path a user may name (empty, absolute, `..`, a
    ///   hidden component such as `.enote`).
    package static func path(in requestPath: String, after prefix: String) throws(PathError) -> NotePath {
        let raw = requestPath.hasPrefix(prefix) ? requestPath.utf8.dropFirst(prefix.utf8.count) : requestPath.utf8[...]
        return try NotePath(validatingBytes: percentDecoded(raw), purpose: .lookup)
    }

    /// The bytes `%XX` escapes stand for (any bytes: a name need not be UTF-8); a `%` not
    /// followed by two hexadecimal digits stays as it is.
    static func percentDecoded(_ text: Substring.UTF8View) -> [UInt8] {
        let bytes = Array(text)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
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
