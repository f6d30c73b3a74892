import Foundation
import Testing

/// The note page of `enote serve` shows `[[wikilinks]]` as links to the notes they resolve to
/// (as `enote links` resolves them) and `![[embeds]]` of pictures as the pictures; a link that
/// leads nowhere, or to several notes, stays as written.
@Suite(.serialized) struct ServeWikilinkTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault()
        try vault.write("projects/plan.md", "---\ntitle: The plan\n---\n# The plan\n\nStep one.\n\n## Next *steps*\n\nStep two.\n")
        try vault.write("a/twin.md", "# Twin A\n")
        try vault.write("b/twin.md", "# Twin B\n")
        try vault.write(
            "trip.md",
            """
            ---
            title: Trip
            ---
            # Trip

            Read [[plan]] first, then [[projects/plan#Next steps|the plan's steps]].

            Not yet written: [[nowhere]]. Two answer to [[twin]]. In code: `[[plan]]`.

            ![[cat.gif]]

            The report: [[report.pdf]].

            """)
        try vault.write("attachments/report.pdf", "%PDF-1.4 not served by the web interface")
    }

    @Test("a wikilink links to the note it resolves to, an embed shows the picture, the rest stays as written")
    func notePageLinksWikilinks() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/trip.md")
        #expect(page.status == 200)
        #expect(page.body.contains("<a href=\"/n/projects/plan.md\">plan</a>"), "\(page.body)")
        #expect(page.body.contains("<a href=\"/n/projects/plan.md#next-steps\">the plan's steps</a>"), "\(page.body)")
        #expect(page.body.contains("<h1 id=\"trip\">Trip</h1>"))
        #expect(page.body.contains("<img src=\"/n/attachments/cat.gif\" alt=\"cat.gif\" />"))
        #expect(page.body.contains("[[nowhere]]"))
        #expect(page.body.contains("[[twin]]"))
        #expect(page.body.contains("<code>[[plan]]</code>"))
        // `/n/` serves notes and pictures only, so a link to another file is not made a link.
        #expect(page.body.contains("The report: [[report.pdf]]."))
        // The links lead where they say.
        let plan = try await client.send("GET", "/n/projects/plan.md")
        #expect(plan.status == 200)
        #expect(plan.body.contains("Step one."))
        #expect(plan.body.contains("<h2 id=\"next-steps\">Next <em>steps</em></h2>"), "the heading the link names has its id")
        let picture = try await client.send("GET", "/n/attachments/cat.gif")
        #expect(picture.status == 200)
        #expect(picture.header("Content-Type") == "image/gif")
    }

    @Test("a heading named like a part of the page (Note, Backlinks, Tags, Live status) has the only element with its id")
    func headingIDsNeverClashWithThePage() async throws {
        try vault.write("parts.md", "# Parts\n\n## Note\n\n## Backlinks\n\n## Tags\n\n## Live status\n\nSee [[trip]] and #tag.\n")
        try vault.write("back.md", "Back to [[parts#Backlinks]].\n")
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let page = try await client.send("GET", "/n/parts.md").body
        for id in ["note", "backlinks", "tags", "live-status"] {
            #expect(page.components(separatedBy: "id=\"\(id)\"").count == 2, "\(id) once, on its heading")
            #expect(page.contains("<h2 id=\"\(id)\">"), "\(id)")
        }
        #expect(try await client.send("GET", "/n/back.md").body.contains("<a href=\"/n/parts.md#backlinks\">parts#Backlinks</a>"))
    }

    @Test("a note written after the server started is linked as soon as the index knows it")
    func newTargetIsLinked() async throws {
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        #expect(try await client.send("GET", "/n/trip.md").body.contains("[[nowhere]]"))
        try vault.write("nowhere.md", "# Somewhere after all\n")
        var linked = false
        for _ in 0..<50 where !linked {
            linked = try await client.send("GET", "/n/trip.md").body.contains("<a href=\"/n/nowhere.md\">nowhere</a>")
            if !linked { usleep(100_000) }
        }
        #expect(linked)
    }
}
