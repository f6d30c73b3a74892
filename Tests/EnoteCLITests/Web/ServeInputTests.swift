import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `enote serve` makes of unusual requests, end to end: list values it cannot read are a
/// 400 saying why (as `enote list` exits 2), a note whose name is not UTF-8 opens from the list,
/// `HEAD` answers as `GET` does without the body, a folder's URL is not a server error, and a
/// picture whose name ends in a backslash still shows.
@Suite(.serialized) struct ServeInputTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    @Test(
        "a list value it cannot read is a 400 page that names it",
        arguments: [
            ("/?color=purplish", "purplish"), ("/?sort=sideways", "sideways"), ("/?folder=../outside", "outside"),
            ("/?folder=/etc", "/etc"), ("/?color=hsb(400,0%25,0%25)", "hsb"),
        ])
    func badListValues(path: String, named: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await client.send("GET", path)
        #expect(answer.status == 400, "\(path): \(answer)")
        #expect(answer.body.contains(named), "\(path): \(answer.body)")
        // Empty values are no filter, and good ones still work.
        #expect(try await client.send("GET", "/?color=&sort=&folder=").status == 200)
        #expect(try await client.send("GET", "/?color=red&sort=title&folder=travel").status == 200)
    }

    @Test("a colour the library cannot read is refused by the editor as by the list, in the library's words, and nothing is written")
    func badEditorColour() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let names = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).sorted()
        let grocery = try vault.text("grocery-list.md")
        let created = try await client.post("/new", form: [("title", "Purple"), ("body", "Some text"), ("color", "purplish")])
        #expect(created.status == 422, "\(created)")
        #expect(created.body.contains("is not a colour"), "\(created.body)")
        #expect(created.body.contains("Some text"), "the editor comes back with what was typed")
        let editor = try await client.send("GET", "/edit/grocery-list.md")
        let revision = try #require(ServePagesTests.revision(in: editor.body))
        let saved = try await client.post(
            "/edit/grocery-list.md",
            form: [("revision", revision), ("original_title", "Grocery list"), ("title", "Grocery list"), ("body", "Changed\n"), ("color", "purplish")])
        #expect(saved.status == 422, "\(saved)")
        #expect(saved.body.contains("is not a colour"), "\(saved.body)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root.path).sorted() == names, "no note was created")
        #expect(try vault.text("grocery-list.md") == grocery, "the note was not changed")
    }

    @Test("a note whose file name is not UTF-8 is listed, and its link opens it")
    func nameNotUTF8() async throws {
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".md".utf8)
        let full = (Array((vault.root.path + "/").utf8) + name + [0]).map { CChar(bitPattern: $0) }
        let descriptor = open(full, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        let text = Array("---\ntitle: Latin-1 cafe\n---\nCroissant.\n".utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let list = try await client.send("GET", "/").body
        #expect(list.contains("Latin-1 cafe"))
        let link = try #require(
            list.components(separatedBy: "href=\"/n/").dropFirst().map { String($0.prefix { $0 != "\"" }) }.first { $0.hasPrefix("caf") },
            "no link to the note")
        let note = try await client.send("GET", "/n/" + link)
        #expect(note.status == 200, "\(link): \(note)")
        #expect(note.body.contains("Croissant."))
        let editor = try await client.send("GET", "/edit/" + link)
        #expect(editor.status == 200, "\(link): \(editor)")
    }

    @Test("HEAD answers as GET does, without a body", arguments: ["/", "/n/grocery-list.md", "/assets/style.css", "/search?q=milk"])
    func head(path: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let get = try await client.send("GET", path)
        let head = try await client.send("HEAD", path)
        #expect(head.status == get.status, "\(path): \(head)")
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == get.header("Content-Type"))
        #expect(head.bytes.isEmpty && head.body.isEmpty, "\(path): \(head.body.prefix(200))")
        // Without a session HEAD is refused as GET is.
        #expect(try await server.client().send("HEAD", "/").status == 401)
    }

    @Test("a folder's URL leads to the list of that folder; it is never a server error", arguments: ["/n/travel", "/n/travel/", "/n/attachments"])
    func folderURL(path: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await client.send("GET", path)
        #expect(answer.status == 303, "\(path): \(answer)")
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix("/?folder="), "\(location)")
        #expect(try await client.send("GET", location).status == 200)
    }

    @Test("a picture whose name ends in a backslash is added, and the note still shows it")
    func pictureNameEndingInBackslash() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await ServePictureUploadTests.upload(
            client, to: "grocery-list.md", csrf: client.csrfToken, fileName: "receipt\\\\", bytes: PictureFiles.png(width: 2, height: 2))
        #expect(answer.status == 303, "\(answer)")
        let text = try vault.text("grocery-list.md")
        let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("![") })
        let page = try await client.send("GET", "/n/grocery-list.md").body
        #expect(page.contains("<img src=\"attachments/"), "\(line)\n\(page)")
        #expect(page.contains("alt=\"receipt\\\""), "\(line)")
    }
}
