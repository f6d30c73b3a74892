import Foundation

extension Template {
    /// Whose title a new note from a template keeps.
    package enum TitleRule: Sendable {
        /// The note's title replaces whatever the template sets (`enote new --template`).
        case always
        /// A title the template sets stays; the note's own is set only when it has none (a daily
        /// note, whose template may write `title: {{date_long}}`).
        case unlessTemplateHasOne
    }

    /// A filled template (``instantiate(_:title:now:timeZone:)``) with enote's fields set in its
    /// front matter: the title (as `rule` says), then `fields`, then `created` and `updated` at
    /// `now`. The one rule both kinds of new note (`enote new --template`, `enote today`) follow.
    /// - Throws: ``VaultError/blocked(_:)`` when the template's front matter cannot be read,
    ///   naming the first problem the reader found.
    package static func settingFrontMatter(
        of bytes: [UInt8], title: String, _ rule: TitleRule, fields: [FrontMatterEditor.Change] = [], now: Date, timeZone: TimeZone
    ) throws(VaultError) -> [UInt8] {
        let (reading, diagnostics) = FrontMatterParser.read(bytes, file: "template")
        let stamp = NoteDate.stamp(now, in: timeZone)
        var setsTitle = true
        if rule == .unlessTemplateHasOne, case .parsed(let frontMatter) = reading {
            setsTitle = !frontMatter.entries.contains { FrontMatterKey(spelling: $0.key) == .title }
        }
        let changes: [FrontMatterEditor.Change] =
            (setsTitle ? [.set(.title, YAMLWriter.scalar(title))] : []) + fields + [.set(.created, stamp), .set(.updated, stamp)]
        do {
            return try FrontMatterEditor.apply(changes, to: bytes, reading: reading, file: "template")
        } catch {
            guard let problem = diagnostics.first(where: { $0.severity == .error }) else {
                throw .blocked("the template's front matter cannot be read; fix the template")
            }
            throw .blocked("the template's front matter cannot be read (\(problem.location): \(problem.message)); fix the template")
        }
    }
}
