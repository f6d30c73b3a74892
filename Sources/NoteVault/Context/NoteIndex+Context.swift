import Foundation

extension NoteIndex {
    /// How many of the search's best notes a context pack reads for its passages.
    package static let contextCandidates = 16
    /// How much more a word of the question counts in a note's title than in its passage (the
    /// search weighs a title ten times the body; a title says what the whole note is about).
    static let titleWeight = 2.0
    /// The passage length the notes are ordered by (a typical passage of a 2–4 KB pack).
    static let probeBytes = 600
    /// How much a note's place in the search's order counts against its passage: the passage's
    /// score is divided by `1 + rankDecay × place`.
    static let rankDecay = 0.1
    /// The share of the notes that may hold a word before a question's search leaves it out
    /// ("the", "what", "did"): such a word finds nothing in particular, and a question of several
    /// would otherwise ask for notes that hold them all.
    static let commonWordShare = 0.25
    /// The fewest notes for which how many hold a word says how common it is: in a smaller
    /// vault every word of a question is searched.
    static let commonWordMinimumNotes = 50
    /// The share of what is left of the budget that the best note's passage may take (more when
    /// fewer than three notes are left); each later one takes an even share of what is left,
    /// among at most three.
    static let firstPassageShare = 0.45
    /// The bytes of text a passage is given at least, when that much of the budget is left.
    static let smallestPassage = 160
    /// The fewest bytes of text worth a passage: with less left, the pack names notes instead.
    static let shortestText = 40
    /// How much of a note is looked through for its passage: the first MiB (a note of 5 MB is
    /// found by the search, and its passage is the best of its first MiB).
    static let scannedBytes = 1 << 20

    /// The passages of the vault that answer `query` best, within `budget` bytes of the pack's
    /// JSON text (``ContextPack``): the library's one search (by words and, once the vault is
    /// embedded, by meaning) finds the notes; in each, the window of its text that holds the most
    /// of the query's words, the rarer counting more (``PassageWindow``), is its passage; a
    /// passage that repeats one above is left out (``RepeatedText``); the best note's passage
    /// gets the largest share. A note found by meaning alone gives its opening. Words most notes
    /// hold (``commonWordShare``) are left out of the search, so a question in whole sentences
    /// ("what did … comprise at its greatest extent?") finds what its telling words find.
    /// - Parameters:
    ///   - query: The question's words (``SearchQuery/init(question:)``), or a query.
    ///   - budget: The most bytes of the pack's JSON text; at least 256.
    ///   - filter: The same filters `search` takes.
    ///   - early: The lookup of the question's meaning, started before this call
    ///     (``MeaningLookup/started(for:limit:in:)``).
    public func context(for query: SearchQuery, budget: Int, filter: NoteFilter, early: MeaningLookup? = nil) throws(VaultError) -> ContextPack {
        let configured = vault.config.languages
        // Which words to search: the telling ones, each weighed by its rarity.
        let (telling, weights) = try read { store throws -> (SearchQuery, [Double]) in
            let notes = Set(try store.noteLanguageNames().compactMap(SearchLanguage.named))
            let planner = SearchPlanner(languages: SearchLanguages(vault: configured, notes: notes), vocabulary: store)
            let plan = try planner.plan(query)
            let counts = try store.documentCounts(of: plan)
            return Self.tellingWords(query, counts: counts.words, notes: counts.notes)
        }
        let results = try search(telling, filter: filter, limit: Self.contextCandidates, early: early, files: false)
        var pack = ContextPack(total: results.total)
        guard !results.notes.isEmpty else { return pack }
        // The words as the search matched them, corrections included.
        var matched = telling
        for correction in results.corrections {
            for group in matched.groups.indices {
                matched.groups[group] = matched.groups[group].flatMap { term in
                    term.text == correction.typed ? correction.searched.map { SearchQuery.Term(text: $0) } : [term]
                }
            }
        }
        let root = vault
        let read = try read { store throws -> [ContextCandidate] in
            let notes = Set(try store.noteLanguageNames().compactMap(SearchLanguage.named))
            let planner = SearchPlanner(languages: SearchLanguages(vault: configured, notes: notes), vocabulary: store)
            let matcher = try store.termMatcher(for: try planner.plan(matched))
            return results.notes.compactMap { note in
                guard let text = try? root.readText(note.path), !text.bytes.isEmpty else { return nil }
                // Cut at a character's edge.
                var scanned = min(text.bytes.count, text.bodyStart + Self.scannedBytes)
                while scanned > text.bodyStart, scanned < text.bytes.count, text.bytes[scanned] & 0xC0 == 0x80 { scanned -= 1 }
                let matches = text.bytes.withUnsafeBufferPointer { bytes in
                    matcher.matches(in: UnsafeBufferPointer(rebasing: bytes[text.bodyStart..<scanned]))
                }.map { TermMatcher.Match(group: $0.group, range: ($0.range.lowerBound + text.bodyStart)..<($0.range.upperBound + text.bodyStart)) }
                let title = Array(note.title.utf8).withUnsafeBufferPointer { matcher.matches(in: $0) }
                // Weighed by the share of the title's words that are the question's: a title that
                // is the words asked for counts whole, one that says more counts less.
                let words = note.title.split { !$0.isLetter && !$0.isNumber }.count
                let found = Set(title.map(\.group)).reduce(0.0) { $0 + ($1 < weights.count ? weights[$1] : 0) }
                let titleScore = words == 0 ? 0 : Self.titleWeight * found * Double(min(title.count, words)) / Double(words)
                return ContextCandidate(note: note, text: text, matches: matches, titleScore: titleScore)
            }
        }
        let chosen = Self.ordered(read, weights: weights)
        let encoder = JSONTextEncoder(pretty: false)
        func size(_ value: some Encodable) -> Int {
            do {
                return try encoder.render(value).utf8.count
            } catch {
                // These types encode without a context and cannot fail; a size of 0 would let
                // an item past the budget.
                preconditionFailure("\(error)")
            }
        }
        // The envelope with its `total`, and a comma for each item.
        var used = size(ContextPack(total: results.total))
        var repeated = RepeatedText()
        for (rank, candidate) in chosen.enumerated() {
            let remaining = budget - used
            let even = 1 / Double(min(3, chosen.count - rank))
            let share = pack.passages.isEmpty ? max(Self.firstPassageShare, even) : even
            var allowance = max(Int(Double(remaining) * share), min(remaining, Self.smallestPassage))
            var passage: ContextPassage?
            var passageSize = 0
            // The passage's text, shortened until the whole item fits.
            while allowance >= Self.shortestText {
                guard let made = Self.passage(of: candidate.note, text: candidate.text, matches: candidate.matches, weights: weights, maxBytes: allowance) else { break }
                passageSize = size(made) + 1
                if passageSize <= remaining {
                    passage = made
                    break
                }
                allowance -= passageSize - remaining + 8
            }
            guard let passage, !repeated.isRepeat(passage.text) else { continue }
            pack.passages.append(passage)
            used += passageSize
        }
        // The other notes found, best first, each once: those whose passage did not fit or
        // repeated one above, and those that could not be read.
        let given = Set(pack.passages.map(\.path))
        var named: Set<NotePath> = []
        for path in results.notes.map(\.path) where !given.contains(path) && named.insert(path).inserted {
            let cost = size(path.description) + 1
            guard used + cost <= budget else { continue }
            pack.more.append(path)
            used += cost
        }
        return pack
    }

    /// `query` without the words that more than ``commonWordShare`` of `notes` hold (all but the
    /// two rarest, when every word is that common; none in a vault of fewer than
    /// ``commonWordMinimumNotes``), at most ``SearchQuery/maximumTerms`` of the rarest, and the weight of each word kept: its
    /// inverse document frequency, as bm25 weighs it.
    static func tellingWords(_ query: SearchQuery, counts: [Int], notes: Int) -> (SearchQuery, [Double]) {
        guard counts.count == query.groups.count, notes > 0 else { return (query, query.groups.map { _ in 1 }) }
        let limit = notes < commonWordMinimumNotes ? Double(notes) : Double(notes) * commonWordShare
        var kept = counts.indices.filter { Double(counts[$0]) <= limit }
        if kept.isEmpty { kept = Array(counts.indices.sorted { counts[$0] < counts[$1] }.prefix(2)).sorted() }
        // A search takes at most so many words: the rarest, in the question's order.
        if kept.count > SearchQuery.maximumTerms {
            kept = Array(kept.sorted { counts[$0] != counts[$1] ? counts[$0] < counts[$1] : $0 < $1 }.prefix(SearchQuery.maximumTerms)).sorted()
        }
        var telling = query
        telling.groups = kept.map { query.groups[$0] }
        let weights = kept.map { index in
            let count = Double(counts[index])
            return log((Double(notes) - count + 0.5) / (count + 0.5) + 1)
        }
        return (telling, weights)
    }

    /// The notes read, best passage first: each one's best window of ``probeBytes`` weighed
    /// against its place in the search's order (``rankDecay``). A note found by meaning alone
    /// (none of the words) counts as half the best passage found by words. The words of a
    /// note's title count too (``ContextCandidate/titleScore``): a map of content titled
    /// `ancient-rome MOC` is about that, though its text is a list of links.
    static func ordered(_ notes: [ContextCandidate], weights: [Double]) -> [ContextCandidate] {
        let scores = notes.map { read in
            (bestWindow(of: read.text, matches: read.matches, weights: weights, maxBytes: probeBytes)?.window.score ?? 0) + read.titleScore
        }
        let top = scores.max() ?? 0
        let keyed = notes.indices.map { place in
            (place, (scores[place] > 0 ? scores[place] : top / 2) / (1 + rankDecay * Double(place)))
        }
        return keyed.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map { notes[$0.0] }
    }

    /// The best window of a note of at most `maxBytes` and its section (its opening when no word
    /// matches); `nil` for a note with no text. The words of a section's heading count for every
    /// window in it, as the words of a note's title count for the note.
    static func bestWindow(of text: NoteText, matches: [TermMatcher.Match], weights: [Double], maxBytes: Int) -> (window: PassageWindow, section: NoteSections.Section)? {
        let sections = NoteSections(bytes: text.bytes, bodyStart: text.bodyStart).sections
        var best: (window: PassageWindow, section: NoteSections.Section)?
        var next = 0
        for section in sections {
            let first = next
            while next < matches.count, matches[next].range.lowerBound < section.range.upperBound { next += 1 }
            let inside = matches[first..<next].filter { section.range.contains($0.range.lowerBound) && $0.range.upperBound <= section.range.upperBound }
            // The words of its heading say what the whole section is about.
            let headed = section.heading.map { line in Set(matches[first..<next].filter { line.contains($0.range.lowerBound) }.map(\.group)) } ?? []
            let headingScore = headed.reduce(0.0) { $0 + ($1 < weights.count ? weights[$1] : 0) }
            let found = PassageWindow.best(in: text.bytes, section: section.range, matches: inside[...], weights: weights, maxBytes: maxBytes)
            guard var window = found ?? (headingScore > 0 ? PassageWindow.opening(in: text.bytes, section: section.range, maxBytes: maxBytes) : nil) else { continue }
            window.score += headingScore
            if window.score > best?.window.score ?? 0 { best = (window, section) }
        }
        if best == nil {
            for section in sections {
                if let window = PassageWindow.opening(in: text.bytes, section: section.range, maxBytes: maxBytes) {
                    best = (window, section)
                    break
                }
            }
        }
        guard let best, !best.window.range.isEmpty else { return nil }
        return best
    }

    /// The passage of one note: its best window of at most `maxBytes`, with the headings above
    /// it and its first line.
    static func passage(of note: IndexedNote, text: NoteText, matches: [TermMatcher.Match], weights: [Double], maxBytes: Int) -> ContextPassage? {
        guard let best = bestWindow(of: text, matches: matches, weights: weights, maxBytes: maxBytes) else { return nil }
        var trail = best.section.trail
        if trail.first == note.title { trail.removeFirst() }
        return ContextPassage(
            path: note.path, title: note.title, heading: trail.joined(separator: " › "),
            line: text.lines.line(at: best.window.range.lowerBound),
            text: PassageText.render(text.bytes, best.window.range, isCut: best.window.isCut))
    }
}

/// A note a context pack reads: the search's hit, its text and where the question's words are.
struct ContextCandidate {
    var note: IndexedNote
    var text: NoteText
    var matches: [TermMatcher.Match]
    /// The weights of the question's words its title holds.
    var titleScore: Double
}
