import Foundation
import Testing

/// `enote export NOTE [--html] [-o FILE] [--embed-images]`, end to end.
@Suite struct ExportCommandTests {
    static let hostile = """
        ---
        title: "<script>alert('title')</script> & co"
        color: red
        ---
        <script>alert(1)</script>

        [x](javascript:alert(2)) and <img src=x onerror=alert(3)> and <a href="#" onclick="alert(4)">a</a>

        <div onmouseover="alert(5)">hover</div>

        ![p](javascript:alert(6)) <iframe src="javascript:alert(7)"></iframe>

        """

    /// The `src` of every `<img>`.
    private func imageSources(_ html: String) -> [String] {
        html.matches(of: /<img src="([^"]*)"/).map { String($0.output.1) }
    }

    @Test func hostileNoteIsInert() throws {
        let vault = try TemporaryVault()
        try vault.write("evil.md", Self.hostile)
        for extra in [[], ["--embed-images"], ["-o", "evil.html"]] {
            let result = try vault.run(["export", "evil", "--html"] + extra)
            #expect(result.status == 0, "\(result)")
            let html = extra.contains("-o") ? try vault.text("evil.html") : result.stdout
            let lower = html.lowercased()
            for needle in ["<script", "javascript:", "onerror=", "onclick=", "onmouseover=", "<iframe"] {
                #expect(!lower.contains(needle), "\(needle) survived \(extra):\n\(html)")
            }
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
            #expect(html.contains("<title>&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt; &amp; co</title>"))
            #expect(html.contains("<a href=\"\">x</a>"), "the link's text stays, without its URL")
        }
    }

    @Test func pageWithTitleAccentAndLinkedPictures() throws {
        let vault = try TemporaryVault()
        try FileManager.default.createDirectory(at: vault.url("exports"), withIntermediateDirectories: true)
        let result = try vault.run("export", "sunset", "--html", "-o", "exports/sunset.html")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Wrote \(vault.url("exports/sunset.html").path)"), "\(result)")
        let html = try vault.text("exports/sunset.html")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>Sunset at the pier</title>"))
        #expect(html.contains("<h1 class=\"title\">Sunset at the pier</h1>"))
        let rgb = try #require(try vault.showJSON("sunset")["color_rgb"] as? String)
        #expect(html.contains("border-left: 0.5em solid \(rgb);"))
        #expect(imageSources(html) == ["../attachments/sunset.jpg", "../attachments/cat.gif"])
        // The links work from where the page is.
        for source in imageSources(html) {
            #expect(FileManager.default.fileExists(atPath: vault.url("exports").appendingPathComponent(source).standardizedFileURL.path))
        }
    }

    @Test(arguments: [
        ("page.html", "attachments/garden.png"),
        ("deep/er/page.html", "../../attachments/garden.png"),
        ("../outside/page.html", "../vault/attachments/garden.png"),
    ])
    func linksAreRelativeToTheOutputFile(output: String, source: String) throws {
        let vault = try TemporaryVault()
        try FileManager.default.createDirectory(at: vault.url(output).deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try vault.run("export", "garden", "--html", "--output", output)
        #expect(result.status == 0, "\(result)")
        #expect(imageSources(try vault.text(output)) == [source])
    }

    @Test func linksFromStandardOutputAreRelativeToTheCurrentFolder() throws {
        let vault = try TemporaryVault()
        let result = try vault.run(in: vault.url("travel"), ["export", "garden", "--html"])
        #expect(result.status == 0, "\(result)")
        #expect(imageSources(result.stdout) == ["../attachments/garden.png"])
    }

    @Test func embeddedPicturesAreDataURLs() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("export", "sunset", "--html", "--embed-images", "-o", "sunset.html")
        #expect(result.status == 0, "\(result)")
        let sources = imageSources(try vault.text("sunset.html"))
        let jpeg = try vault.bytes("attachments/sunset.jpg").base64EncodedString()
        let gif = try vault.bytes("attachments/cat.gif").base64EncodedString()
        #expect(sources == ["data:image/jpeg;base64," + jpeg, "data:image/gif;base64," + gif])
    }

    @Test func embeddedWebPAndLinkedHEIC() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("attachments/w.webp", bytes: PictureFiles.webp(width: 2, height: 2))
        try vault.write("attachments/h.heic", bytes: PictureFiles.heic(width: 2, height: 2))
        try vault.write("p.md", "---\ntitle: P\n---\n![w](attachments/w.webp) ![h](attachments/h.heic)\n")
        try FileManager.default.createDirectory(at: vault.url("out"), withIntermediateDirectories: true)
        let result = try vault.run("export", "p", "--html", "--embed-images", "-o", "out/p.html")
        #expect(result.status == 0, "\(result)")
        let sources = imageSources(try vault.text("out/p.html"))
        #expect(sources == ["data:image/webp;base64," + Data(PictureFiles.webp(width: 2, height: 2)).base64EncodedString(), "../attachments/h.heic"])
    }

    @Test func plainTextByDefault() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("export", "grocery")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Grocery list\n\nPotatoes\nEggs\nMilk (the good one)\n")

        let welcome = try vault.run("export", "welcome", "-o", "welcome.txt")
        #expect(welcome.status == 0, "\(welcome)")
        let text = try vault.text("welcome.txt")
        #expect(text.hasPrefix("Welcome to enote\n\nEvery note is a Markdown file"), "\(text)")
        #expect(text.contains("\n- enote list shows the notes, newest first.\n"))
        #expect(!text.contains("`") && !text.contains("# "))
    }

    @Test func plainTextOfAHostileNoteHasNoMarkup() throws {
        let vault = try TemporaryVault()
        try vault.write("evil.md", Self.hostile)
        let result = try vault.run("export", "evil")
        #expect(result.status == 0, "\(result)")
        // The title is text and printed as it is; the body has no markup left.
        #expect(result.stdout.hasPrefix("<script>alert('title')</script> & co\n\n"))
        let body = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        #expect(body == "x (javascript:alert(2)) and  and a\n\np\n", "\(result.stdout)")
    }

    @Test(arguments: [
        (["export", "garden", "--embed-images"], 2, "--embed-images goes with --html"),
        (["export", "nothing like this", "--html"], 1, "nothing like this"),
        (["export"], 2, "Missing expected argument"),
        (["export", "garden", "--html", "-o", "no/such/folder/x.html"], 1, "could not write"),
    ])
    func refusals(arguments: [String], status: Int32, message: String) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(try vault.tree() == before)
    }
}
