/// The languages enote speaks. English is the fallback for everything else.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case russian = "ru"
    case japanese = "ja"

    /// The language to use: `--lang` if given, else the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set (as POSIX orders them); English when none names a language enote has.
    ///
    /// For example `ru_RU.UTF-8` and `ru` give Russian, `ja_JP.eucJP` Japanese, `C` English.
    public static func detect(flag: String?, environment: [String: String]) -> Language {
        if let flag, !flag.isEmpty { return Language(code: flag) ?? .english }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return Language(code: value) ?? .english }
        }
        return .english
    }

    /// A language from a code such as `ru`, `ru_RU.UTF-8` or `ja-JP`.
    public init?(code: String) {
        let prefix = code.lowercased().prefix { $0.isLetter }
        guard let language = Language(rawValue: String(prefix)) else { return nil }
        self = language
    }

    /// The locale for dates and numbers: the user's own when it is of this language (so
    /// `en_GB` keeps British dates), else the language's main one.
    public func locale(environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            guard var value = environment[name], !value.isEmpty else { continue }
            if let dot = value.firstIndex(of: ".") { value = String(value[..<dot]) }
            if let at = value.firstIndex(of: "@") { value = String(value[..<at]) }
            if Language(code: value) == self, value.count > 2 { return value }
            break
        }
        switch self {
        case .english: return "en_US"
        case .russian: return "ru_RU"
        case .japanese: return "ja_JP"
        }
    }

    /// The CLDR plural category of `count` in this language (integers).
    public func pluralCategory(_ count: Int) -> PluralCategory {
        let n = abs(count)
        switch self {
        case .english:
            return n == 1 ? .one : .other
        case .russian:
            if n % 10 == 1 && n % 100 != 11 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case .japanese:
            return .other
        }
    }
}

/// CLDR plural categories used by enote's languages.
public enum PluralCategory: String, Sendable {
    case one, few, many, other
}
