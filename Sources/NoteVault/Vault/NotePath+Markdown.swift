/// The one rule for a note's `.md`: a name is a note's when it ends in `.md` in any case
/// (`plan.md`, `Plan.MD`), and the extension is cut or added here and nowhere else.
extension NotePath {
    /// The extension enote gives the notes it names (matched in any case).
    package static let markdownExtension = ".md"

    /// Whether the name (or path) `name` ends in `.md`, in any case, after at least one byte.
    package static func isMarkdownName(_ name: String) -> Bool {
        isMarkdownName(name.utf8)
    }

    /// `name` without its `.md` (in any case); as it is when it has none.
    package static func droppingMarkdownExtension(_ name: String) -> String {
        isMarkdownName(name) ? String(decoding: name.utf8.dropLast(3), as: UTF8.self) : name
    }

    /// `name` without its `.md` (in any case); as it is when it has none.
    package static func droppingMarkdownExtension(_ name: [UInt8]) -> [UInt8] {
        isMarkdownName(name) ? Array(name.dropLast(3)) : name
    }

    /// `name` with `.md` added unless it ends in `.md` (in any case) already.
    package static func addingMarkdownExtension(_ name: String) -> String {
        isMarkdownName(name) ? name : name + markdownExtension
    }

    /// `name` with `.md` added unless it ends in `.md` (in any case) already.
    package static func addingMarkdownExtension(_ name: [UInt8]) -> [UInt8] {
        isMarkdownName(name) ? name : name + Array(markdownExtension.utf8)
    }
}
