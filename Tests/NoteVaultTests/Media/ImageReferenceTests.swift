import Foundation
import Testing

@testable import NoteVault

/// `![alt](source)` resolved against the note's folder to a file in the vault, or recognised as
/// a URL, or refused because it leaves the vault.
@Suite("ImageReference")
struct ImageReferenceTests {
    @Test(
        "local sources resolve to vault paths",
        arguments: [
            // (source, note, expected path)
            ("attachments/a.png", "note.md", "attachments/a.png"),
            ("./attachments/a.png", "note.md", "attachments/a.png"),
            ("a.png", "work/plan.md", "work/a.png"),
            ("pics/a.png", "work/plan.md", "work/pics/a.png"),
            ("../attachments/a.png", "work/plan.md", "attachments/a.png"),
            ("../../attachments/a.png", "work/deep/plan.md", "attachments/a.png"),
            ("../x/../attachments/./a.png", "work/plan.md", "attachments/a.png"),
            ("/attachments/a.png", "work/deep/plan.md", "attachments/a.png"),
            ("/a.png", "note.md", "a.png"),
            ("attachments//a.png", "note.md", "attachments/a.png"),
            ("attachments/My%20Photo.png", "note.md", "attachments/My Photo.png"),
            ("attachments/%D1%84%D0%BE%D1%82%D0%BE.jpg", "note.md", "attachments/фото.jpg"),
            ("attachments/100%25.png", "note.md", "attachments/100%.png"),
            ("attachments/a.png?v=2", "note.md", "attachments/a.png"),
            ("attachments/a.png#frag", "note.md", "attachments/a.png"),
            ("attachments/a.png?x=1#y", "note.md", "attachments/a.png"),
            ("attachments/a%23b.png", "note.md", "attachments/a#b.png"),
            ("attachments/a%3Fb.png", "note.md", "attachments/a?b.png"),
            ("фото.png", "заметки/день.md", "заметки/фото.png"),
        ])
    func resolves(source: String, note: String, expected: String) {
        let reference = ImageReference(source: source, in: NotePath(trusted: note))
        #expect(reference.path == NotePath(trusted: expected), "\(source) in \(note)")
        #expect(!reference.escapesVault)
        #expect(reference.isLocal)
        #expect(reference.source == source)
    }

    @Test(
        "URLs are not files",
        arguments: [
            "https://example.com/a.png",
            "HTTP://EXAMPLE.COM/A.PNG",
            "ftp://example.com/a.png",
            "file:///etc/passwd",
            "data:image/png;base64,iVBORw0KGgo=",
            "DATA:image/gif;base64,R0lGODlh",
            "mailto:someone@example.com",
            "tel:+441234567890",
            "javascript:alert(1)",
            "JavaScript:alert(document.cookie)",
            "vbscript:msgbox(1)",
            "obsidian://open?vault=notes",
            "//cdn.example.com/a.png",
            "",
        ])
    func urls(source: String) {
        let reference = ImageReference(source: source, in: NotePath(trusted: "work/plan.md"))
        #expect(reference.path == nil, "\(source) resolved to \(reference.path?.description ?? "")")
        #expect(!reference.escapesVault)
        #expect(!reference.isLocal)
    }

    @Test(
        "paths that climb out of the vault are never resolved",
        arguments: [
            ("../a.png", "note.md"),
            ("../../a.png", "work/plan.md"),
            ("../../../etc/passwd", "work/deep/plan.md"),
            ("/../etc/passwd", "note.md"),
            ("attachments/../../a.png", "note.md"),
            ("%2E%2E/secret.png", "note.md"),
            ("..%2F..%2Fsecret.png", "work/plan.md"),
            ("/attachments/../../outside.png", "work/plan.md"),
        ])
    func escapes(source: String, note: String) {
        let reference = ImageReference(source: source, in: NotePath(trusted: note))
        #expect(reference.path == nil, "\(source) resolved to \(reference.path?.description ?? "")")
        #expect(reference.escapesVault, "\(source)")
        #expect(reference.isLocal, "a path, even one that is refused, is not a URL")
    }

    @Test("a source that names the vault root itself is nothing", arguments: [".", "./", "/", "..//x/.."])
    func root(source: String) {
        let reference = ImageReference(source: source, in: NotePath(trusted: "note.md"))
        #expect(reference.path == nil)
    }
}

/// The gallery: notes that show local pictures, with each picture's size and whether it exists.
@Suite("Gallery")
struct GalleryTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func gallery() throws -> [GalleryEntry] {
        let index = try NoteIndex.open(try sandbox.vault())
        _ = try index.synchronize()
        return try index.gallery()
    }

    @Test("every local picture with its format and size; notes without local pictures are left out")
    func lists() throws {
        try sandbox.writeAbsolute(sandbox.path("attachments/p.png"), ImageBytes.png(width: 96, height: 64))
        try sandbox.writeAbsolute(sandbox.path("attachments/w.webp"), ImageBytes.webpLossy(width: 50, height: 40))
        try sandbox.writeAbsolute(sandbox.path("attachments/h.heic"), ImageBytes.heic(width: 3, height: 4))
        try sandbox.write("attachments/fake.png", "text\n")
        try sandbox.write(
            "photos.md",
            VaultSandbox.noteText(
                title: "Photos",
                body: """
                    ![png](attachments/p.png) ![webp](/attachments/w.webp)
                    ![heic](attachments/h.heic?x=1)
                    ![missing](attachments/gone.jpg)
                    ![fake](attachments/fake.png)
                    ![remote](https://example.com/r.png)

                    """))
        try sandbox.write("work/sub.md", VaultSandbox.noteText(title: "Sub", body: "![up](../attachments/p.png)\n![out](../../x.png)\n"))
        try sandbox.write("remote.md", VaultSandbox.noteText(title: "Remote only", body: "![r](https://example.com/r.png) ![d](data:image/png;base64,AAAA)\n"))
        try sandbox.write("plain.md", VaultSandbox.noteText(title: "Plain", body: "No pictures, [a link](photos.md)\n"))

        let entries = try gallery()
        #expect(Set(entries.map(\.note.description)) == ["photos.md", "work/sub.md"])
        let photos = try #require(entries.first { $0.note.description == "photos.md" })
        #expect(photos.title == "Photos")
        #expect(
            photos.images.map(\.reference.source) == [
                "attachments/p.png", "/attachments/w.webp", "attachments/h.heic?x=1", "attachments/gone.jpg", "attachments/fake.png",
            ])
        #expect(photos.images.map(\.exists) == [true, true, true, false, true])
        #expect(
            photos.images.map(\.info) == [
                ImageFormat.Info(format: .png, width: 96, height: 64), ImageFormat.Info(format: .webp, width: 50, height: 40),
                ImageFormat.Info(format: .heic, width: 3, height: 4), nil, nil,
            ])
        let sub = try #require(entries.first { $0.note.description == "work/sub.md" })
        #expect(sub.images.map(\.reference.path) == [NotePath(trusted: "attachments/p.png"), nil])
        #expect(sub.images.map(\.exists) == [true, false])
        #expect(sub.images[1].reference.escapesVault)
    }

    @Test("a symbolic link posing as a picture does not exist for the gallery, and is not read")
    func symlinkedPicture() throws {
        try sandbox.writeAbsolute(sandbox.outside + "/secret.png", ImageBytes.png(width: 7, height: 7))
        try sandbox.makeFolder("attachments")
        try sandbox.symlink(sandbox.outside + "/secret.png", at: "attachments/link.png")
        try sandbox.write("n.md", VaultSandbox.noteText(title: "N", body: "![l](attachments/link.png)\n"))
        let entry = try #require(try gallery().first)
        #expect(entry.images.count == 1)
        #expect(entry.images[0].exists == false)
        #expect(entry.images[0].info == nil)
    }

    @Test("an empty vault has an empty gallery")
    func empty() throws {
        #expect(try gallery().isEmpty)
    }
}
