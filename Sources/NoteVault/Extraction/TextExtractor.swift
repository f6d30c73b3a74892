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
    func run(
        _ arguments: [String], shouldStop: () -> Bool, keepingOverflow: Bool = false, cpuSeconds: UInt64? = nil, adding variables: [String: String] = [:]
    ) -> Result<[UInt8], ReaderFailure> {
        var child = limits.child
        child.cpu_seconds = min(limits.cpuSeconds, cpuSeconds ?? limits.cpuSeconds)
        guard let result = ProcessRunner.capture(
            arguments, environment: environment.merging(variables) { _, added in added }, timeout: limits.seconds, limits: child, outputLimit: limits.outputBytes,
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
    func recognise(_ picture: String, engine: OCREngine, shouldStop: () -> Bool) -> Result<String, ReaderFailure> {
        let read = recogniseAtFullSize(picture, engine: engine, shouldStop: shouldStop)
        guard case .success(let page) = read, Self.readsAgainAtHalfSize(page) else { return read.map(\.text) }
        switch recogniseAtHalfSize(picture, engine: engine, shouldStop: shouldStop) {
        case .success(let half): return .success(half?.text ?? page.text)
        // Stopped, or a failure that may pass: the page is read again by the next pass, not
        // kept as read with no text.
        case .failure(let failure) where failure.stopped || failure.transient: return .failure(failure)
        case .failure: return .success(page.text)
        }
    }

    /// Whether a picture read as `page` is read again at half size: tesseract was sure of no
    /// word of it, a pass read noise, and the picture is large enough (``halfSizeShortSide``).
    /// A clean blank page, a photo without words or a small scan is not.
    static func readsAgainAtHalfSize(_ page: Reading) -> Bool {
        page.sureLetters == 0 && page.sawNoise && min(page.width, page.height) >= halfSizeShortSide
    }

    /// The shortest side, in pixels, of a picture read again at half size: an A4 page at about
    /// 240 dpi or more, a phone's photo. Halved, its type is still as large as tesseract reads
    /// best; a smaller picture (a 150-ppi scan, an icon) would be too coarse.
    static let halfSizeShortSide = 2000

    /// A reading of a picture: its text, how many letters of it tesseract is sure of, whether
    /// a pass read noise (judged so, or stopped by its bound while reading it), and the
    /// picture's size in pixels.
    struct Reading {
        var text: String
        var sureLetters: Int
        var sawNoise = false
        var width = 0
        var height = 0
    }

    /// The two passes of ``recognise(_:engine:shouldStop:)`` over the picture as it is.
    private func recogniseAtFullSize(_ picture: String, engine: OCREngine, shouldStop: () -> Bool) -> Result<Reading, ReaderFailure> {
        let languages = engine.languages.joined(separator: "+")
        let laidOut: OCRPage
        let started = monotonicSeconds()
        switch run([engine.program, picture, "stdout", "-l", languages, "--psm", "3", "tsv"], shouldStop: shouldStop) {
        case .success(let output): laidOut = OCRPage(tsv: output)
        case .failure(let failure): return .failure(failure)
        }
        var kept = Reading(
            text: Self.cleaned(Array(laidOut.text.utf8)), sureLetters: laidOut.sureLetters, sawNoise: laidOut.noise, width: laidOut.width,
            height: laidOut.height)
        guard laidOut.letters == 0 || (laidOut.skew ?? Self.turnedDegrees) >= Self.turnedDegrees else { return .success(kept) }
        let bound = UInt64(max(Self.blockPassSeconds, Self.blockPassTimes * (monotonicSeconds() - started)).rounded(.up))
        switch run([engine.program, picture, "stdout", "-l", languages, "--psm", "6", "tsv"], shouldStop: shouldStop, cpuSeconds: bound) {
        case .success(let output):
            let block = OCRPage(tsv: output)
            kept.sawNoise = kept.sawNoise || block.noise
            guard block.sureLetters > laidOut.sureLetters else { return .success(kept) }
            return .success(
                Reading(text: Self.cleaned(Array(block.text.utf8)), sureLetters: block.sureLetters, width: kept.width, height: kept.height))
        case .failure(let failure) where failure.stopped: return .failure(failure)
        // Stopped by its own bound, not the reader's limit: it was reading noise.
        case .failure(let failure) where failure.outOfCPU && bound < limits.cpuSeconds:
            kept.sawNoise = true
            return .success(kept)
        case .failure(let failure) where laidOut.letters == 0: return .failure(failure)
        case .failure: return .success(kept)
        }
    }

    /// The picture read once more at half its size, as one block of text, when it read as no
    /// text at all (no word tesseract is sure of) and a pass read noise: a few lines on a large
    /// page of photocopy noise defeat tesseract's binarisation at full size, and halving the
    /// picture (each pixel the mean of four) takes most of the noise away. `nil` when
    /// ImageMagick is not installed, the picture is of a format it is not asked to read, or the
    /// reading is not text either; a failure when a reader was stopped or failed in a way that
    /// may pass. The smaller picture is written beside `picture` (in the pass's private work
    /// folder, where ImageMagick keeps its temporary files too) and removed; ImageMagick is held
    /// to the readers' limits, on one thread, and told the format and the first frame, so it
    /// never guesses a format from the bytes.
    private func recogniseAtHalfSize(_ picture: String, engine: OCREngine, shouldStop: () -> Bool) -> Result<Reading?, ReaderFailure> {
        guard let scaler = engine.scaler, let coder = Self.scalerCoder(of: picture) else { return .success(nil) }
        let half = picture + ".half.png"
        defer { try? FileManager.default.removeItem(atPath: half) }
        let folder = (picture as NSString).deletingLastPathComponent
        let scaling = run(
            [scaler, coder + ":" + picture + "[0]", "-scale", "50%", "png:" + half.replacingOccurrences(of: "%", with: "%%")], shouldStop: shouldStop,
            adding: ["MAGICK_TEMPORARY_PATH": folder, "MAGICK_TMPDIR": folder, "MAGICK_THREAD_LIMIT": "1"])
        if case .failure(let failure) = scaling { return failure.stopped || failure.transient ? .failure(failure) : .success(nil) }
        let languages = engine.languages.joined(separator: "+")
        switch run([engine.program, half, "stdout", "-l", languages, "--psm", "6", "tsv"], shouldStop: shouldStop, cpuSeconds: UInt64(Self.blockPassSeconds)) {
        case .success(let output):
            let block = OCRPage(tsv: output)
            guard block.sureLetters > 0, !block.noise else { return .success(nil) }
            return .success(Reading(text: Self.cleaned(Array(block.text.utf8)), sureLetters: block.sureLetters))
        case .failure(let failure) where failure.stopped || failure.transient: return .failure(failure)
        case .failure: return .success(nil)
        }
    }

    /// ImageMagick's name of the picture's format, from its first bytes: PNG, JPEG, GIF, WebP
    /// (``ImageFormat``) or a TIFF (a PDF page rendered by poppler); `nil` for any other.
    static func scalerCoder(of picture: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: picture) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "tiff" }
        switch ImageFormat.inspect(head)?.format {
        case .png: return "png"
        case .jpeg: return "jpeg"
        case .gif: return "gif"
        case .webp: return "webp"
        case .heic, nil: return nil
        }
    }

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
