import Foundation
import Testing

@testable import NoteVault

/// `Vault.attachPicture` and `ImageAttachment(bytes:name:)`: bytes received from a front end
/// become a picture in `attachments/` and a line in the note, or nothing changes at all.
@Suite struct VaultAttachPictureTests {
    let sandbox: VaultSandbox
    let png = ImageBytes.png(width: 4, height: 2)

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.makeFolder("trips")
        try sandbox.write("trips/paris.md", VaultSandbox.noteText(title: "Paris"))
    }

    @Test func addsThePictureAndTheLine() throws {
        let vault = try sandbox.vault()
        let image = try ImageAttachment(bytes: png, name: "../../etc/Eiffel Tower.PNG")
        let (note, picture) = try vault.pictures.attach(image, to: NotePath(trusted: "trips/paris.md"))
        #expect(picture.description == "attachments/eiffel-tower.png")
        #expect(sandbox.bytes("attachments/eiffel-tower.png") == png)
        #expect(note.content.bodyText == "Some text\n\n![Eiffel Tower](../attachments/eiffel-tower.png)\n")
        #expect(sandbox.text("trips/paris.md")?.hasSuffix("Some text\n\n![Eiffel Tower](../attachments/eiffel-tower.png)\n") == true)
        // A second picture of the same name gets a new name; the first is kept.
        let (_, second) = try vault.pictures.attach(image, to: NotePath(trusted: "trips/paris.md"))
        #expect(second.description == "attachments/eiffel-tower-2.png")
        #expect(sandbox.text("trips/paris.md")?.hasSuffix("eiffel-tower.png)\n\n![Eiffel Tower](../attachments/eiffel-tower-2.png)\n") == true)
    }

    @Test(
        "refuses what is not a picture by its bytes, whatever its name",
        arguments: [
            ("note.png", Array("just text".utf8)),
            ("page.png", Array("<!doctype html><script>alert(1)</script>".utf8)),
            ("logo.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)),
            ("empty.jpg", []),
        ])
    func refusesNonPictures(name: String, bytes: [UInt8]) throws {
        #expect(throws: VaultError.self) { try ImageAttachment(bytes: bytes, name: name) }
    }

    @Test func refusesAPictureLargerThanTheLimit() throws {
        let big = png + [UInt8](repeating: 0, count: ImageAttachment.maximumSize + 1 - png.count)
        #expect(throws: VaultError.self) { try ImageAttachment(bytes: big, name: "big.png") }
        #expect(try ImageAttachment(bytes: Array(big.dropLast()), name: "big.png").info.format == .png)
    }

    @Test func leavesNothingWhenTheNoteIsMissing() throws {
        let vault = try sandbox.vault()
        let image = try ImageAttachment(bytes: png, name: "x.png")
        #expect(throws: VaultError.self) { try vault.pictures.attach(image, to: NotePath(trusted: "trips/rome.md")) }
        #expect(sandbox.names(in: "attachments").isEmpty)
    }

    @Test func controlCharactersInTheNameNeverReachTheNote() throws {
        let vault = try sandbox.vault()
        let image = try ImageAttachment(bytes: png, name: "a\n# b\r.png")
        try vault.pictures.attach(image, to: NotePath(trusted: "trips/paris.md"))
        #expect(sandbox.text("trips/paris.md")?.contains("![a# b](../attachments/a-b.png)\n") == true)
    }

    @Test(
        "a backslash in the name (at its end, before a bracket) keeps the image line whole: libcmark reads one image with that text",
        arguments: [("receipt\\", "receipt\\"), ("a\\]b.png", "a\\]b"), ("c:\\temp\\scan.png", "c:\\temp\\scan")])
    func backslashesInTheName(name: String, alt: String) throws {
        let vault = try sandbox.vault()
        let image = try ImageAttachment(bytes: png, name: name)
        let (note, picture) = try vault.pictures.attach(image, to: NotePath(trusted: "trips/paris.md"))
        let html = note.content.bodyHTML
        let escapedAlt = alt.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        #expect(html.contains("<img src=\"../\(picture.description)\" alt=\"\(escapedAlt)\""), "\(html)")
    }
}
