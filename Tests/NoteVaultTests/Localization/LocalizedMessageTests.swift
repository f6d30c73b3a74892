import Foundation
import Testing

@testable import NoteVault

@Suite("LocalizedMessage and Localization")
struct LocalizedMessageTests {
    @Test("an interpolated literal becomes a format with %@ places, its arguments and its count")
    func interpolation() {
        let path = "work/plan.md"
        let message: LocalizedMessage = "\(count: 5) notes in \(path) at 100%"
        #expect(message.format == "%@ notes in %@ at 100%%")
        #expect(message.arguments == [.text("5"), .text("work/plan.md")])
        #expect(message.count == 5)
        #expect(message.english == "5 notes in work/plan.md at 100%")
    }

    @Test("a plain literal keeps its percent signs")
    func plainLiteral() {
        let message: LocalizedMessage = "saturation must be within 0%–100%"
        #expect(message.format == "saturation must be within 0%%–100%%")
        #expect(message.arguments.isEmpty)
        #expect(message.english == "saturation must be within 0%–100%")
        #expect(LocalizedMessage.escapingPercent("50%\u{301} of %%") == "50%%\u{301} of %%%%", "a percent sign with a mark on it")
    }

    @Test("a message inside a message is translated with it, in the same language")
    func nested() {
        let inner: LocalizedMessage = "the index is corrupt"
        let outer: LocalizedMessage = "enote: \(inner); rebuilding it from the notes (they are not touched)"
        #expect(outer.arguments == [.message(inner)])
        #expect(Localization.translate(outer, into: .russian) == "enote: индекс повреждён; перестраиваю его по заметкам (они не затрагиваются)")
        #expect(Localization.translate(outer, into: .japanese) == "enote: 索引が壊れています。ノートから作り直します（ノートには手を付けません）")
    }

    @Test(
        "plural forms follow each language's rule",
        arguments: [
            (1, "1 день", "1 日", "1 day"),
            (3, "3 дня", "3 日", "3 days"),
            (5, "5 дней", "5 日", "5 days"),
            (11, "11 дней", "11 日", "11 days"),
            (21, "21 день", "21 日", "21 days"),
            (0, "0 дней", "0 日", "0 days"),
        ])
    func plurals(count: Int, russian: String, japanese: String, english: String) {
        let message: LocalizedMessage = "\(count: count) days"
        #expect(Localization.translate(message, into: .russian) == russian)
        #expect(Localization.translate(message, into: .japanese) == japanese)
        #expect(Localization.translate(message, into: .english) == english)
    }

    @Test(
        "CLDR plural categories",
        arguments: [
            (0, PluralCategory.many, PluralCategory.other), (1, .one, .one), (2, .few, .other), (4, .few, .other),
            (5, .many, .other), (11, .many, .other), (12, .many, .other), (14, .many, .other), (21, .one, .other),
            (22, .few, .other), (25, .many, .other), (101, .one, .other), (111, .many, .other), (-2, .few, .other),
        ])
    func pluralCategories(count: Int, russian: PluralCategory, english: PluralCategory) {
        #expect(Language.russian.pluralCategory(count) == russian)
        #expect(Language.english.pluralCategory(count) == english)
        #expect(Language.japanese.pluralCategory(count) == .other)
    }

    @Test("a message with no translation shows English, never its key", arguments: [Language.russian, .japanese])
    func untranslated(language: Language) {
        let message: LocalizedMessage = "no translation exists for \("this") sentence"
        #expect(Localization.translate(message, into: language) == "no translation exists for this sentence")
    }

    @Test(
        "arguments fill %@ places in order, or by number; anything that does not fit is refused",
        arguments: [
            ("%@ and %@", ["a", "b"], "a and b" as String?),
            ("%2$@ を %1$@ に", ["a", "b"], "b を a に"),
            ("100%% of %@", ["x"], "100% of x"),
            ("no places", [], "no places"),
            ("%@", [], nil),
            ("%@ %@", ["a"], nil),
            ("%3$@", ["a", "b"], nil),
            ("%@", ["a", "b"], nil),
            ("%d", ["1"], nil),
            ("%0$@", ["a"], nil),
            ("trailing %", ["a"], nil),
        ])
    func substitution(format: String, arguments: [String], expected: String?) {
        #expect(Localization.substitute(arguments, into: format) == expected)
    }

    @Test("a diagnostic stored as JSON is translated when it is read back, and keeps its remedy")
    func codable() throws {
        let diagnostic = Diagnostic(
            .warning, .invalidValue, file: "plan.md", line: 3,
            message: LocalizedMessage(
                "a merge kept one of two values and recorded the other: \("\(count: 2) hours" as LocalizedMessage)",
                remedy: .resolveMergedValue(path: "plan.md")))
        let decoded = try JSONDecoder().decode(Diagnostic.self, from: JSONEncoder().encode(diagnostic))
        #expect(decoded == diagnostic)
        #expect(decoded.message.remedy == .resolveMergedValue(path: "plan.md"))
        #expect(Localization.translate(decoded.message.facts, into: .russian) == "при слиянии одно из двух значений оставлено, а другое записано: 2 часа")
    }

    @Test(
        "the language comes from --lang, else LC_ALL, LC_MESSAGES, LANG; English otherwise",
        arguments: [
            (nil, ["LANG": "ru_RU.UTF-8"], Language.russian),
            (nil, ["LANG": "ja_JP.eucJP"], .japanese),
            (nil, ["LC_ALL": "ja_JP.UTF-8", "LANG": "ru_RU.UTF-8"], .japanese),
            (nil, ["LC_MESSAGES": "ru", "LANG": "en_US.UTF-8"], .russian),
            (nil, ["LC_ALL": "", "LANG": "ru_RU.UTF-8"], .russian),
            (nil, ["LANG": "C.UTF-8"], .english),
            (nil, ["LANG": "de_DE.UTF-8"], .english),
            (nil, [:], .english),
            ("ja", ["LANG": "ru_RU.UTF-8"], .japanese),
            ("ru-RU", [:], .russian),
            ("xx", ["LANG": "ru_RU.UTF-8"], .english),
        ] as [(String?, [String: String], Language)])
    func detection(flag: String?, environment: [String: String], expected: Language) {
        #expect(Language.detect(flag: flag, environment: environment) == expected)
    }
}
