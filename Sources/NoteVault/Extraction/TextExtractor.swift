import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads the text of a picture or a PDF with Debian's readers: poppler's text layer first
/// (`pdfinfo`, `pdftotext`), and tesseract's OCR only for a picture and for a PDF page with no
/// text layer (rendered by `pdftoppm`). Each reader is a child process held to
/// ``ExtractionLimits``, one at a time; it reads a private copy of the file (``AttachmentCopy``),
/// so a file changed or swapped meanwhile is never half read.
package struct TextExtractor: Sendable {
    package var limits: ExtractionLimits
    /// Tesseract and its languages, or why there is none (then only text layers are read).
    package var ocr: Result<OCREngine, ExtractionUnavailable>
    /// The environment the readers run in: `PATH` and `TESSDATA_PREFIX` of enote's, and one
    /// thread for tesseract (the machine's other cores stay free for what a person does).
    package var environment: [String: String]

    /// A page of a PDF with fewer letters than this in its text layer is read by OCR.
    static let lettersOfATextPage = 16

    package init(languages: [String], environment: [String: String], limits: ExtractionLimits = ExtractionLimits()) {
        self.limits = limits
        var readers = ["PATH": environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", "OMP_THREAD_LIMIT": "1", "LC_ALL": "C.UTF-8"]
        if let prefix = environment["TESSDATA_PREFIX"] { readers["TESSDATA_PREFIX"] = prefix }
        self.environment = readers
        ocr = OCREngine.find(languages: languages, environment: readers)
    }

    /// What came of reading a file.
    package enum Outcome: Sendable, Equatable {
        /// The text (or the file's own failure), to be cached.
        case read(ExtractedText)
        /// Nothing can be read on this machine now; nothing is cached.
        case unavailable(ExtractionUnavailable)
        /// Stopped by the caller before the end; nothing is cached.
        case stopped
    }

    /// Reads `file`, a private copy of an attachment of `kind` whose first bytes were checked,
    /// using `work` (an empty private folder) for rendered pages.
    /// - Parameters:
    ///   - progress: Told the pages read and the pages to read; `false` stops.
    ///   - shouldStop: Asked while a reader runs (ten times a second); `true` kills it and stops
    ///     (a watcher stopping does not wait out a page of OCR).
    package func extract(
        file: String, kind: AttachmentKind, work: String, shouldStop: () -> Bool = { false }, progress: (Int, Int) -> Bool = { _, _ in true }
    ) -> Outcome {
        let started = monotonicSeconds()
        var outcome: Outcome
        switch kind {
        case .picture:
            switch ocr {
            case .failure(let reason): return .unavailable(reason)
            case .success(let engine):
                _ = progress(0, 1)
                switch recognise(file, engine: engine, shouldStop: shouldStop) {
                case .success(let text): outcome = .read(ExtractedText(kind: .picture, pages: [.init(number: 1, text: text, ocr: true)], recipe: engine.recipe))
                case .failure(let failure) where failure.stopped:
                    return .stopped
                case .failure(let failure):
                    var text = ExtractedText(kind: .picture, pages: [], failure: failure.reason, recipe: engine.recipe)
                    text.transient = failure.transient
                    outcome = .read(text)
                }
                _ = progress(1, 1)
            }
        case .pdf:
            outcome = readPDF(file, work: work, shouldStop: shouldStop, progress: progress)
        }
        if case .read(let text) = outcome {
            var kept = text.keepingText(within: limits.textBytes)
            kept.seconds = monotonicSeconds() - started
            outcome = .read(kept)
        }
        return outcome
    }

    /// Why one reader gave no text, and whether that may pass (it ran out of wall time on a
    /// busy machine, or was killed from outside), rather than being a fact about the file.
    struct ReaderFailure: Error {
        var reason: String
        var transient = false
        /// The reader was killed because the caller stopped: nothing of it is a fact.
        var stopped = false
        /// The reader used up the CPU time it was given.
        var outOfCPU = false
    }

    /// Runs one reader held to the limits; its standard output, or why there is none.
    /// - Parameters:
    ///   - keepingOverflow: Whether a reader that prints more than its limit gives the
    ///     output up to the limit (a text layer's first pages) rather than failing.
    ///   - cpuSeconds: CPU seconds it may use, when fewer than ``ExtractionLimits/cpuSeconds``.
    private func run(_ arguments: [String], shouldStop: () -> Bool, keepingOverflow: Bool = false, cpuSeconds: UInt64? = nil) -> Result<[UInt8], ReaderFailure> {
        var child = limits.child
        child.cpu_seconds = min(limits.cpuSeconds, cpuSeconds ?? limits.cpuSeconds)
        guard let result = ProcessRunner.capture(
            arguments, environment: environment, timeout: limits.seconds, limits: child, outputLimit: limits.outputBytes,
            shouldStop: shouldStop)
        else {
            return .failure(ReaderFailure(reason: "\(arguments[0]) could not be started", transient: true))
        }
        let name = (arguments[0] as NSString).lastPathComponent
        if result.stopped { return .failure(ReaderFailure(reason: "\(name) was stopped", transient: true, stopped: true)) }
        if result.overflowed, keepingOverflow { return .success(result.stdout) }
        if result.timedOut {
            return .failure(ReaderFailure(reason: "\(name) did not finish within \(String(format: "%g", limits.seconds)) s", transient: true))
        }
        if result.overflowed { return .failure(ReaderFailure(reason: "\(name) gave more than \(limits.outputBytes >> 20) MiB of text")) }
        switch result.status {
        case 0: return .success(result.stdout)
        case 128 + SIGXCPU:
            return .failure(ReaderFailure(reason: "\(name) used more than its \(child.cpu_seconds) s of CPU time", outOfCPU: true))
        case 128 + SIGKILL:
            // By the system (out of memory) or by a person: it may pass.
            return .failure(ReaderFailure(reason: "\(name) was killed before it finished", transient: true))
        case 128 + SIGSEGV, 128 + SIGABRT, 128 + SIGBUS:
            // Out of memory shows as an abort (a failed allocation) or a crash.
            return .failure(ReaderFailure(reason: "\(name) stopped (\(Self.lastLine(result.stderr) ?? "signal \(result.status - 128)"); its memory is capped at \(limits.memoryBytes >> 20) MiB)"))
        case 126: return .failure(ReaderFailure(reason: "\(name) could not be held to its limits", transient: true))
        default:
            return .failure(ReaderFailure(reason: "\(name): \(Self.lastLine(result.stderr) ?? "exit status \(result.status)")"))
        }
    }

    /// A page whose lines are turned by this many degrees or more is read a second time.
    static let turnedDegrees = 1.5

    /// The block pass may use this many times the layout pass's time in CPU seconds, and at
    /// least ``blockPassSeconds``, before it is stopped and the layout pass's reading kept. Both
    /// read the same page: on the tldr set's odd half the block pass took 0.6–1.1 times the
    /// layout pass (2.1 s at most); over a page of noise it takes minutes (75 to over 150 s for
    /// blank pages of photocopy noise, 91 s for a noisy page of the own set), reading the specks
    /// as thousands of "words" that ``OCRPage`` drops anyway. The bound is on CPU time, which
    /// a busy machine does not stretch (the readers run at nice 19, and a build beside them
    /// can starve them for minutes); the layout pass's wall time stands for its CPU time
    /// (tesseract runs on one thread, so it is never less, only more on a busy machine).
    static let blockPassTimes = 3.0
    /// The least CPU time a block pass is given (a page the layout pass gave up on at once).
    static let blockPassSeconds = 10.0

    /// Tesseract's text of one picture: its page layout found first (`--psm 3`), and, when that
    /// finds no text, cannot tell how far the lines are turned (no line long enough), or finds
    /// them turned by ``turnedDegrees`` or more, read again as one block of text (`--psm 6`):
    /// tesseract's layout analysis drops whole lines of a page turned by 2–3 degrees (a photo,
    /// a crooked scan), and gives up on some ("Empty page!!"). Each reading is first cleared of
    /// noise (``OCRPage``), and the block pass is kept when it holds more letters tesseract is
    /// sure of (not more letters: a block pass over noise reads thousands). The block pass is
    /// held to ``blockPassTimes`` the layout pass's time. A straight page costs one pass.
    private func recognise(_ picture: String, engine: OCREngine, shouldStop: () -> Bool) -> Result<String, ReaderFailure> {
        let languages = engine.languages.joined(separator: "+")
        let laidOut: OCRPage
        let started = monotonicSeconds()
        switch run([engine.program, picture, "stdout", "-l", languages, "--psm", "3", "tsv"], shouldStop: shouldStop) {
        case .success(let output): laidOut = OCRPage(tsv: output)
        case .failure(let failure): return .failure(failure)
        }
        let kept = Self.cleaned(Array(laidOut.text.utf8))
        guard laidOut.letters == 0 || (laidOut.skew ?? Self.turnedDegrees) >= Self.turnedDegrees else { return .success(kept) }
        let bound = UInt64(max(Self.blockPassSeconds, Self.blockPassTimes * (monotonicSeconds() - started)).rounded(.up))
        switch run([engine.program, picture, "stdout", "-l", languages, "--psm", "6", "tsv"], shouldStop: shouldStop, cpuSeconds: bound) {
        case .success(let output):
            let block = OCRPage(tsv: output)
            return .success(block.sureLetters > laidOut.sureLetters ? Self.cleaned(Array(block.text.utf8)) : kept)
        case .failure(let failure) where failure.stopped: return .failure(failure)
        // Stopped by its own bound, not the reader's limit: it was reading noise.
        case .failure(let failure) where failure.outOfCPU && bound < limits.cpuSeconds: return .success(kept)
        case .failure(let failure) where laidOut.letters == 0: return .failure(failure)
        case .failure: return .success(kept)
        }
    }

    /// The text layer of every page, then OCR of the pages without one.
    private func readPDF(_ file: String, work: String, shouldStop: () -> Bool, progress: (Int, Int) -> Bool) -> Outcome {
        guard let pdfinfo = ProcessRunner.executable("pdfinfo", path: environment["PATH"]),
            let pdftotext = ProcessRunner.executable("pdftotext", path: environment["PATH"])
        else { return .unavailable(.missingProgram("pdftotext", package: "poppler-utils")) }
        let info: PDFInfo
        switch run([pdfinfo, file], shouldStop: shouldStop).map({ PDFInfo(String(decoding: $0, as: UTF8.self)) }) {
        case .success(let read): info = read
        case .failure(let failure) where failure.stopped: return .stopped
        case .failure(let failure): return .read(Self.failed(.pdf, failure))
        }
        guard info.pages > 0 else { return .read(ExtractedText(kind: .pdf, pages: [], failure: "the PDF has no pages")) }
        let count = min(info.pages, limits.pages)
        var pages: [ExtractedText.Page]
        // A text layer longer than a reader may print is kept up to there: its first pages are
        // searched (``ExtractionLimits/textBytes`` of them), the pages past the cut are not read.
        var whole = true
        switch run([pdftotext, "-enc", "UTF-8", "-eol", "unix", "-q", "-l", String(count), file, "-"], shouldStop: shouldStop, keepingOverflow: true) {
        case .success(let output):
            var texts = String(decoding: output, as: UTF8.self).split(separator: "\u{0C}", omittingEmptySubsequences: false)
            if output.count >= limits.outputBytes, texts.count < count {
                whole = false
                texts.removeLast()  // cut inside this page
            }
            pages = (1...count).map { number in
                ExtractedText.Page(number: number, text: number <= texts.count ? Self.cleaned(Array(texts[number - 1].utf8)) : "", ocr: false)
            }
            if !whole { pages = Array(pages.prefix(max(texts.count, 1))) }
        case .failure(let failure) where failure.stopped:
            return .stopped
        case .failure(let failure):
            return .read(Self.failed(.pdf, failure))
        }
        var failure = info.pages > count ? "only the first \(count) of its \(info.pages) pages are read" : nil
        if !whole { failure = "its text layer is longer than \(limits.outputBytes >> 20) MiB; the first \(pages.count) of its \(info.pages) pages are read" }
        let scanned = pages.indices.filter { pages[$0].text.unicodeScalars.filter(\.properties.isAlphabetic).count < Self.lettersOfATextPage }
        guard !scanned.isEmpty else { return .read(ExtractedText(kind: .pdf, pages: pages, failure: failure)) }
        let engine: OCREngine
        switch ocr {
        case .success(let found): engine = found
        // The text layer is searchable now; the pages without one are read once tesseract is
        // there (the recipe says they wait, and a pass that finds tesseract reads the file again).
        case .failure:
            let waiting = "its \(scanned.count) pages without a text layer are read once tesseract is installed"
            return .read(ExtractedText(kind: .pdf, pages: pages, failure: failure ?? waiting, recipe: ExtractedText.waitingForOCR))
        }
        guard let pdftoppm = ProcessRunner.executable("pdftoppm", path: environment["PATH"]) else {
            return .unavailable(.missingProgram("pdftoppm", package: "poppler-utils"))
        }
        let (sizes, turned) = pageSizes(pdfinfo, file, first: scanned.first! + 1, last: scanned.last! + 1, shouldStop: shouldStop)
        let started = monotonicSeconds()
        var transient = false
        for (done, index) in scanned.enumerated() {
            guard progress(done, scanned.count) else { return .stopped }
            if monotonicSeconds() - started > limits.fileSeconds {
                failure = failure ?? "only \(done) of its \(scanned.count) scanned pages were read within \(Int(limits.fileSeconds / 60)) minutes"
                break
            }
            let number = index + 1
            let picture = work + "/page"
            defer { unlink(picture + ".png") }
            // A scan is read from its own image, at the resolution it was scanned at, when the page
            // is one image and nothing else: rendering it again at 300 dpi costs more than a
            // second a page.
            switch scannedImage(file, page: number, size: sizes[number], turned: turned, work: work, shouldStop: shouldStop) {
            case .failure: return .stopped
            case .success(let image?):
                defer { unlink(image) }
                switch recognise(image, engine: engine, shouldStop: shouldStop) {
                case .success(let text): pages[index] = ExtractedText.Page(number: number, text: text, ocr: true)
                case .failure(let reason) where reason.stopped: return .stopped
                case .failure(let reason):
                    failure = failure ?? "page \(number): \(reason.reason)"
                    transient = transient || reason.transient
                }
                continue
            case .success(nil): break
            }
            // The crop box, which pdfinfo's size is: a page whose media box is far larger is
            // never rendered whole. A page of unknown size is rendered with its longer side at
            // an A4 page's at 300 dpi.
            let scale = sizes[number].flatMap { $0.0 > 0 && $0.1 > 0 ? $0 : nil }.map { ["-r", String(Self.resolution(of: $0, pixels: limits.pixels))] } ?? ["-scale-to", String(Self.unknownPageSide)]
            let rendered = run(
                [pdftoppm, "-cropbox"] + scale + ["-gray", "-f", String(number), "-l", String(number), "-singlefile", "-png", file, picture],
                shouldStop: shouldStop)
            if case .failure(let reason) = rendered, reason.stopped { return .stopped }
            if case .failure(let reason) = rendered {
                failure = failure ?? "page \(number): \(reason.reason)"
                transient = transient || reason.transient
                continue
            }
            switch recognise(picture + ".png", engine: engine, shouldStop: shouldStop) {
            case .success(let text): pages[index] = ExtractedText.Page(number: number, text: text, ocr: true)
            case .failure(let reason) where reason.stopped: return .stopped
            case .failure(let reason):
                failure = failure ?? "page \(number): \(reason.reason)"
                transient = transient || reason.transient
            }
        }
        _ = progress(scanned.count, scanned.count)
        // A page that failed in a way that may pass makes the whole text one that is not kept
        // for good: the next pass reads the file again.
        var text = ExtractedText(kind: .pdf, pages: pages, failure: failure, recipe: engine.recipe)
        text.transient = transient
        return .read(text)
    }

    /// Each page's size in points, by number, and the pages turned by their `/Rotate`, from
    /// `pdfinfo -f -l`.
    private func pageSizes(_ pdfinfo: String, _ file: String, first: Int, last: Int, shouldStop: () -> Bool) -> ([Int: (Double, Double)], Set<Int>) {
        guard case .success(let output) = run([pdfinfo, "-f", String(first), "-l", String(last), file], shouldStop: shouldStop) else { return ([:], []) }
        let answer = String(decoding: output, as: UTF8.self)
        return (Self.pageSizes(answer), Self.rotatedPages(answer))
    }

    /// The pages' sizes in pdfinfo's answer.
    static func pageSizes(_ answer: String) -> [Int: (Double, Double)] {
        var sizes: [Int: (Double, Double)] = [:]
        for line in answer.split(separator: "\n") where line.hasPrefix("Page ") && line.contains(" size: ") {
            // "Page    3 size: 595.276 x 841.89 pts (A4)"
            let words = line.split(separator: " ")
            guard words.count >= 6, let number = Int(words[1]), let width = Double(words[3]), let height = Double(words[5]) else { continue }
            sizes[number] = (width, height)
        }
        return sizes
    }

    /// Pages whose `/Rotate` is not 0, from pdfinfo's "Page N rot: R" lines.
    static func rotatedPages(_ answer: String) -> Set<Int> {
        var turned: Set<Int> = []
        for line in answer.split(separator: "\n") where line.hasPrefix("Page ") && line.contains(" rot: ") {
            let words = line.split(separator: " ")
            if words.count >= 4, let number = Int(words[1]), let rotation = Int(words[3]), rotation % 360 != 0 { turned.insert(number) }
        }
        return turned
    }

    /// The one image of a scanned page written out at its own resolution (`pdfimages -tiff`), when
    /// the page is that image and nothing else (``ScannedImage/fits``) and not turned by its
    /// `/Rotate` (the image would be read on its side); `nil` when it is not, or
    /// when pdfimages is not there or fails: the page is then rendered by pdftoppm. A failure only
    /// when the caller stopped.
    private func scannedImage(_ file: String, page: Int, size: (Double, Double)?, turned: Set<Int>, work: String, shouldStop: () -> Bool) -> Result<String?, ReaderFailure> {
        guard let size, !turned.contains(page), let pdfimages = ProcessRunner.executable("pdfimages", path: environment["PATH"]) else { return .success(nil) }
        let pages = ["-f", String(page), "-l", String(page)]
        switch run([pdfimages, "-list"] + pages + [file], shouldStop: shouldStop) {
        case .failure(let failure) where failure.stopped: return .failure(failure)
        case .failure: return .success(nil)
        case .success(let list):
            guard ScannedImage.fits(list: String(decoding: list, as: UTF8.self), page: size, pixels: limits.pixels) else { return .success(nil) }
        }
        let prefix = work + "/image"
        // An uncompressed TIFF: written in a tenth of the time a PNG takes (0.2 s against 0.6 s
        // for an A4 page at 300 dpi), and read by tesseract as fast.
        let image = prefix + "-000.tif"
        switch run([pdfimages, "-tiff"] + pages + [file, prefix], shouldStop: shouldStop) {
        case .failure(let failure) where failure.stopped:
            unlink(image)
            return .failure(failure)
        case .failure:
            unlink(image)
            return .success(nil)
        case .success:
            return .success(FileManager.default.fileExists(atPath: image) ? image : nil)
        }
    }

    /// The resolution a page is rendered at: 300 dpi, less when that would give more than
    /// `pixels` (an A4 page at 300 dpi is 8.7 megapixels).
    static func resolution(of size: (Double, Double), pixels: Int) -> Int {
        let (width, height) = size
        guard width > 0, height > 0 else { return 300 }
        let atFull = width / 72 * 300 * (height / 72 * 300)
        guard atFull > Double(pixels) else { return 300 }
        return max(1, Int(300 * (Double(pixels) / atFull).squareRoot()))
    }

    /// The longer side, in pixels, of a page whose size pdfinfo did not give: an A4 page's at
    /// 300 dpi (12 megapixels at most, whatever its shape).
    static let unknownPageSide = 3508

    /// A PDF none of whose text could be read.
    static func failed(_ kind: AttachmentKind, _ failure: ReaderFailure) -> ExtractedText {
        var text = ExtractedText(kind: kind, pages: [], failure: pdfReason(failure.reason))
        text.transient = failure.transient
        return text
    }

    /// A reader's complaint about a PDF, said plainly where it is a known one.
    static func pdfReason(_ reason: String) -> String {
        let lowered = reason.lowercased()
        if lowered.contains("password") { return "the PDF is protected by a password" }
        if lowered.contains("may not be a pdf") || lowered.contains("couldn't find trailer") || lowered.contains("syntax error") {
            return "the PDF is damaged or not a PDF (\(reason))"
        }
        return reason
    }

    /// Text as read: valid UTF-8, lines without trailing blanks, no run of blank lines, no
    /// form feeds or other control characters but newlines and tabs.
    static func cleaned(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let kept = line.unicodeScalars.filter { $0 == "\t" || !($0.properties.generalCategory == .control) }
            let trimmed = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(Substring(trimmed))
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private static func lastLine(_ bytes: [UInt8]) -> String? {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { String($0.prefix(200)) }
    }
}

/// What `pdfinfo` says of a PDF: its page count.
struct PDFInfo {
    var pages = 0

    init(_ text: String) {
        for line in text.split(separator: "\n") where line.hasPrefix("Pages:") {
            pages = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0
        }
    }
}

/// Whether a scanned page is read from its own image (`pdfimages -list` of that page): one image
/// and no mask, covering the page (its size at its resolution within 5% of the page's), of 150 to
/// 450 dpi (a coarser scan is rendered up to 300 dpi, which reads better; a finer one down), and
/// within ``ExtractionLimits/pixels``.
enum ScannedImage {
    static func fits(list: String, page: (Double, Double), pixels: Int) -> Bool {
        // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
        let rows = list.split(separator: "\n").map { $0.split(separator: " ") }.filter { $0.count >= 14 && Int($0[0]) != nil }
        guard rows.count == 1, let row = rows.first, row[2] == "image", ["gray", "rgb", "index", "cmyk"].contains(row[5]),
            let width = Int(row[3]), let height = Int(row[4]), let xppi = Double(row[12]), let yppi = Double(row[13]),
            width > 0, height > 0, !width.multipliedReportingOverflow(by: height).overflow, width * height <= pixels, (150...450).contains(xppi), (150...450).contains(yppi)
        else { return false }
        let covered = (Double(width) / xppi * 72 / page.0, Double(height) / yppi * 72 / page.1)
        return (0.95...1.05).contains(covered.0) && (0.95...1.05).contains(covered.1)
    }
}
