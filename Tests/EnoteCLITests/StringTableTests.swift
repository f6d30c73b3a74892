import Foundation
import Testing

@testable import EnoteCLI
@testable import EnoteWeb
@testable import NoteVault

/// The checks every string table must pass, run on each: the library's
/// (`enote_NoteVault.resources`), the command line's own (`enote_EnoteCLI.resources`) and the
/// web pages' (`enote_EnoteWeb.resources`). The
/// three languages of a bundle agree on keys, plural forms and placeholders, and the English
/// singular forms built into the binary are those of its `en.lproj`.
@Suite("String tables (the library's, the command line's and the web pages')")
struct StringTableTests {
    /// A bundle of string tables and the English singular forms its code builds in.
    enum Tables: String, CaseIterable, CustomTestStringConvertible {
        case library = "enote_NoteVault.resources"
        case commandLine = "enote_EnoteCLI.resources"
        case web = "enote_EnoteWeb.resources"

        var englishSingular: [String: String] {
            switch self {
            case .library: Localization.englishSingular
            case .commandLine: CommandLineMessages.englishSingular
            case .web: WebMessages.englishSingular
            }
        }

        var testDescription: String { rawValue }
    }

    /// A table as the bundle ships it.
    static func table(_ language: Language, in tables: Tables) throws -> [String: String] {
        let bundle = try #require(ResourceBundles.bundle(named: tables.rawValue), "the resource bundle \(tables.rawValue) is built beside the tests")
        let path = try #require(bundle.path(forResource: "Localizable", ofType: "strings", inDirectory: nil, forLocalization: language.rawValue))
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
    }

    /// A key without its plural suffix, and the suffix.
    static func split(_ key: String) -> (base: String, form: String?) {
        for form in ["one", "few", "many", "other"] where key.hasSuffix("#" + form) {
            return (String(key.dropLast(form.count + 1)), form)
        }
        return (key, nil)
    }

    /// How many values a format takes: its `%@` places (`%%` is a percent sign).
    static func placeCount(_ format: String) -> Int {
        format.replacingOccurrences(of: "%%", with: "").components(separatedBy: "%@").count - 1
    }

    static let translations = Tables.allCases.flatMap { tables in [Language.russian, .japanese].map { (tables, $0) } }

    @Test("Russian and Japanese translate exactly the messages of the English table", arguments: translations)
    func sameMessages(tables: Tables, language: Language) throws {
        let english = Set(try Self.table(.english, in: tables).keys.map { Self.split($0).base })
        let other = Set(try Self.table(language, in: tables).keys.map { Self.split($0).base })
        #expect(english.count > (tables == .web ? 50 : 100))
        #expect(english.subtracting(other).sorted() == [], "not translated")
        #expect(other.subtracting(english).sorted() == [], "translated, but not an English message")
    }

    @Test("plural messages have every form their language needs", arguments: Tables.allCases)
    func pluralForms(tables: Tables) throws {
        let needed: [Language: Set<String>] = [.english: ["one", "other"], .russian: ["one", "few", "many"], .japanese: ["other"]]
        for (language, forms) in needed {
            var found: [String: Set<String>] = [:]
            for key in try Self.table(language, in: tables).keys {
                let (base, form) = Self.split(key)
                if let form { found[base, default: []].insert(form) }
            }
            #expect(!found.isEmpty)
            for (base, present) in found {
                #expect(present == forms, "\(language) \(base)")
            }
        }
    }

    @Test("the English singular forms built into the binary are those of en.lproj", arguments: Tables.allCases)
    func builtInEnglish(tables: Tables) throws {
        var table: [String: String] = [:]
        for (key, value) in try Self.table(.english, in: tables) {
            let (base, form) = Self.split(key)
            if form == "one" { table[base] = value }
        }
        #expect(!table.isEmpty)
        #expect(tables.englishSingular == table)
    }

    @Test("every translation places exactly the values its message has", arguments: Tables.allCases, Language.allCases)
    func places(tables: Tables, language: Language) throws {
        for (key, value) in try Self.table(language, in: tables) {
            let base = Self.split(key).base
            let values = (0..<Self.placeCount(base)).map { "v\($0)" }
            #expect(Localization.substitute(values, into: value) != nil, "\(language): \"\(value)\" for \"\(base)\"")
        }
    }

    @Test("translations are written in their language", arguments: translations)
    func script(tables: Tables, language: Language) throws {
        let letters: ClosedRange<Character> = language == .russian ? "\u{0400}"..."\u{04FF}" : "\u{3040}"..."\u{9FFF}"
        for (key, value) in try Self.table(language, in: tables) {
            // A translation that is only its values ("%@") and a command to type ("enote show
            // %@") has no words to be in a language.
            let words = value.replacingOccurrences(of: #"%(\d\$)?@|`[^`]*`|enote [a-z -]+"#, with: "", options: .regularExpression)
            guard words.contains(where: \.isLetter) else { continue }
            #expect(value.contains { letters.contains($0) }, "\(language): \"\(value)\" for \"\(key)\"")
        }
    }
}
