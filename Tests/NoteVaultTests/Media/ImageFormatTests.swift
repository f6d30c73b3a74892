import Foundation
import Testing

@testable import NoteVault

/// Pictures told by their magic bytes, never by their names, with the pixel size from the header.
@Suite("ImageFormat")
struct ImageFormatTests {
    typealias Case = (name: String, bytes: [UInt8], format: ImageFormat, width: Int, height: Int)

    static let headers: [Case] = [
        ("PNG", ImageBytes.png(width: 640, height: 480), .png, 640, 480),
        ("PNG, large", ImageBytes.png(width: 70_000, height: 3), .png, 70_000, 3),
        ("JPEG baseline, no segments", ImageBytes.jpeg(width: 320, height: 200), .jpeg, 320, 200),
        (
            "JPEG with JFIF, Exif, DQT and DHT before SOF0",
            ImageBytes.jpeg(width: 4032, height: 3024, before: [ImageBytes.jfif, ImageBytes.exif, ImageBytes.quantisation, ImageBytes.huffman]), .jpeg, 4032,
            3024
        ),
        ("JPEG progressive (SOF2)", ImageBytes.jpeg(width: 1024, height: 768, sof: 0xC2, before: [ImageBytes.jfif]), .jpeg, 1024, 768),
        ("JPEG extended (SOF1)", ImageBytes.jpeg(width: 17, height: 9, sof: 0xC1), .jpeg, 17, 9),
        (
            "JPEG with fill bytes before a marker", [0xFF, 0xD8] + ImageBytes.exif + [0xFF, 0xFF] + Array(ImageBytes.jpeg(width: 5, height: 6).dropFirst(2)),
            .jpeg, 5, 6
        ),
        ("GIF89a", ImageBytes.gif(width: 300, height: 2), .gif, 300, 2),
        ("GIF87a", ImageBytes.gif(width: 1, height: 65_535, version: "87a"), .gif, 1, 65_535),
        ("WebP lossy (VP8)", ImageBytes.webpLossy(width: 550, height: 368), .webp, 550, 368),
        ("WebP lossless (VP8L)", ImageBytes.webpLossless(width: 386, height: 395), .webp, 386, 395),
        ("WebP lossless, 1×1", ImageBytes.webpLossless(width: 1, height: 1), .webp, 1, 1),
        ("WebP lossless, 16384×16384", ImageBytes.webpLossless(width: 16_384, height: 16_384), .webp, 16_384, 16_384),
        ("WebP extended (VP8X)", ImageBytes.webpExtended(width: 2_000_000, height: 7), .webp, 2_000_000, 7),
        ("HEIC", ImageBytes.heic(width: 4032, height: 3024), .heic, 4032, 3024),
        ("HEIF brand mif1", ImageBytes.heic(width: 12, height: 34, brand: "mif1"), .heic, 12, 34),
        ("HEIC brand heix", ImageBytes.heic(width: 1, height: 2, brand: "heix"), .heic, 1, 2),
    ]

    @Test("each format and its pixel size", arguments: headers)
    func detects(_ sample: Case) throws {
        let info = try #require(ImageFormat.inspect(sample.bytes), "\(sample.name) not recognised")
        #expect(info.format == sample.format, "\(sample.name)")
        #expect(info.width == sample.width, "\(sample.name)")
        #expect(info.height == sample.height, "\(sample.name)")
    }

    @Test(
        "the pictures of SampleVault",
        arguments: [
            ("garden.png", ImageFormat.png, 96, 64), ("sunset.jpg", .jpeg, 120, 80), ("cat.gif", .gif, 48, 48),
        ])
    func samplePictures(name: String, format: ImageFormat, width: Int, height: Int) throws {
        let info = try #require(ImageFormat.inspect(try ImageBytes.sample(name)))
        #expect(info == ImageFormat.Info(format: format, width: width, height: height))
    }

    @Test("trailing data after the header changes nothing", arguments: headers)
    func trailingData(_ sample: Case) throws {
        let info = try #require(ImageFormat.inspect(sample.bytes + [UInt8](repeating: 0xAB, count: 500)))
        #expect(info == ImageFormat.Info(format: sample.format, width: sample.width, height: sample.height))
    }

    @Test("every strict prefix of the magic bytes is not a picture", arguments: headers)
    func truncatedMagic(_ sample: Case) {
        let magicLength: Int
        switch sample.format {
        case .png: magicLength = 8
        case .jpeg: magicLength = 3
        case .gif: magicLength = 6
        case .webp, .heic: magicLength = 12
        }
        for length in 0..<magicLength {
            #expect(ImageFormat.inspect(Array(sample.bytes.prefix(length))) == nil, "\(sample.name) cut to \(length) bytes")
        }
    }

    @Test("a header cut short keeps its format but gives no size (never a wrong one)", arguments: headers)
    func truncatedHeader(_ sample: Case) {
        // Every cut of the header: the size is either absent or right, and nothing crashes.
        for length in 0..<sample.bytes.count {
            guard let info = ImageFormat.inspect(Array(sample.bytes.prefix(length))) else { continue }
            #expect(info.format == sample.format)
            if let width = info.width, let height = info.height {
                #expect(width == sample.width && height == sample.height, "\(sample.name) cut to \(length): \(width)×\(height)")
            }
        }
    }

    @Test(
        "headers with the magic bytes and nothing else",
        arguments: [
            (ImageBytes.pngSignature, ImageFormat.png),
            ([0xFF, 0xD8, 0xFF], .jpeg),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], .jpeg),
            (ImageBytes.ascii("GIF89a"), .gif),
            (ImageBytes.ascii("RIFF\u{0}\u{0}\u{0}\u{0}WEBP"), .webp),
            (ImageBytes.ascii("RIFF\u{4}\u{0}\u{0}\u{0}WEBPVP8Z") + [UInt8](repeating: 0, count: 30), .webp),
            (ImageBytes.box("ftyp", ImageBytes.ascii("heic")), .heic),
        ])
    func magicOnly(bytes: [UInt8], format: ImageFormat) throws {
        let info = try #require(ImageFormat.inspect(bytes))
        #expect(info.format == format)
        #expect(info.width == nil && info.height == nil)
    }

    @Test(
        "a JPEG whose segments are garbled gives no size",
        arguments: [
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x41, 0x42] + [UInt8](repeating: 0x41, count: 40),
            [0xFF, 0xD8] + ImageBytes.segment(0xE0, [1, 2, 3]) + [0x00, 0xC0, 0x00, 0x11],
            [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF],
        ] as [[UInt8]])
    func garbledJPEG(bytes: [UInt8]) throws {
        let info = try #require(ImageFormat.inspect(bytes))
        #expect(info.format == .jpeg)
        #expect(info.width == nil && info.height == nil)
    }

    @Test(
        "text, garbage and other formats are not pictures",
        arguments: [
            [],
            ImageBytes.ascii("hello, world\n"),
            ImageBytes.ascii("---\ntitle: Not a picture\n---\nJust text saved as photo.png\n"),
            ImageBytes.ascii("PNG image data, 96 x 64"),
            ImageBytes.ascii("GIF88a") + [1, 0, 1, 0],
            ImageBytes.ascii("gif89a") + [1, 0, 1, 0],
            [0x89] + ImageBytes.ascii("PNG\r\n\u{1A}\r"),
            [0xFF, 0xD8, 0x00, 0xE0],
            [0xD8, 0xFF, 0xFF, 0xE0],
            ImageBytes.ascii("RIFF\u{24}\u{0}\u{0}\u{0}WAVEfmt ") + [UInt8](repeating: 0, count: 30),
            ImageBytes.ascii("RIFF\u{24}\u{0}\u{0}\u{0}AVI LIST") + [UInt8](repeating: 0, count: 30),
            ImageBytes.box("ftyp", ImageBytes.ascii("isom") + [0, 0, 2, 0] + ImageBytes.ascii("isomiso2mp41")),
            ImageBytes.box("ftyp", ImageBytes.ascii("qt  ")),
            ImageBytes.box("ftyp", ImageBytes.ascii("HEIC")),
            ImageBytes.ascii("%PDF-1.7\n"),
            [0xEF, 0xBB, 0xBF] + ImageBytes.ascii("text with a BOM"),
            [UInt8](repeating: 0, count: 64),
            [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00],
        ] as [[UInt8]])
    func notPictures(bytes: [UInt8]) {
        #expect(ImageFormat.inspect(bytes) == nil, "\(bytes.prefix(16))")
    }

    @Test("random bytes never crash the reader, and are pictures only with a magic prefix")
    func randomBytes() {
        var generator = SeededGenerator(seed: 0x1234_5678)
        let magics: [[UInt8]] = [ImageBytes.pngSignature, [0xFF, 0xD8, 0xFF], ImageBytes.ascii("GIF89a"), ImageBytes.ascii("RIFF")]
        for round in 0..<2000 {
            let length = Int.random(in: 0...80, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round % 2 == 0, let magic = magics.randomElement(using: &generator) { bytes = magic + bytes }
            if let info = ImageFormat.inspect(bytes) {
                #expect(info.width.map { $0 >= 0 } ?? true)
                #expect(info.height.map { $0 >= 0 } ?? true)
            }
        }
    }

    @Test(
        "the extension a copy gets",
        arguments: [
            (ImageFormat.png, "png"), (.jpeg, "jpg"), (.gif, "gif"), (.webp, "webp"), (.heic, "heic"),
        ])
    func fileExtension(format: ImageFormat, ext: String) {
        #expect(format.fileExtension == ext)
    }
}

/// ImageAttachment.load: the file is checked by its content, whatever its name says.
@Suite("ImageAttachment")
struct ImageAttachmentTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox(initialize: false)
    }

    @Test(
        "a picture loads with its format, size and name",
        arguments: [
            ("photo.jpeg", ImageBytes.jpeg(width: 8, height: 4, sof: 0xC2), ImageFormat.jpeg, "photo.jpg"),
            ("Holiday Snap.PNG", ImageBytes.png(width: 2, height: 3), .png, "holiday-snap.png"),
            ("anim.webp", ImageBytes.webpExtended(width: 10, height: 20), .webp, "anim.webp"),
            ("IMG_0001.HEIC", ImageBytes.heic(width: 30, height: 40), .heic, "img-0001.heic"),
            ("misnamed.txt", ImageBytes.gif(width: 5, height: 5), .gif, "misnamed.gif"),
            (".png", ImageBytes.png(width: 1, height: 1), .png, "png.png"),
        ])
    func loads(name: String, bytes: [UInt8], format: ImageFormat, copyName: String) throws {
        let path = sandbox.outside + "/" + name
        try sandbox.writeAbsolute(path, bytes)
        let image = try ImageAttachment.load(path)
        #expect(image.info.format == format)
        #expect(image.bytes == bytes)
        #expect(image.originalName == name)
        #expect(image.copyName == copyName)
    }

    @Test("a text file named .png is refused, naming the file and the rule")
    func textRenamed() throws {
        let path = sandbox.outside + "/notes.png"
        try sandbox.writeAbsolute(path, Array("just some text\n".utf8))
        do {
            _ = try ImageAttachment.load(path)
            Issue.record("a text file was accepted as a picture")
        } catch {
            guard case .invalidInput(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.english.contains(path))
            #expect(message.english.contains("not a PNG, JPEG, GIF, WebP or HEIC"))
            #expect(message.english.contains("nothing was created"))
        }
    }

    @Test("a missing file or a folder is refused")
    func missing() throws {
        #expect(throws: VaultError.self) { try ImageAttachment.load(sandbox.outside + "/nope.png") }
        #expect(throws: VaultError.self) { try ImageAttachment.load(sandbox.outside) }
    }
}

/// A small deterministic random number generator (SplitMix64), so property tests repeat.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
