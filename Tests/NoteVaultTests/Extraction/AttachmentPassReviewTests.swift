import CEnoteSystem
import EnoteTestSupport
import Foundation
import GRDB
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// What a stranger's review of the reading pass found (each seen failing before its fix): a
/// reader over its CPU time reported as killed from outside (and so read again for ever), files
/// that cannot be read looked at again by every pass with the notes' FTS rows rewritten each
/// time, a language installed later not reading pictures again, and cached text left behind
/// when the index no longer shows any file.
@Suite struct AttachmentPassReviewTests {
    let sandbox: VaultSandbox
    let environment = ProcessInfo.processInfo.environment

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// The largest rowid of FTS5's own storage: any write to the FTS table (a row rewritten, a
    /// merge) makes a new one.
    private func ftsWrites(_ index: NoteIndex) throws -> Int64 {
        try index.database.read { db in try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM notes_fts_data") ?? 0 }
    }

    @Test func aReaderOverItsCPUTimeIsToldSoNotKilledAsIfFromOutside() throws {
        let limits = EnoteChildLimits(memory_bytes: 0, cpu_seconds: 1, file_bytes: 0, nice: 0)
        let result = try #require(
            ProcessRunner.capture(["/bin/sh", "-c", "while :; do :; done"], environment: ["PATH": "/usr/bin:/bin"], timeout: 60, limits: limits))
        // SIGXCPU says "over its CPU time", a fact about the file; SIGKILL would read as killed
        // from outside, a failure that may pass.
        #expect(result.status == 128 + SIGXCPU)
        #expect(!result.timedOut)
    }

    @Test func aSymbolicLinkRefusedOnceIsNotLookedAtAgainUntilItChanges() throws {
        try sandbox.write("links.md", "# Links\n\n![passwords](secret.png)\n")
        symlink("/etc/passwd", sandbox.path("secret.png"))
        // Past the racy window, in which a refusal is looked at again (the header may not be
        // written yet).
        usleep(UInt32(FileStatus.racyWindow / 1000) + 100_000)
        let index = try sandbox.openIndex()
        let first = try index.readAttachments(environment: environment)
        #expect(first.pending == 1)
        #expect(first.failed == 1)
        #expect(try index.unreadAttachments().map(\.failure) == ["it is a symbolic link, which enote does not follow"])
        let writes = try ftsWrites(index)
        let second = try index.readAttachments(environment: environment)
        #expect(second.pending == 0)
        #expect(try ftsWrites(index) == writes)
    }

    @Test func aFolderNamedLikeAPictureIsNotLookedAtByEveryPass() throws {
        try sandbox.write("album.md", "# Album\n\n![cover](cover.png)\n")
        try FileManager.default.createDirectory(atPath: sandbox.path("cover.png"), withIntermediateDirectories: true)
        let index = try sandbox.openIndex()
        #expect(try index.readAttachments(environment: environment).pending == 0)
        let writes = try ftsWrites(index)
        #expect(try index.readAttachments(environment: environment).pending == 0)
        #expect(try ftsWrites(index) == writes)
    }

    @Test func aPictureTouchedButUnchangedRewritesNoFTSRow() throws {
        let receipt = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges 12.80"]]), dpi: 300, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("receipt.png"), receipt)
        try sandbox.write("shopping.md", "# Shopping\n\n![receipt](receipt.png)\n")
        let index = try sandbox.openIndex()
        #expect(try index.readAttachments(environment: environment).read == 1)
        let writes = try ftsWrites(index)
        var earlier = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, sandbox.path("receipt.png"), &earlier, 0)
        let again = try index.readAttachments(environment: environment)
        #expect(again.pending == 1)
        #expect(again.read == 0)  // found in the cache by its bytes
        #expect(try ftsWrites(index) == writes)
        #expect(try index.found("hinges") == ["shopping.md"])
    }

    @Test func aLanguageInstalledLaterReadsThePicturesAgain() throws {
        let receipt = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges 12.80"]]), dpi: 300, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("receipt.png"), receipt)
        try sandbox.write("shopping.md", "# Shopping\n\n![receipt](receipt.png)\n")
        try sandbox.write(".enote/config", "languages = en, ru\n")
        // A tesseract with English only, as before `apt install tesseract-ocr-rus`.
        let system = try #require(
            ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"].first { access($0 + "/rus.traineddata", F_OK) == 0 })
        let englishOnly = sandbox.temporary + "/tessdata"
        try FileManager.default.createDirectory(atPath: englishOnly, withIntermediateDirectories: true)
        symlink(system + "/eng.traineddata", englishOnly + "/eng.traineddata")
        var before = environment
        before["TESSDATA_PREFIX"] = englishOnly
        // Past the window in which a file's times prove nothing (``FileStatus/racyWindow``), so
        // only the languages make the last pass read it again.
        usleep(UInt32(FileStatus.racyWindow / 1000) + 100_000)
        let index = try sandbox.openIndex()
        #expect(try index.readAttachments(environment: before).read == 1)
        #expect(try index.readAttachments(environment: before).pending == 0)
        var after = environment
        after["TESSDATA_PREFIX"] = system
        let again = try index.readAttachments(environment: after)
        #expect(again.pending == 1)
        #expect(again.read == 1)
    }

    @Test func cachedTextGoesWhenTheIndexNoLongerShowsAnyFile() throws {
        let receipt = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges 12.80"]]), dpi: 300, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("receipt.png"), receipt)
        try sandbox.write("shopping.md", "# Shopping\n\n![receipt](receipt.png)\n")
        try sandbox.openIndex().readAttachments(environment: environment)
        let cache = ExtractionCache(vault: try sandbox.vault())
        #expect(cache.text(for: SHA256.hex(of: receipt)) != nil)
        // The note is deleted while no pass runs, and the index is built again from the files.
        try FileManager.default.removeItem(atPath: sandbox.path("shopping.md"))
        let session = try VaultSession(vault: try sandbox.vault(), role: .command, purpose: .rebuild)
        try session.fresh()
        try session.commandIndex().readAttachments(environment: environment)
        #expect(cache.text(for: SHA256.hex(of: receipt)) == nil)
        #expect(!cache.holdsText)
    }

    @Test func aPDFReadInPartIsSaidSoNotCalledUnread() throws {
        try sandbox.writeAbsolute(sandbox.path("long.pdf"), TestDocuments.textPDF([["The first page of the lease"], ["The second page of the lease"]]))
        try sandbox.write("long.md", "# Long\n\n[lease](long.pdf)\n")
        var limits = ExtractionLimits()
        limits.pages = 1
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment, limits: limits)
        let unread = try index.unreadAttachments()
        #expect(unread.map(\.inPart) == [true])
        #expect(unread.map(\.failure) == ["only the first 1 of its 2 pages are read"])
        #expect(try index.found("first") == ["long.md"])
    }

    @Test func withoutTesseractAPDFLeavingItsNoteStillLeavesTheIndexAndTheCache() throws {
        // A machine with poppler and no tesseract: the picture waits, the PDF is read.
        let bin = sandbox.temporary + "/poppler-only"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for program in ["pdfinfo", "pdftotext", "pdftoppm"] {
            let found = try #require(ProcessRunner.executable(program, path: environment["PATH"]))
            symlink(found, bin + "/" + program)
        }
        let popplerOnly = ["PATH": bin]
        let receipt = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges 12.80"]]), dpi: 150, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("photo.png"), receipt)
        let statement = TestDocuments.textPDF([["The overdraft statement of the quarter"]])
        try sandbox.writeAbsolute(sandbox.path("bank.pdf"), statement)
        try sandbox.write("money.md", "# Money\n\n![photo](photo.png)\n\n[statement](bank.pdf)\n")
        let index = try sandbox.openIndex()
        let first = try index.readAttachments(environment: popplerOnly)
        #expect(first.unavailable != nil)
        #expect(try index.found("overdraft") == ["money.md"])
        // The link and the file go (a PDF left in the vault would be an entry of its own:
        // FileEntryTests).
        try sandbox.write("money.md", "# Money\n\n![photo](photo.png)\n")
        try FileManager.default.removeItem(atPath: sandbox.path("bank.pdf"))
        let again = try sandbox.openIndex()
        let second = try again.readAttachments(environment: popplerOnly)
        #expect(second.unavailable != nil)  // the picture still waits
        #expect(try again.found("overdraft").isEmpty)
        #expect(ExtractionCache(vault: again.vault).text(for: SHA256.hex(of: statement)) == nil)
        let words = try again.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM words WHERE word LIKE 'overdraft%'") }
        #expect(words == 0)
    }

    @Test func withoutTesseractAPDFsTextLayerIsSearchableAndItsBlankPageWaits() throws {
        let bin = sandbox.temporary + "/poppler-only"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for program in ["pdfinfo", "pdftotext", "pdftoppm", "pdfimages"] {
            let found = try #require(ProcessRunner.executable(program, path: environment["PATH"]))
            symlink(found, bin + "/" + program)
        }
        // A text page and a page with no text at all (a cover, a scan): the second needs OCR.
        try sandbox.writeAbsolute(sandbox.path("invoice.pdf"), TestDocuments.textPDF([["Invoice 4471 for the orchard lease"], []]))
        try sandbox.write("bills.md", "# Bills\n\n[invoice](invoice.pdf)\n")
        let index = try sandbox.openIndex()
        let first = try index.readAttachments(environment: ["PATH": bin])
        #expect(first.unavailable != nil)
        #expect(try index.found("orchard") == ["bills.md"])
        #expect(try index.unreadAttachments().map(\.inPart) == [true])
        // Not read again while tesseract is still missing (found in the cache if looked at).
        #expect(try index.readAttachments(environment: ["PATH": bin]).read == 0)
        // Once it is there, the file is read again, its blank page by OCR.
        let again = try index.readAttachments(environment: environment)
        #expect(again.read == 1)
        #expect(try index.unreadAttachments().isEmpty)
        #expect(try index.attachments(of: NotePath(trusted: "bills.md")).first?.text?.pages.map(\.ocr) == [false, true])
    }
}
