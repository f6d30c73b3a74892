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

    @Test func textIsCleaned() {
        #expect(TextExtractor.cleaned(Array("  one  \n\n\n\ntwo\u{0C}\u{07}\n\n".utf8)) == "one\n\ntwo")
        #expect(TextExtractor.cleaned([0x66, 0xFF, 0x67]) == "f\u{FFFD}g")
    }
}
