import Foundation
import Testing

@testable import NoteVault

/// `enote doctor`: every kind of finding from a vault crafted to have it, and none from a clean
/// vault.
@Suite("VaultDoctor")
struct VaultDoctorTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func examine() throws -> [Finding] {
        let vault = try sandbox.vault()
        let index = try NoteIndex.open(vault)
        _ = try index.synchronize()
        return try VaultDoctor(vault: vault, index: index).examine()
    }

    /// A vault with no problems, using every kind of reference that is fine.
    private func cleanVault() throws {
        try sandbox.writeAbsolute(sandbox.path("attachments/p.png"), ImageBytes.png(width: 2, height: 2))
        try sandbox.writeAbsolute(sandbox.path("attachments/sub/q.gif"), ImageBytes.gif(width: 2, height: 2))
        try sandbox.writeAbsolute(sandbox.path("attachments/doc.pdf"), Array("%PDF-1.7".utf8))
        try sandbox.write(
            "a.md",
            VaultSandbox.noteText(
                title: "Alpha",
                body: """
                    ![p](attachments/p.png) ![remote](https://example.com/x.png) ![inline](data:image/gif;base64,R0lGODlh)
                    [b](work/b.md) [b again](work/b.md#section) [folder](work/) [top](#top) [web](https://example.com)
                    [mail](mailto:me@example.com) [call](tel:+441234567890) [host](//example.com/page) [pdf](attachments/doc.pdf)

                    """, extra: ["color: red", "destroy: 2099-01-01", "order: a", "tags: [x, y]"]))
        try sandbox.write("work/b.md", VaultSandbox.noteText(title: "Beta", body: "![q](../attachments/sub/q.gif) [a](../a.md) [a](/a.md)\n"))
        try sandbox.write("Plain note.md", "Just a body, titled by its first line\nand more.\n")
        try sandbox.write("café.md", "Café notes\n")
        try sandbox.write("drafts/c.md", "---\ntitle: \"Meeting: Q3\"\ncolour: blue   # comment\n---\nGamma\n")
    }

    @Test("a clean vault gives no findings")
    func clean() throws {
        try cleanVault()
        let findings = try examine()
        #expect(findings.isEmpty, "\(findings.map { "\($0.kind.rawValue) \($0.location): \($0.message)" })")
    }

    @Test("an empty vault gives no findings")
    func empty() throws {
        #expect(try examine().isEmpty)
    }

    /// The findings of one kind.
    private func findings(_ kind: Finding.Kind) throws -> [Finding] {
        try examine().filter { $0.kind == kind }
    }

    @Test("front matter that cannot be parsed, at file:line")
    func frontMatter() throws {
        try cleanVault()
        try sandbox.write("broken.md", "---\ntitle: Meeting: Q4\ncolor: blue\n---\nBody\n")
        try sandbox.write("unclosed.md", "---\ntitle: Open\nBody without a closing fence\n")
        let found = try findings(.frontMatter)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.location.hasPrefix("broken.md:2") && $0.message.english.contains(": ") })
        #expect(found.contains { $0.location.hasPrefix("unclosed.md") })
        #expect(try examine().count == 2, "nothing else is reported")
    }

    @Test("duplicate keys and invalid values, at file:line")
    func keysAndValues() throws {
        try cleanVault()
        try sandbox.write("dup.md", "---\ntitle: A\ncolor: red\ncolor: blue\n---\nBody\n")
        try sandbox.write("bad.md", "---\ntitle: B\ncolor: chartreuse\ndestroy: someday\n---\nBody\n")
        try sandbox.write("twice.md", "---\ntitle: C\ndestroy: 2099-01-01\nexpires: 2099-02-01\n---\nBody\n")
        let duplicates = try findings(.duplicateKey)
        #expect(duplicates.contains { $0.location.hasPrefix("dup.md:4") }, "\(duplicates)")
        let invalid = try findings(.invalidValue)
        #expect(invalid.contains { $0.location.hasPrefix("bad.md:3") }, "\(invalid)")
        #expect(invalid.contains { $0.location.hasPrefix("bad.md:4") }, "\(invalid)")
        #expect(Set((duplicates + invalid).map { $0.location.split(separator: ":")[0] }) == ["dup.md", "bad.md", "twice.md"])
    }

    @Test("a file that is not text, or is too large")
    func notText() throws {
        try sandbox.writeAbsolute(sandbox.path("binary.md"), [0x89, 0x50, 0x00, 0x01, 0x02])
        try sandbox.writeAbsolute(sandbox.path("latin1.md"), Array("caf".utf8) + [0xE9, 0x0A])
        try sandbox.writeAbsolute(sandbox.path("huge.md"), [UInt8](repeating: 0x61, count: NoteContent.maximumSize + 1))
        let found = try findings(.notText)
        #expect(Set(found.map(\.location)) == ["binary.md", "latin1.md", "huge.md"], "\(found)")
    }

    @Test("links and pictures that lead nowhere, or out of the vault")
    func brokenReferences() throws {
        try cleanVault()
        try sandbox.write(
            "work/refs.md",
            VaultSandbox.noteText(
                title: "Refs",
                body: """
                    [gone](gone.md) [up](../missing.md) [out](../../etc/passwd) [root](/nowhere.md#x)
                    ![gone](../attachments/gone.png) ![out](../../../outside.png) ![ok](../attachments/p.png)

                    """))
        let links = try findings(.brokenLink)
        #expect(links.count == 4, "\(links)")
        #expect(links.allSatisfy { $0.location == "work/refs.md" })
        for destination in ["gone.md", "../missing.md", "../../etc/passwd", "/nowhere.md#x"] {
            #expect(links.contains { $0.message.english.contains(destination) }, "\(destination)")
        }
        let images = try findings(.missingImage)
        #expect(images.count == 2, "\(images)")
        #expect(images.contains { $0.message.english.contains("../attachments/gone.png") && $0.message.english.contains("does not exist") })
        #expect(images.contains { $0.message.english.contains("../../../outside.png") && $0.message.english.contains("outside the vault") })
    }

    @Test("temp files left by an interrupted write")
    func leftoverTempFiles() throws {
        try cleanVault()
        try sandbox.write(".a.md.enote-1234-5678.tmp", "half a note")
        try sandbox.write("work/.b.md.enote-99-1.tmp", "half a note")
        try sandbox.write(".hidden-but-not-ours.tmp", "x")
        let found = try findings(.leftoverTempFile)
        #expect(Set(found.map(\.location)) == [".a.md.enote-1234-5678.tmp", "work/.b.md.enote-99-1.tmp"])
    }

    @Test("duplicate titles, case-insensitive, from front matter or body")
    func duplicateTitles() throws {
        try cleanVault()
        try sandbox.write("x.md", VaultSandbox.noteText(title: "Alpha"))
        try sandbox.write("work/y.md", "# ALPHA\n\nbody\n")
        let found = try findings(.duplicateTitle)
        try #require(found.count == 1, "\(found)")
        #expect(found[0].location == "a.md, work/y.md, x.md")
        #expect(found[0].message.english.contains("3 notes"))
    }

    @Test("names that collide on macOS or Windows: case and Unicode normalisation")
    func collisions() throws {
        try cleanVault()
        try sandbox.write("Plan.md", "Plan one\n")
        try sandbox.write("plan.md", "Plan two\n")
        try sandbox.write("café.md".decomposedStringWithCanonicalMapping, "Decomposed\n")  // NFD twin of café.md
        try sandbox.writeAbsolute(sandbox.path("attachments/P.png"), ImageBytes.png(width: 1, height: 1))
        try sandbox.write("x.md", "![both](attachments/P.png)\n")
        let found = try findings(.nameCollision)
        #expect(found.count == 3, "\(found)")
        #expect(found.contains { $0.location == "Plan.md, plan.md" })
        // Compared as bytes: Swift's == would take the two spellings for the same string.
        let composed = Array("café.md".precomposedStringWithCanonicalMapping.utf8)
        let decomposed = Array("café.md".decomposedStringWithCanonicalMapping.utf8)
        #expect(
            found.contains { finding in
                Set(finding.location.components(separatedBy: ", ").map { Array($0.utf8) }) == [composed, decomposed]
            }, "\(found)")
        #expect(found.contains { $0.location == "attachments/P.png, attachments/p.png" })
    }

    @Test(
        "names Windows cannot hold",
        arguments: [
            "con.md", "Aux.md", "lpt1.notes.md", "a:b.md", "what?.md", "star*.md", "pipe|.md", "back\\slash.md", "quote\".md", "<tag>.md",
            "work./x.md", "work /y.md", "COM3/z.md",
        ])
    func unportable(name: String) throws {
        try cleanVault()
        try sandbox.write(name, "Body\n")
        let found = try findings(.unportableName)
        #expect(found.map(\.location) == [name], "\(found)")
    }

    @Test("attachments no note shows or links")
    func orphans() throws {
        try cleanVault()
        try sandbox.writeAbsolute(sandbox.path("attachments/unused.jpg"), ImageBytes.jpeg(width: 1, height: 1))
        try sandbox.writeAbsolute(sandbox.path("attachments/deep/er/old.png"), ImageBytes.png(width: 1, height: 1))
        try sandbox.write("attachments/.DS_Store", "hidden files are not attachments")
        let found = try findings(.orphanedAttachment)
        #expect(Set(found.map(\.location)) == ["attachments/unused.jpg", "attachments/deep/er/old.png"])
        // Once a note shows it, it is no longer an orphan.
        try sandbox.write("n.md", "![u](attachments/unused.jpg) [old](attachments/deep/er/old.png)\n")
        #expect(try findings(.orphanedAttachment).isEmpty)
    }

    @Test("symbolic links, inside or pointing out of the vault")
    func symbolicLinks() throws {
        try cleanVault()
        try sandbox.writeAbsolute(sandbox.outside + "/secret.md", Array("secret\n".utf8))
        try sandbox.symlink(sandbox.outside + "/secret.md", at: "out.md")
        try sandbox.symlink("a.md", at: "alias.md")
        try sandbox.symlink(sandbox.outside, at: "folder")
        try sandbox.symlink(sandbox.path("attachments/p.png"), at: "attachments/link.png")
        try sandbox.symlink(sandbox.outside, at: "attachments/elsewhere")
        let all = try examine()
        let found = all.filter { $0.kind == .symbolicLink }
        #expect(Set(found.map(\.location)) == ["out.md", "alias.md", "folder", "attachments/link.png", "attachments/elsewhere"], "\(found)")
        #expect(all.count == found.count, "a link is reported as a link only, never followed: \(all.filter { $0.kind != .symbolicLink })")
        #expect(sandbox.outsideContents() == ["secret.md"], "nothing outside was touched")
    }

    @Test("an attachments folder that is a link out of the vault is not walked")
    func linkedAttachmentsFolder() throws {
        try sandbox.writeAbsolute(sandbox.outside + "/private.png", ImageBytes.png(width: 1, height: 1))
        try sandbox.symlink(sandbox.outside, at: "attachments")
        let all = try examine()
        #expect(all.map(\.kind) == [.symbolicLink], "\(all)")
        #expect(all.first?.location == "attachments")
    }

    @Test("every kind has a stable name for --json", arguments: Finding.Kind.allCases)
    func names(kind: Finding.Kind) {
        #expect(kind.rawValue.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil)
    }
}
