import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Note templates: `.enote/templates/NAME.md`, whose `{{title}}`, `{{date}}` and `{{time}}`
/// are filled in when `enote new --template NAME` creates a note from it.
///
/// A template may have front matter of its own (tags, a colour); it is kept, and enote sets the
/// title and times in it.
///
/// ```markdown
/// ---
/// tags: [meeting]
/// ---
/// # {{title}}
///
/// {{date}} {{time}} — attendees:
/// ```
public enum Template {
    /// Replaces the placeholders: `{{title}}`, `{{date}}` (2026-11-22) and `{{time}}` (10:47).
    public static func fill(_ text: String, title: String, now: Date, timeZone: TimeZone) -> String {
        let stamp = NoteDate.stamp(now, in: timeZone)
        let date = String(stamp.prefix(10))
        let time = String(stamp.dropFirst(11).prefix(5))
        return
            text
            .replacingOccurrences(of: "{{title}}", with: title)
            .replacingOccurrences(of: "{{date}}", with: date)
            .replacingOccurrences(of: "{{time}}", with: time)
    }
}

extension Vault {
    /// The folder of note templates.
    public var templatesFolder: String { stateFolder + "/templates" }

    /// The names of the templates in `.enote/templates/` (none when it is a link).
    public func templateNames() -> [String] {
        let names = ((try? names(inFolder: Self.templatesPath)) ?? []).map { String(decoding: $0, as: UTF8.self) }
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// The text of the template `name` (with or without `.md`), read without following a link:
    /// a template that is a link, or a templates folder that is one, is refused.
    /// - Throws: ``VaultError/invalidInput(_:)`` listing the templates there are.
    public func template(named name: String) throws(VaultError) -> String {
        let file = name.hasSuffix(".md") ? name : name + ".md"
        var text: String?
        if !file.contains("/"), !file.hasPrefix(".") {
            let path = Self.templatesPath + [UInt8(ascii: "/")] + Array(file.utf8)
            do {
                let bytes = try fileSystem.readFile(path, beneath: rootDescriptor, limit: NoteContent.maximumSize).bytes
                text = String(validating: bytes, as: UTF8.self)
            } catch let error where error.code == ELOOP || error.code == EXDEV {
                let folderIsLink = (try? fileStatus(NotePath(bytes: Self.templatesPath)))?.kind == .symbolicLink
                throw .linkedStateFile(folderIsLink ? templatesFolder : templatesFolder + "/" + file)
            } catch {
                text = nil
            }
        }
        guard let text else {
            let available = templateNames()
            guard !available.isEmpty else {
                throw .invalidInput("no template named \"\(name)\" in .enote/templates/ (there are none yet; put Markdown files in .enote/templates/)")
            }
            throw .invalidInput("no template named \"\(name)\" in .enote/templates/ (there are: \(available.joined(separator: ", ")))")
        }
        return text
    }

    /// `.enote/templates`, relative to the root.
    static let templatesPath = Array((stateFolderName + "/templates").utf8)
}
