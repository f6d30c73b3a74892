import EnoteTestSupport
import Foundation
import GRDB
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// What an adversary found against the first version of the reading pass (each seen failing
/// there with its scripts): text left in FTS5's segments and the vocabulary after a picture
/// left its note, a destroyed note's text written back by a pass that was reading it, a
/// reader's passing failure cached for good, copies left behind by a killed pass, pixel limits
/// passed by a GIF's frame or a JPEG's late header, a replacement with its old mtime restored.
@Suite struct AttachmentAdversaryTests {
    let sandbox: VaultSandbox
    let environment = ProcessInfo.processInfo.environment
    let receipt: [UInt8]

    init() throws {
        sandbox = try VaultSandbox()
        receipt = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges 12.80"]]), dpi: 300, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("receipt.png"), receipt)
        try sandbox.write("shopping.md", "# Shopping\n\n![receipt](receipt.png)\n")
    }

    /// Whether `word` is anywhere in the index's file (FTS5's segments, the vocabulary, the
    /// write-ahead log).
    private func indexHolds(_ word: String) -> Bool {
        let files = [".enote/index.sqlite", ".enote/index.sqlite-wal"].compactMap { sandbox.bytes($0) }
        return files.contains { bytes in
            let needle = Array(word.utf8)
            return bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
        }
    }

    @Test func aPictureLeavingItsNoteLeavesNoWordOfItInTheIndexFile() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(indexHolds("hinges"))
        try sandbox.write("shopping.md", "# Shopping\n\nNo receipt kept.\n")
        let again = try sandbox.openIndex()
        try again.readAttachments(environment: environment)
        #expect(!indexHolds("hinges"))
        let words = try again.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM words WHERE word LIKE 'hinge%'") }
        #expect(words == 0)
    }

    @Test func textReadForANoteDeletedMeanwhileIsNotStored() throws {
        let index = try sandbox.openIndex()
        let text = ExtractedText(kind: .picture, pages: [.init(number: 1, text: "scannedsecret", ocr: true)])
        let stored = StoredAttachment(path: NotePath(trusted: "gone.png"), size: 1, mtime: 1, ctime: 1, inode: 1, hash: String(repeating: "a", count: 64), text: text)
        let unused = try index.connection.write { store in try store.saveAttachment(stored, at: stored.path) }
        guard case .written(let saved) = unused else { Issue.record("not written"); return }
        #expect(saved.unused == [String(repeating: "a", count: 64)])
        let rows = try index.database.read { db in try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM attachments) + (SELECT count(*) FROM attachment_pages)") }
        #expect(rows == 0)
    }

    @Test func aReaderThatRanOutOfTimeIsReadAgainByTheNextPassNotCached() throws {
        var hurried = ExtractionLimits()
        hurried.seconds = 0.05
        let index = try sandbox.openIndex()
        let done = try index.readAttachments(environment: environment, limits: hurried)
        #expect(done.failed == 1)
        #expect(try index.unreadAttachments().map(\.failure) == ["tesseract did not finish within 0.05 s"])
        #expect(ExtractionCache(vault: index.vault).text(for: SHA256.hex(of: receipt)) == nil)
        // The file did not change: the next pass reads it again all the same.
        #expect(try index.readAttachments(environment: environment).read == 1)
        #expect(try index.found("hinges") == ["shopping.md"])
        #expect(try index.unreadAttachments().isEmpty)
    }

    @Test func aKilledPassesCopiesAreClearedByTheNext() throws {
        let leftover = sandbox.path(".enote/extracted/work/read-abc123")
        try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: true)
        try Data("secret copy".utf8).write(to: URL(fileURLWithPath: leftover + "/file.pdf"))
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path(".enote/extracted/work")))
        // And git never sees the cache.
        #expect(sandbox.text(".enote/extracted/.gitignore") == "*\n")
    }

    @Test(
        "a picture whose real size is hidden from the header's first look is refused",
        arguments: [
            ("a GIF whose frame is larger than its screen", ImageBytes.gif(width: 10, height: 10).dropLast() + [0x2C, 0, 0, 0, 0, 0xE0, 0x2E, 0xE0, 0x2E, 0] + Array(";".utf8)),
            ("a JPEG with no size in its first bytes", [0xFF, 0xD8] + ImageBytes.segment(0xFE, [UInt8](repeating: 0x41, count: 60_000))),
            // Found by the fuzz loop: the product of the sides overflowed, and the process crashed.
            ("a PNG that claims 4 billion pixels a side", ImageBytes.png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)),
        ])
    func hiddenSizes(name: String, bytes: [UInt8]) {
        let problem = AttachmentCopy.problem(Array(bytes), kind: .picture, limits: ExtractionLimits())
        #expect(problem != nil, "\(name)")
    }

    @Test func aFileReplacedWithItsOldModificationTimeIsReadAgain() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        var before = stat()
        stat(sandbox.path("receipt.png"), &before)
        let other = try TestDocuments.render(TestDocuments.textPDF([["Copper nails 12.80"]]), dpi: 300, in: sandbox.temporary)
        let descriptor = open(sandbox.path("receipt.png"), O_WRONLY | O_TRUNC)
        _ = other.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), before.st_mtim]
        utimensat(AT_FDCWD, sandbox.path("receipt.png"), &times, 0)
        #expect(try index.readAttachments(environment: environment).read == 1)
        #expect(try index.found("copper") == ["shopping.md"])
    }

    @Test func aFilesTextIsKeptWithinItsLimitAndSaysSo() {
        let long = ExtractedText(kind: .pdf, pages: [.init(number: 1, text: "abcdef", ocr: false), .init(number: 2, text: "ghijkl", ocr: false)])
        let kept = long.keepingText(within: 9)
        #expect(kept.pages.map(\.text) == ["abcdef", "ghi"])
        #expect(kept.failure == "only the first 0 KiB of its text are searched")
        #expect(NoteAttachments.joined(["a", "b"]) == "a\n\nb")
    }
}
