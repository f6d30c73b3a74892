import Foundation
import Testing

/// `enote index [--rebuild]`, and how every command heals a damaged `.enote/index.sqlite`.
@Suite struct IndexCommandTests {
    static let building = "enote: building the index (.enote/index.sqlite) from the notes"

    /// The "Indexed N notes (…)" line without its timing.
    private func summary(_ line: Substring?) -> String? {
        guard let line, let range = line.range(of: ") in ") else { return nil }
        #expect(line.hasSuffix(" s"), "\(line)")
        return String(line[..<range.lowerBound]) + ")"
    }

    private func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    private func indexPath(_ vault: TemporaryVault) -> String { vault.url(".enote/index.sqlite").path }

    @Test func firstRunBuildsTheIndex() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("index")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "messages go to stderr")
        let stderr = lines(result.stderr)
        #expect(stderr.count == 3, "\(result)")
        #expect(stderr.first == Substring(Self.building))
        #expect(summary(stderr.dropFirst().first) == "Indexed 13 notes (13 added, 0 updated, 0 removed)")
        // The sample's two photo notes: their three pictures are read for text once.
        #expect(stderr.last?.hasPrefix("Read the text of 3 pictures and PDFs in ") == true, "\(result)")
        #expect(FileManager.default.fileExists(atPath: indexPath(vault)))
    }

    @Test func secondRunFindsNothingToDo() throws {
        let vault = try TemporaryVault()
        try vault.run("index")
        let result = try vault.run("index")
        #expect(result.status == 0)
        let stderr = lines(result.stderr)
        #expect(stderr.count == 1, "\(result)")
        #expect(summary(stderr.first) == "Indexed 13 notes (0 added, 0 updated, 0 removed)")
    }

    @Test func rebuildSaysHowManyNotesItRead() throws {
        let vault = try TemporaryVault()
        try vault.run("index")
        let notesBefore = try vault.tree()
        let result = try vault.run("index", "--rebuild")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        let stderr = lines(result.stderr)
        #expect(stderr.count == 1, "\(result)")
        #expect(summary(stderr.first) == "Indexed 13 notes (13 added, 0 updated, 0 removed)")
        #expect(try vault.tree() == notesBefore, "the notes are never written")
        #expect(try vault.listedPaths().count == SampleNotes.listed.count)
    }

    @Test func reportsWhatChanged() throws {
        let vault = try TemporaryVault()
        try vault.run("index")
        try vault.write("new-note.md", "Fresh\nA new note.\n")
        try vault.write("quick-note.md", "Buy stamps\nAt the post office on Tuesday.\n")
        try FileManager.default.removeItem(at: vault.url("ideas.md"))
        let result = try vault.run("index")
        #expect(summary(lines(result.stderr).last) == "Indexed 13 notes (1 added, 1 updated, 1 removed)", "\(result)")
    }

    /// Damage done to the index file between two commands.
    enum Damage: String, CaseIterable, Sendable {
        case garbage, truncated, empty, deleted

        var message: String {
            switch self {
            case .garbage: "enote: the index is not a database file; rebuilding it from the notes (they are not touched)"
            case .truncated: "enote: the index is corrupt; rebuilding it from the notes (they are not touched)"
            case .empty: "enote: the index is empty; rebuilding it from the notes (they are not touched)"
            case .deleted: IndexCommandTests.building
            }
        }

        func apply(to path: String) throws {
            let url = URL(fileURLWithPath: path)
            let bytes = try Data(contentsOf: url)
            switch self {
            case .garbage: try Data(repeating: 0x47, count: bytes.count).write(to: url)
            case .truncated: try bytes.prefix(bytes.count / 2).write(to: url)
            case .empty: try Data().write(to: url)
            case .deleted: try FileManager.default.removeItem(at: url)
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func searchHealsTheIndexWithOneLine(_ damage: Damage) throws {
        let vault = try TemporaryVault()
        try vault.run("index")
        try damage.apply(to: indexPath(vault))
        let notesBefore = try vault.tree()

        let result = try vault.run("search", "tomatoes", "--json")

        #expect(result.status == 0, "\(result)")
        #expect(lines(result.stderr) == [Substring(damage.message)], "\(result)")
        #expect(try JSONOutput.array(result).map { $0["path"] as? String } == ["garden.md"])
        #expect(try vault.tree() == notesBefore, "the notes are never written")
        let next = try vault.run("search", "tomatoes")
        #expect(next.stderr.isEmpty, "healed once: \(next)")
    }

    @Test func listAfterGarbageShowsEveryNote() throws {
        let vault = try TemporaryVault()
        try vault.run("list")
        try Damage.garbage.apply(to: indexPath(vault))

        let result = try vault.run("list", "--json")

        #expect(result.status == 0, "\(result)")
        #expect(lines(result.stderr).filter { $0.contains("index") } == [Substring(Damage.garbage.message)], "\(result)")
        #expect(Set(try JSONOutput.array(result).compactMap { $0["path"] as? String }) == Set(SampleNotes.listed))
        #expect(FileManager.default.fileExists(atPath: indexPath(vault) + ".corrupt"), "kept for a bug report")
    }

    @Test func indexCommandAfterGarbageSaysBothThings() throws {
        let vault = try TemporaryVault()
        try vault.run("index")
        try Damage.garbage.apply(to: indexPath(vault))

        let result = try vault.run("index")

        #expect(result.status == 0, "\(result)")
        let stderr = lines(result.stderr)
        #expect(stderr.count == 2, "\(result)")
        #expect(stderr.first == Substring(Damage.garbage.message))
        #expect(summary(stderr.last) == "Indexed 13 notes (13 added, 0 updated, 0 removed)")
    }

    @Test func rebuildOverGarbageIsQuiet() throws {
        let vault = try TemporaryVault()
        try vault.run("index")
        try Damage.garbage.apply(to: indexPath(vault))

        let result = try vault.run("index", "--rebuild")

        #expect(result.status == 0, "\(result)")
        #expect(lines(result.stderr).count == 1, "\(result)")
        #expect(try vault.run("search", "清水寺", "--json").stdout.contains("travel/kyoto.md"))
    }
}
