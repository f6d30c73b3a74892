import Foundation
import Testing

@testable import NoteVault

/// What a typed word finds beyond itself: every form that shares its stem in the note's
/// language, the exact form first, quoted words exact only, the last word as a beginning, and a
/// word that matches nothing corrected from the vault's own words.
@Suite("Search: word forms, beginnings and slips")
struct WordFormSearchTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// A vault of one note per entry (`name.md` holding `text`), its config's languages line set
    /// when given, and its index.
    func index(_ notes: [String: String], languages: String? = nil) throws -> NoteIndex {
        if let languages {
            try sandbox.write(".enote/config", "languages = \(languages)\n")
        }
        for (name, text) in notes { try sandbox.write(name + ".md", text) }
        return try sandbox.openIndex()
    }

    // MARK: - Word forms

    /// (languages line, the note's text, a query in another form, whether it is found)
    static let forms: [(String?, String, String, Bool)] = [
        // English: plurals, -ing, -ed, -y/-ies.
        (nil, "Fix the kitchen sink today", "sinks", true),
        (nil, "The files are on the server", "file", true),
        (nil, "Filing the report", "filed", true),
        (nil, "Jump over the fence", "jumping", true),
        (nil, "Two cities to visit", "city", true),
        (nil, "A happy dog", "happiness", true),
        // English irregular forms, which share no stem.
        (nil, "She wrote a letter", "writing", true),
        (nil, "The letter was written", "wrote", true),
        (nil, "The children played", "child", true),
        (nil, "Building a shed", "built", true),
        // Russian cases of one word.
        (nil, "Купить молока и хлеба", "молоко", true),
        (nil, "Нет молока", "молоком", true),
        (nil, "Позвонить сантехнику", "сантехник", true),
        (nil, "Встреча с друзьями", "друг", false),  // a stem change Snowball does not undo
        (nil, "Ёлочные игрушки", "елочная", true),
        // German through the vault's languages, with its umlaut plurals.
        ("de", "Die Notizen liegen im Häuschen", "Notiz", true),
        ("de", "Zwei Häuser am See", "Haus", true),
        ("de", "Ein Haus am See", "Häuser", true),
        // German's stemmer reads ß as ss (issue 24, review).
        ("de", "Die Straße ist lang", "Straßen", true),
        ("de", "Zwei Straßen", "Straße", true),
        ("de", "Kalte Füße", "Fuß", true),
        ("de", "Ein großes Haus", "groß", true),
        ("de", "Die Straße ist lang", "Strassen", true),
        // Without German, a German plural is not another form of anything.
        (nil, "Die Notizen liegen hier", "Notiz", false),
        // French and Spanish.
        ("fr", "Les chansons de la soirée", "chanson", true),
        ("es", "Las canciones del verano", "canción", true),
    ]

    @Test(arguments: forms)
    func anotherFormOfTheWordFindsTheNote(_ languages: String?, _ text: String, _ query: String, _ found: Bool) throws {
        let index = try index(["note": text, "other": "Nothing to see here"], languages: languages)
        let results = try index.results(query + " ")
        #expect(results.notes.map(\.path.description) == (found ? ["note.md"] : []), "\(query) in \(text)")
        #expect(results.corrections.isEmpty, "another form is found as such, not as a slip: \(query) in \(text)")
    }

    @Test("a note's lang: key adds its language's forms to every search of the vault")
    func noteLanguageKey() throws {
        let index = try index([
            "de": "---\nlang: de\n---\nDie Notizen liegen hier\n",
            "en": "Notes lie here\n",
            "more": "Weitere Notizen, ohne lang\n",
        ])
        // The search cannot tell which note a form came from: German's forms are found in all.
        #expect(Set(try index.found("Notiz ")) == ["de.md", "more.md"])
        #expect(try index.found("note ") == ["en.md"])
    }

    @Test("Cyrillic words go to Russian and Latin ones to English when the vault says nothing")
    func defaultLanguagesByScript() throws {
        let index = try index(["a": "Купить молока\n", "b": "Two sinks\n"])
        let together = try index.results("молоко sink")
        #expect(!together.matchesEveryWord, "no note has both words")
        #expect(try index.found("молоко") == ["a.md"])
        #expect(try index.found("sink") == ["b.md"])
    }

    // MARK: - Exact forms first, quotes exact only

    @Test("a note with the word as typed ranks above one with another form of it")
    func exactFormFirst() throws {
        let index = try index([
            "other": "---\ntitle: Files\n---\nMany files, files everywhere, more files\n",
            "exact": "---\ntitle: Report\n---\nOne file\n",
        ])
        #expect(try index.found("file") == ["exact.md", "other.md"])
        #expect(try index.found("files") == ["other.md", "exact.md"])
    }

    @Test("a quoted word or phrase matches its exact form only")
    func quotedIsExact() throws {
        let index = try index(["one": "One file here\n", "many": "Many files here\n", "phrase": "Many file here\n"])
        #expect(Set(try index.found("\"file\"")) == ["one.md", "phrase.md"])
        #expect(try index.found("\"files\"") == ["many.md"])
        #expect(try index.found("\"many files\"") == ["many.md"])
        #expect(Set(try index.found("file")) == ["one.md", "many.md", "phrase.md"])
    }

    // MARK: - As you type

    @Test("the last word also matches the words it begins, ranked below whole words")
    func lastWordIsABeginning() throws {
        let index = try index(["plumber": "Call the plumber\n", "plumb": "A plumb line\n", "other": "Nothing\n"])
        #expect(try index.found("plumb") == ["plumb.md", "plumber.md"])
        #expect(try index.found("call plumb") == ["plumber.md"])
        #expect(try index.results("plumb call").matchesEveryWord == false, "only the last word may be unfinished")
        #expect(try index.found("plumb ") == ["plumb.md"], "a space after it says the word is finished")
        #expect(try index.found("\"plumb\"") == ["plumb.md"])
        #expect(try index.found("pl") == [], "from the third letter on")
    }

    @Test("a beginning of many words is searched as FTS5's own prefix")
    func manyBeginnings() throws {
        var notes: [String: String] = [:]
        for number in 0..<40 { notes["n\(number)"] = "word prefixword\(number)x here\n" }
        let index = try index(notes)
        #expect(try index.found("prefixwo").count == 40)
    }

    // MARK: - Slips of the fingers

    @Test("a word that matches nothing is searched as the vault's nearest words, and the results say so")
    func typoIsCorrected() throws {
        let index = try index(["plumber": "Call the plumber\n", "other": "Nothing here\n"])
        for typo in ["plumbre", "plubmer", "plumer", "plummber", "plumbet"] {
            let results = try index.results(typo + " ")
            #expect(results.notes.map(\.path.description) == ["plumber.md"], "\(typo)")
            #expect(results.corrections == [SearchCorrection(typed: typo, searched: ["plumber"])], "\(typo)")
            #expect(results.notes.first?.corrections == results.corrections)
        }
        let results = try index.results("plumbre")
        #expect(results.corrections.first?.message.english == "no note has \"plumbre\"; showing \"plumber\"")
    }

    @Test("a word that matches something is never corrected, even when the search finds nothing")
    func matchingWordIsNeverCorrected() throws {
        let index = try index(["a": "Call the plumber\n", "b": "A plumbet in the garden\n"])
        let results = try index.results("plumbet call")
        #expect(!results.matchesEveryWord, "no note has both")
        #expect(results.corrections.isEmpty)
        #expect(try index.results("plumbet").corrections.isEmpty)
    }

    @Test("short words and quoted words are not corrected; two slips from eight letters")
    func correctionAllowance() throws {
        let index = try index(["a": "The cat sat on the refrigerator\n"])
        #expect(try index.results("cta ").corrections.isEmpty, "three letters: too many words lie one slip away")
        #expect(try index.results("\"refrigeratro\"").corrections.isEmpty)
        #expect(try index.results("refrigeratro").corrections.map(\.searched) == [["refrigerator"]])
        #expect(try index.results("refirgeratro").corrections.map(\.searched) == [["refrigerator"]], "two swaps")
        #expect(try index.results("refirgeratrro").corrections.isEmpty, "three slips")
    }

    @Test("corrections are the words that match most notes")
    func correctionsMatchingMostNotesComeFirst() throws {
        let index = try index(["a": "sour milk\n", "b": "silk and milk\n", "c": "milk again\n", "d": "a malk\n"])
        #expect(try index.results("mlik ").corrections == [SearchCorrection(typed: "mlik", searched: ["milk"])])
        #expect(try index.results("mxlk ").corrections == [SearchCorrection(typed: "mxlk", searched: ["milk", "malk"])])
    }

    @Test("a word no note holds any more is never offered, nor hides a live word one slip further")
    func correctionsComeFromLiveWords() throws {
        _ = try index(["a": "The generator hums\n", "gone": "A generatos typo\n"])
        try FileManager.default.removeItem(atPath: sandbox.path("gone.md"))
        // The vocabulary still holds "generatos" (one swap from the query) and "generator" (two).
        let results = try sandbox.openIndex().results("generatso ")
        #expect(results.corrections == [SearchCorrection(typed: "generatso", searched: ["generator"])])
        #expect(results.notes.map(\.path.description) == ["a.md"])
    }

    @Test("the forms of a short stem are found however many words of the vault begin like it")
    func formsOfAShortStemInACrowdedRange() throws {
        // 5,400 words from "доааа" to "долхх…", all before "дом" in the vocabulary.
        let letters = Array("абвгжзклнпрстфх")
        var crowd: [String] = []
        for a in letters.prefix(8) { for b in letters { for c in letters { for d in "аяю" { crowd.append("до\(a)\(b)\(c)\(d)") } } } }
        let index = try index(["crowd": crowd.joined(separator: " ") + "\n", "home": "Уехали из дома\n"])
        #expect(try index.found("дом ") == ["home.md"])
    }

    // MARK: - Most of the words

    @Test("when no note has every word, the notes with the most of them come first, and the results say so")
    func mostOfTheWords() throws {
        let index = try index([
            "two": "Bread and milk for breakfast\n", "one": "Milk only\n", "none": "Something else\n",
        ])
        let results = try index.results("bread milk cheese")
        #expect(!results.matchesEveryWord)
        #expect(results.notes.map(\.path.description) == ["two.md", "one.md"])
        #expect(results.notes.allSatisfy { !$0.matchesEveryWord })
        let every = try index.results("bread milk")
        #expect(every.matchesEveryWord)
        #expect(every.notes.map(\.path.description) == ["two.md"], "while some note has every word, only those are shown")
        #expect(try index.results("cheese").notes.isEmpty, "one word that matches nothing finds nothing")
    }

    // MARK: - Highlights

    @Test("the snippet marks the form that matched, whatever form was typed")
    func highlightTheMatchedForm() throws {
        let index = try index(["n": "We bought two sinks for the kitchen\n"])
        let snippet = try #require(try index.results("sink ").notes.first?.snippet)
        #expect(snippet.contains("\u{2}sinks\u{3}"), "\(snippet)")
        let beginning = try #require(try index.results("kitch").notes.first?.snippet)
        #expect(beginning.contains("\u{2}kitchen\u{3}"), "\(beginning)")
    }
}
