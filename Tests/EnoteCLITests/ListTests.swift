import EnoteCLI
import Foundation
import Testing

/// `enote list [--sort K] [--reverse] [--color C] [--limit N] [--json]`.
@Suite struct ListTests {
    @Test func tableShowsEveryNoteButTheExpiredOne() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("list")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == SampleNotes.listed.count, "\(result.stdout)")
        for title in ["Grocery list", "Meeting: Q3 planning", "Список покупок", "京都旅行", "Sunset at the pier", "2025 retrospective", "Buy stamps"] {
            #expect(lines.filter { $0.contains(title) }.count == 1, "\(title) in\n\(result.stdout)")
        }
        #expect(!result.stdout.contains("Call the plumber"))
        // The malformed note is listed, and stderr names the file and line of the problem.
        #expect(result.stdout.contains("This note's front matter is not"))
        #expect(result.stderr.contains("broken-front-matter.md:2"), "\(result.stderr)")
        // No colour on a pipe (NO_COLOR is set too): no escape sequences.
        #expect(!containsEscape(result.stdoutBytes))
    }

    @Test func tableFitsTheTerminalWidth() throws {
        let vault = try TemporaryVault()
        let result = try vault.run(["list"], environment: ["COLUMNS": "60"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == SampleNotes.listed.count)
        for line in lines {
            #expect(DisplayWidth.of(line) <= 60, "wide characters count as two columns: \(line)")
        }
        #expect(lines.contains { $0.contains("京都旅行") })
    }

    @Test func jsonHasTheStableFieldsInOrder() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("list", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(JSONOutput.keyOrder(result.stdout, indent: "    ") == SampleNotes.jsonFields)
        let notes = try JSONOutput.array(result)
        #expect(Set(notes.compactMap { $0["path"] as? String }) == Set(SampleNotes.listed))
        for note in notes {
            #expect(Set(note.keys) == Set(SampleNotes.jsonFields), "\(note)")
        }
    }

    @Test func jsonValuesOfTheSampleNotes() throws {
        let vault = try TemporaryVault()
        let notes = Dictionary(uniqueKeysWithValues: try vault.listJSON().map { ($0["path"] as? String ?? "", $0) })

        let grocery = try #require(notes["grocery-list.md"])
        #expect(grocery["title"] as? String == "Grocery list")
        #expect(grocery["description"] as? String == "Potatoes Eggs Milk (the good one)")
        #expect(grocery["color"] as? String == "red")
        #expect(grocery["color_rgb"] as? String == "#ff3b30")
        #expect(grocery["destroy"] as? String == "2099-12-31T18:00:00+00:00")
        #expect(grocery["pending_expiry"] as? Bool == false)
        #expect(grocery["created"] as? String == "2026-11-20T06:00:00+00:00")
        #expect(grocery["tags"] as? [String] == ["home", "weekly"])
        #expect(grocery["images"] as? [String] == [])
        #expect(grocery["order"] as? String == "b")

        let meeting = try #require(notes["meeting-notes.md"])
        #expect(meeting["title"] as? String == "Meeting: Q3 planning")
        #expect(meeting["color"] as? String == "orange", "the colour key is read")

        let sunset = try #require(notes["sunset.md"])
        #expect(sunset["color"] as? String == "hsb(24, 85%, 96%)")
        #expect(sunset["images"] as? [String] == ["attachments/sunset.jpg", "attachments/cat.gif"])

        let ideas = try #require(notes["ideas.md"])
        #expect(ideas["tags"] as? [String] == ["someday", "projects"])
        #expect(ideas["order"] is NSNull)
        #expect(ideas["destroy"] is NSNull)

        let kyoto = try #require(notes["travel/kyoto.md"])
        #expect(kyoto["title"] as? String == "京都旅行")
        #expect(kyoto["tags"] as? [String] == ["旅行"])

        let quick = try #require(notes["quick-note.md"])
        #expect(quick["title"] as? String == "Buy stamps")
        #expect(quick["color"] as? String == "white")
        #expect(quick["description"] as? String == "At the post office on Monday, before the queue.")
    }

    @Test func sortByTitleAndReverse() throws {
        let vault = try TemporaryVault()
        let notes = try vault.listJSON("--sort", "title")
        let titles = notes.compactMap { $0["title"] as? String }
        #expect(titles.count == SampleNotes.listed.count)
        #expect(titles.first == "2025 retrospective")
        let index = { (title: String) in titles.firstIndex(of: title) ?? -1 }
        #expect(index("Buy stamps") < index("Garden"))
        #expect(index("Garden") < index("Grocery list"))
        #expect(index("Meeting: Q3 planning") < index("Reading list"))
        for (a, b) in zip(titles, titles.dropFirst()) {
            #expect(a.localizedStandardCompare(b) != .orderedDescending, "\(a) before \(b)")
        }
        let reversed = try vault.listedPaths("--sort", "title", "--reverse")
        #expect(reversed == notes.compactMap { $0["path"] as? String }.reversed())
    }

    @Test(arguments: ["created", "updated"])
    func sortByDateIsNewestFirst(key: String) throws {
        let vault = try TemporaryVault()
        // Give every note a distinct modification time in the past, so `updated` comes from the files.
        for (offset, path) in SampleNotes.all.enumerated() {
            let date = Date(timeIntervalSince1970: 1_500_000_000 + Double(offset) * 60)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: vault.url(path).path)
        }
        let notes = try vault.listJSON("--sort", key)
        let dates = notes.compactMap { JSONOutput.date($0[key]) }
        #expect(dates.count == SampleNotes.listed.count)
        #expect(dates == dates.sorted(by: >), "\(notes.map { $0[key] ?? "" })")
        let reversed = try vault.listJSON("--sort", key, "--reverse").compactMap { JSONOutput.date($0[key]) }
        #expect(reversed == dates.sorted(by: <))
    }

    @Test func defaultSortIsUpdated() throws {
        let vault = try TemporaryVault()
        #expect(try vault.listedPaths() == vault.listedPaths("--sort", "updated"))
    }

    @Test func sortByManualOrder() throws {
        let vault = try TemporaryVault()
        let paths = try vault.listedPaths("--sort", "order")
        #expect(Array(paths.prefix(2)) == ["welcome.md", "grocery-list.md"])
        #expect(paths.count == SampleNotes.listed.count)
    }

    @Test(arguments: [
        ("red", ["grocery-list.md"]), ("purple", ["travel/kyoto.md"]), ("gray", ["archive/2025-retro.md"]),
        ("hsb(24, 85%, 96%)", ["sunset.md"]), ("pink", ["список-покупок.md"]), ("orange", ["meeting-notes.md"]),
    ])
    func filterByColor(color: String, expected: [String]) throws {
        let vault = try TemporaryVault()
        #expect(try vault.listedPaths("--color", color) == expected)
    }

    @Test func filterByWhiteFindsNotesWithoutAColor() throws {
        let vault = try TemporaryVault()
        let paths = Set(try vault.listedPaths("--color", "white"))
        #expect(paths.isSuperset(of: ["welcome.md", "quick-note.md"]))
        #expect(!paths.contains("grocery-list.md"))
    }

    @Test func filterByAnUnknownColorIsAUsageError() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("list", "--color", "mauve")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\"mauve\" is not a colour"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [1, 3, 50])
    func limit(count: Int) throws {
        let vault = try TemporaryVault()
        let all = try vault.listedPaths()
        let limited = try vault.listedPaths("--limit", String(count))
        #expect(limited == Array(all.prefix(count)))
        let table = try vault.run("list", "--limit", String(count))
        #expect(table.stdout.split(separator: "\n").count == min(count, all.count))
    }

    @Test func notesWithAPassedDestroyDateAreHiddenButNotRemoved() throws {
        let vault = try TemporaryVault()
        try vault.write("expired-today.md", "---\ntitle: Gone soon\ndestroy: 2020-01-01T00:00:00Z\n---\nbye\n")
        let paths = try vault.listedPaths()
        #expect(!paths.contains("old-reminder.md"))
        #expect(!paths.contains("expired-today.md"))
        #expect(vault.exists("old-reminder.md"), "list never deletes")
        let note = try vault.showJSON("old-reminder.md")
        #expect(note["pending_expiry"] as? Bool == true)
        #expect(note["destroy"] as? String == "2025-01-15T00:00:00+00:00")
    }

    @Test func emptyVaultListsNothing() throws {
        let vault = try TemporaryVault(sample: false)
        let table = try vault.run("list")
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.isEmpty)
        #expect(try vault.listJSON().isEmpty)
    }
}
