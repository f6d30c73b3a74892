/// Turns a ``SearchQuery`` into a ``SearchPlan``: the rules of what a typed word finds, in one
/// place for every front end.
///
/// - **Its forms.** A word also matches every word of the vault that shares its Snowball stem in
///   a language of the vault (``SearchLanguages``): `files` finds `file`, `молоко` finds
///   `молока`. The forms come from the vault's own vocabulary, so the index stores each word only
///   as written, and a change of `languages` needs no new index.
/// - **Exact first.** The form as typed ranks above another form, which ranks above a word the
///   typed one only begins; a `"quoted"` word matches its exact form only.
/// - **As you type.** The last word, unless quoted, negated or followed by a space, also matches
///   the words it begins (`plumb` finds `plumber`), from its third letter on.
/// - **Through typos.** When a word matches no note at all, ``corrected(_:)`` offers the vault's
///   words within one slip of it (two from eight letters; a swap of two neighbours is one slip)
///   that do match one, most used first; a word that matches something is never corrected.
///
/// Words of scripts indexed as pairs of characters (Japanese, Thai, …) are searched as typed.
struct SearchPlanner {
    /// A word is also searched as a beginning from this many letters on.
    static let shortestBeginning = 3
    /// At most this many words a beginning may finish as are named one by one; a beginning of
    /// more is searched as FTS5's own `word*`.
    static let beginningsNamed = 32
    /// At most this many other forms of one word are searched.
    static let formsPerWord = 32
    /// How many words that begin with a stem are read at most to find its forms.
    static let formCandidates = 4096
    /// How many words that begin with a stem but for its last letter, and not with the whole
    /// stem, are read at most on either side of it (`happy` for `happi`, `hoping` for `hope`).
    static let nearFormCandidates = 1024
    /// How many corrections of one word are searched at most.
    static let correctionsPerWord = 3

    let languages: SearchLanguages
    let vocabulary: any SearchVocabulary
    private let stemmers = StemmerCache()

    init(languages: SearchLanguages, vocabulary: any SearchVocabulary) {
        self.languages = languages
        self.vocabulary = vocabulary
    }

    /// The plan of `query`.
    func plan(_ query: SearchQuery) throws -> SearchPlan {
        var groups: [[SearchPlan.Alternative]] = []
        for group in query.groups {
            var alternatives: [SearchPlan.Alternative] = []
            for term in group {
                for alternative in try self.alternatives(for: term) {
                    if let index = alternatives.firstIndex(where: { $0.term == alternative.term }) {
                        alternatives[index].level = max(alternatives[index].level, alternative.level)
                    } else {
                        alternatives.append(alternative)
                    }
                }
            }
            groups.append(alternatives)
        }
        var excluded: [SearchQuery.Term] = []
        for term in query.excluded {
            for alternative in try alternatives(for: term) where !excluded.contains(alternative.term) {
                excluded.append(alternative.term)
            }
        }
        return SearchPlan(groups: groups, excluded: excluded)
    }

    /// The word as typed, and what else finds it.
    func alternatives(for term: SearchQuery.Term) throws -> [SearchPlan.Alternative] {
        var typed = term
        typed.isNegated = false
        typed.mayBeUnfinished = false
        var result = [SearchPlan.Alternative(term: typed, level: .exact)]
        guard !term.isQuoted, !term.isPrefix else { return result }
        let tokens = try vocabulary.queryTokens(of: term.text)
        guard tokens.count == 1, let token = tokens.first, token.withUnsafeBytes({ WordTable.isKept($0) }) else {
            return result
        }
        let forms = try self.forms(of: token)
        for form in forms where form != token {
            result.append(.init(term: word(form, like: term), level: .form))
        }
        if term.mayBeUnfinished, !term.isNegated, Self.scalarCount(token) >= Self.shortestBeginning {
            let words = try vocabulary.words(beginningWith: token, limit: Self.beginningsNamed + 1)
            if words.count > Self.beginningsNamed {
                var prefix = typed
                prefix.isPrefix = true
                result.append(.init(term: prefix, level: .beginning))
            } else {
                for word in words where word != token && !forms.contains(word) {
                    result.append(.init(term: self.word(word, like: term), level: .beginning))
                }
            }
        }
        return result
    }

    /// The vault's words that share a stem with `token` in one of its languages (the token's own
    /// form included when the vault has it), and those of its irregular forms
    /// (``IrregularForms``: `wrote` finds `write`, `writes`, `written`).
    func forms(of token: [UInt8]) throws -> [[UInt8]] {
        var forms: [[UInt8]] = []
        for language in languages.languages(for: Self.scalars(token)) {
            guard let stemmer = stemmers.stemmer(for: language) else { continue }
            let stem = stemmer.stem(token)
            try addForms(sharing: stem, with: stemmer, maximumLength: token.count + 16, to: &forms)
            let word = String(decoding: token, as: UTF8.self)
            var family = IrregularForms.family(of: word, in: language)
            for form in IrregularForms.family(of: String(decoding: stem, as: UTF8.self), in: language) where !family.contains(form) {
                family.append(form)
            }
            for form in family where form != word {
                let bytes = Array(form.utf8)
                if !forms.contains(bytes) { forms.append(bytes) }
                try addForms(sharing: stemmer.stem(bytes), with: stemmer, maximumLength: bytes.count + 16, to: &forms)
            }
        }
        if forms.count > Self.formsPerWord {
            // The forms closest in length to the word as typed.
            forms.sort { abs($0.count - token.count) < abs($1.count - token.count) }
            forms.removeLast(forms.count - Self.formsPerWord)
        }
        return forms
    }

    /// Adds the vault's words whose stem is `stem`.
    ///
    /// A stem is the start of its forms, but for its last letter (`happy` → `happi`, `hoping` →
    /// `hope`). The words that begin with the whole stem are read first, then those that begin
    /// with all but its last letter, next to the stem's own words on either side: so a crowd of
    /// words with the same first letters (5,000 from `доа` to `дол`) never hides the forms of
    /// `дом`, and each read is bounded.
    private func addForms(sharing stem: [UInt8], with stemmer: Stemmer, maximumLength: Int, to forms: inout [[UInt8]]) throws {
        let stemScalars = Self.scalars(stem)
        guard stemScalars.count >= 2 else { return }
        var candidates = try vocabulary.words(beginningWith: stem, limit: Self.formCandidates)
        if stemScalars.count >= 3 {
            let shorter = Array(String(String.UnicodeScalarView(stemScalars.dropLast())).utf8)
            candidates += try vocabulary.words(from: stem + [0xFF], below: shorter + [0xFF], limit: Self.nearFormCandidates)
            candidates += try vocabulary.words(from: shorter, below: stem, limit: Self.nearFormCandidates, descending: true)
        }
        for candidate in candidates where candidate.count <= maximumLength && !forms.contains(candidate) && stemmer.stem(candidate) == stem {
            forms.append(candidate)
        }
    }

    /// A word of the vocabulary searched in place of `term` (in the title only if it was).
    private func word(_ bytes: [UInt8], like term: SearchQuery.Term) -> SearchQuery.Term {
        SearchQuery.Term(text: String(decoding: bytes, as: UTF8.self), titleOnly: term.titleOnly)
    }

    // MARK: - Corrections

    /// `query` with each word that matches no note replaced by the vault's words within a slip
    /// or two of it that do, and what was replaced; `nil` when no word could be corrected.
    func corrected(_ query: SearchQuery) throws -> (query: SearchQuery, corrections: [SearchCorrection])? {
        var corrected = query
        var corrections: [SearchCorrection] = []
        for (groupIndex, group) in query.groups.enumerated() {
            let alternatives = try group.flatMap { try self.alternatives(for: $0) }
            guard try !vocabulary.matchesAnyNote(SearchPlan.expression(of: alternatives)) else { continue }
            var replaced: [SearchQuery.Term] = []
            for term in group {
                guard !term.isQuoted, !term.isPrefix, let words = try nearestWords(to: term), !words.isEmpty else {
                    replaced.append(term)
                    continue
                }
                corrections.append(SearchCorrection(typed: term.text, searched: words))
                replaced += words.map { SearchQuery.Term(text: $0, titleOnly: term.titleOnly) }
            }
            corrected.groups[groupIndex] = replaced
        }
        return corrections.isEmpty ? nil : (corrected, corrections)
    }

    /// The vault's words within the allowed slips of `term` that match a note, fewest slips
    /// first, then most notes; `nil` when the word cannot be corrected (too short, more than one
    /// token, a script without spaces).
    ///
    /// The vocabulary keeps words whose last note is gone (``WordTable``), so the words are
    /// checked against the notes one number of slips at a time: a gone word one slip away must
    /// not hide a live one two slips away.
    private func nearestWords(to term: SearchQuery.Term) throws -> [String]? {
        let tokens = try vocabulary.queryTokens(of: term.text)
        guard tokens.count == 1, let token = tokens.first, token.withUnsafeBytes({ WordTable.isKept($0) }) else {
            return nil
        }
        let typed = Self.scalars(token)
        let allowance = EditDistance.allowance(forLength: typed.count)
        guard allowance > 0 else { return nil }
        // Most slips leave the first letter alone; a swap of the first two moves the second
        // letter first. The vocabulary is read from those two letters only.
        var firsts = [typed[0]]
        if typed.count > 1, typed[1] != typed[0] { firsts.append(typed[1]) }
        var found = [[[UInt8]]](repeating: [], count: allowance + 1)
        for first in firsts {
            try vocabulary.forEachWord(beginningWith: Array(String(first).utf8)) { bytes in
                let length = Self.scalarCount(bytes)
                guard abs(length - typed.count) <= allowance else { return }
                let candidate = Self.scalars(bytes)
                guard let distance = EditDistance.within(allowance, typed, candidate), distance > 0 else { return }
                found[distance].append(Array(bytes))
            }
        }
        for words in found where !words.isEmpty {
            var counted: [(word: String, notes: Int)] = []
            for bytes in words {
                let word = String(decoding: bytes, as: UTF8.self)
                let notes = try vocabulary.noteCount(matching: SearchQuery.expression(SearchQuery.Term(text: word)))
                if notes > 0 { counted.append((word, notes)) }
            }
            guard !counted.isEmpty else { continue }
            counted.sort { $0.notes != $1.notes ? $0.notes > $1.notes : $0.word < $1.word }
            return counted.prefix(Self.correctionsPerWord).map(\.word)
        }
        return []
    }

    // MARK: - Letters

    static func scalars(_ bytes: some Collection<UInt8>) -> [Unicode.Scalar] {
        Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    }

    /// The number of characters in UTF-8 bytes: the bytes that do not continue a character.
    static func scalarCount(_ bytes: some Collection<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}

/// The stemmers of one planner, made when first needed (one search, one thread).
private final class StemmerCache {
    private var made: [String: Stemmer?] = [:]

    func stemmer(for language: SearchLanguage) -> Stemmer? {
        if let stemmer = made[language.code] { return stemmer }
        let stemmer = Stemmer(language)
        made[language.code] = stemmer
        return stemmer
    }
}
