/// One word of a query as ``QueryLexer`` cuts it, with where it stands.
struct QueryToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A name: a keyword, a field, a function (`WHERE`, `status`, `file`, `contains`).
        case word(String)
        case number(Double)
        /// `"text"` or `'text'`, unescaped.
        case string(String)
        /// `[[target]]` (the target without an alias or heading).
        case link(String)
        /// `#tag/nested`, without `#`.
        case tag(String)
        /// `2026-12-01`, `2026-12-01T09:30`.
        case date(String)
        /// `7d`, `2w`, `12h`, `30m`: a number of days, weeks, hours or minutes, in seconds.
        case duration(Double)
        /// An operator or a mark: `=`, `!=`, `<=`, `(`, `,`, `.`, `-`, `!`.
        case symbol(String)
        case end
    }

    var kind: Kind
    /// 1-based line and column of the first character.
    var line: Int
    var column: Int
    /// The characters as written.
    var text: String

    /// The word lowercased, for a keyword test; `nil` for anything else.
    var keyword: String? {
        if case .word(let word) = kind { word.lowercased() } else { nil }
    }

    func isSymbol(_ symbol: String) -> Bool {
        if case .symbol(let text) = kind { text == symbol } else { false }
    }
}
