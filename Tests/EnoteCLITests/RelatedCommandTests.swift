import EnoteTestSupport
import Foundation
import Testing

/// `enote related NOTE` through the real binary: links both ways, shared rarer tags, and (once
/// `enote index` has embedded the vault) meaning, each with its reason; what it refuses.
@Suite struct RelatedCommandTests {
    let vault: TemporaryVault

    init() throws {
        vault = try TemporaryVault(sample: false)
        try vault.write("weather.md", "---\ntitle: Weather station\ntags: [weather, instruments]\n---\nWe log rain and wind each morning. See [[barometer]].\n")
        try vault.write("barometer.md", "---\ntitle: Barometer\n---\nMeasures air pressure; falling pressure means rain.\n")
        try vault.write("diary.md", "---\ntitle: Diary\n---\nVisited the [[weather]] station today.\n")
        try vault.write("rain-gauge.md", "---\ntitle: Rain gauge\ntags: [instruments]\n---\nA funnel and a cylinder marked in millimetres.\n")
        try vault.write("anemometer.md", "---\ntitle: Anemometer\n---\nA device for measuring the speed of air currents.\n")
        try vault.write("sonnet.md", "---\ntitle: Sonnet\ntags: [weather-poems]\n---\nFourteen lines in iambic pentameter.\n")
        for number in 0..<12 {
            try vault.write("misc\(number).md", "---\ntitle: Misc \(number)\ntags: [weather]\n---\nAn entry.\n")
        }
    }

    func related(_ arguments: String...) throws -> [[String: Any]] {
        let result = try vault.run(["related", "--json"] + arguments)
        #expect(result.status == 0, "\(result)")
        return try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]] ?? []
    }

    static func kinds(_ item: [String: Any]) -> [String] {
        (item["reasons"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    @Test func linksAndTheRarerSharedTagComeFirstWithTheirReasons() throws {
        let found = try related("weather", "--limit", "3")
        #expect(found.count == 3)
        let byPath = Dictionary(uniqueKeysWithValues: found.map { ($0["path"] as? String ?? "", $0) })
        #expect(Self.kinds(try #require(byPath["barometer.md"])) == ["linked_from_note"])
        #expect(Self.kinds(try #require(byPath["diary.md"])) == ["links_to_note"])
        // "instruments" (two notes) weighs more than "weather" (thirteen).
        let gauge = try #require(byPath["rain-gauge.md"])
        #expect(Self.kinds(gauge) == ["shares_tags"])
        #expect((gauge["reasons"] as? [[String: Any]])?.first?["tags"] as? [String] == ["instruments"])
        #expect(gauge["reason"] as? String == "shares #instruments")
        // The note itself is never related to itself.
        #expect(!found.contains { $0["path"] as? String == "weather.md" })
        // "weather" is on 13 of 18 notes: it says nothing, and relates nothing.
        let all = try related("weather", "--limit", "50").compactMap { $0["path"] as? String }
        #expect(all == ["barometer.md", "diary.md", "rain-gauge.md"], "\(all)")
    }

    @Test func theTableShowsWhyAndTheOpening() throws {
        let result = try vault.run("related", "barometer")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Weather station  weather.md"), "\(result)")
        #expect(result.stdout.contains("links to it — We log rain and wind each morning."), "\(result)")
    }

    @Test func aNoteWithNothingRelatedSaysSo() throws {
        try vault.write("alone.md", "---\ntitle: Alone\n---\nNothing links here.\n")
        let result = try vault.run("related", "alone")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("No notes are related to alone.md"), "\(result)")
    }

    @Test(arguments: [
        (["related", "nowhere"], "nowhere"),
        (["related", "weather", "--limit", "0"], "--limit must be 1 or more"),
    ])
    func refusesWhatItCannotAnswer(arguments: [String], says: String) throws {
        let result = try vault.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(says), "\(result)")
    }

    /// With the model: a note near in meaning, with no link or tag in common, is related too.
    @Test func onceEmbeddedANoteNearInMeaningIsRelated() throws {
        vault.environment["ENOTE_MODEL"] = nil
        #expect(try vault.run("related", "anemometer").stderr.contains("No notes are related"))
        #expect(try vault.run("index").status == 0)
        let found = try related("anemometer")
        let near = found.filter { Self.kinds($0) == ["near_in_meaning"] }.compactMap { $0["path"] as? String }
        #expect(near.contains("barometer.md") || near.contains("weather.md"), "\(found)")
        #expect(!near.contains("sonnet.md"), "\(found)")
    }
}
