import Foundation
import NoteVault

/// The web front end's own words: its string tables (`Resources/*.lproj`, the bundle
/// `enote_EnoteWeb.resources` beside `enote-web`), looked in after the library's. A page is
/// written in its reader's language, so every message is translated with ``text(_:in:)`` rather
/// than through the process-wide ``Localization/language``.
package enum WebMessages {
    /// The registration for the library's ``Localization``: a remedy shows as its facts alone
    /// (the command to type belongs to the command line; a page shows buttons instead).
    package static let frontEnd = Localization.FrontEnd(bundleName: "enote_EnoteWeb.resources", englishSingular: englishSingular) { facts, _ in facts }

    /// The singular English forms of the messages that count.
    static let englishSingular: [String: String] = [
        "%@ notes match": "%@ note matches",
        "%@ pictures": "%@ picture",
        "Showing %@ of %@ notes": "Showing %@ of %@ note",
        "Deleted %@ notes for good.": "Deleted %@ note for good.",
        "Delete %@ notes in the trash for good? This cannot be undone.": "Delete %@ note in the trash for good? This cannot be undone.",
        "%@ more pages are not shown here": "%@ more page is not shown here",
    ]

    /// `message` in `language`.
    package static func text(_ message: LocalizedMessage, in language: Language) -> String {
        Localization.translate(message, into: language, frontEnd: frontEnd)
    }

    /// The language a request asks for: the `enote_lang` cookie, else the first language of
    /// `Accept-Language` (by weight) that enote speaks, else English.
    package static func language(cookie: String?, acceptLanguage: String?) -> Language {
        if let cookie, let language = Language(rawValue: cookie) { return language }
        guard let acceptLanguage else { return .english }
        var choices: [(language: Language, weight: Double, position: Int)] = []
        for (position, item) in acceptLanguage.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let code = parts.first, let language = Language(code: code) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            if weight > 0 { choices.append((language, weight, position)) }
        }
        return choices.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.position < $1.position }.first?.language ?? .english
    }
}

extension Language {
    /// The locale pages format dates with.
    package var webLocale: Locale {
        switch self {
        case .english: Locale(identifier: "en_GB")
        case .russian: Locale(identifier: "ru_RU")
        case .japanese: Locale(identifier: "ja_JP")
        }
    }
}
