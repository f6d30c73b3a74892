import Foundation
import Testing

@testable import EnoteWeb
@testable import NoteVault

/// A page is written in the language its reader asks for, with the web's own table
/// (`StringTableTests` checks that its three languages agree).
@Suite("Web translation tables")
struct WebTranslationTests {
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
