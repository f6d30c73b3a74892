import Foundation
import Testing

/// `enote show NOTE [--json | --raw | --html]`.
@Suite struct ShowTests {
    @Test(arguments: [
        ("grocery-list.md", "grocery-list.md"),
        ("grocery-list", "grocery-list.md"),
        ("./grocery-list.md", "grocery-list.md"),
        ("GROCERY-LIST", "grocery-list.md"),
        ("Grocery list", "grocery-list.md"),
        ("grocery LIST", "grocery-list.md"),
        ("groc", "grocery-list.md"),
        ("travel/kyoto", "travel/kyoto.md"),
        ("travel/kyoto.md", "travel/kyoto.md"),
        ("京都", "travel/kyoto.md"),
        ("京都旅行", "travel/kyoto.md"),
        ("список", "список-покупок.md"),
        ("СПИСОК ПОКУПОК", "список-покупок.md"),
        ("Meeting: Q3 planning", "meeting-notes.md"),
        ("meeting-notes", "meeting-notes.md"),
        ("2025", "archive/2025-retro.md"),
        ("archive/2025-retro", "archive/2025-retro.md"),
        ("Buy stamps", "quick-note.md"),
    ])
    func resolvesPathsTitlesAndPrefixes(reference: String, path: String) throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "--json", reference)
        #expect(result.status == 0, "\(result)")
        #expect(try JSONOutput.object(result)["path"] as? String == path)
    }

    @Test func ambiguityListsTheCandidates() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "g")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\"g\" matches 2 notes"), "\(result.stderr)")
        #expect(result.stderr.contains("garden.md  (Garden)"))
        #expect(result.stderr.contains("grocery-list.md  (Grocery list)"))
    }

    @Test func sameTitleTwiceIsAmbiguousButEachPathWorks() throws {
        let vault = try TemporaryVault()
        try vault.write("work/garden.md", "---\ntitle: Garden\n---\nThe office plants\n")
        let result = try vault.run("show", "Garden")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("garden.md  (Garden)") && result.stderr.contains("work/garden.md  (Garden)"), "\(result)")
        #expect(try vault.showJSON("garden.md")["path"] as? String == "garden.md")
        #expect(try vault.showJSON("work/garden")["path"] as? String == "work/garden.md")
    }

    @Test func unknownNoteIsAnError() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "zebra")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no note matches \"zebra\""))
    }

    @Test func jsonIsOneObjectWithTheBodyAndFields() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "grocery", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("{"))
        let note = try JSONOutput.object(result)
        for key in SampleNotes.jsonFields + ["fields", "body", "warnings"] {
            #expect(note[key] != nil, "\(key) missing")
        }
        #expect(note["path"] as? String == "grocery-list.md")
        #expect(note["body"] as? String == "Potatoes\nEggs\nMilk (the *good* one)\n")
        let fields = try #require(note["fields"] as? [String: Any])
        #expect(fields["title"] as? String == "Grocery list")
        #expect(fields["tags"] as? [String] == ["home", "weekly"])
        #expect(note["warnings"] as? [String] == [])
    }

    @Test func jsonOfTheMalformedNoteCarriesTheWarning() throws {
        let vault = try TemporaryVault()
        let note = try vault.showJSON("broken-front-matter.md")
        let warnings = try #require(note["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("broken-front-matter.md:2") }, "\(warnings)")
    }

    @Test(arguments: SampleNotes.all)
    func rawIsTheExactBytesOfTheFile(path: String) throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "--raw", path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutBytes == (try vault.bytes(path)))
    }

    @Test func rawKeepsBOMAndCRLF() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "meeting", "--raw")
        #expect(Array(result.stdoutBytes.prefix(5)) == [0xEF, 0xBB, 0xBF, 0x2D, 0x2D])
        #expect(result.stdoutBytes.count == 238)
        #expect(result.stdoutBytes == (try vault.bytes("meeting-notes.md")))
    }

    @Test func rawOfANoteWithControlBytesIsExactOnAPipe() throws {
        let vault = try TemporaryVault()
        let bytes: [UInt8] = Array("---\ntitle: Bell\n---\nring \u{07} and \u{1B}[31mred\u{1B}[0m\r\n".utf8)
        try vault.write("bell.md", bytes: bytes)
        let result = try vault.run("show", "bell.md", "--raw")
        #expect(result.status == 0, "\(result)")
        #expect(Array(result.stdoutBytes) == bytes)
    }

    @Test func htmlIsRendered() throws {
        let vault = try TemporaryVault()
        let grocery = try vault.run("show", "grocery", "--html")
        #expect(grocery.status == 0, "\(grocery)")
        #expect(grocery.stdout == "<p>Potatoes\nEggs\nMilk (the <em>good</em> one)</p>\n")
        let welcome = try vault.run("show", "welcome", "--html")
        #expect(welcome.stdout.hasPrefix("<h1>Welcome to enote</h1>\n"), "\(welcome)")
        #expect(welcome.stdout.contains("<li><code>enote list</code> shows the notes, newest first.</li>"))
        #expect(!welcome.stdout.contains("title:"), "front matter is not part of the HTML")
        let meeting = try vault.run("show", "meeting", "--html")
        #expect(meeting.stdout.contains("<strong>March</strong>"))
        #expect(!meeting.stdout.contains("\r"))
    }

    @Test func htmlLeavesScriptsAndJavascriptLinksOut() throws {
        let vault = try TemporaryVault()
        try vault.write("xss.md", "# Hi\n\n<script>alert(1)</script>\n\n[click](javascript:alert(2)) <img src=x onerror=alert(3)>\n")
        let result = try vault.run("show", "xss.md", "--html")
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.lowercased().contains("<script"), "\(result.stdout)")
        #expect(!result.stdout.lowercased().contains("javascript:"), "\(result.stdout)")
        #expect(!result.stdout.lowercased().contains("onerror"), "\(result.stdout)")
        #expect(result.stdout.contains("<h1>Hi</h1>"))
    }

    @Test func detailsShowTheFieldsAndTheText() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "grocery")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasSuffix("Grocery list") == true, "\(result.stdout)")
        #expect(lines.contains("path:    grocery-list.md"))
        #expect(lines.contains("color:   red"))
        #expect(lines.contains("tags:    home, weekly"))
        #expect(lines.contains { $0.hasPrefix("destroy: ") && $0.contains("2099") })
        #expect(result.stdout.hasSuffix("\n\nPotatoes\nEggs\nMilk (the *good* one)\n"))
    }

    @Test func detailsOfACRLFNoteShowPlainLines() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "meeting")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Attendees: Ana, Boris, Chen\n\n1. Budget review\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("\\r"), "CRLF line endings are not shown as escapes: \(result.stdout)")
        #expect(!result.stdoutBytes.contains(0x0D))
    }

    @Test func detailsOfAnExpiredNoteSayItIsWaiting() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "old-reminder")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("(passed; waiting for expiry)"))
        #expect(result.stdout.contains("Call the plumber"))
    }

    @Test func detailsOfTheMalformedNoteWarnWithFileAndLine() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("show", "broken-front-matter.md")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("broken-front-matter.md:2"), "\(result.stderr)")
        #expect(result.stdout.contains("enote still lists and searches it"))
    }

    @Test(arguments: [["--json", "--raw"], ["--raw", "--html"], ["--json", "--html"]])
    func formatsExcludeEachOther(flags: [String]) throws {
        let vault = try TemporaryVault()
        let result = try vault.run(["show", "grocery"] + flags)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("choose one of --json, --raw and --html"))
    }
}
