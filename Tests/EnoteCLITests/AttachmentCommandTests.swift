import EnoteTestSupport
import Foundation
import Testing

/// Text in pictures and PDFs through the real binary: `enote index` reads them, `search` says
/// where a hit was found, `show --attachments` shows what was read, `doctor` names what could
/// not be read and why.
@Suite struct AttachmentCommandTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault(sample: false)
        let picture = try TestDocuments.render(TestDocuments.textPDF([["Galvanised hinges from the hardware store"]]), dpi: 300, in: vault.base.path)
        try FileManager.default.createDirectory(at: vault.url("attachments"), withIntermediateDirectories: true)
        try Data(picture).write(to: vault.url("attachments/receipt.png"))
        try vault.write("shopping.md", "# Shopping\n\n![receipt](attachments/receipt.png)\n")
        try Data(TestDocuments.textPDF([["The lease of the warehouse"], ["Rent is payable quarterly"]])).write(to: vault.url("contract.pdf"))
        try Data("%PDF-1.7\nnot really".utf8).write(to: vault.url("broken.pdf"))
        try vault.write("lease.md", "# Lease\n\n[signed](contract.pdf) and [draft](broken.pdf)\n")
    }

    @Test func indexReadsThemAndSearchSaysWhere() throws {
        let index = try vault.run(["index"])
        #expect(index.status == 0, "\(index)")
        #expect(index.stderr.contains("Read the text of 2 pictures and PDFs in "), "\(index.stderr)")
        #expect(index.stderr.contains("1 picture or PDF could not be read; enote doctor says why"), "\(index.stderr)")
        let table = try vault.run(["search", "hinges"])
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.contains("shopping.md"), "\(table.stdout)")
        #expect(table.stdout.contains("attachments/receipt.png: "), "\(table.stdout)")
        let paged = try vault.run(["search", "quarterly"])
        #expect(paged.stdout.contains("contract.pdf p. 2: "), "\(paged.stdout)")
        let json = try vault.run(["search", "--json", "quarterly"])
        let hits = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
        let found = try #require(hits.first?["found_in"] as? [String: Any])
        #expect(found["path"] as? String == "contract.pdf")
        #expect(found["page"] as? Int == 2)
    }

    @Test func aPDFNoNoteLinksIsAHitOfItsOwnWithItsPage() throws {
        try FileManager.default.createDirectory(at: vault.url("manuals"), withIntermediateDirectories: true)
        try Data(TestDocuments.textPDF([["Heater manual"], ["Bleed the radiators every autumn"]])).write(to: vault.url("manuals/heater.pdf"))
        try vault.write("heating.md", "# Heating\n\nThe radiators upstairs are cold.\n")
        #expect(try vault.run(["index"]).status == 0)
        let table = try vault.run(["search", "radiators"])
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.contains("Heating  heating.md"), "\(table.stdout)")
        #expect(table.stdout.contains("heater  manuals/heater.pdf p. 2\n"), "\(table.stdout)")
        #expect(table.stdout.contains("Bleed the radiators every autumn"), "\(table.stdout)")
        let json = try vault.run(["search", "--json", "radiators"])
        let hits = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
        #expect(hits.count == 2)
        let file = try #require(hits.first { $0["kind"] as? String == "file" })
        #expect(file["path"] as? String == "manuals/heater.pdf")
        #expect(file["title"] as? String == "heater")
        #expect(file["page"] as? Int == 2)
        #expect((file["snippet"] as? String)?.contains("<mark>radiators</mark>") == true)
        // A filter on notes leaves it out.
        let filtered = try vault.run(["search", "radiators", "--in", "manuals"])
        #expect(!filtered.stdout.contains("heater.pdf"), "\(filtered.stdout)")
        // Deleted, it leaves at the next index.
        try FileManager.default.removeItem(at: vault.url("manuals/heater.pdf"))
        #expect(try vault.run(["index"]).status == 0)
        #expect(!(try vault.run(["search", "radiators"]).stdout.contains("heater.pdf")))
    }

    @Test func hoverOverAPictureOrAPDFLinkShowsItsText() throws {
        #expect(try vault.run(["index"]).status == 0)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        let shopping = vault.root.appendingPathComponent("shopping.md").absoluteString
        client.open(shopping, "# Shopping\n\n![receipt](attachments/receipt.png)\n")
        let picture = try #require(LspHoverTests.hover(client, shopping, line: 2, character: 4))
        #expect(picture.contains("attachments/receipt.png") && picture.contains("OCR"), "\(picture)")
        #expect(picture.contains("Galvanised hinges from the hardware store"), "\(picture)")
        let lease = vault.root.appendingPathComponent("lease.md").absoluteString
        client.open(lease, "# Lease\n\n[signed](contract.pdf) and [draft](broken.pdf)\n")
        let pdf = try #require(LspHoverTests.hover(client, lease, line: 2, character: 3))
        #expect(pdf.contains("p. 2") && pdf.contains("Rent is payable quarterly"), "\(pdf)")
        let broken = try #require(LspHoverTests.hover(client, lease, line: 2, character: "[signed](contract.pdf) and [dr".utf16.count))
        #expect(broken.contains("could not be read"), "\(broken)")
    }

    @Test func showAttachmentsGivesTheTextReadAndHowItWasRead() throws {
        #expect(try vault.run(["index"]).status == 0)
        let json = try vault.run(["show", "lease", "--attachments", "--json"])
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        #expect(object["path"] as? String == "lease.md")
        let files = try #require(object["attachments"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["contract.pdf", "broken.pdf"])
        #expect(files.map { $0["state"] as? String } == ["read", "failed"])
        let pages = try #require(files[0]["pages"] as? [[String: Any]])
        #expect(pages.map { $0["text"] as? String } == ["The lease of the warehouse", "Rent is payable quarterly"])
        #expect(pages.map { $0["ocr"] as? Bool } == [false, false])
        #expect((files[1]["failure"] as? String)?.contains("damaged or not a PDF") == true, "\(files[1])")
        let text = try vault.run(["show", "shopping", "--attachments"])
        #expect(text.stdout.contains("attachments/receipt.png  (picture, read by OCR)"), "\(text.stdout)")
        #expect(text.stdout.contains("Galvanised hinges"), "\(text.stdout)")
    }

    @Test func aNoteWithoutAttachmentsAndABadCombinationAreSaid() throws {
        try vault.write("plain.md", "# Plain\n\nJust words.\n")
        let none = try vault.run(["show", "plain", "--attachments"])
        #expect(none.status == 0)
        #expect(none.stderr.contains("plain.md shows no pictures and links no PDFs"), "\(none.stderr)")
        let bad = try vault.run(["show", "plain", "--attachments", "--raw"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--attachments goes with --json or alone"), "\(bad.stderr)")
    }

    @Test func doctorNamesWhatCouldNotBeRead() throws {
        #expect(try vault.run(["index"]).status == 0)
        let doctor = try vault.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("broken.pdf: unread-attachment: its text could not be read (the PDF is damaged or not a PDF"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("contract.pdf:"), "\(doctor.stdout)")
    }

    @Test func doctorSaysWhenANoteHasMorePicturesThanAreRead() throws {
        let pictures = (1...66).map { "![scan \($0)](scans/page-\($0).png)" }.joined(separator: "\n")
        try vault.write("scans.md", "# Scans\n\n\(pictures)\n")
        let doctor = try vault.run(["doctor"])
        #expect(
            doctor.stdout.contains("scans.md: too-many-attachments: it shows or links 66 pictures and PDFs; the text of the first 64 is searched"),
            "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("shopping.md: too-many-attachments"), "\(doctor.stdout)")
    }
}
