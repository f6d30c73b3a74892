import EnoteTestSupport
import Foundation
import Testing

@testable import NoteVault

/// A few lines on a large, faint page of photocopy noise: tesseract's binarisation at full size
/// sees only noise and reads nothing, and the picture read again at half its size (each pixel
/// the mean of four, which takes most of the noise away) is read whole.
@Suite struct FaintPageTests {
    let sandbox: VaultSandbox
    let environment = ProcessInfo.processInfo.environment

    init() throws {
        sandbox = try VaultSandbox()
    }

    static let lines = [
        "The ferry to the island leaves at seven from the north pier,",
        "and the last one returns a little after nine in the evening.",
        "Tickets are sold on board; bicycles travel free of charge.",
        "Dogs on a lead are welcome on the lower deck.",
    ]

    /// `page` as a faint photocopy: ink 70 on paper 228, turned by `degrees`, and uniform noise
    /// of ±40 on every pixel.
    static func faintPhotocopy(_ page: (width: Int, height: Int, pixels: [UInt8]), degrees: Double) -> [UInt8] {
        TextExtractorTests.photocopy(page, degrees: degrees, ink: 70, paper: 228) { Double(Int($0 >> 33) % 81) - 40 }
    }

    @Test func aFewLinesOnAFaintNoisyPageAreReadAtHalfSize() throws {
        let engine = try OCREngine.find(languages: ["en"], environment: environment).get()
        try #require(engine.scaler != nil, "ImageMagick's convert is installed by scripts/ensure-deps")
        let page = try TestDocuments.grayPixels(TestDocuments.textPDF([Self.lines]), dpi: 300, in: sandbox.temporary)
        let pgm = sandbox.temporary + "/faint.pgm"
        try Data(Array("P5\n\(page.width) \(page.height)\n255\n".utf8) + Self.faintPhotocopy(page, degrees: 2)).write(to: URL(fileURLWithPath: pgm))
        let png = sandbox.temporary + "/faint.png"
        try TestDocuments.run([try #require(engine.scaler), "pgm:" + pgm, "png:" + png])
        let file = sandbox.temporary + "/receipt.png"
        try FileManager.default.copyItem(atPath: png, toPath: file)

        // The premise: at full size, tesseract is sure of no word of it.
        let extractor = TextExtractor(languages: ["en"], environment: environment, limits: ExtractionLimits())
        var withoutScaler = engine
        withoutScaler.scaler = nil
        let full = extractor.recognise(file, engine: withoutScaler, shouldStop: { false })
        #expect((try? full.get())?.contains("ferry") != true, "\(full)")

        let read = extractor.recognise(file, engine: engine, shouldStop: { false })
        let text = try read.get()
        #expect(text.contains("The ferry to the island leaves at seven from the north pier,"), "\(text)")
        #expect(text.contains("Dogs on a lead are welcome on the lower deck."), "\(text)")
        // The smaller copy is not left beside the picture.
        #expect(!FileManager.default.fileExists(atPath: file + ".half.png"))
    }

    @Test func aStopWhileTheHalfSizeIsReadIsAStopNotABlankPage() throws {
        let engine = try OCREngine.find(languages: ["en"], environment: environment).get()
        let scaler = try #require(engine.scaler)
        let page = try TestDocuments.grayPixels(TestDocuments.textPDF([Self.lines]), dpi: 300, in: sandbox.temporary)
        let pgm = sandbox.temporary + "/faint.pgm"
        try Data(Array("P5\n\(page.width) \(page.height)\n255\n".utf8) + Self.faintPhotocopy(page, degrees: 2)).write(to: URL(fileURLWithPath: pgm))
        let file = sandbox.temporary + "/receipt.png"
        try TestDocuments.run([scaler, "pgm:" + pgm, "png:" + file])
        let extractor = TextExtractor(languages: ["en"], environment: environment, limits: ExtractionLimits())
        // Stopped as soon as the half-size picture is there, while tesseract reads it.
        let read = extractor.recognise(file, engine: engine) { FileManager.default.fileExists(atPath: file + ".half.png") }
        guard case .failure(let failure) = read else {
            Issue.record("a stopped reading was kept as read: \(read)")
            return
        }
        #expect(failure.stopped)
        #expect(!FileManager.default.fileExists(atPath: file + ".half.png"))
    }

    @Test(arguments: [
        (0, true, 2480, 3508, true), (12, true, 2480, 3508, false), (0, false, 2480, 3508, false), (0, true, 1240, 1754, false),
        (0, true, 4000, 1999, false), (0, true, 3000, 4000, true),
    ])
    func onlyALargePictureReadAsNoiseIsReadAgainAtHalfSize(sure: Int, noise: Bool, width: Int, height: Int, again: Bool) {
        let page = TextExtractor.Reading(text: "", sureLetters: sure, sawNoise: noise, width: width, height: height)
        #expect(TextExtractor.readsAgainAtHalfSize(page) == again)
    }

    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png"), ([0xFF, 0xD8, 0xFF, 0xE0], "jpeg"), (Array("GIF89a".utf8), "gif"),
        ([0x49, 0x49, 0x2A, 0x00], "tiff"), ([0x4D, 0x4D, 0x00, 0x2A], "tiff"), (Array("P5\n1 1\n255\n".utf8), nil),
        (Array("%!PS-Adobe".utf8), nil), (Array("<svg".utf8), nil),
    ] as [([UInt8], String?)])
    func imageMagickIsToldTheFormatAndReadsNoOther(head: [UInt8], coder: String?) throws {
        let file = sandbox.temporary + "/head"
        try Data(head + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: file))
        #expect(TextExtractor.scalerCoder(of: file) == coder)
    }
}
