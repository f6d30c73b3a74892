import Foundation

/// Translated text, through Foundation's bundle localisation: `Localizable.strings` in
/// `en.lproj`, `ru.lproj` and `ja.lproj`.
///
/// The English text is the key, so a missing translation (or a binary copied without its
/// resource bundle) shows English, never a key. Arguments follow `String(format:)`.
/// Plurals: `count(_:_:)` looks up the key with `#one`, `#few`, `#many` or `#other` appended,
/// as the language's CLDR rule says (1 заметка, 2 заметки, 5 заметок).
///
/// For example:
///
/// ```swift
/// Localization.language = .russian
/// Localization.text("No notes match")            // "Подходящих заметок нет"
/// Localization.count(5, "%d notes")              // "5 заметок"
/// ```
public enum Localization {
    /// The language of messages; set once at startup (the command line sets it from `--lang`
    /// and the environment).
    nonisolated(unsafe) public static var language: Language = .english

    /// `english` in the current language.
    public static func text(_ english: String) -> String {
        guard language != .english || english.contains("#") else { return english }
        return table(for: language)?.localizedString(forKey: english, value: english, table: nil) ?? english
    }

    /// `english` as a format, translated, with `arguments` filled in.
    public static func format(_ english: String, _ arguments: CVarArg...) -> String {
        String(format: text(english), locale: Locale(identifier: language.rawValue), arguments: arguments)
    }

    /// The plural form of `english` (a format with one `%d`) for `count`.
    public static func count(_ count: Int, _ english: String, _ arguments: CVarArg...) -> String {
        let category = language.pluralCategory(count)
        let key = english + "#" + category.rawValue
        var form = text(key)
        if form == key {
            // No form for this category: English "one"/"other" rules on the base text.
            form = language == .english && category == .one ? english : text(english)
            if form.hasSuffix("#" + category.rawValue) { form = english }
        }
        return String(format: form, locale: Locale(identifier: language.rawValue), arguments: [count] + arguments)
    }

    // MARK: - Bundles

    /// The `.lproj` bundle of each language, found once.
    private static let tables: [Language: Bundle] = {
        guard let resources = resourceBundle else { return [:] }
        var tables: [Language: Bundle] = [:]
        for language in Language.allCases {
            if let path = resources.path(forResource: language.rawValue, ofType: "lproj"), let bundle = Bundle(path: path) {
                tables[language] = bundle
            }
        }
        return tables
    }()

    private static func table(for language: Language) -> Bundle? {
        tables[language]
    }

    /// The package's resource bundle (`enote_NoteVault.resources`), looked for next to the
    /// executable (following links, so a symlink in /usr/local/bin works) and in
    /// `$ENOTE_RESOURCES`. Not finding it is not an error: messages stay English.
    static let resourceBundle: Bundle? = {
        let name = "enote_NoteVault.resources"
        var folders: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["ENOTE_RESOURCES"] { folders.append(URL(fileURLWithPath: explicit)) }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        folders.append(executable.deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL)
        folders.append(executable.deletingLastPathComponent().appendingPathComponent("../share/enote"))
        for folder in folders {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path), let bundle = Bundle(url: url) { return bundle }
        }
        return nil
    }()
}
