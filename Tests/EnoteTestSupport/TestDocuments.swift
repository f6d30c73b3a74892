import Foundation

/// PDFs and pictures with known text, made for the extraction tests: PDFs written byte by byte
/// (Helvetica text, or one grey picture per page with no text layer), pictures rendered from
/// them by Debian's poppler (`pdftoppm`), so OCR reads real pixels of real type.
public enum TestDocuments {
    /// A PDF whose pages hold `pages` (each a list of lines) as text in Helvetica, 14 pt.
    public static func textPDF(_ pages: [[String]]) -> [UInt8] {
        var objects: [[UInt8]] = []
        let kids = pages.indices.map { "\(3 + $0 * 2) 0 R" }.joined(separator: " ")
        objects.append(Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        objects.append(Array("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>".utf8))
        let font = 3 + pages.count * 2
        for (number, lines) in pages.enumerated() {
            let escaped = lines.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)") }
            let content = "BT /F1 14 Tf 72 720 Td 20 TL " + escaped.map { "(\($0)) '" }.joined(separator: " ") + " ET"
            objects.append(
                Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(4 + number * 2) 0 R /Resources << /Font << /F1 \(font) 0 R >> >> >>".utf8))
            objects.append(Array("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8))
        }
        objects.append(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8))
        return assemble(objects)
    }

    /// A PDF of one page that is a `width` × `height` grey picture (`pixels`, one byte each)
    /// and has no text layer: a scan.
    public static func scannedPDF(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        let content = "q 612 0 0 792 0 0 cm /Im1 Do Q"
        return assemble([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>".utf8),
            Array("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8),
            Array("<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Length \(pixels.count) >>\nstream\n".utf8)
                + pixels + Array("\nendstream".utf8),
        ])
    }

    private static func assemble(_ objects: [[UInt8]]) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let table = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return out
    }

    /// Runs a program (poppler's, qpdf) and fails the test's setup when it does not succeed.
    @discardableResult
    public static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: arguments.joined(separator: " ")]) }
        return process.terminationStatus
    }

    /// `pdf`'s first page rendered by pdftoppm: a PNG at `dpi`, or (`gray: true`) its raw grey
    /// pixels with the size.
    public static func render(_ pdf: [UInt8], dpi: Int, in folder: String) throws -> [UInt8] {
        let source = folder + "/render-source.pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: source))
        try run(["pdftoppm", "-r", String(dpi), "-gray", "-singlefile", "-png", source, folder + "/render"])
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/render.png")))
    }

    /// `pdf`'s first page as grey pixels at `dpi` (pdftoppm's PGM, header dropped).
    public static func grayPixels(_ pdf: [UInt8], dpi: Int, in folder: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let source = folder + "/gray-source.pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: source))
        try run(["pdftoppm", "-r", String(dpi), "-gray", "-singlefile", source, folder + "/gray"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/gray.pgm")))
        // "P5\n<width> <height>\n255\n" then the pixels.
        var fields: [Int] = []
        var index = 2
        var current = ""
        while fields.count < 3, index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                current.append(Character(UnicodeScalar(byte)))
            } else if !current.isEmpty {
                fields.append(Int(current)!)
                current = ""
            }
            index += 1
        }
        return (fields[0], fields[1], Array(bytes[index...]))
    }
}
