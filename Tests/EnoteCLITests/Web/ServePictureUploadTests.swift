import Foundation
import Testing

/// A picture added in `enote serve`'s editor, end to end over the real server: a good PNG or
/// JPEG lands in `attachments/` and in the note, and every refusal (no CSRF token, another
/// origin, read-only, not a picture by its bytes, too large, a broken form) writes nothing.
@Suite(.serialized) struct ServePictureUploadTests {
    let vault: TemporaryVault
    static let boundary = "----enoteTestBoundary7MA4YWxkTrZu0gW"
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]

    init() throws {
        vault = try TemporaryVault()
    }

    /// A `multipart/form-data` body: the CSRF token (when given) and one file part.
    static func form(csrf: String?, fileName: String, type: String, bytes: [UInt8], fields: [(String, String)] = []) -> [UInt8] {
        var body: [UInt8] = []
        for (name, value) in (csrf.map { [("csrf", $0)] } ?? []) + fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"\(fileName)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
        body += bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return body
    }

    static func upload(
        _ client: InProcessClient, to note: String, csrf: String?, fileName: String, type: String = "image/png", bytes: [UInt8],
        headers: [String: String] = [:]
    ) async throws -> HTTPClient.Answer {
        try await client.send(
            "POST", "/picture/\(note)", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"].merging(headers) { $1 },
            bodyBytes: form(csrf: csrf, fileName: fileName, type: type, bytes: bytes))
    }

    /// ``upload(_:to:csrf:fileName:type:bytes:headers:)`` over a socket, to a server process.
    static func upload(
        _ client: HTTPClient, to note: String, csrf: String?, fileName: String, type: String = "image/png", bytes: [UInt8],
        headers: [String: String] = [:]
    ) throws -> HTTPClient.Answer {
        try client.send(
            "POST", "/picture/\(note)", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"].merging(headers) { $1 },
            bodyBytes: form(csrf: csrf, fileName: fileName, type: type, bytes: bytes))
    }

    /// Every file of the vault but enote's own state, byte for byte.
    func files() -> [String: Data] {
        var files: [String: Data] = [:]
        let root = vault.root.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            if relative == ".enote" || relative.hasPrefix(".enote/") { continue }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder)
            files[relative] = isFolder.boolValue ? Data() : FileManager.default.contents(atPath: root + "/" + relative)
        }
        return files
    }

    @Test(
        "a PNG or a JPEG chosen in the editor lands in attachments/, the note shows it, and its URL serves the same bytes",
        arguments: [("Beach Day.png", PictureFiles.png(width: 3, height: 2), "beach-day.png"), ("scan.jpeg", jpeg, "scan.jpg")])
    func goodPicture(fileName: String, bytes: [UInt8], stored: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let editor = try await client.send("GET", "/edit/grocery-list.md")
        #expect(editor.body.contains("action=\"/picture/grocery-list.md\" method=\"post\" enctype=\"multipart/form-data\""))
        let answer = try await Self.upload(client, to: "grocery-list.md", csrf: client.csrfToken, fileName: fileName, bytes: bytes)
        #expect(answer.status == 303, "\(answer)")
        #expect(answer.header("Location") == "/edit/grocery-list.md")
        #expect(try vault.bytes("attachments/\(stored)") == Data(bytes))
        let alt = (fileName as NSString).deletingPathExtension
        #expect(try vault.text("grocery-list.md").hasSuffix("\n![\(alt)](attachments/\(stored))\n"))
        let picture = try await client.send("GET", "/n/attachments/\(stored)")
        #expect(picture.status == 200)
        #expect(picture.bytes == bytes)
        let page = try await client.send("GET", "/n/grocery-list.md")
        #expect(page.body.contains("<img"), "\(page)")
        #expect(page.body.contains("attachments/\(stored)"))
    }

    @Test(
        "what is not a picture by its bytes is refused with the library's reason, whatever its name, and nothing is written",
        arguments: [
            ("notes.png", "image/png", "just some text, not a picture"),
            ("page.html", "text/html", "<!doctype html><script>alert(1)</script>"),
            ("logo.svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"),
        ])
    func notAPicture(fileName: String, type: String, text: String) async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let before = files()
        let answer = try await Self.upload(client, to: "grocery-list.md", csrf: client.csrfToken, fileName: fileName, type: type, bytes: Array(text.utf8))
        #expect(answer.status == 415, "\(answer)")
        #expect(answer.body.contains("is not a PNG, JPEG, GIF, WebP or HEIC picture"))
        #expect(files() == before)
    }

    @Test("an upload larger than a picture may be is refused (413): announced, before it is read, or sent in full")
    func tooLarge() throws {
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let before = files()
        let announced = try client.send(
            "POST", "/picture/grocery-list.md", headers: ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"],
            bodyBytes: Self.form(csrf: client.csrfToken, fileName: "huge.png", type: "image/png", bytes: PictureFiles.png(width: 1, height: 1)),
            declaredLength: 200 * 1_048_576)
        #expect(announced.status == 413, "\(announced)")
        let png = PictureFiles.png(width: 1, height: 1)
        let big = png + [UInt8](repeating: 0, count: 50 * 1_048_576 + 1 - png.count)
        let sent = try Self.upload(client, to: "grocery-list.md", csrf: client.csrfToken, fileName: "big.png", bytes: big)
        #expect(sent.status == 413, "\(sent)")
        #expect(sent.body.contains("larger than 50 MiB"))
        #expect(files() == before)
    }

    @Test("without the CSRF token, from another origin, or on a read-only server, an upload is refused (403) and writes nothing")
    func refusedRequests() async throws {
        let png = PictureFiles.png(width: 2, height: 2)
        // Taken once the server runs: at start it moves SampleVault's expired note to the trash.
        var before: [String: Data] = [:]
        do {
            let server = try ServeInProcess(vault)
            defer { server.stop() }
            let client = try await server.signedInClient()
            before = files()
            let noToken = try await Self.upload(client, to: "grocery-list.md", csrf: nil, fileName: "a.png", bytes: png)
            #expect(noToken.status == 403, "\(noToken)")
            let wrongToken = try await Self.upload(client, to: "grocery-list.md", csrf: String(repeating: "a", count: 64), fileName: "a.png", bytes: png)
            #expect(wrongToken.status == 403)
            let foreign = try await Self.upload(
                client, to: "grocery-list.md", csrf: client.csrfToken, fileName: "a.png", bytes: png, headers: ["Origin": "http://evil.example"])
            #expect(foreign.status == 403, "\(foreign)")
            let broken = try await client.send(
                "POST", "/picture/grocery-list.md", headers: ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"],
                bodyBytes: Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(client.csrfToken ?? "")".utf8))
            #expect(broken.status == 400, "\(broken)")
            let escaping = try await Self.upload(client, to: "../outside.md", csrf: client.csrfToken, fileName: "a.png", bytes: png)
            #expect(escaping.status >= 400, "\(escaping)")
            let missing = try await Self.upload(client, to: "no-such-note.md", csrf: client.csrfToken, fileName: "a.png", bytes: png)
            #expect(missing.status == 404, "\(missing)")
        }
        #expect(files() == before)
        let server = try ServeInProcess(vault, ["--read-only"])
        defer { server.stop() }
        let client = try await server.signedInClient()
        #expect(!(try await client.send("GET", "/n/grocery-list.md")).body.contains("/picture/"))
        let readOnly = try await Self.upload(client, to: "grocery-list.md", csrf: client.csrfToken, fileName: "a.png", bytes: png)
        #expect(readOnly.status == 403, "\(readOnly)")
        #expect(files() == before)
    }

    @Test("the New note page takes a picture in its own form: the note is created with it; a non-picture creates nothing")
    func newNoteWithPicture() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let editor = try await client.send("GET", "/new")
        #expect(editor.body.contains("enctype=\"multipart/form-data\""))
        #expect(editor.body.contains("type=\"file\" name=\"picture\""))
        let before = files()
        let refused = try await client.send(
            "POST", "/new", headers: ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"],
            bodyBytes: Self.form(
                csrf: client.csrfToken, fileName: "logo.svg", type: "image/svg+xml", bytes: Array("<svg onload=\"alert(1)\"/>".utf8),
                fields: [("title", "Harbour"), ("body", "Boats\r\nand gulls")]))
        #expect(refused.status == 415, "\(refused)")
        #expect(refused.body.contains("is not a PNG, JPEG, GIF, WebP or HEIC picture"))
        #expect(refused.body.contains("Boats"))
        #expect(files() == before)
        let png = PictureFiles.png(width: 5, height: 4)
        let created = try await client.send(
            "POST", "/new", headers: ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"],
            bodyBytes: Self.form(
                csrf: client.csrfToken, fileName: "harbour.png", type: "image/png", bytes: png,
                fields: [("title", "Harbour"), ("body", "Boats\r\nand gulls")]))
        #expect(created.status == 303, "\(created)")
        #expect(created.header("Location") == "/n/harbour.md")
        #expect(try vault.text("harbour.md").hasSuffix("Boats\nand gulls\n\n![harbour](attachments/harbour.png)\n"))
        #expect(try vault.bytes("attachments/harbour.png") == Data(png))
    }
}
