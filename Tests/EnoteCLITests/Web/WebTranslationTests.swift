import Foundation
import Testing

@testable import EnoteWeb
@testable import NoteVault

/// The web pages' string tables (`enote_EnoteWeb.resources`) agree with each other as the
/// command line's do, and a page is written in the language its reader asks for.
@Suite("Web translation tables")
struct WebTranslationTests {
    static let bundleName = "enote_EnoteWeb.resources"

    static func table(_ language: Language) throws -> [String: String] {
        try CommandLineTranslationTests.table(language, bundle: bundleName)
    }

    @Test("Russian and Japanese translate exactly the messages of the English table", arguments: [Language.russian, .japanese])
    func sameMessages(language: Language) throws {
        let english = Set(try Self.table(.english).keys.map { CommandLineTranslationTests.split($0).base })
        let other = Set(try Self.table(language).keys.map { CommandLineTranslationTests.split($0).base })
        #expect(english.count > 50)
        #expect(english.subtracting(other).sorted() == [], "not translated")
        #expect(other.subtracting(english).sorted() == [], "translated, but not an English message")
    }

    @Test("plural messages have every form their language needs, and the built-in English singulars are en.lproj's")
    func pluralForms() throws {
        let needed: [Language: Set<String>] = [.english: ["one", "other"], .russian: ["one", "few", "many"], .japanese: ["other"]]
        for (language, forms) in needed {
            var found: [String: Set<String>] = [:]
            for key in try Self.table(language).keys {
                let (base, form) = CommandLineTranslationTests.split(key)
                if let form { found[base, default: []].insert(form) }
            }
            #expect(!found.isEmpty)
            for (base, present) in found { #expect(present == forms, "\(language) \(base)") }
        }
        var singular: [String: String] = [:]
        for (key, value) in try Self.table(.english) {
            let (base, form) = CommandLineTranslationTests.split(key)
            if form == "one" { singular[base] = value }
        }
        #expect(WebMessages.englishSingular == singular)
    }

    @Test("every translation places exactly the values its message has", arguments: Language.allCases)
    func places(language: Language) throws {
        for (key, value) in try Self.table(language) {
            let base = CommandLineTranslationTests.split(key).base
            let values = (0..<CommandLineTranslationTests.placeCount(base)).map { "v\($0)" }
            #expect(Localization.substitute(values, into: value) != nil, "\(language): \"\(value)\" for \"\(base)\"")
        }
    }

    @Test(
        "the page's language: the cookie, else Accept-Language by weight, else English",
        arguments: [
            (String?.none, String?("ru-RU,ru;q=0.9,en;q=0.8"), Language.russian), (nil, "de-DE,ja;q=0.5,en;q=0.4", .japanese),
            (nil, "en;q=0.2,ru;q=0.9", .russian),
            ("ja", "ru", .japanese), ("xx", "ru", .russian), (nil, nil, .english), (nil, "de,fr", .english), (nil, "ru;q=0", .english),
        ])
    func language(cookie: String?, accept: String?, expected: Language) {
        #expect(WebMessages.language(cookie: cookie, acceptLanguage: accept) == expected)
    }

    @Test("counted words follow each language's plural rule, from the web's own table")
    func plurals() {
        let frontEnd = WebMessages.frontEnd
        for (count, russian, japanese, english) in [
            (1, "1 заметка", "1 件のノート", "1 note"), (3, "3 заметки", "3 件のノート", "3 notes"), (5, "5 заметок", "5 件のノート", "5 notes"),
        ] {
            let message: LocalizedMessage = "\(count: count) notes"
            #expect(Localization.translate(message, into: .russian, frontEnd: frontEnd) == russian)
            #expect(Localization.translate(message, into: .japanese, frontEnd: frontEnd) == japanese)
            #expect(Localization.translate(message, into: .english, frontEnd: frontEnd) == english)
        }
    }
}
