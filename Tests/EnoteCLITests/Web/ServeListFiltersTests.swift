import Foundation
import Testing

/// The web list's filters that `enote list` has too (`since`, `until`, `where`, `expiring`,
/// `links_to`, `linked_from`, `orphan`, `dead_links`, repeated `tag`), end to end over the
/// real server: each narrows the list, and a value it cannot read is a 400 page saying why.
@Suite(.serialized) struct ServeListFiltersTests {
    /// A small vault: `plan` is linked from `hub`, which also has a dead link; `old` is from
    /// 2020; `soon` destroys itself in 2 days, `later` in 30 days.
    static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault(sample: false)
        let now = Date()
        let soon = now.addingTimeInterval(2 * 86_400).ISO8601Format()
        let later = now.addingTimeInterval(30 * 86_400).ISO8601Format()
        try vault.write("hub.md", "---\ntitle: Hub\nstatus: draft\ntags: [work, idea]\n---\nSee [[plan]] and [[missing]].\n")
        try vault.write("plan.md", "---\ntitle: Plan\nstatus: done\ntags: [work]\n---\nThe plan.\n")
        try vault.write("old.md", "---\ntitle: Old\nupdated: 2020-01-01T00:00:00Z\n---\nLong ago.\n")
        try vault.write("soon.md", "---\ntitle: Soon\ndestroy: \(soon)\n---\nBye soon.\n")
        try vault.write("later.md", "---\ntitle: Later\ndestroy: \(later)\n---\nBye later.\n")
        return vault
    }

    /// The paths the list page shows, sorted.
    static func listed(_ page: String) -> [String] {
        page.components(separatedBy: "data-path=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.sorted()
    }

    @Test func eachFilterNarrowsTheList() throws {
        let vault = try Self.vault()
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let all = try client.send("GET", "/")
        #expect(Self.listed(all.body) == ["hub.md", "later.md", "old.md", "plan.md", "soon.md"], "\(all)")
        let cases: [(String, [String])] = [
            ("/?since=2021-01-01", ["hub.md", "later.md", "plan.md", "soon.md"]),
            ("/?until=2021-01-01", ["old.md"]),
            ("/?until=1d", ["old.md"]),
            ("/?where=status%3Ddraft", ["hub.md"]),
            ("/?where=status%3Ddraft&where=tags%3Didea", ["hub.md"]),
            ("/?where=status%3Ddone&where=tags%3Didea", []),
            ("/?expiring=3d", ["soon.md"]),
            ("/?expiring=all", ["later.md", "soon.md"]),
            ("/?links_to=plan", ["hub.md"]),
            ("/?linked_from=hub", ["plan.md"]),
            ("/?orphan=1", ["hub.md", "later.md", "old.md", "soon.md"]),
            ("/?dead_links=1", ["hub.md"]),
            ("/?tag=work", ["hub.md", "plan.md"]),
            ("/?tag=work&tag=idea", ["hub.md"]),
            // Empty fields of the form are no filter.
            ("/?tag=work&tag=&where=&since=&until=&expiring=&links_to=&linked_from=", ["hub.md", "plan.md"]),
        ]
        for (path, expected) in cases {
            let answer = try client.send("GET", path)
            #expect(answer.status == 200, "\(path): \(answer)")
            #expect(Self.listed(answer.body) == expected, "\(path)")
        }
    }

    @Test func theFormKeepsTheFiltersAndOpensMoreFilters() throws {
        let vault = try Self.vault()
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let plain = try client.send("GET", "/").body
        #expect(plain.contains("<details class=\"more-filters\" id=\"more-filters\"><summary>"), "closed when none is set")
        let page = try client.send("GET", "/?tag=work&tag=idea&where=status%3Ddraft&since=2021-01-01&orphan=1").body
        #expect(page.contains("<details class=\"more-filters\" id=\"more-filters\" open>"))
        #expect(page.contains("name=\"tag\" value=\"work\""))
        #expect(page.contains("name=\"tag\" value=\"idea\""))
        #expect(page.contains("name=\"where\" value=\"status=draft\""))
        #expect(page.contains("name=\"since\" value=\"2021-01-01\""))
        #expect(page.contains("name=\"orphan\" value=\"1\" checked"))
    }

    @Test(
        "a value the list cannot read is a 400 page with the library's words",
        arguments: [
            ("/?since=bogus", "since: "), ("/?until=bogus", "until: "), ("/?expiring=soonish", "is not a duration"),
            ("/?where=nokey", "is not KEY=VALUE"), ("/?links_to=nothing-like-this", "nothing-like-this"),
        ])
    func badValueIsRefused(path: String, words: String) async throws {
        let vault = try Self.vault()
        let server = try ServeInProcess(vault)
        defer { server.stop() }
        let client = try await server.signedInClient()
        let answer = try await client.send("GET", path)
        #expect(answer.status == 400, "\(path): \(answer)")
        #expect(answer.body.contains(words), "\(path): \(answer.body)")
        #expect(!answer.body.contains("data-path="))
    }

    @Test func theNotePageTagLinksFilterTheList() throws {
        let vault = try Self.vault()
        let server = try ServeProcess(vault)
        defer { server.stop() }
        let client = try server.signedInClient()
        let note = try client.send("GET", "/n/hub.md").body
        let link = try #require(note.components(separatedBy: "class=\"tag\" href=\"").dropFirst().first?.prefix { $0 != "\"" })
        let answer = try client.send("GET", String(link).replacingOccurrences(of: "&amp;", with: "&"))
        #expect(answer.status == 200)
        #expect(!Self.listed(answer.body).isEmpty && Self.listed(answer.body).allSatisfy { ["hub.md", "plan.md"].contains($0) }, "\(link)")
    }
}
