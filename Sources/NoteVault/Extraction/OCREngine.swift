import Foundation

/// Tesseract as enote runs it: the program, and the language data of the vault's `languages`
/// that is installed (Debian's `tesseract-ocr-eng`, `-rus`, `-deu`…). Found once per reading
/// pass; a vault whose languages have no data is read with what there is, and says so.
package struct OCREngine: Sendable, Equatable {
    /// Debian's packages holding tesseract's data for `languages` (tesseract's names:
    /// `chi_sim` is in `tesseract-ocr-chi-sim`), as one line for an install command.
    static func packages(of languages: [String]) -> String {
        languages.map { "tesseract-ocr-" + $0.replacingOccurrences(of: "_", with: "-") }.joined(separator: " ")
    }

    /// The tesseract program.
    package var program: String
    /// Tesseract's names of the languages read (`eng`, `rus`), in the vault's order.
    package var languages: [String]
    /// The vault's languages that have no installed data, by tesseract's names.
    package var missing: [String]
    /// ImageMagick's `convert`, when installed: a picture that reads as no text at all is read
    /// once more at half its size (``TextExtractor/recognise(_:engine:shouldStop:)``).
    package var scaler: String?

    /// What a text read by this engine says it was read with (``ExtractedText/recipe``).
    package var recipe: String { "tesseract " + languages.joined(separator: "+") }

    /// Where Debian (and tesseract's own builds) keep the language data.
    static let dataFolders = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata", "/usr/local/share/tessdata"]

    /// Tesseract's name for each language a vault may be written in (ISO 639-1 → 639-2/T, with
    /// Chinese as its simplified script).
    static let names: [String: String] = [
        "en": "eng", "ru": "rus", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "sv": "swe",
        "da": "dan", "no": "nor", "nb": "nor", "fi": "fin", "hu": "hun", "ro": "ron", "tr": "tur", "el": "ell", "ar": "ara",
        "hy": "hye", "hi": "hin", "ta": "tam", "he": "heb", "uk": "ukr", "pl": "pol", "cs": "ces", "ja": "jpn", "zh": "chi_sim",
        "ko": "kor", "ca": "cat", "eu": "eus", "ga": "gle", "id": "ind", "lt": "lit", "ne": "nep", "sr": "srp", "yi": "yid",
    ]

    /// The engine for a vault written in `languages` (their codes: `en`, `ru`), or why there is
    /// none: tesseract is not installed, or no data of any of those languages (nor English) is.
    package static func find(languages codes: [String], environment: [String: String]) -> Result<OCREngine, ExtractionUnavailable> {
        guard let program = ProcessRunner.executable("tesseract", path: environment["PATH"]) else {
            return .failure(.missingProgram("tesseract", package: "tesseract-ocr"))
        }
        // Tesseract looks only in TESSDATA_PREFIX when it is set.
        var folders = dataFolders
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty { folders = [prefix] }
        func installed(_ name: String) -> Bool {
            folders.contains { FileManager.default.fileExists(atPath: $0 + "/" + name + ".traineddata") }
        }
        var wanted: [String] = []
        for code in codes {
            let base = String(code.lowercased().prefix { $0.isLetter })
            if let name = names[base], !wanted.contains(name) { wanted.append(name) }
        }
        let present = wanted.filter(installed)
        let missing = wanted.filter { !installed($0) }
        // ImageMagick 6's own binary first: a `convert` elsewhere on PATH may be another program.
        let scaler = ["convert-im6.q16", "magick", "convert"].lazy.compactMap { ProcessRunner.executable($0, path: environment["PATH"]) }.first
        if !present.isEmpty { return .success(OCREngine(program: program, languages: present, missing: missing, scaler: scaler)) }
        if installed("eng") { return .success(OCREngine(program: program, languages: ["eng"], missing: missing, scaler: scaler)) }
        return .failure(.missingLanguages(wanted.isEmpty ? ["eng"] : wanted))
    }
}

/// Why no text can be read from attachments on this machine at all (a program or language data
/// is not installed). Unlike ``ExtractedText/failure``, it is not a fact about a file: nothing is
/// cached, and the files are read once the package is installed.
package enum ExtractionUnavailable: Error, Sendable, Equatable {
    /// `program` is not installed; Debian's `package` has it.
    case missingProgram(String, package: String)
    /// Tesseract has no data for any of these languages (tesseract's names).
    case missingLanguages([String])

    /// What to tell the user.
    package var message: LocalizedMessage {
        switch self {
        case .missingProgram(let program, let package):
            return "\(program) is not installed, so text in pictures and PDFs is not searched; install the package \(package) (apt install \(package))"
        case .missingLanguages(let names):
            let packages = OCREngine.packages(of: names)
            return "tesseract has no data for the vault's languages, so text in pictures is not searched; install \(packages)"
        }
    }
}

/// What tesseract read on one page, from its `tsv` output: the words by block, paragraph and
/// line, as text (lines by newlines, paragraphs by blank lines, as its `txt` output), how far
/// the page's lines are turned, and whether what was read is text or noise.
///
/// Noise is judged by tesseract's own confidence in each word (the tsv's `conf`, 0–100): a word
/// of ``sureConfidence`` or more is one it is sure of. A reading is text when at least
/// ``sureShare`` of its letters are in such words, and is then kept whole. It is noise
/// otherwise, and then only its lines that are text by the same measure are kept (a paragraph
/// on a noisy photo), usually none. Measured on the tldr set's odd half (16 pages, clean and
/// noisy, both passes): every reading of a text page has 75% or more of its letters sure, and
/// half or more of its words are of three letters or more; a block pass over a page of pure
/// photocopy noise reads 3,527 letters of which 0.6% are sure (median confidence 16), 90% of
/// its "words" of one or two characters. Dropping single unsure words from a text page costs
/// more than it saves (any cut-off from 10 up raised the clean pages' error rate there), so
/// words are never dropped one by one, and lines only from a reading judged noise.
struct OCRPage: Equatable {
    /// A word tesseract gives this confidence or more is one it is sure of: its `conf` is a
    /// percentage, and text pages' words sit at a median of 93–96, noise's at 16.
    static let sureConfidence = 50.0
    /// A reading (or one of its lines) is text when at least this share of its letters are in
    /// words tesseract is sure of: text pages have 0.75 or more, noise under 0.01.
    static let sureShare = 0.5

    /// The text read, less what was judged noise.
    var text = ""
    /// The letters in it.
    var letters = 0
    /// The letters of ``text`` in words tesseract is sure of: the reading's worth, by which two
    /// readings of a page are compared (a reading of noise has many letters and few sure ones).
    var sureLetters = 0
    /// Whether the reading as a whole was judged noise (fewer than ``sureShare`` of its letters
    /// sure); ``text`` then holds only its lines that are text, if any.
    var noise = false
    /// The picture's size in pixels, as tesseract gives it for the page (0 when it does not).
    var width = 0
    var height = 0
    /// How far the page's lines are turned, in degrees (either way), as their boxes show: a
    /// line of width w turned by a is about w·tan(a) taller than its words; the median over the
    /// lines of three words or more (of the text kept). `nil` when no line tells.
    var skew: Double?

    private struct Word {
        var text: Substring
        var letters: Int
        var sure: Bool
    }

    private struct Line {
        var block: Substring, paragraph: Substring
        var width: Int, height: Int
        var words: [Word] = []
        var heights: [Int] = []
        var letters: Int { words.reduce(0) { $0 + $1.letters } }
        var sureLetters: Int { words.reduce(0) { $0 + ($1.sure ? $1.letters : 0) } }
        /// A line of a noise reading is kept when it has letters and is text by itself.
        var isText: Bool { letters > 0 && OCRPage.isText(letters: letters, sure: sureLetters) }
    }

    static func isText(letters: Int, sure: Int) -> Bool { Double(sure) >= sureShare * Double(letters) }

    init(tsv bytes: [UInt8]) {
        // level page block par line word left top width height conf text
        var lines: [Line] = []
        for row in String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 12, let width = Int(fields[8]), let height = Int(fields[9]) else { continue }
            if fields[0] == "1" {
                self.width = width
                self.height = height
            }
            if fields[0] == "4" { lines.append(Line(block: fields[2], paragraph: fields[3], width: width, height: height)) }
            guard fields[0] == "5", !lines.isEmpty else { continue }
            let word = fields[11].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !word.isEmpty else { continue }
            let confidence = Double(fields[10].trimmingCharacters(in: .whitespaces)) ?? 0
            let letters = word.unicodeScalars.filter(\.properties.isAlphabetic).count
            lines[lines.count - 1].words.append(Word(text: Substring(word), letters: letters, sure: confidence >= Self.sureConfidence))
            lines[lines.count - 1].heights.append(height)
        }
        lines.removeAll { $0.words.isEmpty }
        let all = lines.reduce(0) { $0 + $1.letters }
        let sure = lines.reduce(0) { $0 + $1.sureLetters }
        if !Self.isText(letters: all, sure: sure) {
            noise = true
            lines.removeAll { !$0.isText }
        }
        var out = ""
        var last: Line?
        for line in lines {
            if let last { out += last.block == line.block && last.paragraph == line.paragraph ? "\n" : "\n\n" }
            out += line.words.map(\.text).joined(separator: " ")
            letters += line.letters
            sureLetters += line.sureLetters
            last = line
        }
        text = out
        var slopes: [Double] = []
        for line in lines where line.words.count >= 3 {
            let wordHeight = Self.median(line.heights.map(Double.init))
            guard Double(line.width) >= 8 * wordHeight else { continue }
            slopes.append((Double(line.height) - wordHeight) / Double(line.width))
        }
        if !slopes.isEmpty { skew = atan(max(0, Self.median(slopes))) * 180 / Double.pi }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
