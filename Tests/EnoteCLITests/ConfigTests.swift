import Foundation
import Testing

/// `.enote/config`, end to end: sort, max_notes, ignore, editor, expiry, expiry_cap, and
/// mistakes reported with file:line.
@Suite struct ConfigTests {
    /// Appends settings to the sample's commented config.
    /// Appends `settings` to the sample config, commenting out the sample's own line for a key
    /// they set again (a key given twice is an error), so line numbers stay as they were.
    private func configure(_ vault: TemporaryVault, _ settings: String) throws {
        let key = { (line: Substring) in line.split(separator: "=").first?.trimmingCharacters(in: .whitespaces) }
        let keys = Set(settings.split(separator: "\n").compactMap(key)).subtracting(["ignore"])
        let sample = try vault.text(".enote/config").split(separator: "\n", omittingEmptySubsequences: false).map { line in
            !line.hasPrefix("#") && key(line).map(keys.contains) == true ? "# " + line : line
        }
        try vault.write(".enote/config", sample.joined(separator: "\n") + settings + "\n")
    }

    @Test func maxNotesRefusesTheNextNoteAndCreatesNothing() throws {
        let vault = try TemporaryVault()
        // SampleVault has 13 notes (counting the one waiting for expiry).
        try configure(vault, "max_notes = 14")
        let first = try vault.run("new", "Fourteenth", "fits")
        #expect(first.status == 0, "\(first)")

        let picture = try vault.outsideFile("p.png", PictureFiles.png(width: 1, height: 1))
        let before = try vault.tree()
        for arguments in [["new", "Fifteenth", "too many"], ["new", "Photo", "--image", picture], ["new", "Meeting", "--template", "meeting"]] {
            let result = try vault.run(arguments)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderr.contains("this vault is limited to 14 notes (max_notes in .enote/config); remove a note or raise the limit to create another"),
                "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(try vault.tree() == before, "\(arguments): no note, no attachment")
        }
        // Removing one makes room again.
        #expect(try vault.run("rm", "quick-note").status == 0)
        #expect(try vault.run("new", "Fifteenth", "now it fits").status == 0)
    }

    @Test(arguments: [
        ("title", ["archive/2025-retro.md", "quick-note.md", "garden.md", "grocery-list.md"]),
        ("created", ["quick-note.md", "broken-front-matter.md"]),
        ("order", ["welcome.md", "grocery-list.md"]),
        ("destroy", ["grocery-list.md"]),
    ])
    func sortSettingIsListsDefault(sort: String, first: [String]) throws {
        let vault = try TemporaryVault()
        let byUpdated = try vault.listedPaths()
        try configure(vault, "sort = \(sort)")
        let paths = try vault.listedPaths()
        #expect(paths != byUpdated)
        #expect(paths == (try vault.listedPaths("--sort", sort)), "the setting is the same as --sort \(sort)")
        #expect(Set(paths.prefix(first.count)) == Set(first), "\(paths)")
        // --sort still wins over the setting.
        #expect(try vault.listedPaths("--sort", "updated") == byUpdated)
    }

    @Test func sortByTitleInTheTable() throws {
        let vault = try TemporaryVault()
        try configure(vault, "sort = title")
        let result = try vault.run("list")
        #expect(result.status == 0, "\(result)")
        let titles = ["2025 retrospective", "Buy stamps", "Garden", "Grocery list", "Ideas"]
        let positions = titles.compactMap { result.stdout.range(of: $0)?.lowerBound }
        #expect(positions.count == titles.count && positions == positions.sorted(), "\(result.stdout)")
    }

    @Test(arguments: [
        ("colour = red", 27, "unknown setting \"colour\"; known settings are expiry, ignore, sort, max_notes, expiry_cap"),
        ("sort = random", 27, "sort must be one of updated, created, title, order, destroy, not \"random\""),
        ("max_notes = lots", 27, "max_notes must be a whole number above 0, not \"lots\""),
        ("max_notes = 0", 27, "max_notes must be a whole number above 0"),
        ("expiry = later", 27, "expiry must be trash or delete, not \"later\""),
        ("expiry_cap = -3", 27, "expiry_cap must be a whole number above 0"),
        ("editor =", 27, "editor needs a command"),
        ("ignore = ", 27, "ignore needs a pattern"),
        ("just words", 27, "expected key = value"),
        ("\n\nsort = sideways", 29, "sort must be one of"),
    ])
    func mistakesNameFileAndLine(line: String, number: Int, message: String) throws {
        let vault = try TemporaryVault()
        let sampleLines = try vault.lines(".enote/config").count - 1
        try #require(sampleLines == 26, "the sample config has 26 lines")
        try configure(vault, line)
        let before = try vault.tree()
        for arguments in [["list"], ["new", "Nope", "body"], ["doctor"], ["search", "garden"]] {
            let result = try vault.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains(vault.url(".enote/config").path + ":\(number): " + message), "\(arguments): \(result)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try vault.tree() == before)
    }

    /// The sample config says `expiry = trash` on line 7; a second `expiry` line does not
    /// silently win (it did: `delete` applied), and ignore lines still repeat.
    @Test func aSettingGivenTwiceIsRefusedNamingBothLines() throws {
        let vault = try TemporaryVault()
        try vault.write(".enote/config", try vault.text(".enote/config") + "ignore = a/\nignore = b/\nexpiry = delete\n")
        let before = try vault.tree()
        for arguments in [["list"], ["expire"], ["new", "Nope", "body"]] {
            let result = try vault.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(
                result.stderr.contains(
                    vault.url(".enote/config").path + ":29: expiry is set twice, on lines 7 and 29; keep one of them (only ignore is repeated"),
                "\(arguments): \(result)")
        }
        #expect(try vault.tree() == before, "nothing was expired or created")
    }

    @Test func ignoredPathsAreNotNotes() throws {
        let vault = try TemporaryVault()
        try configure(vault, "ignore = archive/\nignore = travel/*.md\nignore = *-list.md")
        let paths = try vault.listedPaths()
        #expect(!paths.contains("archive/2025-retro.md"))
        #expect(!paths.contains("travel/kyoto.md"))
        #expect(!paths.contains("grocery-list.md") && !paths.contains("reading-list.md"))
        #expect(paths.contains("garden.md") && paths.contains("welcome.md"))
        let search = try vault.run("search", "--json", "retrospective")
        #expect(search.status == 0, "\(search)")
        #expect(try JSONOutput.array(search).isEmpty)
    }

    /// A vault is shared: the program that runs as the editor is never its choice. A vault
    /// config naming one stops `edit` and `new --edit` before anything runs, pointing at the
    /// line and at the user's own config.
    @Test(arguments: [["edit", "garden"], ["new", "Plan", "--edit"]])
    func vaultConfigCannotChooseTheEditor(arguments: [String]) throws {
        let vault = try TemporaryVault()
        let marker = vault.base.appendingPathComponent("pwned").path
        let line = try vault.text(".enote/config").split(separator: "\n", omittingEmptySubsequences: false).count
        try configure(vault, "editor = sh -c 'touch \(marker); printf x >> \"$0\"'")
        let environment = try vault.script("environment.sh", #"printf 'from EDITOR\n' >> "$1""#)
        let before = try vault.tree()
        let result = try vault.run(arguments, environment: ["EDITOR": environment, "VISUAL": environment])
        #expect(result.status == 1, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the vault's command never runs")
        #expect(result.stderr.contains(".enote/config:\(line): a vault cannot choose the program that runs as your editor"), "\(result)")
        #expect(result.stderr.contains(vault.base.path + "/.config/enote/config"), "\(result)")
        #expect(try vault.tree() == before, "nothing was edited or created")
    }

    /// The user's own config (`$XDG_CONFIG_HOME/enote/config`, else `~/.config/enote/config`)
    /// chooses the editor before `$VISUAL` and `$EDITOR`, as git's `core.editor` does.
    @Test(arguments: [false, true])
    func userConfigChoosesTheEditor(xdg: Bool) throws {
        let vault = try TemporaryVault()
        let configured = try vault.script("configured.sh", #"printf 'from the user config\n' >> "$1""#)
        let environment = try vault.script("environment.sh", #"printf 'from EDITOR\n' >> "$1""#)
        let folder = xdg ? vault.base.appendingPathComponent("xdg") : vault.base.appendingPathComponent(".config")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("enote"), withIntermediateDirectories: true)
        try Data("# mine\neditor = \"\(configured)\"\n".utf8).write(to: folder.appendingPathComponent("enote/config"))
        var extra = ["EDITOR": environment, "VISUAL": environment]
        if xdg { extra["XDG_CONFIG_HOME"] = folder.path }
        let result = try vault.run(["edit", "garden"], environment: extra)
        #expect(result.status == 0, "\(result)")
        let text = try vault.text("garden.md")
        #expect(text.hasSuffix("from the user config\n"))
        #expect(!text.contains("from EDITOR"))
    }

    @Test func mistakesInTheUserConfigNameTheLine() throws {
        let vault = try TemporaryVault()
        let file = vault.base.appendingPathComponent(".config/enote/config")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("editor = nano\nexpiry = delete\n".utf8).write(to: file)
        let result = try vault.run(["edit", "garden"], environment: ["EDITOR": "true"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(file.path):2: unknown setting \"expiry\"; your own config knows only editor and mcp_write"), "\(result)")
    }

    /// `delete` deletes only what git has committed; anything else still goes to the trash.
    @Test(arguments: [("trash", true, true), ("delete", true, false), ("delete", false, true)])
    func expirySetting(action: String, committed: Bool, inTrash: Bool) throws {
        let vault = try TemporaryVault()
        try configure(vault, "expiry = \(action)")
        if committed { try vault.commitAll() }
        let result = try vault.run("expire")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(inTrash ? "moved to .trash/" : "deleted"), "\(result)")
        #expect(!vault.exists("old-reminder.md"))
        let trashed = (try? FileManager.default.contentsOfDirectory(atPath: vault.url(".trash").path)) ?? []
        #expect(trashed.contains { $0.hasPrefix("old-reminder") } == inTrash, "\(trashed)")
    }

    @Test func expiryCapStopsAPassThatWouldDestroyTooMuch() throws {
        let vault = try TemporaryVault()
        try configure(vault, "expiry_cap = 1")
        try vault.write("also-old.md", "---\ntitle: Also old\ndestroy: 2025-02-01\n---\nx\n")
        let before = try vault.tree()
        let result = try vault.run("expire")
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("the cap is 1 per pass"), "\(result)")
        #expect(try vault.tree() == before, "nothing destroyed")
        let forced = try vault.run("expire", "--force")
        #expect(forced.status == 0, "\(forced)")
        #expect(!vault.exists("old-reminder.md") && !vault.exists("also-old.md"))
    }
}
