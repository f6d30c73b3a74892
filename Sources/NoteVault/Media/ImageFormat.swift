/// The picture formats a photo note accepts, told by their magic bytes (never by the file
/// name), with their pixel size read from the header.
///
/// For example:
///
/// ```swift
/// let info = ImageFormat.inspect(pngBytes)   // (.png, width: 96, height: 64)
/// ImageFormat.inspect(Array("hello".utf8))    // nil: not a picture
/// ```
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, heic

    /// The file extension enote gives a copy.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// The format a file name's extension names (`png`, `jpg` or `jpeg`, `gif`, `webp`, `heic`;
    /// any case), or `nil`: how a link to a picture is told from a link to a note before the
    /// file is read.
    public static func named(byExtensionOf path: String) -> ImageFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return ext == "jpg" ? .jpeg : ImageFormat(rawValue: ext)
    }

    /// What a picture's header says.
    public struct Info: Sendable, Equatable {
        public var format: ImageFormat
        /// Pixel size, when the header gives it.
        public var width: Int?
        public var height: Int?
    }

    /// The format and size of `bytes`, or `nil` when they are not one of the accepted formats.
    public static func inspect(_ bytes: [UInt8]) -> Info? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // IHDR is the first chunk: width and height at offsets 16 and 20.
            return Info(format: .png, width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            let (width, height) = jpegSize(bytes)
            return Info(format: .jpeg, width: width, height: height)
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            return Info(format: .gif, width: littleEndian(bytes, 6, 2), height: littleEndian(bytes, 8, 2))
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            let (width, height) = webpSize(bytes)
            return Info(format: .webp, width: width, height: height)
        }
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            guard ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) else { return nil }
            let (width, height) = heicSize(bytes)
            return Info(format: .heic, width: width, height: height)
        }
        return nil
    }

    // MARK: - Headers

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> Int? {
        guard offset + length <= bytes.count else { return nil }
        return bytes[offset..<(offset + length)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> Int? {
        guard offset + length <= bytes.count else { return nil }
        return bytes[offset..<(offset + length)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Walks JPEG segments to the first start-of-frame marker.
    private static func jpegSize(_ bytes: [UInt8]) -> (Int?, Int?) {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return (nil, nil) }
            let marker = bytes[offset + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 || marker == 0xFF {
                offset += marker == 0xFF ? 1 : 2
                continue
            }
            guard let length = bigEndian(bytes, offset + 2, 2) else { return (nil, nil) }
            // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (bigEndian(bytes, offset + 7, 2), bigEndian(bytes, offset + 5, 2))
            }
            offset += 2 + length
        }
        return (nil, nil)
    }

    /// VP8 (lossy), VP8L (lossless) and VP8X (extended) headers.
    private static func webpSize(_ bytes: [UInt8]) -> (Int?, Int?) {
        guard bytes.count >= 16 else { return (nil, nil) }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard let width = littleEndian(bytes, 26, 2), let height = littleEndian(bytes, 28, 2) else { return (nil, nil) }
            return (width & 0x3FFF, height & 0x3FFF)
        case "VP8L":
            guard bytes.count >= 25 else { return (nil, nil) }
            let b1 = Int(bytes[21]), b2 = Int(bytes[22]), b3 = Int(bytes[23]), b4 = Int(bytes[24])
            return (1 + ((b2 & 0x3F) << 8 | b1), 1 + ((b4 & 0x0F) << 10 | b3 << 2 | (b2 & 0xC0) >> 6))
        case "VP8X":
            guard let width = littleEndian(bytes, 24, 3), let height = littleEndian(bytes, 27, 3) else { return (nil, nil) }
            return (width + 1, height + 1)
        default:
            return (nil, nil)
        }
    }

    /// The first `ispe` (image spatial extents) property of a HEIF file.
    private static func heicSize(_ bytes: [UInt8]) -> (Int?, Int?) {
        let marker = Array("ispe".utf8)
        let limit = min(bytes.count, 256 * 1024)
        var index = 8
        while index + 16 <= limit {
            if bytes[index..<(index + 4)].elementsEqual(marker) {
                // box type, version+flags (4), width (4), height (4)
                return (bigEndian(bytes, index + 8, 4), bigEndian(bytes, index + 12, 4))
            }
            index += 1
        }
        return (nil, nil)
    }
}
