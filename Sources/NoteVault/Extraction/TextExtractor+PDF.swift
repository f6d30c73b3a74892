import Foundation

/// Reading a PDF: the text layer of each page with poppler, and OCR of the pages without one,
/// each rendered (or taken from its own scanned image) within ``ExtractionLimits``.
extension TextExtractor {
    /// The text layer of every page, then OCR of the pages without one.
    func readPDF(_ file: String, work: String, shouldStop: () -> Bool, progress: (Int, Int) -> Bool) -> Outcome {
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
    func pageSizes(_ pdfinfo: String, _ file: String, first: Int, last: Int, shouldStop: () -> Bool) -> ([Int: (Double, Double)], Set<Int>) {
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
    func scannedImage(_ file: String, page: Int, size: (Double, Double)?, turned: Set<Int>, work: String, shouldStop: () -> Bool) -> Result<String?, ReaderFailure> {
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
