import EnoteTestSupport
import Foundation
import Synchronization
import Testing

@testable import NoteVault

/// Fuzzing the readers of pictures and PDFs (RELIABILITY rows 189 and 192): mutated PDFs and
/// pictures, read by the real poppler and tesseract under enote's limits, always end as text or
/// as that file's failure, never a crash, a hang or a control character in the text; the header
/// checks that come before any reader never crash on mutated headers of every format.
@Suite("Fuzz: pictures and PDFs")
struct AttachmentFuzzTests {
    static let work: String = {
        let folder = NSTemporaryDirectory() + "enote-fuzz-attachments-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()
    static let pdf = TestDocuments.textPDF([["The lease of the warehouse runs until March."], ["Rent is payable quarterly."]])
    static let png: [UInt8] = (try? TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges"]]), dpi: 40, in: work)) ?? []

    /// One to four of what happens to a binary file: bytes flipped, the file cut short, a run
    /// repeated, random bytes put in, a run of zeros or 0xFF written over it.
    static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            let length = min(bytes.count - at, Int.random(in: 1...64, using: &generator))
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: for index in at..<at + length { bytes[index] ^= UInt8.random(in: 1...255, using: &generator) }
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(contentsOf: Array(bytes[at..<at + length]), at: at)
            case 3: bytes.insert(contentsOf: (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: at)
            default: bytes.replaceSubrange(at..<at + length, with: repeatElement(Bool.random(using: &generator) ? 0 : 0xFF, count: length))
            }
        }
        return bytes
    }

    /// Whether `outcome` is text or a failure, its text clean.
    static func problem(_ outcome: TextExtractor.Outcome) -> String? {
        guard case .read(let text) = outcome else { return "not read: \(outcome)" }
        if text.pages.isEmpty && text.failure == nil { return "no pages and no failure" }
        for page in text.pages where page.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            return "a control character in page \(page.number)"
        }
        return nil
    }

    static func extract(_ bytes: [UInt8], kind: AttachmentKind, name: String) -> TextExtractor.Outcome {
        var limits = ExtractionLimits()
        limits.seconds = 15
        let file = work + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data(bytes))
        let folder = work + "/" + name + ".work"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return TextExtractor(languages: ["en"], environment: ProcessInfo.processInfo.environment, limits: limits).extract(file: file, kind: kind, work: folder)
    }

    @Test func mutatedPDFsAreReadOrFail() {
        #expect(!Self.pdf.isEmpty)
        let inputs = Fuzzer.run("mutated PDFs") { generator in
            let bytes = Self.mutate(Self.pdf, using: &generator)
            return (Fuzzer.show(Array(bytes.prefix(200))), Self.problem(Self.extract(bytes, kind: .pdf, name: "fuzz.pdf")))
        }
        #expect(inputs > 0)
    }

    @Test func mutatedPicturesAreReadOrFail() {
        #expect(!Self.png.isEmpty)
        // How many mutated pictures passed the header checks and went to tesseract: the loop
        // is a test of the reader only when some did.
        let read = Mutex(0)
        let inputs = Fuzzer.run("mutated pictures") { generator in
            let bytes = Self.mutate(Self.png, using: &generator)
            // The header checks first, as the reading pass does; a picture they pass is read.
            if AttachmentCopy.problem(bytes, kind: .picture, limits: ExtractionLimits()) != nil { return ("(refused by its header)", nil) }
            read.withLock { $0 += 1 }
            return (Fuzzer.show(Array(bytes.prefix(64))), Self.problem(Self.extract(bytes, kind: .picture, name: "fuzz.png")))
        }
        #expect(inputs > 0)
        #expect(read.withLock { $0 } > 0, "every mutated picture was refused by its header: tesseract read none")
    }

    @Test func mutatedHeadersNeverCrashTheChecks() {
        let seeds: [[UInt8]] = [
            Self.png, ImageBytes.gif(width: 10, height: 10) + [0x2C, 0, 0, 0, 0, 10, 0, 10, 0, 0], ImageBytes.jpeg(width: 640, height: 480),
            ImageBytes.webpLossy(width: 10, height: 10), Self.pdf,
        ]
        let inputs = Fuzzer.run("mutated headers") { generator in
            let bytes = Self.mutate(seeds.randomElement(using: &generator)!, using: &generator)
            for kind in [AttachmentKind.picture, .pdf] { _ = AttachmentCopy.problem(bytes, kind: kind, limits: ExtractionLimits()) }
            _ = AttachmentCopy.gifFrameSize(bytes)
            return (Fuzzer.show(Array(bytes.prefix(64))), nil)
        }
        #expect(inputs > 0)
    }
}
