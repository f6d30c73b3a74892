import Foundation
import Testing

/// `enote new … --image FILE` and `enote gallery`, end to end.
@Suite struct PhotoNotesTests {
    @Test func pictureIsCopiedUnderAUniqueNameAndLinked() throws {
        let vault = try TemporaryVault()
        // garden.png is already in attachments/: the copy gets -2.
        let png = try vault.outsideFile("garden.png", PictureFiles.png(width: 10, height: 20))
        let gif = try vault.outsideFile("CAT.GIF", PictureFiles.gif(width: 3, height: 4))
        let result = try vault.run("new", "Second garden", "Beans too.", "--image", png, "--image", gif)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "second-garden.md\n")
        #expect(try vault.bytes("attachments/garden-2.png") == Data(PictureFiles.png(width: 10, height: 20)))
        #expect(try vault.bytes("attachments/cat-2.gif") == Data(PictureFiles.gif(width: 3, height: 4)))
        #expect(
            try vault.bytes("attachments/garden.png") == (try Data(contentsOf: TemporaryVault.sampleVault.appendingPathComponent("attachments/garden.png"))))
        let text = try vault.text("second-garden.md")
        #expect(text.hasSuffix("---\nBeans too.\n\n![garden](attachments/garden-2.png)\n![CAT](attachments/cat-2.gif)\n"), "\(text)")
        let note = try vault.showJSON("second-garden.md")
        #expect(note["images"] as? [String] == ["attachments/garden-2.png", "attachments/cat-2.gif"])
    }

    @Test(arguments: [
        ("photo.webp", PictureFiles.webp(width: 640, height: 480), "photo.webp", "WEBP", 640, 480),
        ("IMG_0042.HEIC", PictureFiles.heic(width: 4032, height: 3024), "img-0042.heic", "HEIC", 4032, 3024),
        ("misnamed.txt", PictureFiles.png(width: 5, height: 6), "misnamed.png", "PNG", 5, 6),
        ("Holiday snap.jpeg.gif", PictureFiles.gif(width: 7, height: 8), "holiday-snap-jpeg.gif", "GIF", 7, 8),
    ])
    func formatsAreToldByContent(name: String, bytes: [UInt8], copy: String, format: String, width: Int, height: Int) throws {
        let vault = try TemporaryVault(sample: false)
        let file = try vault.outsideFile(name, bytes)
        let result = try vault.run("new", "Photo", "--image", file)
        #expect(result.status == 0, "\(result)")
        #expect(try vault.bytes("attachments/\(copy)") == Data(bytes))
        let gallery = try vault.run("gallery")
        #expect(gallery.status == 0, "\(gallery)")
        #expect(gallery.stdout == "Photo  (photo.md)\n    attachments/\(copy)  \(format) \(width)×\(height)\n", "\(gallery)")
    }

    @Test func aPictureAloneIsEnoughContent() throws {
        let vault = try TemporaryVault(sample: false)
        let file = try vault.outsideFile("only.png", PictureFiles.png(width: 1, height: 1))
        let result = try vault.run("new", "Only a photo", "--image", file)
        #expect(result.status == 0, "\(result)")
        #expect(try vault.text("only-a-photo.md").hasSuffix("---\n![only](attachments/only.png)\n"))
    }

    @Test func linkIsRelativeToTheNotesFolder() throws {
        let vault = try TemporaryVault()
        let file = try vault.outsideFile("temple.png", PictureFiles.png(width: 30, height: 40))
        let result = try vault.run("new", "Temple", "Kinkaku-ji", "--in", "travel/japan", "--image", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "travel/japan/temple.md\n")
        #expect(try vault.text("travel/japan/temple.md").hasSuffix("![temple](../../attachments/temple.png)\n"))
        #expect(vault.exists("attachments/temple.png") && !vault.exists("travel/japan/attachments"))
        let entry = try #require(try galleryJSON(vault).first { $0["path"] as? String == "travel/japan/temple.md" })
        let image = try #require((entry["images"] as? [[String: Any]])?.first)
        #expect(image["path"] as? String == "attachments/temple.png")
        #expect(image["exists"] as? Bool == true)
        #expect(image["width"] as? Int == 30 && image["height"] as? Int == 40)
    }

    @Test(
        arguments: [
            ("notes.png", Array("just some text, renamed\n".utf8)),
            ("empty.jpg", []),
            ("page.gif", Array("<html><body>not a gif</body></html>".utf8)),
            ("movie.heic", [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)),
        ] as [(String, [UInt8])])
    func notAPictureIsRefusedAndNothingIsCreated(name: String, bytes: [UInt8]) throws {
        let vault = try TemporaryVault()
        let good = try vault.outsideFile("good.png", PictureFiles.png(width: 2, height: 2))
        let bad = try vault.outsideFile(name, bytes)
        let before = try vault.tree()
        // The good picture comes first: it must not be left behind either.
        let result = try vault.run("new", "Holiday", "Sunny", "--image", good, "--image", bad)
        #expect(result.status == 2, "a usage error: \(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(bad), "\(result)")
        #expect(result.stderr.contains("is not a PNG, JPEG, GIF, WebP or HEIC picture"), "\(result)")
        #expect(result.stderr.contains("nothing was created"), "\(result)")
        #expect(try vault.tree() == before, "no note and no attachment")
        #expect(!vault.exists("holiday.md") && !vault.exists("attachments/good.png"))
    }

    @Test func aMissingPictureIsRefused() throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run("new", "Holiday", "Sunny", "--image", vault.base.path + "/no-such.png")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no-such.png: cannot be read"), "\(result)")
        #expect(try vault.tree() == before)
    }

    @Test func anAttachmentsFolderThatLinksOutOfTheVaultIsRefused() throws {
        let vault = try TemporaryVault(sample: false)
        let elsewhere = vault.base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.url("attachments").path, withDestinationPath: elsewhere.path)
        let file = try vault.outsideFile("p.png", PictureFiles.png(width: 1, height: 1))
        let result = try vault.run("new", "Linked", "text", "--image", file)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("symbolic link"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "nothing written outside the vault")
        #expect(!vault.exists("linked.md"))
    }

    private func galleryJSON(_ vault: TemporaryVault) throws -> [[String: Any]] {
        let result = try vault.run("gallery", "--json")
        try #require(result.status == 0, "\(result)")
        return try JSONOutput.array(result)
    }

    @Test func galleryOfTheSampleVault() throws {
        let vault = try TemporaryVault()
        let entries = try galleryJSON(vault)
        #expect(entries.map { $0["path"] as? String } == ["sunset.md", "garden.md"], "newest first")
        let images = entries.map { ($0["images"] as? [[String: Any]]) ?? [] }
        func summary(_ image: [String: Any]) -> String {
            "\(image["path"] as? String ?? "-") \(image["exists"] as? Bool ?? false) \(image["format"] as? String ?? "-") \(image["width"] as? Int ?? 0)x\(image["height"] as? Int ?? 0)"
        }
        #expect(images[0].map(summary) == ["attachments/sunset.jpg true jpeg 120x80", "attachments/cat.gif true gif 48x48"])
        #expect(images[1].map(summary) == ["attachments/garden.png true png 96x64"])
        #expect(images[1].first?["source"] as? String == "attachments/garden.png")
        #expect(entries[1]["title"] as? String == "Garden")

        let text = try vault.run("gallery")
        #expect(text.status == 0, "\(text)")
        #expect(
            text.stdout == """
                Sunset at the pier  (sunset.md)
                    attachments/sunset.jpg  JPEG 120×80
                    attachments/cat.gif  GIF 48×48
                Garden  (garden.md)
                    attachments/garden.png  PNG 96×64

                """)
    }

    @Test func galleryShowsMissingAndOutsidePicturesButNotRemoteOnes() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("trip.md", "---\ntitle: Trip\n---\n![a](attachments/gone.png)\n![b](../outside.png)\n![c](https://example.com/c.png)\n")
        try vault.write("web.md", "---\ntitle: Web\n---\n![c](https://example.com/c.png) ![d](data:image/png;base64,AAAA)\n")
        try vault.write("attachments/notes.png", "text\n")
        try vault.write("fake.md", "---\ntitle: Fake\n---\n![f](attachments/notes.png)\n")
        let entries = try galleryJSON(vault)
        #expect(Set(entries.compactMap { $0["path"] as? String }) == ["trip.md", "fake.md"])
        let trip = try #require(entries.first { $0["path"] as? String == "trip.md" }?["images"] as? [[String: Any]])
        #expect(trip.count == 2)
        #expect(trip[0]["exists"] as? Bool == false && trip[0]["path"] as? String == "attachments/gone.png")
        #expect(trip[1]["exists"] as? Bool == false && trip[1]["path"] is NSNull)
        let fake = try #require(entries.first { $0["path"] as? String == "fake.md" }?["images"] as? [[String: Any]])
        #expect(fake[0]["exists"] as? Bool == true && fake[0]["format"] is NSNull && fake[0]["width"] is NSNull)

        let text = try vault.run("gallery")
        #expect(text.stdout.contains("attachments/gone.png  missing"))
        #expect(text.stdout.contains("../outside.png  outside the vault"))
        #expect(text.stdout.contains("attachments/notes.png  not a known picture format"))
        #expect(!text.stdout.contains("example.com"))
    }

    @Test func emptyGallery() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("plain.md", "Just text\n")
        let result = try vault.run("gallery")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No note shows a picture yet"))
        #expect(try galleryJSON(vault).isEmpty)
    }
}
