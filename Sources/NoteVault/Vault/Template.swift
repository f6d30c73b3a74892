import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Note templates: `.enote/templates/NAME.md`, whose `{{title}}`, `{{date}}` and `{{time}}`
/// are filled in when `enote new --template NAME` creates a note from it. A daily note's
/// template (`enote today`) also gets `{{date_long}}` and `{{weekday}}`, its day in the user's
/// language (`Tuesday, December 1, 2026`, `вторник, 1 декабря 2026 г.`, `2026年12月1日火曜日`),
/// and its `{{date}}` is that day.
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
package enum Template {
    /// Replaces the placeholders as plain text: `{{title}}`, `{{date}}` (2026-11-22) and
    /// `{{time}}` (10:47). Each is replaced once, so a title that contains `{{date}}` stays as
    /// typed.
    package static func fill(_ text: String, title: String, now: Date, timeZone: TimeZone) -> String {
        replace(in: text, values: values(title: title, now: now, timeZone: timeZone))
    }

    /// The template filled for a new note: placeholders in the front matter are filled inside
    /// the decoded values and each changed value is written again as ``YAMLWriter`` writes it
    /// (`title: {{title}}` with the title `Meeting: Q3` becomes `title: "Meeting: Q3"`); the
    /// body gets the values as typed.
    package static func instantiate(_ text: String, title: String, now: Date, timeZone: TimeZone) -> [UInt8] {
        instantiate(text, title: title, values: values(title: title, now: now, timeZone: timeZone))
    }

    /// The template filled for a daily note: `{{date}}` is `day`, `{{date_long}}` and
    /// `{{weekday}}` are written for `locale`, `{{time}}` is the time now.
    package static func instantiate(_ text: String, title: String, now: Date, timeZone: TimeZone, day: CalendarDay, locale: Locale) -> [UInt8] {
        instantiate(text, title: title, values: dayValues(title: title, now: now, timeZone: timeZone, day: day, locale: locale))
    }

    /// The values of a daily note's placeholders.
    package static func dayValues(title: String, now: Date, timeZone: TimeZone, day: CalendarDay, locale: Locale) -> [(String, String)] {
        var values = values(title: title, now: now, timeZone: timeZone)
        values[1].1 = day.description
        values.append(("{{date_long}}", day.longText(locale: locale)))
        values.append(("{{weekday}}", day.weekdayName(locale: locale)))
        return values
    }

    private static func instantiate(_ text: String, title: String, values: [(String, String)]) -> [UInt8] {
        // Placeholders become plain words first, so the block parses whatever the values are.
        var slots: [(slot: String, value: String)] = []
        var marked = text
        for (placeholder, value) in values {
            let slot = "enoteslot\(slots.count)x\(UInt32.random(in: 100_000...999_999))"
            marked = marked.replacingOccurrences(of: placeholder, with: slot)
            slots.append((slot, value))
        }
        func filled(_ text: String) -> String { replace(in: text, values: slots.map { ($0.slot, $0.value) }) }
        var bytes = Array(marked.utf8)
        let (reading, _) = FrontMatterParser.read(bytes, file: "template")
        var body = bytes.count
        if case .parsed(let frontMatter) = reading {
            body = frontMatter.end
            var replacements: [(range: Range<Int>, yaml: String)] = []
            for entry in frontMatter.entries {
                guard let range = entry.valueRange, slots.contains(where: { entry.value.strings.joined().contains($0.slot) }) else { continue }
                switch entry.value {
                case .string(let value): replacements.append((range, requoted(filled(value), like: bytes[range].first)))
                case .list(let items): replacements.append((range, YAMLWriter.flowList(items.map(filled))))
                default: break
                }
            }
            for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(replacement.range, with: Array(replacement.yaml.utf8))
                body += replacement.yaml.utf8.count - replacement.range.count
            }
        }
        // Whatever is left (the body, values the writer does not rewrite) gets the values as typed.
        let head = filled(String(decoding: bytes[..<body], as: UTF8.self))
        return Array(head.utf8) + Array(filled(String(decoding: bytes[body...], as: UTF8.self)).utf8)
    }

    /// A filled value written as the template wrote it when that is safe: double quotes stay
    /// double quotes, single quotes stay single quotes (for one printable line); a plain value
    /// is quoted only when the YAML writer would quote it.
    private static func requoted(_ value: String, like first: UInt8?) -> String {
        switch first {
        case UInt8(ascii: "\""):
            return YAMLWriter.doubleQuoted(value)
        case UInt8(ascii: "'") where value.unicodeScalars.allSatisfy(isSingleQuotable):
            return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        default:
            return YAMLWriter.scalar(value)
        }
    }

    /// Whether a character can stand in a single-quoted YAML scalar as itself (printable, not a
    /// line break or a byte order mark).
    private static func isSingleQuotable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
            && !["\u{2028}", "\u{2029}", "\u{FEFF}"].contains(scalar)
    }

    /// Replaces the placeholders of `values` as plain text (see ``fill(_:title:now:timeZone:)``).
    package static func fill(_ text: String, values: [(String, String)]) -> String {
        replace(in: text, values: values)
    }

    private static func values(title: String, now: Date, timeZone: TimeZone) -> [(String, String)] {
        let stamp = NoteDate.stamp(now, in: timeZone)
        return [("{{title}}", title), ("{{date}}", String(stamp.prefix(10))), ("{{time}}", String(stamp.dropFirst(11).prefix(5)))]
    }

    /// Replaces every occurrence of each key in one pass over `text`, so a value is never
    /// searched again for another key.
    private static func replace(in text: String, values: [(String, String)]) -> String {
        var result = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            let next = values.compactMap { key, value in rest.range(of: key).map { ($0, value) } }.min { $0.0.lowerBound < $1.0.lowerBound }
            guard let (range, value) = next else { break }
            result += rest[..<range.lowerBound]
            result += value
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Vault {
    /// The folder of note templates.
    package var templatesFolder: String { stateFolder + "/templates" }

    /// The names of the templates in `.enote/templates/` (none when it is a link): its Markdown
    /// files (`.md` in any case), without the extension.
    package func templateNames() -> [String] {
        templateFiles().map(NotePath.droppingMarkdownExtension).sorted()
    }

    /// The Markdown files of `.enote/templates/`, not hidden.
    private func templateFiles() -> [String] {
        let names = ((try? names(inFolder: Self.templatesPath)) ?? []).map { String(decoding: $0, as: UTF8.self) }
        return names.filter { NotePath.isMarkdownName($0) && !$0.hasPrefix(".") }
    }

    /// The text of the template `name` (with or without `.md`, which matches in any case), read
    /// without following a link: a template that is a link, or a templates folder that is one, is
    /// refused.
    /// - Throws: ``VaultError/invalidInput(_:)`` listing the templates there are;
    ///   ``VaultError/blocked(_:)`` when the template is not a regular file.
    package func template(named name: String) throws(VaultError) -> String {
        var file = NotePath.addingMarkdownExtension(name)
        if file != name, !exists(NotePath(bytes: Self.templatesPath + [UInt8(ascii: "/")] + Array(file.utf8))) {
            // `Weekly.MD` for `Weekly`.
            file = templateFiles().first { NotePath.droppingMarkdownExtension($0) == name } ?? file
        }
        var text: String?
        if !file.contains("/"), !file.hasPrefix(".") {
            let path = Self.templatesPath + [UInt8(ascii: "/")] + Array(file.utf8)
            do {
                let bytes = try fileSystem.readFile(path, beneath: rootDescriptor, limit: NoteContent.maximumSize).bytes
                text = String(validating: bytes, as: UTF8.self)
            } catch let error where error.code == ELOOP || error.code == EXDEV {
                let folderIsLink = (try? fileStatus(NotePath(bytes: Self.templatesPath)))?.kind == .symbolicLink
                throw .linkedStateFile(folderIsLink ? templatesFolder : templatesFolder + "/" + file)
            } catch let error where error.code == EINVAL || error.code == EISDIR {
                throw .blocked("the template .enote/templates/\(file) is not a regular file; make it a Markdown file")
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
