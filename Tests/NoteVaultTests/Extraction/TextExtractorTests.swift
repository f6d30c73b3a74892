import EnoteTestSupport
import Foundation
import Testing

@testable import NoteVault

/// The readers as enote runs them (Debian's poppler and tesseract, real processes): the text
/// layer of a PDF, OCR of a picture and of a scanned page, and each way a reader can fail ending
/// as that file's failure, with a reason a person can act on.
@Suite struct TextExtractorTests {
    let sandbox: VaultSandbox
    let environment = ProcessInfo.processInfo.environment

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func extract(_ bytes: [UInt8], kind: AttachmentKind, limits: ExtractionLimits = ExtractionLimits(), languages: [String] = ["en"])
        throws -> TextExtractor.Outcome
    {
        let file = sandbox.temporary + "/file"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let work = sandbox.temporary + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        return TextExtractor(languages: languages, environment: environment, limits: limits).extract(file: file, kind: kind, work: work)
    }

    private func text(_ outcome: TextExtractor.Outcome) -> ExtractedText? {
        if case .read(let text) = outcome { return text }
        return nil
    }

    @Test func aTextLayerIsReadPageByPageWithoutOCR() throws {
        let pdf = TestDocuments.textPDF([["The lease of the warehouse runs until March."], ["Rent is payable quarterly in advance."]])
        let read = try #require(text(try extract(pdf, kind: .pdf)))
        #expect(read.failure == nil)
        #expect(read.pages.map(\.number) == [1, 2])
        #expect(read.pages.map(\.ocr) == [false, false])
        #expect(read.pages[0].text == "The lease of the warehouse runs until March.")
        #expect(read.pages[1].text == "Rent is payable quarterly in advance.")
    }

    @Test func aPictureIsReadByOCR() throws {
        let png = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges from the hardware store"]]), dpi: 300, in: sandbox.temporary)
        let read = try #require(text(try extract(png, kind: .picture)))
        #expect(read.failure == nil)
        #expect(read.pages.count == 1)
        #expect(read.pages[0].ocr)
        #expect(read.pages[0].text.contains("Galvanised hinges from the hardware store"))
        #expect(read.recipe == "tesseract eng")
    }

    @Test func aScannedPageWithoutATextLayerIsReadByOCRAndTheOthersAreNot() throws {
        let scan = try TestDocuments.grayPixels(TestDocuments.textPDF([["Quarterly invoice for the orchard lease"]]), dpi: 200, in: sandbox.temporary)
        let pdf = TestDocuments.scannedPDF(width: scan.width, height: scan.height, pixels: scan.pixels)
        let read = try #require(text(try extract(pdf, kind: .pdf)))
        #expect(read.failure == nil)
        #expect(read.pages.count == 1)
        #expect(read.pages[0].ocr)
        #expect(read.pages[0].text.contains("Quarterly invoice for the orchard lease"))
    }

    @Test func russianIsReadWithTheVaultsLanguages() throws {
        // Helvetica has no Cyrillic: the picture is made by tesseract's own reading of a
        // rendered page, so here the languages are checked as tesseract is asked for them.
        let engine = try OCREngine.find(languages: ["en", "ru"], environment: environment).get()
        #expect(engine.languages == ["eng", "rus"])
        #expect(engine.recipe == "tesseract eng+rus")
        let german = try OCREngine.find(languages: ["de"], environment: environment).get()
        #expect(german.languages == (german.missing.isEmpty ? ["deu"] : ["eng"]))
    }

    @Test func withoutTesseractAPictureWaitsAndNothingIsCached() throws {
        var limits = ExtractionLimits()
        limits.seconds = 30
        let file = sandbox.temporary + "/p.png"
        try Data(ImageBytes.png(width: 2, height: 2)).write(to: URL(fileURLWithPath: file))
        let extractor = TextExtractor(languages: ["en"], environment: ["PATH": sandbox.temporary], limits: limits)
        #expect(extractor.extract(file: file, kind: .picture, work: sandbox.temporary) == .unavailable(.missingProgram("tesseract", package: "tesseract-ocr")))
    }

    @Test func aPasswordProtectedPDFSaysSo() throws {
        let plain = sandbox.temporary + "/plain.pdf"
        let locked = sandbox.temporary + "/locked.pdf"
        try Data(TestDocuments.textPDF([["secret terms"]])).write(to: URL(fileURLWithPath: plain))
        try TestDocuments.run(["qpdf", "--encrypt", "userpw", "ownerpw", "256", "--", plain, locked])
        let read = try #require(text(try extract(Array(try Data(contentsOf: URL(fileURLWithPath: locked))), kind: .pdf)))
        #expect(read.pages.isEmpty)
        #expect(read.failure == "the PDF is protected by a password")
    }

    @Test(
        "a damaged PDF is a failure of that file",
        arguments: [
            ("truncated", Array(TestDocuments.textPDF([["cut short"]]).prefix(120))),
            ("garbage after the magic", Array("%PDF-1.7\n".utf8) + (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }),
            ("empty", Array("%PDF-".utf8)),
        ])
    func damagedPDF(name: String, bytes: [UInt8]) throws {
        let read = try #require(text(try extract(bytes, kind: .pdf)))
        #expect(read.pages.allSatisfy { $0.text.isEmpty })
        #expect(read.failure != nil, "\(name)")
    }

    @Test func aDamagedPictureIsAFailureOfThatFile() throws {
        let png = try TestDocuments.render(TestDocuments.textPDF([["cut short"]]), dpi: 100, in: sandbox.temporary)
        let read = try #require(text(try extract(Array(png.prefix(200)), kind: .picture)))
        #expect(read.failure != nil)
        #expect(read.pages.isEmpty)
    }

    @Test func aReaderThatDoesNotFinishInTimeIsKilled() throws {
        var limits = ExtractionLimits()
        limits.seconds = 0.05
        let png = try TestDocuments.render(TestDocuments.textPDF([["slow"]]), dpi: 300, in: sandbox.temporary)
        let read = try #require(text(try extract(png, kind: .picture, limits: limits)))
        #expect(read.failure == "tesseract did not finish within 0.05 s")
    }

    @Test func aReaderOverItsMemoryCapFailsAloneAndSaysSo() throws {
        var limits = ExtractionLimits()
        limits.memoryBytes = 24 << 20
        let png = try TestDocuments.render(TestDocuments.textPDF([["hungry"]]), dpi: 300, in: sandbox.temporary)
        let read = try #require(text(try extract(png, kind: .picture, limits: limits)))
        #expect(read.failure != nil)
        #expect(read.pages.isEmpty)
    }

    @Test func aReaderIsKilledWhenTheCallerStopsAndNothingOfItIsKept() throws {
        let png = try TestDocuments.render(TestDocuments.textPDF([["Stopped before the end"]]), dpi: 300, in: sandbox.temporary)
        let file = sandbox.temporary + "/stop.png"
        try Data(png).write(to: URL(fileURLWithPath: file))
        var asked = 0
        let outcome = TextExtractor(languages: ["en"], environment: environment).extract(
            file: file, kind: .picture, work: sandbox.temporary,
            shouldStop: {
                asked += 1
                return asked > 2  // once tesseract has started
            })
        #expect(outcome == .stopped)
        #expect(asked == 3)
    }

    @Test func aTextLayerLongerThanAReaderMayPrintKeepsItsFirstPagesAndOCRsNone() throws {
        // 40 pages of about 70 bytes: pdfinfo's answer fits in 1,200 bytes, the text layer does not.
        let lines = (1...40).map { ["Page \($0) of the long ledger with enough words to count as text"] }
        var limits = ExtractionLimits()
        limits.outputBytes = 1200
        let read = try #require(text(try extract(TestDocuments.textPDF(lines), kind: .pdf, limits: limits)))
        #expect(read.pages.count >= 1 && read.pages.count < 40, "\(read.pages)")
        #expect(read.pages.allSatisfy { !$0.ocr })
        #expect(read.pages.first?.text.contains("Page 1 of the long ledger") == true)
        #expect(read.pages.last?.text.isEmpty == false)
        #expect(read.failure?.hasPrefix("its text layer is longer than") == true, "\(String(describing: read.failure))")
    }

    @Test func aLargePageIsRenderedWithinThePixelLimit() {
        #expect(TextExtractor.resolution(of: (612, 792), pixels: 50_000_000) == 300)
        // A poster of 50,000 × 50,000 points would be 1.8 terapixels at 300 dpi.
        let dpi = TextExtractor.resolution(of: (50_000, 50_000), pixels: 50_000_000)
        #expect(Double(dpi * dpi) * (50_000.0 / 72) * (50_000.0 / 72) <= 50_000_000)
        #expect(dpi >= 1)
    }

    /// Lines of a page like the ones people photograph: long lines, a paragraph after another.
    static let pageLines = [
        "The tenancy of the orchard cottage begins on the first of April.",
        "Rent is paid each quarter in advance to the estate office in town.",
        "The tenant keeps the hedges trimmed and the gutters clear of leaves.",
        "Repairs to the roof and the chimney are the landlord's to arrange.",
        "",
        "Either side may end the tenancy with three months of written notice.",
        "The deposit is returned within thirty days of the keys coming back.",
        "Pets are allowed if the garden gate is kept shut at every hour.",
        "The meters are read on the day the tenancy begins and on its last.",
    ]

    /// `pixels` (width × height, one grey byte each) turned by `degrees` about the centre, on
    /// paper of grey 235 with ink no darker than 50, and with noise of ±31: a crooked photocopy.
    static func photocopy(_ page: (width: Int, height: Int, pixels: [UInt8]), degrees: Double) -> [UInt8] {
        let (width, height) = (page.width, page.height)
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        var seed: UInt64 = 0x2545F4914F6CDD1D
        var out = [UInt8](repeating: 235, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (dx, dy) = (Double(x) - cx, Double(y) - cy)
                let (sx, sy) = (Int((c * dx + s * dy + cx).rounded()), Int((-s * dx + c * dy + cy).rounded()))
                var value = 235.0
                if sx >= 0, sx < width, sy >= 0, sy < height { value = 50 + Double(page.pixels[sy * width + sx]) * 185 / 255 }
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                value += Double(Int(seed >> 59)) * 2 - 31  // ±31 in steps of 2
                out[y * width + x] = UInt8(max(0, min(255, value)))
            }
        }
        return out
    }

    /// A picture as a binary PGM file, which tesseract (leptonica) reads.
    static func pgm(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }

    /// Tesseract's `tsv` answer for a picture, as enote asks for it.
    private func tsv(_ bytes: [UInt8], psm: Int) throws -> OCRPage {
        let file = sandbox.temporary + "/tsv.pgm"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let engine = try OCREngine.find(languages: ["en"], environment: environment).get()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: engine.program)
        process.arguments = [file, "stdout", "-l", "eng", "--psm", String(psm), "tsv"]
        process.environment = ["OMP_THREAD_LIMIT": "1", "PATH": environment["PATH"] ?? "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return OCRPage(tsv: Array(output))
    }

    @Test func aCrookedNoisyPhotocopyIsReadWholeLineByLine() throws {
        let page = try TestDocuments.grayPixels(TestDocuments.textPDF([Self.pageLines]), dpi: 300, in: sandbox.temporary)
        let turned = Self.pgm(width: page.width, height: page.height, pixels: Self.photocopy(page, degrees: -2.7))
        // The lines' boxes tell how far the page is turned; a straight page is not read twice.
        let straight = try tsv(Self.pgm(width: page.width, height: page.height, pixels: page.pixels), psm: 3)
        #expect(straight.skew < TextExtractor.turnedDegrees, "\(straight.skew)")
        #expect(straight.text.contains("The tenancy of the orchard cottage begins on the first of April."), "\(straight.text)")
        let crooked = try tsv(turned, psm: 3)
        #expect(crooked.skew >= TextExtractor.turnedDegrees && crooked.skew < 4, "\(crooked.skew)")

        let read = try #require(text(try extract(turned, kind: .picture)))
        #expect(read.failure == nil)
        #expect(read.pages.count == 1 && read.pages[0].ocr)
        let words = Set(read.pages[0].text.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() })
        for line in Self.pageLines where !line.isEmpty {
            let wanted = line.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }.filter { $0.count >= 4 }
            let found = wanted.filter(words.contains).count
            #expect(found * 4 >= wanted.count * 3, "\(line) in \(read.pages[0].text)")
        }
    }

    @Test func tesseractsTableIsReadAsItsText() {
        let tsv = """
            level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext
            1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t
            2\t1\t1\t0\t0\t0\t300\t300\t1000\t200\t-1\t
            3\t1\t1\t1\t0\t0\t300\t300\t1000\t200\t-1\t
            4\t1\t1\t1\t1\t0\t300\t300\t1000\t90\t-1\t
            5\t1\t1\t1\t1\t1\t300\t320\t300\t40\t95.5\tRent
            5\t1\t1\t1\t1\t2\t620\t320\t300\t40\t91.0\tis
            5\t1\t1\t1\t1\t3\t940\t320\t300\t40\t93.0\tdue
            4\t1\t1\t1\t2\t0\t300\t400\t1000\t90\t-1\t
            5\t1\t1\t1\t2\t1\t300\t420\t300\t40\t95.5\tquarterly.
            5\t1\t1\t1\t2\t2\t620\t420\t300\t40\t-1\t 
            3\t1\t1\t2\t0\t0\t300\t600\t1000\t90\t-1\t
            4\t1\t1\t2\t1\t0\t300\t600\t1000\t90\t-1\t
            5\t1\t1\t2\t1\t1\t300\t620\t300\t40\t90\tЗаметка
            """
        let page = OCRPage(tsv: Array(tsv.utf8))
        #expect(page.text == "Rent is due\nquarterly.\n\nЗаметка")
        #expect(page.letters == 25)
        // 50 px taller than its 40-px words over 1000 px: turned by atan(0.05), 2.9 degrees.
        #expect(abs(page.skew - 2.862) < 0.01, "\(page.skew)")
        #expect(OCRPage(tsv: []).text.isEmpty)
    }

    @Test func aScannedPageIsReadFromItsOwnImageAtItsOwnResolution() throws {
        // 8.5 × 11 inches at 300 dpi, the page's size: pdfimages lists one image of 300 ppi.
        let scan = try TestDocuments.grayPixels(TestDocuments.textPDF([Self.pageLines]), dpi: 300, in: sandbox.temporary)
        let pdf = TestDocuments.scannedPDF(width: scan.width, height: scan.height, pixels: scan.pixels)
        let file = sandbox.temporary + "/scan.pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: file))
        let list = sandbox.temporary + "/list.txt"
        try TestDocuments.run(["sh", "-c", "pdfimages -list -f 1 -l 1 \"$0\" > \"$1\"", file, list])
        let listed = try String(contentsOfFile: list, encoding: .utf8)
        #expect(ScannedImage.fits(list: listed, page: (612, 792), pixels: ExtractionLimits().pixels), "\(listed)")
        // Not when it is more pixels than a reader is given, nor for another page size.
        #expect(!ScannedImage.fits(list: listed, page: (612, 792), pixels: scan.width * scan.height - 1))
        #expect(!ScannedImage.fits(list: listed, page: (1224, 792), pixels: ExtractionLimits().pixels))

        let read = try #require(text(try extract(pdf, kind: .pdf)))
        #expect(read.failure == nil)
        #expect(read.pages.count == 1 && read.pages[0].ocr)
        #expect(read.pages[0].text.contains("The tenancy of the orchard cottage begins on the first of April."), "\(read.pages[0].text)")
        #expect(read.pages[0].text.contains("The meters are read on the day the tenancy begins and on its last."))
    }

    @Test func aPageOfSeveralImagesOrAMaskOrACoarseScanIsRenderedInstead() {
        let header = """
            page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio
            --------------------------------------------------------------------------------------------

            """
        let one = "   1     0 image    2480  3508  gray    1   8  image  no         4  0   300   300 79.3K 0.9%\n"
        let letter = (595.2, 841.92)
        #expect(ScannedImage.fits(list: header + one, page: letter, pixels: 50_000_000))
        #expect(!ScannedImage.fits(list: header, page: letter, pixels: 50_000_000))
        #expect(!ScannedImage.fits(list: header + one + one.replacingOccurrences(of: "    0 image", with: "    1 image"), page: letter, pixels: 50_000_000))
        #expect(!ScannedImage.fits(list: header + one + "   1     1 smask    2480  3508  gray    1   8  image  no         5  0   300   300 1K 0.1%\n", page: letter, pixels: 50_000_000))
        #expect(!ScannedImage.fits(list: header + "   1     0 image     827  1169  gray    1   8  image  no         4  0   100   100 9K 0.9%\n", page: letter, pixels: 50_000_000))
        #expect(!ScannedImage.fits(list: header + one.replacingOccurrences(of: " image  no", with: " jbig2  no").replacingOccurrences(of: "0 image ", with: "0 stencil"), page: letter, pixels: 50_000_000))
    }

    @Test func pdfinfoSaysWhichPagesAreTurned() {
        let answer = "Pages:          2\nPage    1 size: 612 x 792 pts (letter)\nPage    1 rot:  0\nPage    2 size: 612 x 792 pts (letter)\nPage    2 rot:  90\n"
        #expect(TextExtractor.rotatedPages(answer) == [2])
        #expect(TextExtractor.pageSizes(answer)[2]?.0 == 612)
    }

    @Test func textIsCleaned() {
        #expect(TextExtractor.cleaned(Array("  one  \n\n\n\ntwo\u{0C}\u{07}\n\n".utf8)) == "one\n\ntwo")
        #expect(TextExtractor.cleaned([0x66, 0xFF, 0x67]) == "f\u{FFFD}g")
    }
}
