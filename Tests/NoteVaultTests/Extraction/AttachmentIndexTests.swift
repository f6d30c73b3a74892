import EnoteTestSupport
import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The text of pictures and PDFs in the index: found by the one search with the note that shows
/// the file, with the place it was found; read once per content (cache by hash); and gone from
/// the index and the cache when the file or its note goes.
@Suite struct AttachmentIndexTests {
    let sandbox: VaultSandbox
    let environment = ProcessInfo.processInfo.environment
    let receipt: [UInt8]

    init() throws {
        sandbox = try VaultSandbox()
        receipt = try TestDocuments.render(TestDocuments.textPDF([["Receipt from the hardware store", "Galvanised hinges 12.80"]]), dpi: 300, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("attachments/receipt.png"), receipt)
        try sandbox.write("shopping.md", "# Shopping\n\nWhat I bought today.\n\n![receipt](attachments/receipt.png)\n")
        let contract = TestDocuments.textPDF([["The lease of the warehouse runs until March."], ["Rent is payable quarterly in advance."]])
        try sandbox.writeAbsolute(sandbox.path("papers/contract.pdf"), contract)
        try sandbox.write("papers/lease.md", "# Lease\n\nThe signed copy: [contract](contract.pdf#page=2)\n")
    }

    private func cachedHashes() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.path(".enote/extracted"))) ?? []
        return Set(names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) })
    }

    @Test func anObsidianEmbedAndAWikilinkFindTheirFilesWhereLinksFindThem() throws {
        // `![[receipt.png]]` from a note in another folder: the file is in `attachments/`, as
        // Obsidian keeps pasted pictures; `[[papers/contract.pdf]]` from the root.
        try sandbox.write("journal/monday.md", "# Monday\n\n![[receipt.png]]\n\nSigned [[papers/contract.pdf|the lease]].\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(Set(try index.found("hinges")) == ["shopping.md", "journal/monday.md"])
        #expect(Set(try index.found("quarterly")) == ["papers/lease.md", "journal/monday.md"])
        // Only the places where a file is are listed, not every place a wikilink may lead.
        let listed = try index.attachments(of: NotePath(trusted: "journal/monday.md")).map(\.path.description)
        #expect(listed == ["attachments/receipt.png", "papers/contract.pdf"])
    }

    @Test func aNoteIsFoundByTheWordsInItsPictureOnceItIsRead() throws {
        let index = try sandbox.openIndex()
        #expect(try index.found("hinges").isEmpty)
        let done = try index.readAttachments(environment: environment)
        #expect(done.pending == 2)
        #expect(done.read == 2)
        #expect(done.failed == 0)
        let hit = try #require(try index.results("hinges").notes.first)
        #expect(hit.path.description == "shopping.md")
        #expect(hit.foundIn == AttachmentPlace(path: NotePath(trusted: "attachments/receipt.png"), page: nil))
        #expect(hit.snippet?.contains("\u{2}hinges\u{3}") == true)
        // The same word forms as every search: the singular finds the plural.
        #expect(try index.found("hinge") == ["shopping.md"])
    }

    @Test func aHitInAPDFSaysItsPage() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let hit = try #require(try index.results("quarterly").notes.first)
        #expect(hit.path.description == "papers/lease.md")
        #expect(hit.foundIn == AttachmentPlace(path: NotePath(trusted: "papers/contract.pdf"), page: 2))
        #expect(hit.foundIn.map { Localization.translate($0.label, into: .english) } == "papers/contract.pdf p. 2")
    }

    @Test func aHitInTheNotesOwnTextNamesNoAttachment() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let hit = try #require(try index.results("bought").notes.first)
        #expect(hit.foundIn == nil)
    }

    @Test func aNoteSavedAgainKeepsItsPicturesTextWithoutReadingIt() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        try sandbox.write("shopping.md", "# Shopping\n\nWhat I bought on Monday.\n\n![receipt](attachments/receipt.png)\n")
        let again = try sandbox.openIndex()
        #expect(try again.found("hinges") == ["shopping.md"])
        #expect(try again.readAttachments(environment: environment).read == 0)
    }

    @Test func aPictureRenamedOrCopiedIsNeverReadTwice() throws {
        var index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(rename(sandbox.path("attachments/receipt.png"), sandbox.path("attachments/hardware.png")) == 0)
        try sandbox.write("shopping.md", "# Shopping\n\n![receipt](attachments/hardware.png)\n")
        try sandbox.writeAbsolute(sandbox.path("copy.png"), receipt)
        try sandbox.write("copy.md", "# Copy\n\n![again](copy.png)\n")
        index = try sandbox.openIndex()
        let done = try index.readAttachments(environment: environment)
        #expect(done.pending >= 2)  // and the first picture again, when it was written within the racy window
        #expect(done.read == 0)
        #expect(Set(try index.found("hinges")) == ["shopping.md", "copy.md"])
        #expect(try index.results("hinges").notes.contains { $0.foundIn?.path.description == "attachments/hardware.png" })
    }

    @Test func aRebuiltIndexFindsTheTextAgainFromTheCache() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let session = try VaultSession(vault: try sandbox.vault(), role: .command, purpose: .rebuild)
        try session.fresh()
        let rebuilt = session.commandIndex()
        #expect(try rebuilt.found("hinges").isEmpty)
        let done = try rebuilt.readAttachments(environment: environment)
        #expect(done.read == 0)
        #expect(try rebuilt.found("hinges") == ["shopping.md"])
    }

    @Test func aPictureChangedInPlaceIsReadAgain() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let other = try TestDocuments.render(TestDocuments.textPDF([["Copper nails and brass screws"]]), dpi: 300, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("attachments/receipt.png"), other)
        let done = try index.readAttachments(environment: environment)
        #expect(done.read == 1)
        #expect(try index.found("screws") == ["shopping.md"])
        #expect(try index.found("hinges").isEmpty)
        #expect(cachedHashes() == [SHA256.hex(of: other), SHA256.hex(of: TestDocuments.textPDF([["The lease of the warehouse runs until March."], ["Rent is payable quarterly in advance."]]))])
    }

    @Test func aPictureRemovedTakesItsTextOutOfTheIndexAndTheCache() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(cachedHashes().contains(SHA256.hex(of: receipt)))
        try sandbox.write("shopping.md", "# Shopping\n\nNo receipt kept.\n")
        let again = try sandbox.openIndex()
        try again.readAttachments(environment: environment)
        #expect(try again.found("hinges").isEmpty)
        #expect(!cachedHashes().contains(SHA256.hex(of: receipt)))
        #expect(try again.attachments(of: NotePath(trusted: "shopping.md")).isEmpty)
    }

    @Test func aDestroyedNoteLeavesNoTextOfItsPictureBehind() throws {
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        try FileManager.default.removeItem(atPath: sandbox.path("shopping.md"))
        let again = try sandbox.openIndex()
        try again.forget([NotePath(trusted: "shopping.md")])
        #expect(!cachedHashes().contains(SHA256.hex(of: receipt)))
        #expect(try again.found("hinges").isEmpty)
        let rows = try again.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM attachment_pages WHERE text LIKE '%hinges%'") }
        #expect(rows == 0)
    }

    @Test func aPictureNoNoteShowsIsNeverRead() throws {
        try sandbox.writeAbsolute(sandbox.path("attachments/loose.png"), receipt)
        let index = try sandbox.openIndex()
        let done = try index.readAttachments(environment: environment)
        #expect(done.pending == 2)
    }

    @Test func aLinkedPictureOutsideTheVaultIsRefusedNotFollowed() throws {
        try sandbox.writeAbsolute(sandbox.outside + "/secret.png", receipt)
        symlink(sandbox.outside + "/secret.png", sandbox.path("attachments/linked.png"))
        try sandbox.write("linked.md", "# Linked\n\n![x](attachments/linked.png) ![y](../outside/secret.png)\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        #expect(try index.found("hinges") == ["shopping.md"])
        let linked = try index.attachments(of: NotePath(trusted: "linked.md"))
        #expect(linked.map(\.path.description) == ["attachments/linked.png"])
        #expect(linked.first?.text?.failure == "it is a symbolic link, which enote does not follow")
        #expect(try index.unreadAttachments().map(\.path.description) == ["attachments/linked.png"])
    }

    @Test func aPictureWithNoTextIsReadByOCRAndSaysSo() throws {
        // The helper's finding: a blank page came back as a page "not read by OCR".
        let blank = try TestDocuments.render(TestDocuments.textPDF([[]]), dpi: 100, in: sandbox.temporary)
        try sandbox.writeAbsolute(sandbox.path("blank.png"), blank)
        try sandbox.write("blank.md", "# Blank\n\n![nothing](blank.png)\n")
        let index = try sandbox.openIndex()
        try index.readAttachments(environment: environment)
        let read = try #require(try index.attachments(of: NotePath(trusted: "blank.md")).first?.text)
        #expect(read.failure == nil)
        #expect(read.pages == [ExtractedText.Page(number: 1, text: "", ocr: true)])
    }

    @Test func oneReadingPassAtATime() throws {
        let index = try sandbox.openIndex()
        let held = try #require(ExtractionCache(vault: index.vault).lockForReading())
        defer { close(held) }
        let done = try index.readAttachments(environment: environment)
        #expect(done.busy)
        #expect(done.done == 0)
    }
}
