import Foundation
import Synchronization

/// Translated text, through Foundation's bundle localisation: `Localizable.strings` in
/// `en.lproj`, `ru.lproj` and `ja.lproj`.
///
/// The English format of a ``LocalizedMessage`` is the key, so a missing translation (or a
/// binary copied without its resource bundle) shows English, never a key. A message with a
/// count looks up its key with `#one`, `#few`, `#many` or `#other` appended, as the language's
/// CLDR rule says (1 заметка, 2 заметки, 5 заметок). Translations place arguments with `%@`
/// or, to reorder them, `%1$@`, `%2$@`; a translation whose places do not match its key is not
/// used, so a mistake in a table shows English instead of garbage.
///
/// For example:
///
/// ```swift
/// Localization.language = .russian
/// Localization.text("No notes match")            // "Подходящих заметок нет"
/// Localization.text("\(count: 5) notes")         // "5 заметок"
/// ```
public enum Localization {
    /// The language of messages, for the whole process: the command line sets it at startup
    /// (from the environment, then from `--lang` once parsed). A front end that answers people
    /// in several languages at once (a server) leaves it alone and passes `into:` to
    /// ``translate(_:into:)`` instead.
    ///
    /// Safe from any thread: the value lives in a `Mutex`, so a write while another thread
    /// translates is no data race (each translation sees one language or the other, never a torn
    /// value), and the compiler checks it rather than trusting a comment.
    public static var language: Language {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    private static let current = Mutex<Language>(.english)

    /// `message` in the current language.
    public static func text(_ message: LocalizedMessage) -> String {
        translate(message)
    }

    /// `message` in `language` (the current one by default).
    public static func translate(_ message: LocalizedMessage, into language: Language = Localization.language) -> String {
        let arguments = message.arguments.map { argument in
            switch argument {
            case .text(let text): text
            case .message(let inner): translate(inner, into: language)
            }
        }
        let form = template(for: message, in: language)
        return substitute(arguments, into: form) ?? substitute(arguments, into: message.format) ?? message.format
    }

    /// The translated format of `message`: its plural form when it has a count, else its key.
    static func template(for message: LocalizedMessage, in language: Language) -> String {
        if let count = message.count {
            let category = language.pluralCategory(count)
            if language != .english, let form = lookUp(message.format + "#" + category.rawValue, in: language) {
                return form
            }
            // English, and the fallback of a table that lacks the message: the key is the plural
            // form, the singular is built in, so English needs no table at all.
            return Language.english.pluralCategory(count) == .one ? englishSingular[message.format] ?? message.format : message.format
        } else if language != .english, let form = lookUp(message.format, in: language) {
            return form
        }
        return message.format
    }

    /// The entry for `key` in the table of `language`, if it has one.
    static func lookUp(_ key: String, in language: Language) -> String? {
        guard let table = tables[language] else { return nil }
        let missing = "\u{0}"
        let value = table.localizedString(forKey: key, value: missing, table: nil)
        return value == missing ? nil : value
    }

    /// `format` with `%@` (or `%N$@`) replaced by `arguments` and `%%` by `%`; `nil` when the
    /// places do not match the arguments (a mistake in a translation).
    static func substitute(_ arguments: [String], into format: String) -> String? {
        var result = ""
        var next = 0
        var used = Set<Int>()
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            if characters.first == "%" {
                result += "%"
                characters = characters.dropFirst()
                continue
            }
            var position = next
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, characters.dropFirst(digits.count).first == "$", let number = Int(digits), number >= 1 {
                position = number - 1
                characters = characters.dropFirst(digits.count + 1)
            } else {
                next += 1
            }
            guard characters.first == "@", position < arguments.count else { return nil }
            characters = characters.dropFirst()
            result += arguments[position]
            used.insert(position)
        }
        result += characters
        return used.count == arguments.count ? result : nil
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
