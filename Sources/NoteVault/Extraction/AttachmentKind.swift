/// What a note's attachment is, for reading the text in it: a picture (read by OCR) or a PDF
/// (its text layer, and OCR of its pages that have none). Told by the file's name, then checked
/// against its first bytes before anything reads it.
public enum AttachmentKind: String, Sendable, Hashable, Codable {
    case picture
    case pdf

    /// The kind a file of this name is taken for; `nil` when enote reads no text from it.
    public init?(path: String) {
        let name = path.lowercased()
        if name.hasSuffix(".pdf") {
            self = .pdf
        } else if ImageFormat.named(byExtensionOf: name) != nil {
            self = .picture
        } else {
            return nil
        }
    }

    /// Whether `bytes` (a file's first ones) start as this kind says: one of the
    /// ``ImageFormat``s for a picture, `%PDF-` within the first KiB for a PDF (as readers accept).
    func matches(start bytes: [UInt8]) -> Bool {
        switch self {
        case .picture: return ImageFormat.inspect(bytes) != nil
        case .pdf:
            let head = bytes.prefix(1024)
            let magic = Array("%PDF-".utf8)
            guard head.count >= magic.count else { return false }
            return (0...(head.count - magic.count)).contains { start in
                head[head.startIndex + start..<head.startIndex + start + magic.count].elementsEqual(magic)
            }
        }
    }
}
