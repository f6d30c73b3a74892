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
        if !present.isEmpty { return .success(OCREngine(program: program, languages: present, missing: missing)) }
        if installed("eng") { return .success(OCREngine(program: program, languages: ["eng"], missing: missing)) }
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
/// line, as text (lines by newlines, paragraphs by blank lines, as its `txt` output), and how far
/// the page's lines are turned.
struct OCRPage: Equatable {
    /// The text read.
    var text = ""
    /// The letters in it.
    var letters = 0
    /// How far the page's lines are turned, in degrees (either way), as their boxes show: a
    /// line of width w turned by a is about w·tan(a) taller than its words; the median over the
    /// lines of three words or more. 0 when no line tells.
    var skew = 0.0

    init(tsv bytes: [UInt8]) {
        // level page block par line word left top width height conf text
        var lines: [(width: Int, height: Int, words: [Int])] = []
        var lastLine: (Substring, Substring, Substring)?
        var out = ""
        for row in String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 12, let width = Int(fields[8]), let height = Int(fields[9]) else { continue }
            let line = (fields[2], fields[3], fields[4])
            if fields[0] == "4" { lines.append((width, height, [])) }
            guard fields[0] == "5" else { continue }
            let word = fields[11].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !word.isEmpty else { continue }
            if !lines.isEmpty { lines[lines.count - 1].words.append(height) }
            if let last = lastLine, last == line {
                out += " "
            } else if let last = lastLine {
                out += last.0 == line.0 && last.1 == line.1 ? "\n" : "\n\n"
            }
            lastLine = line
            out += word
            letters += word.unicodeScalars.filter(\.properties.isAlphabetic).count
        }
        text = out
        var slopes: [Double] = []
        for line in lines where line.words.count >= 3 {
            let wordHeight = Self.median(line.words.map(Double.init))
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
