import Foundation
import Testing

@testable import NoteVault

/// `enote export`: an inert standalone HTML page, or plain text.
@Suite("NoteExporter")
struct NoteExporterTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    private func export(_ relative: String, embed: Bool = false, outputFolder: String? = nil) throws -> String {
        let vault = try sandbox.vault()
        return NoteExporter(vault: vault).html(try vault.read(NotePath(trusted: relative)), embedImages: embed, outputFolder: outputFolder)
    }

    /// The `src` of every `<img>` in `html`, in order.
    private func imageSources(_ html: String) -> [String] {
        html.matches(of: /<img src="([^"]*)"/).map { String($0.output.1) }
    }

    static let hostileBody = """
        <script>alert(1)</script>

        Inline <script>alert(2)</script> script, [x](javascript:alert(3)), [y](JaVaScRiPt:alert(4)),
        [z](<javascript:alert(5)>) and <img src=x onerror=alert(6)>.

        <a href="#" onclick="alert(7)">click</a> <span onmouseover=alert(8)>hover</span>

        <div onload="alert(9)"><iframe src="javascript:alert(10)"></iframe></div>

        <svg onload=alert(11)><script>alert(12)</script></svg>

        ![pic](javascript:alert(13)) ![pic2](vbscript:msgbox(14)) [file](file:///etc/passwd)

        <object data="javascript:alert(15)"></object><embed src="javascript:alert(16)">
        <style>body { background: url("javascript:alert(17)") }</style>
        <form action="javascript:alert(18)"><button>go</button></form>
        <meta http-equiv="refresh" content="0;url=javascript:alert(19)">

        """

    @Test("a hostile note exports as an inert page: no script, no javascript: URL, no event handler")
    func hostile() throws {
        try sandbox.write("evil.md", VaultSandbox.noteText(title: "<script>alert(0)</script>", body: Self.hostileBody, extra: ["color: red"]))
        for embed in [false, true] {
            let html = try export("evil.md", embed: embed, outputFolder: sandbox.outside)
            let lower = html.lowercased()
            for needle in [
                "<script", "javascript:", "vbscript:", "onerror=", "onclick=", "onmouseover=", "onload=", "<iframe", "<object",
                "<embed", "<svg", "<form", "file:///etc", "url=", "<style>body",
            ] {
                #expect(!lower.contains(needle), "\(needle) survived in:\n\(html)")
            }
            #expect(html.contains("<!-- raw HTML omitted -->"))
            #expect(html.contains("<title>&lt;script&gt;alert(0)&lt;/script&gt;</title>"))
            // The visible text is still there.
            #expect(html.contains("click") && html.contains("hover"))
        }
    }

    @Test("the page has a strict Content Security Policy, before anything else in the head")
    func contentSecurityPolicy() throws {
        try sandbox.write("n.md", VaultSandbox.noteText(title: "N", body: "Text\n"))
        let html = try export("n.md")
        let csp = try #require(html.firstMatch(of: /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.output.1)
        let directives = csp.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(directives.contains("default-src 'none'"))
        #expect(!csp.contains("script-src"), "no directive lets a script run")
        #expect(!csp.contains("unsafe-eval"))
        let head = try #require(html.range(of: "<head>")).upperBound
        let cspStart = try #require(html.range(of: "Content-Security-Policy")).lowerBound
        let title = try #require(html.range(of: "<title>")).lowerBound
        #expect(head < cspStart && cspStart < title)
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
    }

    @Test(
        "the title is HTML-escaped in <title> and the heading",
        arguments: [
            ("Tom & Jerry <3 \"quotes\" 'single'", "Tom &amp; Jerry &lt;3 &quot;quotes&quot; &#39;single&#39;"),
            ("</title><script>x</script>", "&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;"),
            ("Список покупок", "Список покупок"),
        ])
    func escapedTitle(title: String, escaped: String) throws {
        try sandbox.write("t.md", VaultSandbox.noteText(title: YAMLWriter.scalar(title), body: "Body\n"))
        let html = try export("t.md")
        #expect(html.contains("<title>\(escaped)</title>"))
        #expect(html.contains("<h1 class=\"title\">\(escaped)</h1>"))
    }

    @Test(
        "the note's colour is the accent",
        arguments: [
            ("red", nil), ("\"#FF8000\"", "#ff8000"), ("hsb(24, 85%, 96%)", nil), ("blue", nil),
        ] as [(String, String?)])
    func accent(color: String, hex: String?) throws {
        try sandbox.write("c.md", VaultSandbox.noteText(title: "C", body: "Body\n", extra: ["color: \(color)"]))
        let note = try sandbox.vault().read(NotePath(trusted: "c.md"))
        let expected = hex ?? note.content.metadata.color.rgb.description
        #expect(expected.wholeMatch(of: /#[0-9a-f]{6}/) != nil)
        #expect(try export("c.md").contains("border-left: 0.5em solid \(expected);"))
    }

    @Test("a note without a colour has the white accent")
    func defaultAccent() throws {
        try sandbox.write("w.md", VaultSandbox.noteText(title: "W", body: "Body\n"))
        #expect(try export("w.md").contains("border-left: 0.5em solid \(NoteColor.default.rgb.description);"))
    }

    /// A note in `work/` showing every kind of picture.
    private func pictures() throws -> [String: [UInt8]] {
        let files: [String: [UInt8]] = [
            "attachments/p.png": ImageBytes.png(width: 2, height: 2),
            "attachments/j.jpg": ImageBytes.jpeg(width: 3, height: 3, before: [ImageBytes.jfif]),
            "attachments/g.gif": ImageBytes.gif(width: 4, height: 4),
            "attachments/w.webp": ImageBytes.webpLossless(width: 5, height: 5),
            "attachments/h.heic": ImageBytes.heic(width: 6, height: 6),
            "attachments/my photo.png": ImageBytes.png(width: 7, height: 7),
            "attachments/fake.png": Array("not a picture".utf8),
        ]
        for (path, bytes) in files { try sandbox.writeAbsolute(sandbox.path(path), bytes) }
        try sandbox.write(
            "work/photos.md",
            VaultSandbox.noteText(
                title: "Photos",
                body: """
                    ![a](../attachments/p.png) ![b](/attachments/j.jpg) ![c](../attachments/g.gif?v=1) ![d](../attachments/w.webp)
                    ![e](../attachments/h.heic) ![f](../attachments/my%20photo.png) ![g](../attachments/fake.png) ![h](../attachments/gone.png)
                    ![i](https://example.com/r.png) ![j](../../outside.png)

                    """))
        return files
    }

    @Test("embedded pictures are data: URLs of the right type holding the file's bytes")
    func embedded() throws {
        let files = try pictures()
        let sources = imageSources(try export("work/photos.md", embed: true, outputFolder: sandbox.outside + "/out"))
        try #require(sources.count == 10, "\(sources)")
        func data(_ type: String, _ path: String) -> String { "data:image/\(type);base64," + Data(files[path]!).base64EncodedString() }
        #expect(sources[0] == data("png", "attachments/p.png"))
        #expect(sources[1] == data("jpeg", "attachments/j.jpg"))
        #expect(sources[2] == data("gif", "attachments/g.gif"))
        #expect(sources[3] == data("webp", "attachments/w.webp"))
        #expect(sources[5] == data("png", "attachments/my photo.png"))
        // What cannot be embedded is linked relative to the page, like without --embed-images.
        #expect(sources[4] == "../../vault/attachments/h.heic")
        #expect(sources[6] == "../../vault/attachments/fake.png")
        #expect(sources[7] == "../../vault/attachments/gone.png")
        #expect(sources[8] == "https://example.com/r.png")
        #expect(sources[9] == "", "a picture outside the vault is never read or linked")
    }

    @Test(
        "linked pictures are relative to the folder of the output file",
        arguments: [
            ("outside/out", "../../vault/attachments/"),
            ("outside", "../vault/attachments/"),
            ("vault", "attachments/"),
            ("vault/work", "../attachments/"),
            ("vault/attachments", ""),
            ("vault/attachments/deeper/still", "../../"),
        ])
    func linked(folder: String, prefix: String) throws {
        _ = try pictures()
        let sources = imageSources(try export("work/photos.md", outputFolder: sandbox.base + "/" + folder))
        try #require(sources.count == 10, "\(sources)")
        #expect(Array(sources[0..<8]) == ["p.png", "j.jpg", "g.gif", "w.webp", "h.heic", "my%20photo.png", "fake.png", "gone.png"].map { prefix + $0 })
        #expect(sources[8] == "https://example.com/r.png")
        #expect(sources[9] == "")
    }

    @Test("![[embeds]] of pictures are pictures like Markdown images; [[wikilinks]] to notes show their text")
    func wikilinks() throws {
        let files = try pictures()
        try sandbox.write("work/plan.md", VaultSandbox.noteText(title: "Plan", body: "Plan\n"))
        try sandbox.write(
            "work/trip.md",
            VaultSandbox.noteText(
                title: "Trip",
                body: "![[p.png]] ![[attachments/my photo.png|me]] ![[gone.png]] ![[plan]]\n\nSee [[plan|the *plan*]] and `[[code]]`.\n"))
        let embedded = try export("work/trip.md", embed: true, outputFolder: sandbox.outside)
        #expect(imageSources(embedded) == ["data:image/png;base64," + Data(files["attachments/p.png"]!).base64EncodedString(),
            "data:image/png;base64," + Data(files["attachments/my photo.png"]!).base64EncodedString()])
        #expect(embedded.contains("alt=\"me\""))
        #expect(embedded.contains("![[gone.png]]"), "a missing picture stays as written")
        #expect(embedded.contains("See the *plan* and <code>[[code]]</code>."))
        #expect(embedded.contains(" plan</p>"), "an embedded note shows its name")
        #expect(!embedded.contains("<a href"))
        let linked = try export("work/trip.md", outputFolder: sandbox.base + "/vault/work")
        #expect(imageSources(linked) == ["../attachments/p.png", "../attachments/my%20photo.png"])
    }

    @Test("without an output folder, pictures are linked by absolute path")
    func absolute() throws {
        _ = try pictures()
        let sources = imageSources(try export("work/photos.md"))
        #expect(sources[0] == sandbox.path("attachments/p.png"))
        #expect(sources[5] == sandbox.path("attachments/my%20photo.png"))
    }

    @Test(
        "relativeURL",
        arguments: [
            ("/a/b", "/a/b/c.png", "c.png"),
            ("/a/x", "/a/b/c.png", "../b/c.png"),
            ("/", "/a/b.png", "a/b.png"),
            ("/a/b/c", "/a/d.png", "../../d.png"),
            ("/a/bc", "/a/b/x.png", "../b/x.png"),
            ("/a/b/", "/a/b/c d.png", "c%20d.png"),
            ("/a", "/a/100%.png", "100%25.png"),
            ("/a", "/a/q?#.png", "q%3F%23.png"),
        ])
    func relativeURL(folder: String, file: String, expected: String) {
        #expect(NoteExporter.relativeURL(from: folder, to: file) == expected)
    }

    @Test("plain text: the title, a blank line, the body without Markdown, the title not repeated")
    func plainText() throws {
        try sandbox.write("a.md", VaultSandbox.noteText(title: "Grocery list", body: "Potatoes\n*Eggs*\n\n- [milk](https://x.example)\n"))
        try sandbox.write("b.md", "# Side *projects*\n\nA **bird** feeder.\n")
        try sandbox.write("c.md", "Buy stamps\nAt the post office.\n")
        try sandbox.write("d.md", VaultSandbox.noteText(title: "Pics", body: "![Tomatoes](attachments/t.png)\n> quoted\n"))
        let vault = try sandbox.vault()
        let exporter = NoteExporter(vault: vault)
        func text(_ path: String) throws -> String { exporter.plainText(try vault.read(NotePath(trusted: path))) }
        #expect(try text("a.md") == "Grocery list\n\nPotatoes\nEggs\n\n- milk (https://x.example)\n")
        #expect(try text("b.md") == "Side projects\n\nA bird feeder.\n")
        #expect(try text("c.md") == "Buy stamps\n\nAt the post office.\n")
        #expect(try text("d.md") == "Pics\n\nTomatoes\n\n> quoted\n")
    }

    @Test("plain text of a hostile note holds no markup at all")
    func hostilePlainText() throws {
        try sandbox.write("evil.md", VaultSandbox.noteText(title: "Evil", body: Self.hostileBody))
        let vault = try sandbox.vault()
        let text = NoteExporter(vault: vault).plainText(try vault.read(NotePath(trusted: "evil.md")))
        #expect(!text.contains("<script") && !text.contains("onerror") && !text.contains("<"), "\(text)")
    }
}
