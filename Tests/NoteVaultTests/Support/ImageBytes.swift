import Foundation

/// Small picture headers built as bytes, so tests need no image tools: just enough of each format
/// for its magic bytes and its pixel size.
enum ImageBytes {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF)] + be16(value) }
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le24(_ value: Int) -> [UInt8] { le16(value) + [UInt8(value >> 16 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG signature and its IHDR chunk (CRC left as zeros: only the header is read).
    static func png(width: Int, height: Int) -> [UInt8] {
        pngSignature + be32(13) + ascii("IHDR") + be32(width) + be32(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// A JPEG segment: marker, big-endian length (which counts itself) and payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    /// A JPEG: SOI, optional segments (APPn, DQT, DHT, …), the start-of-frame `sof` with the size,
    /// then the start of scan.
    static func jpeg(width: Int, height: Int, sof: UInt8 = 0xC0, before: [[UInt8]] = []) -> [UInt8] {
        let frame = segment(sof, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        return [0xFF, 0xD8] + before.flatMap { $0 } + frame + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [0x12, 0x34, 0xFF, 0xD9]
    }

    static let jfif = segment(0xE0, ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    static let exif = segment(0xE1, ascii("Exif") + [0, 0] + ascii("MM") + [0, 42] + [UInt8](repeating: 0xC0, count: 40))
    static let quantisation = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    static let huffman = segment(0xC4, [0] + [UInt8](repeating: 0, count: 16) + [0xC0, 0xC2])

    static func gif(width: Int, height: Int, version: String = "89a") -> [UInt8] {
        ascii("GIF" + version) + le16(width) + le16(height) + [0x80, 0, 0] + [0, 0, 0, 0xFF, 0xFF, 0xFF] + ascii(";")
    }

    /// A RIFF/WEBP file of one chunk.
    static func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        let body = ascii("WEBP") + ascii(chunk) + le32(payload.count) + payload
        return ascii("RIFF") + le32(body.count) + body
    }

    /// Lossy: frame tag, start code 9D 01 2A, 14-bit width and height.
    static func webpLossy(width: Int, height: Int) -> [UInt8] {
        riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height))
    }

    /// Lossless: signature 0x2F, then width−1 and height−1 in 14 bits each (the minimal header).
    static func webpLossless(width: Int, height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        return riff("VP8L", [0x2F] + le32(bits))
    }

    /// Extended: flags, reserved, then canvas width−1 and height−1 in 24 bits each.
    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        riff("VP8X", [0x10, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }

    /// An ISO-BMFF box.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(payload.count + 8) + ascii(type) + payload
    }

    /// HEIF: an `ftyp` box with `brand`, then a `meta` box holding an `ispe` property.
    static func heic(width: Int, height: Int, brand: String = "heic") -> [UInt8] {
        let ftyp = box("ftyp", ascii(brand) + be32(0) + ascii("mif1") + ascii(brand))
        let ispe = box("ispe", [0, 0, 0, 0] + be32(width) + be32(height))
        let meta = box(
            "meta",
            [0, 0, 0, 0] + box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + ascii("pict") + [UInt8](repeating: 0, count: 13))
                + box("iprp", box("ipco", ispe)))
        return ftyp + meta
    }

    /// The pictures of SampleVault (PNG 96×64, JPEG 120×80, GIF 48×48).
    static func sample(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [UInt8](try Data(contentsOf: root.appendingPathComponent("SampleVault/attachments/" + name)))
    }
}
