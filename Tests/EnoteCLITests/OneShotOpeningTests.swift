import Foundation
import Testing

/// A one-shot command opens only what it needs (issue 26): asking for help or for the version
/// opens nothing of the vault, not even a damaged index, which a command that reads the index
/// moves aside and builds again.
@Suite struct OneShotOpeningTests {
    /// What stands in `.enote/index.sqlite`: not a database.
    static let damaged = Data("not an SQLite database, written by OneShotOpeningTests\n".utf8)

    @Test(arguments: [["--version"], ["--help"], ["help"], ["help", "search"], ["search", "--help"], ["list", "--help"]])
    func helpAndVersionOpenNothingOfTheVault(arguments: [String]) throws {
        let vault = try TemporaryVault()
        try Self.damaged.write(to: vault.url(".enote/index.sqlite"))
        let before = try FileManager.default.contentsOfDirectory(atPath: vault.url(".enote").path).sorted()
        let result = try vault.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(try vault.bytes(".enote/index.sqlite") == Self.damaged, "the index was opened")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.url(".enote").path).sorted() == before)
    }

    /// The contrast that shows the check above can fail: a command that reads the index finds
    /// the damaged file and replaces it.
    @Test func aCommandThatReadsTheIndexReplacesTheDamagedOne() throws {
        let vault = try TemporaryVault()
        try Self.damaged.write(to: vault.url(".enote/index.sqlite"))
        let result = try vault.run("list")
        #expect(result.status == 0, "\(result)")
        #expect(try vault.bytes(".enote/index.sqlite") != Self.damaged)
    }
}
