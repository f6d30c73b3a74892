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

    /// A front end's own messages: its string tables, the English singular forms of the
    /// messages it counts in, and its words for each ``Remedy``.
    public struct FrontEnd: Sendable {
        /// The resource bundle with its `Localizable.strings`, looked for as the library's is.
        public var bundleName: String
        /// Bundles of modules the front end is built on (the JSON-RPC layer its servers share),
        /// looked in after its own: each message has one home, whichever front end says it.
        public var sharedBundleNames: [String]
        /// What ``Localization/englishSingular`` is for the library's messages.
        public var englishSingular: [String: String]
        /// The whole message for `facts` with `remedy`: typically `"\(facts); run …"`.
        public var words: @Sendable (_ facts: LocalizedMessage, _ remedy: Remedy) -> LocalizedMessage

        public init(
            bundleName: String, sharedBundleNames: [String] = [], englishSingular: [String: String],
            words: @escaping @Sendable (_ facts: LocalizedMessage, _ remedy: Remedy) -> LocalizedMessage
        ) {
            self.bundleName = bundleName
            self.sharedBundleNames = sharedBundleNames
            self.englishSingular = englishSingular
            self.words = words
        }
    }

    /// The front end whose tables are looked in after the library's and whose words a remedy
    /// takes; `nil` (the default) shows a message's facts alone. Set once at startup, like
    /// ``language``, and behind a `Mutex` for the same reason. (Tests pass a front end to
    /// ``translate(_:into:frontEnd:)`` instead, so that no test changes what another one sees.)
    public static var frontEnd: FrontEnd? {
        get { registered.withLock { $0 } }
        set { registered.withLock { $0 = newValue } }
    }

    private static let registered = Mutex<FrontEnd?>(nil)

    /// The `.lproj` bundles of each front end's resource bundle, found at the first lookup that
    /// needs them.
    private static let frontEndTables = Mutex<[String: [Language: Bundle]]>([:])

    private static func tables(of bundleName: String) -> [Language: Bundle] {
        frontEndTables.withLock { cache in
            if let tables = cache[bundleName] { return tables }
            let tables = languageTables(in: ResourceBundles.bundle(named: bundleName))
            cache[bundleName] = tables
            return tables
        }
    }

    /// `message` in the current language.
    public static func text(_ message: LocalizedMessage) -> String {
        translate(message)
    }

    /// `message` in `language` (the current one by default), with the words of `frontEnd` (the
    /// registered one by default) for its remedy.
    public static func translate(
        _ message: LocalizedMessage, into language: Language = Localization.language, frontEnd: FrontEnd? = Localization.frontEnd
    ) -> String {
        if let remedy = message.remedy {
            let facts = message.facts
            return translate(frontEnd?.words(facts, remedy) ?? facts, into: language, frontEnd: frontEnd)
        }
        let arguments = message.arguments.map { argument in
            switch argument {
            case .text(let text): text
            case .message(let inner): translate(inner, into: language, frontEnd: frontEnd)
            }
        }
        let form = template(for: message, in: language, frontEnd: frontEnd)
        return substitute(arguments, into: form) ?? substitute(arguments, into: message.format) ?? message.format
    }

    /// The translated format of `message`: its plural form when it has a count, else its key.
    static func template(for message: LocalizedMessage, in language: Language, frontEnd: FrontEnd? = nil) -> String {
        if let count = message.count {
            let category = language.pluralCategory(count)
            if language != .english, let form = lookUp(message.format + "#" + category.rawValue, in: language, frontEnd: frontEnd) {
                return form
            }
            // English, and the fallback of a table that lacks the message: the key is the plural
            // form, the singular is built in, so English needs no table at all.
            guard Language.english.pluralCategory(count) == .one else { return message.format }
            return englishSingular[message.format] ?? frontEnd?.englishSingular[message.format] ?? message.format
        } else if language != .english, let form = lookUp(message.format, in: language, frontEnd: frontEnd) {
            return form
        }
        return message.format
    }

    /// The entry for `key` in the table of `language`, if it has one.
    static func lookUp(_ key: String, in language: Language, frontEnd: FrontEnd? = nil) -> String? {
        let missing = "\u{0}"
        let frontEndBundles = frontEnd.map { [$0.bundleName] + $0.sharedBundleNames } ?? []
        for table in [tables[language]] + frontEndBundles.map({ tables(of: $0)[language] }) {
            guard let table else { continue }
            let value = table.localizedString(forKey: key, value: missing, table: nil)
            if value != missing { return value }
        }
        return nil
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
    private static let tables: [Language: Bundle] = languageTables(in: resourceBundle)

    /// The `.lproj` bundle of each language in `resources`.
    private static func languageTables(in resources: Bundle?) -> [Language: Bundle] {
        guard let resources else { return [:] }
        var tables: [Language: Bundle] = [:]
        for language in Language.allCases {
            if let path = resources.path(forResource: language.rawValue, ofType: "lproj"), let bundle = Bundle(path: path) {
                tables[language] = bundle
            }
        }
        return tables
    }

    /// The library's resource bundle (`enote_NoteVault.resources`), found as
    /// ``ResourceBundles`` says.
    static let resourceBundle: Bundle? = ResourceBundles.bundle(named: "enote_NoteVault.resources")
}
