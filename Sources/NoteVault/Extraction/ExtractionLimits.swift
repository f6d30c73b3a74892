import CEnoteSystem

/// What reading one attachment may cost, the one home of those rules: every reader (poppler's
/// `pdfinfo`, `pdftotext`, `pdftoppm`, and tesseract) runs as a child process niced to 19, in
/// at most ``memoryBytes`` of address space and ``cpuSeconds`` of CPU time, killed when it runs
/// past its time or prints more than ``outputBytes``; a file the limits refuse is reported
/// (``ExtractedText/failure``), never read. A crash, a hang or a hostile file in a reader so
/// ends as a failure of that one file, and the watcher and the index never see it.
public struct ExtractionLimits: Sendable, Equatable {
    /// The address space of one reader process: 1 GiB (tesseract reads an A4 page at 300 dpi in
    /// about 150 MB; a 40-megapixel photo in about 600 MB).
    public var memoryBytes: UInt64 = 1 << 30
    /// CPU seconds of one reader process.
    public var cpuSeconds: UInt64 = 120
    /// Wall seconds of one reader process (one page, or one PDF's text layer).
    public var seconds: Double = 180
    /// The most text one reader may print.
    public var outputBytes = 8 << 20
    /// The most text kept and searched of one file (its first pages'): a PDF with a text layer
    /// of 30 MB would otherwise be written into the index whole at every save of its note.
    public var textBytes = 1 << 20
    /// The most wall seconds one file's OCR may take (a 500-page scan takes about 15 minutes);
    /// the pages read by then are kept, and the file says so.
    public var fileSeconds: Double = 3600
    /// The largest picture file read, and the largest PDF.
    public var pictureBytes = 64 << 20
    public var pdfBytes = 512 << 20
    /// The most pixels a picture or a rendered PDF page may have: 50 megapixels (a phone's
    /// largest photos; an A4 page at 300 dpi is 8.7). A larger picture is refused by its
    /// header, before any reader opens it; a larger PDF page is rendered at a lower resolution.
    public var pixels = 50_000_000
    /// The most pages of one PDF that are read.
    public var pages = 2000
    /// The largest file a reader may write (a rendered page).
    public var writtenBytes: UInt64 = 256 << 20

    public init() {}

    /// The limits of one reader process.
    var child: EnoteChildLimits {
        EnoteChildLimits(memory_bytes: memoryBytes, cpu_seconds: cpuSeconds, file_bytes: writtenBytes, nice: 19)
    }
}
