import Foundation
import Testing

@testable import NoteVault

/// Fuzzing the query languages (issue 39, "bad queries"): malformed and huge queries in enote's
/// language, Dataview's DQL and Obsidian Tasks blocks are either read or refused with a
/// ``NoteQueryError`` that has a place (line and column inside the query) and a message; a query
/// that is read runs over a real index within its time limit and either gives a result (that can
/// be shown and encoded) or a ``NoteQueryError``: never a crash, never another kind of error.
///
/// The inputs come from a seeded generator (`ENOTE_FUZZ_SEED`, default fixed) and a fixed count,
/// so every run tries the same queries; nothing here measures time.
@Suite("Fuzz: queries")
struct QueryFuzzTests {
    let sandbox: VaultSandbox
    let index: NoteIndex

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write(
            "projects/alpha.md",
            VaultSandbox.noteText(
                title: "Alpha", body: "Budget planning for the garden. [[beta]]\n\n- [ ] write the plan 📅 2026-11-20 #work\n- [x] kick off ✅ 2026-11-10\n",
                extra: ["status: active", "rating: 8", "r: 8", "due: 2026-12-05", "tags: [work, q1]", "size: 1e400", "big: 99999999999999999999999999"]))
        try sandbox.write(
            "projects/beta.md",
            VaultSandbox.noteText(
                title: "Beta", body: "Links to [[alpha]]. Buying apples.\n\n- [ ] review 📅 2026-11-17 ⏫\n- [ ] repeat 🔁 every week ⏳ 2026-11-19\n",
                extra: ["status: Done", "rating: 5", "tags: [work]", "due: not a date", "list: [1, two, 2026-01-01]"]))
        try sandbox.write("archive/gamma.md", VaultSandbox.noteText(title: "Gamma", body: "Old budgets.\n", extra: ["status: active", "rating: -10.5", "tags: [archive]"]))
        try sandbox.write("2026-11-18.md", VaultSandbox.noteText(title: "Daily", body: "- [ ] call 📅 2026-11-18\n", extra: ["destroy: 2026-11-30"]))
        index = try sandbox.openIndex()
    }

    // MARK: - Vocabulary

    /// The words and marks of enote's language and DQL, and a few values at their edges.
    static let queryPieces = [
        "list", "LIST", "table", "TABLE", "task", "tasks", "TASK", "board", "board by", "calendar", "from", "FROM", "where", "WHERE", "sort", "SORT",
        "group by", "GROUP BY", "limit", "LIMIT", "flatten", "FLATTEN", "without id", "WITHOUT ID", "as", "AS", "asc", "desc", "DESC", "and", "AND",
        "or", "OR", "not", "NOT", "contains", "folder", "tag", "links to", "linked from", "outgoing", "today", "now", "tomorrow", "sow", "eom",
        "true", "false", "null", "file", "file.name", "file.day", "file.mtime", "file.tasks", "file.link", "file.tags", "title", "name", "path",
        "status", "due", "rating", "tags", "text", "text contains", "this", "this.rating", "this.file.name", "created", "updated", "destroy",
        "colour", "size", "big", "list", "completed", "date(today)", "date(", "dur(", "dur(1 week)", "dur(lots)", "length(", "substring(", "round(",
        "replace(", "regexmatch(", "regextest(", "lower(", "upper(", "padleft(", "truncate(", "number(", "choice(", "default(", "min(", "max(",
        "sum(", "split(", "join(", "dateformat(", "typeof(", "striptime(", "reverse(", "sort(", "unique(", "flat(", "extract(", "link(",
        "regexreplace(", "filter(", "map(", "(", ")", "[", "]", "{", "}", ",", ".", "+", "-", "*", "/", "%", "=", "==", "!=", "<", "<=", ">",
        ">=", "!", "=>", ":", "&", "#work", "#q1", "#archive", "#", "\"projects\"", "\"projects/alpha\"", "\"\"", "\"", "'", "'x'", "\"text\"",
        "[[alpha]]", "[[Nowhere]]", "[[", "]]", "[[alpha|shown]]", "7d", "2w", "12h", "30m", "0d", "2026-11-18", "2026-11-18T09:30", "2026-13-45",
        "0", "1", "-1", "1.5", "0.0", "100", "1000000", "1000001", "1e400", "1e-400", "NaN", "Infinity", "-Infinity",
        String(repeating: "9", count: 400), String(repeating: "9", count: 400) + "d", String(repeating: "9", count: 20), "x => x", "(t) => t",
        "\\", ";", "$", "@", "`", "?", "~", "^", "|", "\t", "\n", "\r\n", "\u{0}", "\u{7}", "\u{1B}[2J", "\u{200B}", "\u{FEFF}", "\u{FFFD}",
        "\u{FFFF}", "\u{10FFFF}", "\u{301}", "é", "東京", "Привет", "😀",
    ]

    /// Obsidian Tasks instructions and their pieces.
    static let tasksPieces = [
        "done", "not done", "NOT DONE", "due", "due before", "due after", "due on", "due before tomorrow", "due after 2026-01-01",
        "scheduled on today", "starts before next week", "happens before next month", "due in 2026-Q1", "due 2026-11-01 2026-11-30",
        "has due date", "no due date", "has tags", "no tags", "is recurring", "is not recurring", "priority is above medium",
        "priority is not high", "status.type is TODO", "status.type is DONE", "path includes projects", "path does not include archive",
        "tag includes #work", "tags do not include #q1", "description includes plan", "description regex matches /a+/i",
        "description regex matches /(a+)+b/", "filename includes alpha", "folder includes projects", "root includes projects",
        "sort by due", "sort by priority reverse", "sort by", "group by folder", "group by", "limit 5", "limit to 3 tasks", "limit", "limit -1",
        "limit " + String(repeating: "9", count: 400), "(", ")", "[", "]", "{", "}", "\"", "AND", "OR", "XOR", "NOT", "(done) AND (due today)",
        "NOT (done)", "(done) XOR (not done)", "((done", "{{query.file.path}}", "{{query.file.folder}}", "{{query.file.property('x')}}", "{{!",
        "}}", "{{! comment }}", "hide backlinks", "short mode", "explain", "ignore global query", "filter by function task.isDone",
        "preset this_file", "preset nowhere", "is blocked", "created before today", "#", "\\", "\t", "\r\n", "\n", "\u{0}", "\u{1B}[2J", "東京",
        "\u{FFFD}", "😀", "next week", "last month", "2026-13-45", "today", "tomorrow",
    ]

    /// Valid queries to mutate, by language.
    static let seeds: [NoteQuery.Language: [String]] = [
        .enote: [
            "table status, due as \"Due\" from folder projects and not #archive\nwhere status != \"done\" and rating >= 4\nsort due desc, title\ngroup by status\nlimit 20",
            "list from #work", "list from \"projects/alpha\"", "list from #q1 or folder archive", "list from links to alpha", "list from linked from beta",
            "list where destroy < today + 30d", "list where text contains \"budget\"", "list where tags contains \"q1\"", "tasks from #work where !completed sort due",
            "board by status from folder projects", "calendar due", "table rating where rating != null sort rating desc limit 2",
            "table length(title), lower(status), rating * 2, due - today", "list group by status",
        ],
        .dataview: [
            "LIST", "LIST FROM #games/mobas OR #games/crpg", "TABLE author, published, file.inlinks AS \"Mentions\" FROM #poems",
            "TABLE WITHOUT ID file.link AS \"Game\", rating FROM #games SORT rating DESC", "TASK WHERE !completed AND due <= date(today) + dur(1 week)",
            "LIST WHERE file.mtime >= date(today) - dur(7 days)", "TABLE date(now).year - published AS \"Age\" FROM #poems", "LIST FROM [[Plan]] AND -\"archive\"",
            "LIST FROM outgoing([[Plan]])", "LIST birthday WHERE birthday.month = date(now).month",
            "TABLE rating WHERE contains(file.tags, \"#book\") AND rating > 7 GROUP BY genre",
            "TABLE substring(file.name, 1, 3), round(rating / 3, 2), padleft(status, 8, \"-\"), truncate(file.name, 2) SORT file.name",
            "TABLE regexmatch(\"a+\", file.name), split(file.name, \"a\"), join(file.tags, \" \"), default(due, \"none\")",
        ],
        .tasks: [
            "not done\ndue before tomorrow", "done", "(path includes Work) OR (tags include #urgent)\nsort by priority reverse\ngroup by folder\nlimit 20",
            "not done\nhas due date\nsort by due", "description regex matches /plan/i\nhide backlinks", "path includes {{query.file.folder}}",
            "due after 2026-11-01\ndue before 2026-12-01\nlimit to 5 tasks", "NOT (done)\nshort mode\nexplain",
        ],
    ]

    // MARK: - Generators

    /// Random pieces joined with spaces (or nothing), starting with a view word most times so
    /// the parser reads past the first token.
    static func soup(_ language: NoteQuery.Language, _ generator: inout SeededGenerator) -> String {
        let pieces = language == .tasks ? tasksPieces : queryPieces
        var parts: [String] = []
        if language != .tasks, Int.random(in: 0..<4, using: &generator) != 0 {
            parts.append(["list", "table", "task", "TABLE", "LIST", "board by", "calendar"].randomElement(using: &generator)!)
        }
        for _ in 0..<Int.random(in: 1...14, using: &generator) {
            parts.append(pieces.randomElement(using: &generator)!)
        }
        let separator = language == .tasks ? ["\n", " ", "\n\n"].randomElement(using: &generator)! : [" ", " ", "", "\n"].randomElement(using: &generator)!
        return parts.joined(separator: separator)
    }

    /// A valid query of `language` changed one to four times.
    static func mutated(_ language: NoteQuery.Language, _ generator: inout SeededGenerator) -> String {
        var text = seeds[language]!.randomElement(using: &generator)!
        let pieces = language == .tasks ? tasksPieces : queryPieces
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            let position = Int.random(in: 0..<max(1, words.count), using: &generator)
            switch Int.random(in: 0..<16, using: &generator) {
            case 0 where words.count > 1:
                words.remove(at: position)
            case 1:
                words.insert(pieces.randomElement(using: &generator)!, at: position)
            case 2 where words.count > 1:
                words.swapAt(position, Int.random(in: 0..<words.count, using: &generator))
            case 3:
                words.insert(words[position], at: position)
            case 4:
                // Cut anywhere: unclosed strings, links, parentheses.
                let characters = Array(text)
                text = String(characters.prefix(Int.random(in: 0...characters.count, using: &generator)))
                continue
            case 5:
                // An opening mark with no end.
                words.insert(["\"open", "'open", "[[open", "(", "[", "{", "{{query.", "/a+"].randomElement(using: &generator)!, at: position)
            case 6:
                words[position] = [
                    String(repeating: "9", count: Int.random(in: 16...600, using: &generator)), "1e400", "-1e400", "0.0000000001",
                    String(repeating: "9", count: 300) + "." + String(repeating: "9", count: 300), "9223372036854775808", "-9223372036854775809",
                    String(repeating: "9", count: 400) + "d", String(repeating: "9", count: 400) + "w",
                ].randomElement(using: &generator)!
            case 7:
                let depth = [2, 30, 63, 64, 65, 200, 2000].randomElement(using: &generator)!
                words[position] = String(repeating: "(", count: depth) + words[position] + String(repeating: ")", count: depth)
            case 8:
                let depth = [2, 30, 63, 64, 65, 200, 2000].randomElement(using: &generator)!
                let prefix = ["not ", "NOT ", "!", "-", "- "].randomElement(using: &generator)!
                words[position] = String(repeating: prefix, count: depth) + words[position]
            case 9:
                words[position] = String(repeating: ["x", "é", "東", "_a1"].randomElement(using: &generator)!, count: Int.random(in: 200...5000, using: &generator))
            case 10:
                let strange: [Character] = ["\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "\u{301}", "\u{200D}", "\u{202E}"]
                var characters = Array(text)
                characters.insert(strange.randomElement(using: &generator)!, at: Int.random(in: 0...characters.count, using: &generator))
                text = String(characters)
                continue
            case 11:
                // Bytes that are not UTF-8, read as a file of the vault would read them.
                let bytes: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x80, 0x80]]
                var raw = Array(text.utf8)
                raw.insert(contentsOf: bytes.randomElement(using: &generator)!, at: Int.random(in: 0...raw.count, using: &generator))
                text = String(decoding: raw, as: UTF8.self)
                continue
            case 12:
                text = text.replacingOccurrences(of: "\n", with: "\r\n")
                continue
            case 13:
                // The other languages' text mixed in.
                let other = NoteQuery.Language.allCases.filter { $0 != language }.randomElement(using: &generator)!
                words.insert(seeds[other]!.randomElement(using: &generator)!, at: position)
            case 14:
                text = Bool.random(using: &generator) ? text.uppercased() : text.lowercased()
                continue
            default:
                words.insert(["\n", "\r\n", "\t", "\\\n", "\\"].randomElement(using: &generator)!, at: position)
            }
            text = words.joined(separator: " ")
        }
        return text
    }

    /// Queries at the edges: nesting, length, repetition, values that overflow.
    static func extremes(_ language: NoteQuery.Language) -> [String] {
        let nines = String(repeating: "9", count: 400)
        var texts: [String] = []
        if language == .tasks {
            texts += [
                String(repeating: "(", count: 30) + "done" + String(repeating: ")", count: 30),
                String(repeating: "NOT (", count: 500) + "done" + String(repeating: ")", count: 500),
                Array(repeating: "(done)", count: 2000).joined(separator: " OR "),
                Array(repeating: "not done", count: 1800).joined(separator: "\n"),
                String(repeating: "\\\n", count: 5000) + "done",
                "limit \(nines)", "due before \(nines)-01-01", "path includes " + String(repeating: "x", count: 16_000),
                String(repeating: "x", count: 16_385), String(repeating: "é", count: 8193), "done\n" + String(repeating: "#", count: 16_380),
                "description regex matches /" + String(repeating: "(a+)+", count: 100) + "/", "{{" + String(repeating: "{{", count: 3000),
                "", "\n\n\n", "\u{0}", "\r\n\r\n", "not done\r\ndue before tomorrow",
            ]
            return texts
        }
        let view = language == .dataview ? "LIST" : "list"
        texts += [
            "\(view) where " + String(repeating: "(", count: 63) + "a" + String(repeating: ")", count: 63),
            "\(view) where " + String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65),
            "\(view) where " + String(repeating: "(", count: 8000),
            "\(view) where " + String(repeating: "not ", count: 3000) + "a",
            "\(view) where " + String(repeating: "!", count: 8000) + "a",
            "\(view) where " + String(repeating: "-", count: 8000) + "1",
            "\(view) from " + String(repeating: "not ", count: 3000) + "#work",
            "\(view) from " + String(repeating: "(", count: 5000) + "#work",
            "\(view) where " + String(repeating: "[", count: 5000),
            "\(view) where a" + String(repeating: ".b", count: 5000),
            "\(view) where a" + String(repeating: "[0]", count: 4000),
            "\(view) where " + String(repeating: "lower(", count: 2000) + "a" + String(repeating: ")", count: 2000),
            // Thousands of terms at one level: no deeper than the bound, but long.
            "\(view) where " + Array(repeating: "a", count: 3000).joined(separator: " or "),
            "\(view) where " + Array(repeating: "rating > 1", count: 1400).joined(separator: " and "),
            "\(view) where " + Array(repeating: "1", count: 5000).joined(separator: "+"),
            "table " + Array(repeating: "1", count: 5000).joined(separator: "+"),
            "\(view) from " + Array(repeating: "#work", count: 2000).joined(separator: " or "),
            "table " + Array(repeating: "a", count: 5000).joined(separator: ","),
            "\(view) sort " + Array(repeating: "a", count: 5000).joined(separator: ","),
            "\(view) where a in [" + Array(repeating: "1", count: 5000).joined(separator: ",") + "]",
            // Long names, long texts, the bound itself.
            "\(view) where " + String(repeating: "x", count: 16_000) + " = 1",
            "\(view) where a = \"" + String(repeating: "x", count: 16_000) + "\"",
            "\(view) where a = \"" + String(repeating: "x", count: 16_384) + "\"",
            String(repeating: " ", count: 16_384 - view.utf8.count) + view,
            String(repeating: " ", count: 16_385 - view.utf8.count) + view,
            "\(view) where a = \"" + String(repeating: "é", count: 8200) + "\"",
            String(repeating: "list ", count: 4000),
            // Numbers past Double and Int.
            "\(view) where a = \(nines)", "\(view) where a = -\(nines)", "\(view) limit \(nines)", "\(view) limit 1e400", "\(view) limit 9223372036854775808",
            "\(view) where a = 1e400", "\(view) where today + \(nines)d > today", "\(view) where today - \(nines)w < today",
            "table \(nines)", "table -\(nines)", "table \(nines) - \(nines)", "table \(nines) * 0", "table 1 / 0", "table 0 / 0", "table 5 % 0",
            "table \(nines)d", "table today + \(nines)d", "table today - \(nines)d", "table date(today) + dur(\(nines) days)",
            "table \(nines)d / 0", "table dur(\(nines) weeks)", "table today + 1000000000000d",
            "table substring(\"abc\", \(nines))", "table substring(\"abc\", -\(nines), \(nines))", "table substring(\"abc\", \(nines) - \(nines))",
            "table truncate(\"abc\", \(nines))", "table padleft(\"abc\", -\(nines))", "table padright(\"abc\", \(nines) - \(nines))",
            "table round(1.5, \(nines))", "table round(\(nines))", "table [1, 2, 3][\(nines)]", "table [1, 2, 3][-\(nines)]", "table [1][0 / 0]",
            "table [1][\(nines) - \(nines)]", "table \"x\" * \(nines)", "table \"x\" * (\(nines) - \(nines))", "table \"x\" * -1",
            "table number(\"\(nines)\")", "table number(\"1e400\")", "table round(number(\"nan\"))", "table size, big, size * 2, big + 1",
            "table dateformat(today, \"\(String(repeating: "y", count: 5000))\")", "table dateformat(today + \(nines)d, \"yyyy\")",
            "table striptime(today + \(nines)d)", "table date(\"99999-01-01\")", "table date(\"2026-02-30\")", "table date([[\(nines)]])",
            "\(view) group by \(nines) - \(nines)", "\(view) group by [0 / 0]", "\(view) sort \(nines) - \(nines)", "calendar \(nines)",
            "\(view) where regexmatch(\"" + String(repeating: "(a|a)*", count: 40) + "\", title)",
            "\(view) where regextest(\"(?<x>a)\\\\k<x>\", title)", "\(view) where regextest(\"[\", title)",
            // Words in the text that the full-text search reads its own way.
            "\(view) where text contains \"\"", "\(view) where text contains \"\\\"\"", "\(view) where text contains \"NEAR(\"",
            "\(view) where text contains \"*\"", "\(view) where text contains \"a OR\"", "\(view) where text contains \"-\"",
            "\(view) where text contains \"\u{0}\"", "\(view) where search(\"\")",
            // Empty and blank.
            "", " ", "\n", "\r\n", "\u{0}", "\u{FEFF}list", "list\r\nwhere status =", "LIST\r\nFROM #work\r\nWHERE",
        ]
        return texts
    }

    // MARK: - Checks

    /// The characters that end a line for an editor (LSP: `\n`, `\r\n`, `\r`).
    static let lineEnds: Set<Unicode.Scalar> = ["\n", "\r"]

    /// What is wrong with an error, or `nil`: it needs a message and a place inside the text
    /// (a column may be one past a line's end, for "the end of the query").
    static func problem(with error: NoteQueryError, in text: String) -> String? {
        let message = error.message.text
        if message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the error has no message" }
        if error.line < 1 || error.column < 1 || error.length < 1 {
            return "the error has no place: line \(error.line), column \(error.column), length \(error.length): \(message)"
        }
        // Lines as an editor counts them (the Language Server Protocol's line ends: LF, CRLF
        // and CR), so an editor's underline lands where the error says.
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previous == "\r" {
                // The LF of a CRLF: the line ended at the CR.
            } else if Self.lineEnds.contains(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
            previous = scalar
        }
        lines.append(String(current))
        guard error.line <= lines.count else {
            return "line \(error.line) is past the query's \(lines.count) lines: \(message)"
        }
        let line = lines[error.line - 1]
        guard error.column <= line.count + 1 else {
            return "column \(error.column) is past the end of line \(error.line) (\(line.count) characters): \(message)"
        }
        return nil
    }

    /// Parses `text`; returns the query (when read) and what failed.
    static func parse(_ text: String, _ language: NoteQuery.Language) -> (query: NoteQuery?, failure: String?) {
        do {
            return (try QueryParser.parse(text, language: language, note: NotePath(trusted: "projects/alpha.md")), nil)
        } catch {
            return (nil, problem(with: error, in: text))
        }
    }

    /// Runs `query`; returns what failed: an error that is not a ``NoteQueryError``, a result
    /// whose counts disagree, or values that cannot be shown or encoded.
    func run(_ query: NoteQuery) -> String? {
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone, note: NotePath(trusted: "projects/alpha.md"))
        options.timeLimit = 2
        let result: QueryResult
        do {
            result = try index.run(query, options: options)
        } catch let error as NoteQueryError {
            if error.message.text.isEmpty || error.line < 1 || error.column < 1 { return "the run's error has no message or place: \(error)" }
            return nil
        } catch {
            return "the run threw something other than a NoteQueryError: \(type(of: error)): \(error)"
        }
        if result.total < result.rows.count { return "total \(result.total) is below the \(result.rows.count) rows" }
        if let limit = query.limit, result.rows.count > limit { return "\(result.rows.count) rows past the limit \(limit)" }
        // Everything a front end shows: each value as text, and the JSON form.
        var shown = 0
        for row in result.rows {
            for value in row.values + (row.group.map { [$0] } ?? []) { shown += value.displayText.count }
        }
        for group in result.groups { shown += group.displayText.count }
        _ = shown
        // The JSON form, as `enote query --json`, the server and the agents' tool write it: valid JSON.
        let json: String
        do {
            json = try JSONTextEncoder(userInfo: NoteJSONContext(timeZone: VaultSandbox.timeZone, now: VaultSandbox.now).userInfo).render(result)
        } catch {
            return "the result cannot be encoded: \(error)"
        }
        if (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil {
            return "the result's JSON is not JSON: \(json.prefix(2000))"
        }
        return nil
    }

    /// Parses and (when read) runs `text`; records a failure with the input.
    func check(_ text: String, _ language: NoteQuery.Language, runs: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let (query, failure) = Self.parse(text, language)
        if let failure {
            Issue.record("\(language.rawValue) \(Fuzzer.show(Array(text.utf8))): \(failure)", sourceLocation: sourceLocation)
            return false
        }
        guard runs, let query else { return query != nil }
        if let failure = run(query) {
            Issue.record("\(language.rawValue) \(Fuzzer.show(Array(text.utf8))): \(failure)", sourceLocation: sourceLocation)
        }
        return true
    }

    // MARK: - Tests

    /// A different seed for each language.
    static func offset(_ language: NoteQuery.Language) -> UInt64 {
        UInt64(NoteQuery.Language.allCases.firstIndex(of: language)!)
    }

    @Test("random pieces of the grammar: a query or a placed error, and a run or a NoteQueryError", arguments: NoteQuery.Language.allCases)
    func tokenSoup(_ language: NoteQuery.Language) {
        var generator = SeededGenerator(seed: Fuzzer.seed &+ Self.offset(language))
        var read = 0
        for _ in 0..<700 {
            if check(Self.soup(language, &generator), language) { read += 1 }
        }
        // The generator reaches past the first word: some of its queries are read and run.
        #expect(read > 0, "no random \(language.rawValue) query was read")
    }

    @Test("valid queries with tokens deleted, added, swapped, cut, nested and garbled", arguments: NoteQuery.Language.allCases)
    func mutatedQueries(_ language: NoteQuery.Language) {
        var generator = SeededGenerator(seed: Fuzzer.seed &+ 1000 &+ Self.offset(language))
        var read = 0
        for _ in 0..<700 {
            if check(Self.mutated(language, &generator), language) { read += 1 }
        }
        #expect(read > 0, "no mutated \(language.rawValue) query was read")
    }

    @Test("the seeds are valid queries of their language", arguments: NoteQuery.Language.allCases)
    func seedsAreRead(_ language: NoteQuery.Language) {
        for text in Self.seeds[language]! {
            #expect(check(text, language), "\(text)")
        }
    }

    @Test("huge, deep and overflowing queries in every language", arguments: NoteQuery.Language.allCases)
    func extremes(_ language: NoteQuery.Language) {
        for text in Self.extremes(language) {
            _ = check(text, language)
            // Each one in the other languages too: a block can be mislabelled.
            for other in NoteQuery.Language.allCases where other != language {
                _ = check(text, other, runs: false)
            }
        }
    }

    @Test("a query over the bound is refused at line 1, column 1, in every language", arguments: NoteQuery.Language.allCases)
    func overTheBound(_ language: NoteQuery.Language) {
        for text in [String(repeating: "x", count: 16_385), "list where a = \"" + String(repeating: "東", count: 6000) + "\"", String(repeating: "done\n", count: 4000)] {
            #expect(text.utf8.count > 16_384)
            #expect {
                _ = try QueryParser.parse(text, language: language)
            } throws: { error in
                guard let error = error as? NoteQueryError else { return false }
                return error.line == 1 && error.column == 1 && !error.message.text.isEmpty && !error.isUnsupported
            }
        }
    }

    @Test("a chain of 128 terms is read and run; thousands under the bound are refused at the term past it, never a stack overflow")
    func manyTerms() throws {
        let longest = "list where " + Array(repeating: "r=8", count: 128).joined(separator: " or ")
        let query = try QueryParser.parse(longest)
        #expect(run(query) == nil)
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone)
        options.timeLimit = 30
        #expect(try index.run(query, options: options).rows.map(\.title) == ["Alpha"])
        for text in [
            "list where " + Array(repeating: "r=8", count: 2300).joined(separator: " or "),
            "list where " + Array(repeating: "1", count: 3000).joined(separator: "+"),
            "list from " + Array(repeating: "#a", count: 2000).joined(separator: " or "),
        ] {
            #expect(text.utf8.count <= 16_384)
            #expect {
                _ = try QueryParser.parse(text)
            } throws: { error in
                guard let error = error as? NoteQueryError else { return false }
                // At the term past the bound: well inside the text, not at its start or end.
                return error.line == 1 && error.column > 500 && error.column < text.count - 500 && !error.isUnsupported
                    && error.message.text.contains("256")
            }
        }
        // A Tasks block of a thousand lines is read (each line one condition) and refused when run.
        let block = try QueryParser.parse(String(repeating: "not done\n", count: 1000), language: .tasks)
        #expect(throws: NoteQueryError.self) { try index.run(block, options: options) }
    }

    @Test(
        "an error in a CRLF query names the line as a person counts it",
        arguments: [
            ("list\r\nwhere status =", NoteQuery.Language.enote, 2),
            ("LIST\r\nFROM #work\r\nWHERE", .dataview, 3),
            ("list where a = 1\r\nsort", .enote, 2),
            ("not done\r\nnonsense here", .tasks, 2),
        ])
    func crlfLines(_ text: String, _ language: NoteQuery.Language, _ line: Int) {
        do {
            let query = try QueryParser.parse(text, language: language)
            Issue.record("read \(query)")
        } catch {
            #expect(error.line == line, "\(error.located.text)")
            #expect(Self.problem(with: error, in: text) == nil)
        }
    }

    @Test("a Tasks block with CRLF line ends reads as with LF")
    func crlfTasksBlock() throws {
        let lf = try QueryParser.parse("not done\ndue before 2026-12-01\nsort by due", language: .tasks)
        let crlf = try QueryParser.parse("not done\r\ndue before 2026-12-01\r\nsort by due", language: .tasks)
        #expect(crlf == lf)
    }

    @Test(
        "an error's line counts the line ends an editor and the note's blocks count (LF, CRLF, CR), not form feeds or separators",
        arguments: ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"])
    func otherLineSeparators(_ separator: String) {
        let text = "list" + separator + "where status ="
        do {
            let query = try QueryParser.parse(text)
            Issue.record("read \(query)")
        } catch {
            #expect(error.line == 1, "\(error.located.text)")
            #expect(Self.problem(with: error, in: text) == nil)
        }
    }

    @Test("text a query builds stays bounded: repeating a repeated text does not grow without end")
    func textGrowthIsBounded() throws {
        // `"x" * n` is bounded (n <= 100), and so is padleft (1000); chained, the bound is lost:
        // each `* 100` multiplies, and six of them would be 10^13 characters for every row.
        let query = try QueryParser.parse("table \"xxxxxxxxxx\" * 100 * 100 * 100 from \"archive\"")
        var options = NoteIndex.QueryOptions(now: VaultSandbox.now, timeZone: VaultSandbox.timeZone)
        options.timeLimit = 30
        do {
            let result = try index.run(query, options: options)
            let longest = result.rows.flatMap(\.values).map(\.displayText.utf8.count).max() ?? 0
            #expect(longest <= 1_000_000, "a 45-byte query built a cell of \(longest) bytes")
        } catch is NoteQueryError {
            // Refused: bounded.
        }
    }
}
