import CEnoteFTS
import Foundation
import GRDB
import Testing

@testable import NoteVault

/// BM25 with length normalisation: a short note that says a word once is not buried under long
/// notes that say it a few times, title matches still come first, and the lengths the ranking
/// reads follow every change to the notes.
@Suite("Ranking by length")
struct RankingTests {
    static let filler = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 800)

    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.write("short.md", VaultSandbox.noteText(title: "Shopping", body: "Buy milk today.\n"))
        try sandbox.write("long.md", VaultSandbox.noteText(title: "Journal", body: "milk\n\n" + Self.filler + "\n\nmilk again\n"))
        try sandbox.write("medium.md", VaultSandbox.noteText(title: "Recipes", body: "Pancakes: flour, eggs and milk. Whisk well.\n"))
    }

    @Test("a short note that says the word once comes before a long one that says it twice")
    func shortBeforeLong() throws {
        let index = try sandbox.openIndex()
        #expect(try index.found("milk") == ["short.md", "medium.md", "long.md"])
    }

    @Test("a title match still comes first, however long the note")
    func titleFirst() throws {
        try sandbox.write("title.md", VaultSandbox.noteText(title: "Milk", body: Self.filler))
        let index = try sandbox.openIndex()
        #expect(try index.found("milk").first == "title.md")
    }

    @Test("the lengths follow added, changed and removed notes")
    func lengthsFollowChanges() throws {
        let index = try sandbox.openIndex()
        func lengthClass(_ path: String) throws -> UInt8? {
            guard let id = try index.note(at: NotePath(trusted: path))?.id else { return nil }
            return try index.readDatabase { db in
                let classes = try BodyLengthTable.load(db).classes
                return Int(id) < classes.count ? classes[Int(id)] : 0
            }
        }
        let shortClass = try #require(try lengthClass("short.md"))
        let longClass = try #require(try lengthClass("long.md"))
        #expect(shortClass > 0 && longClass > shortClass)
        let shortID = try #require(try index.note(at: NotePath(trusted: "short.md"))?.id)

        try sandbox.write("short.md", VaultSandbox.noteText(title: "Shopping", body: "Buy milk today.\n" + Self.filler))
        try index.synchronize()
        #expect(try lengthClass("short.md") == longClass)

        try FileManager.default.removeItem(atPath: sandbox.path("short.md"))
        try index.synchronize()
        let classes = try index.readDatabase { db in try BodyLengthTable.load(db).classes }
        #expect(classes[Int(shortID)] == 0)

        try sandbox.write("new.md", VaultSandbox.noteText(title: "New", body: "Oat milk.\n"))
        try index.synchronize()
        #expect(try lengthClass("new.md").map { $0 > 0 && $0 < longClass } == true)
    }

    @Test("an index built in bulk has every note's length")
    func bulkBuildKeepsLengths() throws {
        let others = NoteIndex.bulkThreshold
        for number in 0..<others {
            try sandbox.write("notes/\(number).md", VaultSandbox.noteText(title: "Note \(number)", body: "Something else entirely, number \(number).\n"))
        }
        let index = try NoteIndex.rebuild(try sandbox.vault())
        let report = try index.synchronize()
        #expect(report.added == others + 3)
        let (classes, average) = try index.readDatabase { db in try BodyLengthTable.load(db) }
        #expect(classes.filter { $0 > 0 }.count == others + 3)
        #expect(average > 30)
        #expect(try index.found("milk") == ["short.md", "medium.md", "long.md"])
    }

    @Test(
        "a length class stands for its length within 3%",
        arguments: [0, 1, 2, 10, 100, 1_000, 4_096, 65_536, 1_000_000, 2_000_000])
    func lengthClasses(bytes: Int) {
        let lengthClass = enote_length_class(Int64(bytes))
        #expect(lengthClass >= 1)
        #expect(enote_length_class(Int64(bytes) + 1) >= lengthClass)
        let length = enote_length_of_class(lengthClass)
        #expect(abs(length - Double(max(bytes, 1))) <= 0.03 * Double(max(bytes, 1)) + 0.5)
    }
}
