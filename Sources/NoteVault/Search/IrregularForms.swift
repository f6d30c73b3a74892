/// English words whose forms share no stem: irregular verbs (`write`, `wrote`, `written`) and
/// nouns (`child`, `children`), which Snowball's suffix rules cannot join. A word of one of these
/// families also finds the others, as another form of it (below the form as typed, as every
/// other form ranks).
///
/// Only English has such a table: it is the language whose common words change most inside
/// (Russian, German and the Romance languages change mostly at the end, where the stemmers look).
enum IrregularForms {
    /// The other forms of `word` (lowercased), or none.
    static func family(of word: String, in language: SearchLanguage) -> [String] {
        guard language.code == "en", let family = englishIndex[word] else { return [] }
        return family.filter { $0 != word }
    }

    /// Each family as one line of its forms, base form first.
    private static let english: [String] = [
        // Verbs: base, past, past participle (and other spellings).
        "arise arose arisen", "awake awoke awoken", "bear bore borne born", "beat beaten", "become became", "begin began begun",
        "bend bent", "bind bound", "bite bit bitten", "bleed bled", "blow blew blown", "break broke broken", "breed bred",
        "bring brought", "build built", "burn burnt", "buy bought", "catch caught", "choose chose chosen", "cling clung",
        "come came", "creep crept", "deal dealt", "dig dug", "draw drew drawn", "dream dreamt", "drink drank drunk",
        "drive drove driven", "dwell dwelt", "eat ate eaten", "fall fell fallen", "feed fed", "feel felt", "fight fought",
        "find found", "flee fled", "fling flung", "fly flew flown flies", "forbid forbade forbidden", "forget forgot forgotten",
        "forgive forgave forgiven", "freeze froze frozen", "give gave given", "grind ground", "grow grew grown", "hang hung",
        "hear heard", "hide hid hidden", "hold held", "keep kept", "kneel knelt", "know knew known", "lay laid", "lead led",
        "lean leant", "leap leapt", "learn learnt", "leave left", "lend lent", "lie lay lain", "light lit lighted", "lose lost",
        "make made", "mean meant", "meet met", "mistake mistook mistaken", "overcome overcame", "override overrode overridden",
        "overwrite overwrote overwritten", "pay paid", "prove proven", "rebuild rebuilt", "redo redid redone", "rerun reran",
        "rewrite rewrote rewritten", "ride rode ridden", "ring rang rung", "rise rose risen", "run ran", "say said",
        "see saw seen", "seek sought", "sell sold", "send sent", "sew sewn", "shake shook shaken", "shine shone", "shoot shot",
        "show shown", "shrink shrank shrunk", "sing sang sung", "sink sank sunk", "sit sat", "sleep slept", "slide slid",
        "speak spoke spoken", "speed sped", "spend spent", "spin spun", "spit spat", "spring sprang sprung", "stand stood",
        "steal stole stolen", "stick stuck", "sting stung", "stink stank stunk", "strike struck stricken",
        "strive strove striven", "swear swore sworn", "sweep swept", "swim swam swum", "swing swung", "take took taken",
        "teach taught", "tear tore torn", "tell told", "think thought", "throw threw thrown", "tread trod trodden",
        "undergo underwent undergone", "understand understood", "undo undid undone", "unwind unwound", "wake woke woken",
        "wear wore worn", "weave wove woven", "weep wept", "win won", "wind wound", "withdraw withdrew withdrawn",
        "write wrote written",
        // Nouns whose plural is not made with -s.
        "analysis analyses", "appendix appendices", "axis axes", "basis bases", "child children", "criterion criteria",
        "crisis crises", "datum data", "diagnosis diagnoses", "foot feet", "goose geese", "hypothesis hypotheses",
        "index indices indexes", "knife knives", "leaf leaves", "life lives", "man men", "matrix matrices", "medium media",
        "mouse mice", "ox oxen", "parenthesis parentheses", "person people", "phenomenon phenomena", "shelf shelves",
        "thesis theses", "tooth teeth", "vertex vertices", "wife wives", "wolf wolves", "woman women",
    ]

    /// Every form, to its family.
    private static let englishIndex: [String: [String]] = {
        var index: [String: [String]] = [:]
        for line in english {
            let forms = line.split(separator: " ").map(String.init)
            for form in forms { index[form, default: []] += forms.filter { !(index[form]?.contains($0) ?? false) } }
        }
        return index
    }()
}
