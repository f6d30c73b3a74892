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
    /// paper of grey `paper` with ink no darker than `ink`, and with `noise` added to each pixel
    /// (from a random 64-bit number; by default ±31 in steps of 2): a crooked photocopy.
    static func photocopy(
        _ page: (width: Int, height: Int, pixels: [UInt8]), degrees: Double, ink: Double = 50, paper: Double = 235,
        noise: (UInt64) -> Double = { Double(Int($0 >> 59)) * 2 - 31 }
    ) -> [UInt8] {
        let (width, height) = (page.width, page.height)
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        var seed: UInt64 = 0x2545F4914F6CDD1D
        var out = [UInt8](repeating: UInt8(paper), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (dx, dy) = (Double(x) - cx, Double(y) - cy)
                let (sx, sy) = (Int((c * dx + s * dy + cx).rounded()), Int((-s * dx + c * dy + cy).rounded()))
                var value = paper
                if sx >= 0, sx < width, sy >= 0, sy < height { value = ink + Double(page.pixels[sy * width + sx]) * (paper - ink) / 255 }
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                value += noise(seed)
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
        let straightSkew = try #require(straight.skew)
        #expect(straightSkew < TextExtractor.turnedDegrees, "\(straightSkew)")
        #expect(straight.text.contains("The tenancy of the orchard cottage begins on the first of April."), "\(straight.text)")
        let crooked = try tsv(turned, psm: 3)
        let crookedSkew = try #require(crooked.skew)
        #expect(crookedSkew >= TextExtractor.turnedDegrees && crookedSkew < 4, "\(crookedSkew)")
        // Both are text: tesseract is sure of most of their letters.
        for page in [straight, crooked] {
            #expect(!page.noise && page.sureLetters * 4 >= page.letters * 3, "\(page.sureLetters) of \(page.letters)")
        }

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
        #expect(abs((page.skew ?? 0) - 2.862) < 0.01, "\(String(describing: page.skew))")
        #expect(page.sureLetters == 25 && !page.noise)
        #expect(OCRPage(tsv: []).text.isEmpty)
        #expect(OCRPage(tsv: []).skew == nil)
    }

    /// The first four lines of tesseract's block pass (`--psm 6`, eng+rus, tesseract 5.3) over
    /// an A4 page at 300 dpi of photocopy noise and nothing else (scripts/measure-ocr's noisy
    /// condition on a blank page): it read 2,473 such "words", 3,527 letters, in 105 s.
    static let noiseRows = """
        1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t
        2\t1\t1\t0\t0\t0\t0\t0\t2480\t3508\t-1\t
        3\t1\t1\t1\t0\t0\t0\t0\t2480\t3508\t-1\t
        4\t1\t1\t1\t1\t0\t1445\t0\t1035\t34\t-1\t
        5\t1\t1\t1\t1\t1\t1445\t0\t1035\t34\t0.000000\tа
        4\t1\t1\t1\t2\t0\t549\t0\t1929\t53\t-1\t
        5\t1\t1\t1\t2\t1\t549\t3\t40\t48\t13.948280\tLe
        5\t1\t1\t1\t2\t2\t817\t0\t31\t3\t0.000000\toF
        5\t1\t1\t1\t2\t3\t905\t0\t990\t33\t7.712669\tа
        5\t1\t1\t1\t2\t4\t1904\t7\t212\t38\t0.000000\tт
        5\t1\t1\t1\t2\t5\t2125\t11\t146\t33\t11.158325\tо
        5\t1\t1\t1\t2\t6\t2347\t4\t113\t49\t0.000000\tо
        5\t1\t1\t1\t2\t7\t2467\t34\t11\t11\t8.330856\ti
        4\t1\t1\t1\t3\t0\t289\t0\t2162\t62\t-1\t
        5\t1\t1\t1\t3\t1\t289\t0\t6\t1\t51.052017\t=
        5\t1\t1\t1\t3\t2\t387\t0\t956\t30\t13.853264\tа
        5\t1\t1\t1\t3\t3\t1353\t8\t269\t30\t0.000000\tа
        5\t1\t1\t1\t3\t4\t1631\t20\t289\t25\t16.902359\tи
        5\t1\t1\t1\t3\t5\t1932\t18\t87\t32\t0.000000\tо
        5\t1\t1\t1\t3\t6\t2037\t31\t400\t30\t0.000000\tс
        5\t1\t1\t1\t3\t7\t2447\t55\t4\t7\t30.085693\tЕ
        4\t1\t1\t1\t4\t0\t23\t0\t2457\t80\t-1\t
        5\t1\t1\t1\t4\t1\t23\t0\t457\t24\t0.000000\tПе
        5\t1\t1\t1\t4\t2\t501\t4\t259\t27\t12.244171\tее
        5\t1\t1\t1\t4\t3\t797\t4\t62\t28\t34.937180\tо
        5\t1\t1\t1\t4\t4\t894\t7\t50\t25\t0.000000\tг
        5\t1\t1\t1\t4\t5\t952\t18\t351\t27\t0.000000\tа
        5\t1\t1\t1\t4\t6\t1323\t25\t118\t26\t0.000000\tи
        5\t1\t1\t1\t4\t7\t1459\t26\t134\t28\t0.000000\tре
        5\t1\t1\t1\t4\t8\t1610\t33\t106\t26\t0.000000\tр
        5\t1\t1\t1\t4\t9\t1727\t31\t49\t30\t24.960320\tо
        5\t1\t1\t1\t4\t10\t1784\t43\t40\t16\t16.036568\tpoe
        5\t1\t1\t1\t4\t11\t1876\t37\t14\t17\t30.417946\tee
        5\t1\t1\t1\t4\t12\t1914\t47\t26\t19\t11.213142\tRou
        5\t1\t1\t1\t4\t13\t1940\t41\t88\t23\t3.575294\tBae
        5\t1\t1\t1\t4\t14\t2044\t58\t55\t10\t29.335831\toles,
        5\t1\t1\t1\t4\t15\t2107\t44\t89\t28\t16.137398\tpene
        5\t1\t1\t1\t4\t16\t2208\t49\t74\t24\t11.641800\teres
        5\t1\t1\t1\t4\t17\t2293\t38\t33\t34\t0.000000\tSS
        5\t1\t1\t1\t4\t18\t2336\t54\t144\t26\t12.608406\tое
        4\t1\t1\t1\t5\t0\t0\t2\t2416\t102\t-1\t
        5\t1\t1\t1\t5\t1\t0\t3\t228\t55\t4.926880\t0
        5\t1\t1\t1\t5\t2\t972\t23\t265\t61\t28.141090\tо
        """

    /// Tesseract's block pass over one printed line (DejaVu Serif, 46 px), moved to block 2.
    static let lineRows = """
        2\t1\t2\t0\t0\t0\t63\t3048\t1318\t45\t-1\t
        3\t1\t2\t1\t0\t0\t63\t3048\t1318\t45\t-1\t
        4\t1\t2\t1\t1\t0\t63\t3048\t1318\t45\t-1\t
        5\t1\t2\t1\t1\t1\t63\t3049\t106\t34\t96.985413\tRent
        5\t1\t2\t1\t1\t2\t187\t3049\t33\t34\t95.983612\tis
        5\t1\t2\t1\t1\t3\t239\t3048\t98\t45\t96.855209\tpaid
        5\t1\t2\t1\t1\t4\t355\t3048\t107\t35\t95.508308\teach
        5\t1\t2\t1\t1\t5\t480\t3052\t174\t41\t96.758453\tquarter
        5\t1\t2\t1\t1\t6\t671\t3049\t40\t34\t96.457306\tin
        5\t1\t2\t1\t1\t7\t730\t3048\t188\t35\t95.703461\tadvance
        5\t1\t2\t1\t1\t8\t936\t3052\t43\t31\t95.703461\tto
        5\t1\t2\t1\t1\t9\t997\t3048\t72\t35\t95.780388\tthe
        5\t1\t2\t1\t1\t10\t1088\t3052\t138\t31\t96.357887\testate
        5\t1\t2\t1\t1\t11\t1245\t3048\t136\t35\t96.676041\toffice.
        """

    @Test func noiseReadAsWordsIsNotText() {
        let header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
        // Tesseract is sure of none of it: nothing of it is kept.
        let noise = OCRPage(tsv: Array((header + Self.noiseRows).utf8))
        #expect(noise.noise)
        #expect(noise.text.isEmpty && noise.letters == 0 && noise.sureLetters == 0, "\(noise.text)")
        #expect(noise.skew == nil)
        // A printed line is text, kept whole.
        let line = OCRPage(tsv: Array((header + Self.lineRows).utf8))
        #expect(!line.noise)
        #expect(line.text == "Rent is paid each quarter in advance to the estate office.")
        #expect(line.sureLetters == line.letters && line.letters == 47)
        // On a page mostly of noise, the line tesseract is sure of is kept, and only it.
        let both = OCRPage(tsv: Array((header + Self.noiseRows + "\n" + Self.lineRows).utf8))
        #expect(both.noise)
        #expect(both.text == line.text, "\(both.text)")
        #expect(both.sureLetters == 47)
    }

    @Test func aPictureOfNoiseIsReadAsNoTextInBoundedTime() throws {
        let blank = (width: 2480, height: 3508, pixels: [UInt8](repeating: 255, count: 2480 * 3508))
        let noise = Self.pgm(width: blank.width, height: blank.height, pixels: Self.photocopy(blank, degrees: 2))
        let read = try #require(text(try extract(noise, kind: .picture)))
        #expect(read.failure == nil && read.transient == false)
        let letters = read.pages.map { $0.text.unicodeScalars.filter(\.properties.isAlphabetic).count }.reduce(0, +)
        // Read as no text (a block pass over it is stopped at three times the layout pass's
        // time, or 10 s, of CPU, and what it read would be dropped), and not as a failure.
        #expect(letters < 16, "\(read.pages.map(\.text))")
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
