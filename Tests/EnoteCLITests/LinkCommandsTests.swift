import EnoteCLI
import Foundation
import Testing

/// `enote links`, `enote backlinks`, `enote tags`, and the link and tag filters of `list` and
/// `search`, run as the real binary on a small vault.
@Suite struct LinkCommandsTests {
    /// A vault where `hub` links `plan` three ways, `plan` links nowhere, and `lonely` is linked
    /// by no one.
    private static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault(sample: false)
        try vault.write("work/plan.md", "---\ntitle: Plan\naliases: [The Plan]\ntags: [Work/Q1]\n---\nGoals #work\n")
        try vault.write("hub.md", "# Hub\n\nSee [[plan]] and [the plan](work/plan.md#Goals).\n\n- also [[The Plan|alias]] and [[missing]] #work/q1/deep\n")
        try vault.write("lonely.md", "# Lonely\n\nNothing links here apple #Idea\n")
        try vault.write("code.md", "# Code\n\n`[[plan]]` and #idea apple\n")
        return vault
    }

    @Test func linksListsOutgoingWithDeadMarked() throws {
        let vault = try Self.vault()
        let result = try vault.run("links", "hub")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "3:5  plan  → work/plan.md", "3:18  work/plan.md#Goals  → work/plan.md", "5:8  The Plan|alias  → work/plan.md", "5:31  missing  dead",
            ])
        #expect(result.stderr.contains("1 dead link"), "\(result.stderr)")

        let json = try vault.run("links", "hub", "--json")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["state"] as? String } == ["resolved", "resolved", "resolved", "dead"])
        #expect(objects.map { $0["kind"] as? String } == ["wikilink", "inline", "wikilink", "wikilink"])
        #expect(objects[1]["heading"] as? String == "Goals")
    }

    @Test func backlinksShowTheLineThatLinks() throws {
        let vault = try Self.vault()
        let result = try vault.run("backlinks", "work/plan")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "hub.md:3:5  See [[plan]] and [the plan](work/plan.md#Goals).",
                "hub.md:3:18  See [[plan]] and [the plan](work/plan.md#Goals).",
                "hub.md:5:8  - also [[The Plan|alias]] and [[missing]] #work/q1/deep",
            ])
        let json = try vault.run("backlinks", "plan", "--json")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["source"] as? String } == ["hub.md", "hub.md", "hub.md"])
        #expect(objects.first?["text"] as? String == "See [[plan]] and [the plan](work/plan.md#Goals).")

        let none = try vault.run("backlinks", "lonely")
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("No notes link to lonely.md"), "\(none)")
    }

    @Test func tagsWithCounts() throws {
        let vault = try Self.vault()
        let result = try vault.run("tags")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == ["2  Idea", "1  work", "1  Work/Q1", "1  work/q1/deep"])
        let json = try vault.run("tags", "--json")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["normalized"] as? String } == ["idea", "work", "work/q1", "work/q1/deep"])
        #expect(objects.map { $0["count"] as? Int } == [2, 1, 1, 1])
    }

    @Test(arguments: [
        (["--tag", "work"], ["hub.md", "plan.md"]),
        (["--tag", "WORK/Q1"], ["hub.md", "plan.md"]),
        (["--tag", "work/q1/deep"], ["hub.md"]),
        (["--tag", "idea", "--tag", "work"], []),
        (["--links-to", "plan"], ["hub.md"]),
        (["--linked-from", "hub"], ["plan.md"]),
        (["--orphan"], ["code.md", "hub.md", "lonely.md"]),
        (["--dead-links"], ["hub.md"]),
    ])
    func listFilters(_ options: [String], _ expected: [String]) throws {
        let vault = try Self.vault()
        let result = try vault.run(["list", "--json"] + options)
        #expect(result.status == 0, "\(result)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.compactMap { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) }.sorted() == expected)
    }

    @Test func searchFilters() throws {
        let vault = try Self.vault()
        let result = try vault.run("search", "apple", "--tag", "idea", "--orphan", "--json")
        #expect(result.status == 0, "\(result)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.compactMap { $0["path"] as? String }.sorted() == ["code.md", "lonely.md"])
        let none = try vault.run("search", "apple", "--links-to", "plan")
        #expect(none.status == 0 && none.stderr.contains("No notes match"), "\(none)")
        let unknown = try vault.run("list", "--links-to", "nothing-like-this")
        #expect(unknown.status == 1, "\(unknown)")
    }

    /// With the watcher running, a new note's links and tags are answered at once.
    @Test func watcherKeepsLinksFresh() throws {
        let vault = try Self.vault()
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        try vault.write("new.md", "# New\n\n[[lonely]] #fresh\n")
        #expect(watcher.wait { (try? vault.run("backlinks", "lonely"))?.stdout.contains("new.md:3:1") == true })
        let tags = try vault.run("tags")
        #expect(tags.stdout.contains("1  fresh"), "\(tags)")
        try FileManager.default.removeItem(at: vault.url("new.md"))
        #expect(watcher.wait { (try? vault.run("backlinks", "lonely"))?.stderr.contains("No notes link") == true })
    }
}
