import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `enote serve` shows and writes, end to end: notes render inert, pictures never come from
/// outside the vault, and a save never overwrites a note that changed on disk.
@Suite(.serialized) struct ServePagesTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
    }

    static let hostile = """
        ---
        title: "<script>alert('title')</script>"
        ---
        Hello <script>alert(1)</script> world.

        [click](javascript:alert(2)) and <a href="javascript:alert(3)">raw</a>

        <img src=x onerror=alert(4)> ![pic](javascript:alert(5))

        <iframe src="https://evil.example"></iframe>
        """

    @Test("a note with <script>, javascript: links and onerror= renders inert, in the note and in the list")
    func hostileNoteIsInert() async throws {
        try vault.write("hostile.md", Self.hostile)
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        for path in ["/n/hostile.md", "/", "/search?q=hello", "/edit/hostile.md"] {
            let page = try await client.send("GET", path).body
            let lower = page.lowercased()
            #expect(!lower.contains("<script>alert"), "\(path)")
            #expect(!lower.contains("href=\"javascript:"), "\(path)")
            #expect(!lower.contains("src=\"javascript:"), "\(path)")
            #expect(!lower.contains("<img src=x"), "\(path)")
            if !path.hasPrefix("/edit/") {
                #expect(!lower.contains("onerror="), "\(path)")
            } else {
                // The editor shows the text as it is, escaped inside its text area.
                #expect(page.contains("&lt;img src=x onerror=alert(4)&gt;"))
            }
            #expect(!lower.contains("<iframe"), "\(path)")
            // Only the server's own script files are loaded.
            let scripts = lower.components(separatedBy: "<script").dropFirst()
            #expect(scripts.allSatisfy { $0.hasPrefix(" src=\"/assets/") }, "\(path)")
        }
        let note = try await client.send("GET", "/n/hostile.md").body
        #expect(note.contains("&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;"))
        #expect(note.contains("Hello"))
    }

    @Test(
        "a picture path that leaves the vault, names its state, or is not a picture is refused",
        arguments: [
            "/n/../../../../etc/passwd", "/n/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/n/attachments/%2e%2e/%2e%2e/outside.png",
            "/n//etc/passwd", "/n/%2Fetc%2Fpasswd", "/n/.enote/config", "/n/.trash/x.png", "/n/attachments/link-out.png",
            "/n/attachments/link-in.png", "/n/attachments/fake.png", "/n/attachments/missing.png",
        ])
    func picturesStayInside(path: String) async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]
        let outside = vault.base.appendingPathComponent("outside.png")
        try Data(png).write(to: outside)
        symlink(outside.path, vault.url("attachments/link-out.png").path)
        symlink("sunset-1.jpg", vault.url("attachments/link-in.png").path)
        try vault.write("attachments/fake.png", "not a picture, though named like one")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await client.send("GET", path)
        #expect((400..<500).contains(answer.status), "\(path): \(answer)")
        #expect(!answer.body.contains("root:"))
        #expect(answer.header("Content-Type")?.hasPrefix("image/") != true)
    }

    @Test("a picture inside the vault is served with its type, told by its bytes")
    func pictureInside() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let note = try await client.send("GET", "/n/sunset.md")
        #expect(note.body.contains("<img src=\"attachments/"), "\(note.body)")
        let files = try FileManager.default.contentsOfDirectory(atPath: vault.url("attachments").path).filter { $0.hasSuffix(".jpg") }
        let name = try #require(files.first)
        let picture = try await client.send("GET", "/n/attachments/\(name)")
        #expect(picture.status == 200)
        #expect(picture.header("Content-Type") == "image/jpeg")
    }

    /// The editor's revision field.
    static func revision(in page: String) -> String? {
        page.components(separatedBy: "name=\"revision\" value=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
    }

    @Test("Done with the revision the editor started from saves the note and stamps updated")
    func saveCurrent() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let editor = try await client.send("GET", "/edit/grocery-list.md")
        let revision = try #require(Self.revision(in: editor.body))
        let answer = try await client.post(
            "/edit/grocery-list.md",
            form: [("revision", revision), ("original_title", "Grocery list"), ("title", "Grocery list"), ("body", "Bread\r\nButter\r\n"), ("color", "red")])
        #expect(answer.status == 303, "\(answer)")
        let text = try vault.text("grocery-list.md")
        #expect(text.hasSuffix("---\nBread\nButter\n"), "\(text)")
        #expect(text.contains("color: red"))
        #expect(!text.contains("updated: 2026-11-22T07:47"))
    }

    @Test("a stale save is refused (409): the note on disk stays, the typed text is kept beside it, the page shows both")
    func staleSaveKeepsBoth() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let editor = try await client.send("GET", "/edit/grocery-list.md")
        let revision = try #require(Self.revision(in: editor.body))
        // Another editor saves the note while the page is open.
        let theirs = try vault.text("grocery-list.md").replacingOccurrences(of: "Potatoes", with: "Sweet potatoes (their edit)")
        try vault.write("grocery-list.md", theirs)
        let answer = try await client.post(
            "/edit/grocery-list.md",
            form: [("revision", revision), ("original_title", "Grocery list"), ("title", "Grocery list"), ("body", "My own list\n")])
        #expect(answer.status == 409, "\(answer)")
        #expect(try vault.text("grocery-list.md") == theirs)
        let copies = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).filter { $0.hasPrefix("grocery-list.conflict-") }
        #expect(copies.count == 1)
        let copy = try vault.text(try #require(copies.first))
        #expect(copy.hasSuffix("My own list\n"))
        #expect(answer.body.contains("Sweet potatoes (their edit)"))
        #expect(answer.body.contains("My own list"))
        #expect(answer.body.contains(try #require(copies.first)))
    }

    @Test("a new note needs a title and content; the editor comes back with what was typed")
    func newNoteNeedsTitleAndContent() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let before = try FileManager.default.contentsOfDirectory(atPath: vault.root.path).sorted()
        let noTitle = try await client.post("/new", form: [("title", ""), ("body", "Some text")])
        #expect(noTitle.status == 422)
        #expect(noTitle.body.contains("Some text"))
        let noBody = try await client.post("/new", form: [("title", "Only a title"), ("body", "  \r\n")])
        #expect(noBody.status == 422)
        #expect(noBody.body.contains("Only a title"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root.path).sorted() == before)
        let created = try await client.post("/new", form: [("title", "Only a title"), ("body", "Now with text"), ("color", "blue")])
        #expect(created.status == 303)
        #expect(created.header("Location") == "/n/only-a-title.md")
        let text = try vault.text("only-a-title.md")
        #expect(text.contains("title: Only a title"))
        #expect(text.contains("color: blue"))
        #expect(text.contains("Now with text"))
    }

    @Test("the list shows one folder (and the folders under it) when asked, with the way back")
    func folderList() async throws {
        try vault.write("travel/japan/osaka.md", "---\ntitle: Osaka\n---\nTakoyaki.\n")
        try vault.write("travel-tips.md", "---\ntitle: Tips\n---\nPack light.\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let all = try await client.send("GET", "/").body
        #expect(all.contains("href=\"/?folder=travel\""))
        let travel = try await client.send("GET", "/?folder=travel").body
        #expect(travel.contains("京都旅行"))
        #expect(travel.contains("Osaka"))
        #expect(!travel.contains("Tips"))
        #expect(!travel.contains("Grocery list"))
        #expect(travel.contains("id=\"folder\""))
        #expect(try await client.send("GET", "/?folder=travel/japan").body.contains("Osaka"))
        #expect(!(try await client.send("GET", "/?folder=travel/japan").body.contains("京都旅行")))
    }

    @Test("a page is written in the reader's language, relative dates included, whatever the server's own language")
    func pageLanguage() throws {
        // A note due at noon five calendar days from now: the page counts calendar days, so the
        // words do not depend on today's date (the count is read again after the request, in case
        // midnight passed meanwhile).
        let due = Self.noonInDays(5)
        try vault.write("soon.md", "---\ntitle: Soon\ndestroy: \(due.text)\n---\nDue in five days.\n")
        let server = try ServeProcess(vault)
        defer { server.stop() }
        var client = try server.signedInClient()
        client.cookie = (client.cookie ?? "") + "; enote_lang=ru"
        let before = Self.calendarDays(until: due.date)
        let russian = try client.send("GET", "/").body
        let after = Self.calendarDays(until: due.date)
        #expect(russian.contains("<html lang=\"ru\">"))
        #expect(russian.contains("Новая заметка"))
        let expected = Set([before, after]).map { "уничтожится через \($0) \($0 == 5 ? "дней" : "дня")" }
        #expect(expected.contains { russian.contains($0) }, "the note's destroy date, in Russian: \(expected)")
        #expect(!russian.contains("in \(before) days"))
        let japanese = try HTTPClient(port: server.port).send("GET", "/", headers: ["Accept-Language": "ja-JP,ja;q=0.9"])
        #expect(japanese.body.contains("サインイン") || japanese.body.contains("先にサインインしてください"), "\(japanese.body)")
    }

    @Test("delete moves the note to the trash, and undo brings it back")
    func deleteAndUndo() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let original = try vault.text("ideas.md")
        let deleted = try await client.post("/delete/ideas.md", form: [])
        #expect(deleted.status == 303)
        let location = try #require(deleted.header("Location"))
        #expect(location.hasPrefix("/?trashed="))
        #expect(!vault.exists("ideas.md"))
        let list = try await client.send("GET", location)
        #expect(list.body.contains("action=\"/undo\""))
        #expect(!list.body.contains("data-path=\"ideas.md\""))
        let entry = try #require(list.body.components(separatedBy: "name=\"entry\" value=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) })
        let undone = try await client.post("/undo", form: [("entry", entry)])
        #expect(undone.status == 303)
        #expect(try vault.text("ideas.md") == original)
    }

    /// Noon, local time, `days` calendar days from today: the date and its front matter text.
    static func noonInDays(_ days: Int) -> (date: Date, text: String) {
        let calendar = Calendar.current
        let day = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: Date()))!
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: day)!
        let parts = calendar.dateComponents([.year, .month, .day], from: noon)
        return (noon, String(format: "%04d-%02d-%02d 12:00", parts.year!, parts.month!, parts.day!))
    }

    /// Calendar days from today to `date`, as the page counts them.
    static func calendarDays(until date: Date) -> Int {
        let calendar = Calendar.current
        return calendar.dateComponents([.day], from: calendar.startOfDay(for: Date()), to: calendar.startOfDay(for: date)).day!
    }
}
