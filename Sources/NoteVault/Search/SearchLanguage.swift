/// A language a note can be written in, as search sees it: the Snowball stemmer that finds the
/// other forms of its words (``Stemmer``), and the script its words are written in.
///
/// Named in `.enote/config` (`languages = en, ru`) and in a note's `lang:` front matter key by
/// its ISO 639-1 code (`de`), or by Snowball's name of it (`german`). Languages written without
/// spaces (Japanese, Chinese, Korean, Thai, Lao, Khmer, Myanmar) are known but have no stemmer:
/// their text is indexed as overlapping pairs of characters, which already finds any part of a
/// word.
public struct SearchLanguage: Sendable, Hashable, CustomStringConvertible {
    /// The ISO 639-1 code (`en`).
    public let code: String
    /// libstemmer's name of the algorithm (`english`), or `nil` for a language without one.
    let algorithm: String?
    /// The script its words are written in.
    let script: Script

    public var description: String { code }

    /// The scripts that tell which language's stemmer a word goes to.
    enum Script: Sendable, Hashable {
        case latin, cyrillic, greek, arabic, armenian, devanagari, tamil, hebrew
        /// Written without spaces: no stemmer, bigrams instead.
        case unspaced
    }

    /// Every language enote knows, in the order `languages` lists them in messages.
    static let known: [SearchLanguage] = [
        .init("en", "english", .latin), .init("ru", "russian", .cyrillic), .init("de", "german", .latin),
        .init("fr", "french", .latin), .init("es", "spanish", .latin), .init("it", "italian", .latin),
        .init("pt", "portuguese", .latin), .init("nl", "dutch", .latin), .init("sv", "swedish", .latin),
        .init("no", "norwegian", .latin), .init("da", "danish", .latin), .init("fi", "finnish", .latin),
        .init("hu", "hungarian", .latin), .init("ro", "romanian", .latin), .init("tr", "turkish", .latin),
        .init("ca", "catalan", .latin), .init("eu", "basque", .latin), .init("ga", "irish", .latin),
        .init("id", "indonesian", .latin), .init("lt", "lithuanian", .latin), .init("sr", "serbian", .cyrillic),
        .init("el", "greek", .greek), .init("ar", "arabic", .arabic), .init("hy", "armenian", .armenian),
        .init("hi", "hindi", .devanagari), .init("ne", "nepali", .devanagari), .init("ta", "tamil", .tamil),
        .init("yi", "yiddish", .hebrew),
        .init("ja", nil, .unspaced), .init("zh", nil, .unspaced), .init("ko", nil, .unspaced), .init("th", nil, .unspaced),
        .init("lo", nil, .unspaced), .init("km", nil, .unspaced), .init("my", nil, .unspaced),
    ]

    /// The languages of a vault that says nothing: English for Latin letters, Russian for
    /// Cyrillic (the languages the original apps were written in).
    public static let defaults: [SearchLanguage] = [named("en")!, named("ru")!]

    private init(_ code: String, _ algorithm: String?, _ script: Script) {
        self.code = code
        self.algorithm = algorithm
        self.script = script
    }

    /// The language named by `name`: an ISO 639-1 code, optionally with a region or encoding
    /// (`de`, `de-AT`, `pt_BR.UTF-8`), or Snowball's name (`german`); case does not matter.
    /// `nb` and `nn` are Norwegian. `nil` for a language enote does not know.
    public static func named(_ name: String) -> SearchLanguage? {
        let lowered = name.lowercased()
        let primary = String(lowered.prefix { $0.isLetter && $0.isASCII })
        guard !primary.isEmpty else { return nil }
        let code = primary == "nb" || primary == "nn" ? "no" : primary
        return known.first { $0.code == code || $0.algorithm == code }
    }

    /// The codes of every known language, for messages (`en, ru, de, …`).
    static var knownCodes: String { known.map(\.code).joined(separator: ", ") }

    /// The languages a vault writes in its config when it is made for a user of `locale`
    /// (`de_DE.UTF-8`): that language first, then English and Russian for whichever of their
    /// scripts it leaves uncovered (`de` → `de, ru`; `ja` → `ja, en, ru`; `C` → `en, ru`).
    public static func forLocale(_ locale: String?) -> [SearchLanguage] {
        var chosen: [SearchLanguage] = []
        if let locale, let language = named(locale) { chosen.append(language) }
        for language in defaults where !chosen.contains(where: { $0.script == language.script }) {
            chosen.append(language)
        }
        return chosen
    }

    /// The script of a token's first letter, or `nil` for digits, symbols and unknown scripts.
    static func script(of token: some Collection<Unicode.Scalar>) -> Script? {
        for scalar in token {
            switch scalar.value {
            case 0x30...0x39: continue
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return .latin
            case 0x400...0x52F, 0x1C80...0x1C8F: return .cyrillic
            case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
            case 0x600...0x6FF, 0x750...0x77F: return .arabic
            case 0x530...0x58F: return .armenian
            case 0x900...0x97F: return .devanagari
            case 0xB80...0xBFF: return .tamil
            case 0x590...0x5FF: return .hebrew
            default:
                return CJKText.isBigrammed(scalar.value) ? .unspaced : nil
            }
        }
        return nil
    }
}

/// Which languages' stemmers a search applies to a word: the vault's first language of the
/// word's script (from `languages =`), plus every language of that script that a note names in
/// its `lang:` key. A word of a script no language covers is matched as written.
public struct SearchLanguages: Sendable, Equatable {
    /// The vault's languages, in the order its config lists them.
    public var vault: [SearchLanguage]
    /// The languages notes name in their `lang:` key.
    public var notes: Set<SearchLanguage>

    public init(vault: [SearchLanguage], notes: Set<SearchLanguage> = []) {
        self.vault = vault
        self.notes = notes
    }

    /// The languages whose forms of `token` a search looks for.
    func languages(for token: some Collection<Unicode.Scalar>) -> [SearchLanguage] {
        guard let script = SearchLanguage.script(of: token), script != .unspaced else { return [] }
        var chosen: [SearchLanguage] = []
        if let first = vault.first(where: { $0.script == script }) { chosen.append(first) }
        for language in notes.sorted(by: { $0.code < $1.code }) where language.script == script && !chosen.contains(language) {
            chosen.append(language)
        }
        return chosen.filter { $0.algorithm != nil }
    }
}
