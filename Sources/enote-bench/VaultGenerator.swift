import Foundation

/// Writes a deterministic vault of N notes whose text resembles real notes: a Zipf-distributed
/// vocabulary, sizes with a median near 1 KB and a tail past 100 KB, 20% with destroy dates,
/// some notes in Russian and Japanese, marker words at known frequencies for the search mix, and
/// tasks (``tasks(_:)``: 50,000 at 100,000 notes) with Obsidian Tasks' and todo.txt's dates.
struct VaultGenerator {
    var count: Int
    var seed: UInt64 = 42

    /// Marker words and the share of notes that contain them.
    static let markers: [(word: String, share: Double)] = [
        ("sandwich", 0.85),  // very common
        ("harbour", 0.20),  // common
        ("zephyrine", 0.001),  // rare
        ("marmalade", 0.03),  // prefix target: marmal*
    ]
    /// A phrase that appears in 5% of notes.
    static let phrase = "morning coffee"

    func write(to folder: URL) throws {
        var random = SplitMix64(seed: seed)
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder.appendingPathComponent(".enote"), withIntermediateDirectories: true)
        let vocabulary = Self.vocabulary(&random)
        let folders = max(1, count / 1000)
        for number in 0..<count {
            let folderName = String(format: "folder-%03d", number % folders)
            let directory = folder.appendingPathComponent(folderName)
            if number < folders { try fileManager.createDirectory(at: directory, withIntermediateDirectories: true) }
            let text = note(number, vocabulary: vocabulary, random: &random)
            try Data(text.utf8).write(to: directory.appendingPathComponent("note-\(number).md"))
        }
    }

    private func note(_ number: Int, vocabulary: [String], random: inout SplitMix64) -> String {
        let language = random.unit()
        let size: Int
        if random.unit() < 0.005 {
            size = 100_000 + Int(random.unit() * 200_000)
        } else {
            // Log-normal around 1 KB.
            size = max(120, Int(1000 * exp(random.gaussian() * 0.9)))
        }
        var lines = ["---"]
        let title: String
        var body: String
        if language < 0.05 {
            title = "Заметка \(number)"
            body = Self.russian(size: size, random: &random)
        } else if language < 0.08 {
            title = "ノート\(number)"
            body = Self.japanese(size: size, random: &random)
        } else {
            title = (0..<3).map { _ in vocabulary[random.zipf(vocabulary.count)] }.joined(separator: " ").capitalized
            body = Self.english(size: size, vocabulary: vocabulary, random: &random)
        }
        for marker in Self.markers where random.unit() < marker.share {
            body = Self.insert(marker.word, into: body, random: &random)
        }
        if random.unit() < 0.05 { body = Self.insert(Self.phrase, into: body, random: &random) }
        lines.append("title: \"\(title)\"")
        let colors = ["red", "orange", "yellow", "green", "blue", "purple", "pink", "gray"]
        if random.unit() < 0.6 { lines.append("color: \(colors[Int(random.unit() * Double(colors.count))])") }
        if random.unit() < 0.2 {
            let year = random.unit() < 0.25 ? 2025 : 2030
            lines.append("destroy: \(year)-0\(1 + Int(random.unit() * 9))-1\(Int(random.unit() * 9))")
        }
        let day = 1 + number % 28
        lines.append("created: 2026-0\(1 + number % 9)-\(String(format: "%02d", day))T09:00:00+00:00")
        lines.append("updated: 2026-10-\(String(format: "%02d", day))T10:00:00+00:00")
        lines.append("tags: [\(vocabulary[random.zipf(50)]), \(vocabulary[random.zipf(200)])]")
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + body + "\n" + Self.tasks(number)
    }

    /// The tasks of note `number`: every fifth note has one to four (2.5 on average, so 50,000 at
    /// 100,000 notes), drawn from a generator of their own so that the rest of the vault is the
    /// same as without them. 30% are done; half have a due date (open ones from 2026-11-01 over
    /// the 18 months after it, done ones earlier, with a done date), a third of those written
    /// `due:DATE`; some are scheduled, have a priority or a tag, or are nested under the task
    /// above.
    static func tasks(_ number: Int) -> String {
        guard number % 5 == 0 else { return "" }
        var random = SplitMix64(seed: 0x7A5C_0000 &+ UInt64(number) &* 0x9E37_79B9)
        let verbs = ["call", "email", "review", "draft", "buy", "book", "fix", "plan", "send", "read", "renew", "clean"]
        let things = ["the report", "the plumber", "tickets", "the budget", "slides", "groceries", "the car", "a dentist", "the invoice", "notes"]
        let start = CivilDay(year: 2026, month: 11, day: 1)
        var text = "\n## Tasks\n\n"
        let count = 1 + Int(random.unit() * 4)
        for index in 0..<count {
            let done = random.unit() < 0.3
            var line = (index > 0 && random.unit() < 0.25 ? "  " : "") + (done ? "- [x] " : "- [ ] ")
            line += verbs[Int(random.unit() * Double(verbs.count))] + " " + things[Int(random.unit() * Double(things.count))]
            if random.unit() < 0.2 { line += random.unit() < 0.5 ? " #work" : " #home" }
            if random.unit() < 0.2 { line += [" ⏫", " 🔼", " 🔽"][Int(random.unit() * 3)] }
            if random.unit() < 0.5 {
                let due = done ? start.adding(-1 - Int(random.unit() * 300)) : start.adding(Int(random.unit() * 540))
                line += random.unit() < 0.33 ? " due:\(due)" : " 📅 \(due)"
                if random.unit() < 0.15 { line += " ⏳ \(due.adding(-2))" }
                if done { line += " ✅ \(due.adding(Int(random.unit() * 3)))" }
            }
            text += line + "\n"
        }
        return text
    }

    private static func english(size: Int, vocabulary: [String], random: inout SplitMix64) -> String {
        var text = "# " + vocabulary[random.zipf(vocabulary.count)].capitalized + "\n\n"
        var sentence = 0
        while text.utf8.count < size {
            let length = 6 + Int(random.unit() * 12)
            var words = (0..<length).map { _ in vocabulary[random.zipf(vocabulary.count)] }
            words[0] = words[0].capitalized
            text += words.joined(separator: " ") + ". "
            sentence += 1
            if sentence % 5 == 0 { text += random.unit() < 0.3 ? "\n\n- " : "\n\n" }
        }
        return text
    }

    private static let russianWords = [
        "молоко", "хлеб", "встреча", "проект", "неделя", "город", "письмо", "работа", "дом", "книга", "ёлка", "чай", "утро", "вечер", "план",
    ]
    private static let japaneseText = Array("東京京都大阪清水寺に行く新幹線で二時間半抹茶のお菓子を買うこと会議の資料を準備する週末は雨が降るでしょう")

    private static func russian(size: Int, random: inout SplitMix64) -> String {
        var text = ""
        while text.utf8.count < size {
            let words = (0..<8).map { _ in russianWords[random.zipf(russianWords.count)] }
            text += words.joined(separator: " ").capitalized + ". "
        }
        return text
    }

    private static func japanese(size: Int, random: inout SplitMix64) -> String {
        var text = ""
        while text.utf8.count < size {
            let start = Int(random.unit() * Double(japaneseText.count - 12))
            text += String(japaneseText[start..<(start + 12)]) + "。"
        }
        return text
    }

    private static func insert(_ word: String, into text: String, random: inout SplitMix64) -> String {
        guard let space = text.indices.dropFirst(Int(random.unit() * Double(min(text.count, 2000)))).first(where: { text[$0] == " " }) else {
            return text + " " + word
        }
        var result = text
        result.insert(contentsOf: " " + word, at: space)
        return result
    }

    /// 20,000 pronounceable pseudo-words, so word frequencies follow Zipf's law as in prose.
    private static func vocabulary(_ random: inout SplitMix64) -> [String] {
        let onsets = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "st", "tr", "pl", "gr", "sh", "ch"]
        let vowels = ["a", "e", "i", "o", "u", "ea", "ou", "ai"]
        var words = ["the", "and", "to", "of", "a", "in", "is", "for", "on", "with"]
        var seen = Set(words)
        while words.count < 20_000 {
            let syllables = 1 + Int(random.unit() * 3)
            var word = ""
            for _ in 0..<syllables {
                word += onsets[Int(random.unit() * Double(onsets.count))] + vowels[Int(random.unit() * Double(vowels.count))]
            }
            if random.unit() < 0.4 { word += ["n", "r", "s", "t", "l"][Int(random.unit() * 5)] }
            if seen.insert(word).inserted, !markers.contains(where: { $0.word == word }) { words.append(word) }
        }
        return words
    }
}

/// A day of the calendar, for the tasks' dates (days since 1970 underneath).
struct CivilDay: CustomStringConvertible {
    var days: Int

    init(year: Int, month: Int, day: Int) {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    private init(days: Int) { self.days = days }

    func adding(_ count: Int) -> CivilDay { CivilDay(days: days + count) }

    var description: String {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return String(format: "%04d-%02d-%02d", yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A small, fast, deterministic random number generator.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A standard normal number (Box–Muller).
    mutating func gaussian() -> Double {
        let u = max(unit(), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit())
    }

    /// An index in 0..<n, small indices far more likely (Zipf, exponent about 1).
    mutating func zipf(_ n: Int) -> Int {
        let x = exp(unit() * log(Double(n) + 1)) - 1
        return min(n - 1, Int(x))
    }
}
