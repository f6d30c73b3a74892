import Foundation

/// The text read from one attachment: its pages in order (a picture has one), or why none could
/// be read. What ``ExtractionCache`` keeps under the file's content hash, and what the index
/// searches with the notes that show or link the file.
public struct ExtractedText: Sendable, Equatable, Codable {
    /// One page's text and how it was read.
    public struct Page: Sendable, Equatable, Codable {
        /// The page's number, from 1 (a picture's one page is 1).
        public var number: Int
        public var text: String
        /// Whether the text was recognised in the page's picture (OCR) rather than read from
        /// the PDF's text layer.
        public var ocr: Bool

        public init(number: Int, text: String, ocr: Bool) {
            self.number = number
            self.text = text
            self.ocr = ocr
        }
    }

    public var kind: AttachmentKind
    public var pages: [Page]
    /// Why the file could not be read (corrupt, encrypted, too large, the reader gave up);
    /// `nil` when it was. Pages read before a later one failed are kept.
    public var failure: String?
    /// How the OCR was done (``OCREngine/recipe``): a text read with other languages is read
    /// again when the vault's languages change. Empty when no page needed OCR.
    public var recipe: String
    /// Seconds the reading took, for `enote doctor` and the cost figures.
    public var seconds: Double
    /// Whether the failure may pass (a reader ran out of time on a busy machine, or was killed
    /// from outside): such a text is never cached, and the next pass reads the file again.
    public var transient = false

    public init(kind: AttachmentKind, pages: [Page], failure: String? = nil, recipe: String = "", seconds: Double = 0) {
        self.kind = kind
        self.pages = pages
        self.failure = failure
        self.recipe = recipe
        self.seconds = seconds
    }

    /// The ``recipe`` of a PDF whose text layer was read while tesseract was not there: its
    /// pages without one wait, and the first pass that finds tesseract reads the file again.
    public static let waitingForOCR = "waiting for tesseract"

    /// Whether any page was read by OCR.
    public var usedOCR: Bool { pages.contains { $0.ocr } }

    /// The pages with at most `limit` bytes of text in all (the first pages'), and whether any
    /// was cut.
    func keepingText(within limit: Int) -> ExtractedText {
        var kept = self
        var room = limit
        var cut = false
        for index in kept.pages.indices {
            let bytes = kept.pages[index].text.utf8.count
            if bytes <= room {
                room -= bytes
                continue
            }
            cut = true
            let prefix = kept.pages[index].text.utf8.prefix(room)
            kept.pages[index].text = String(decoding: prefix, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\u{FFFD}"))
            room = 0
        }
        if cut, kept.failure == nil { kept.failure = "only the first \(limit >> 10) KiB of its text are searched" }
        return kept
    }

    /// The text of every page, one after the other.
    public var wholeText: String { pages.map(\.text).joined(separator: "\n\n") }
}
