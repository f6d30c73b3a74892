import Foundation
import GRDB
import Testing

@testable import NoteVault

/// The notes' vectors in the index: computed for the notes that have none, resumable, dropped
/// with the note or its old text, and a note found by a description in other words.
@Suite struct EmbeddingJobTests {
    static let notes: [String: String] = [
        "anemometer.md": VaultSandbox.noteText(title: "Anemometer", body: "A device for measuring the speed of air currents, used at weather stations.\n"),
        "nohup.md": VaultSandbox.noteText(title: "nohup", body: "Run a command immune to hangups, with output to a non-tty.\n"),
        "bread.md": VaultSandbox.noteText(title: "Sourdough", body: "Feed the starter, knead, proof overnight, bake at 240 degrees.\n"),
        "sonnet.md": VaultSandbox.noteText(title: "Sonnet", body: "Fourteen lines in iambic pentameter with a volta.\n"),
        "кот.md": VaultSandbox.noteText(title: "Кот", body: "Кошка спит на подоконнике весь день.\n"),
    ]

    let sandbox: VaultSandbox
    let index: NoteIndex
    let model: EmbeddingModel

    init() throws {
        sandbox = try VaultSandbox()
        for (path, text) in Self.notes { try sandbox.write(path, text) }
        index = try sandbox.openIndex()
        model = try #require(try? EmbeddingModel.load(environment: [:]).get())
    }

    func passageRows() throws -> [(id: Int64, ordinal: Int64, bytes: Int)] {
        let queue = try DatabaseQueue(path: sandbox.path(".enote/index.sqlite"))
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT note_id, ordinal, length(vector) FROM passages ORDER BY note_id").map { ($0[0], $0[1], $0[2]) }
        }
    }

    func nearestPath(_ text: String) throws -> String? {
        guard let best = try index.nearest(to: text, model: model, limit: 1).first else { return nil }
        return try index.list(NoteFilter(now: Date()), sort: NoteSort(key: .title)).first { $0.id == best.noteID }?.path.description
    }

    @Test func everyNoteGetsItsVectorsOnce() throws {
        #expect(try index.embeddingCounts(for: model) == (pending: 5, notes: 5))
        let first = try index.embedPending(with: model)
        #expect(first == EmbeddingProgress(embedded: 5, pending: 5, notes: 5))
        let rows = try passageRows()
        #expect(rows.count == 5)
        #expect(rows.allSatisfy { $0.ordinal == 0 && $0.bytes == 388 })
        #expect(try index.embeddingCounts(for: model) == (pending: 0, notes: 5))
        // Nothing left: a second run embeds nothing.
        #expect(try index.embedPending(with: model).embedded == 0)
    }

    @Test(arguments: [
        ("instrument that measures the wind", "anemometer.md"),
        ("keep a job running after I log out", "nohup.md"),
        ("how to make bread with wild yeast", "bread.md"),
        ("poem form with fourteen lines", "sonnet.md"),
        ("где спит кошка", "кот.md"),
        ("a pet that naps by the window", "кот.md"),
    ])
    func aDescriptionFindsItsNote(query: String, path: String) throws {
        try index.embedPending(with: model)
        #expect(try nearestPath(query) == path)
    }

    @Test func aStoppedRunGoesOnWhereItStopped() throws {
        var calls = 0
        let stopped = try index.embedPending(with: model, batch: 2) { _ in
            calls += 1
            return false
        }
        #expect(calls == 1)
        #expect(stopped.embedded == 2)
        #expect(try index.embeddingCounts(for: model) == (pending: 3, notes: 5))
        let rest = try index.embedPending(with: model, batch: 2)
        #expect(rest == EmbeddingProgress(embedded: 3, pending: 3, notes: 5))
        #expect(try passageRows().count == 5)
    }

    @Test func aChangedNoteLosesItsOldVectorsAndIsEmbeddedAgain() throws {
        try index.embedPending(with: model)
        let before = try passageRows()
        try sandbox.write("sonnet.md", VaultSandbox.noteText(title: "Sonnet", body: "Now a note about the wind speed gauge on the roof.\n"))
        try index.synchronize()
        #expect(try index.embeddingCounts(for: model) == (pending: 1, notes: 5))
        #expect(try passageRows().count == 4)
        try index.embedPending(with: model)
        #expect(try passageRows().count == 5)
        #expect(try passageRows().map(\.id) == before.map(\.id))
    }

    @Test func aNoteWhoseOnlyNewStampChangedKeepsItsVectors() throws {
        try index.embedPending(with: model)
        let text = try #require(sandbox.text("bread.md"))
        try sandbox.write("bread.md", text.replacingOccurrences(of: "title: Sourdough", with: "title: Sourdough\nupdated: 2026-11-02T10:00:00Z"))
        try index.synchronize()
        #expect(try index.embeddingCounts(for: model) == (pending: 0, notes: 5))
    }

    @Test func aDeletedNoteLeavesNoVector() throws {
        try index.embedPending(with: model)
        try FileManager.default.removeItem(atPath: sandbox.path("nohup.md"))
        try index.synchronize()
        #expect(try passageRows().count == 4)
        #expect(try nearestPath("keep a job running after I log out") != "nohup.md")
    }

    @Test func anotherModelsVectorsAreDroppedNotCompared() throws {
        try index.embedPending(with: model)
        let queue = try DatabaseQueue(path: sandbox.path(".enote/index.sqlite"))
        try queue.write { db in try db.execute(sql: "UPDATE meta SET value = 'some-older-model' WHERE key = 'passage_model'") }
        #expect(try index.nearest(to: "wind", model: model, limit: 5).isEmpty)
        #expect(try index.embeddingCounts(for: model) == (pending: 5, notes: 5))
        #expect(try index.embedPending(with: model).embedded == 5)
        #expect(try nearestPath("instrument that measures the wind") == "anemometer.md")
    }

    @Test func aStoredVectorKeepsItsDirection() {
        let vector = model.embed("The anemometer measures wind speed.", as: .passage)
        let stored = PassageVector(vector)
        #expect(stored.bytes.count == 4 + vector.count)
        var matrix = PassageMatrix()
        stored.bytes.withUnsafeBufferPointer { matrix.append(noteID: 7, bytes: $0) }
        let score = try? #require(matrix.nearest(to: vector, limit: 1).first)
        #expect(score?.noteID == 7)
        #expect(abs((score?.score ?? 0) - 1) < 0.01)
    }

    @Test func nearestLeavesOutWhatIsBelowTheFloorAndKeepsEachNotesBest() {
        let query = model.embed("The anemometer measures wind speed.", as: .query)
        let texts: [(Int64, String)] = [
            (1, "An anemometer is an instrument for measuring the speed of the wind."),
            (2, "Sourdough: feed the starter, knead, proof overnight, bake at 240 degrees."),
            (1, "Weather stations record wind speed with cup anemometers."),
            (3, "Wind speed at the coast, measured every hour by the weather station."),
        ]
        var matrix = PassageMatrix()
        var scores: [Int64: Float] = [:]
        for (id, text) in texts {
            let vector = model.embed(text, as: .passage)
            PassageVector(vector).bytes.withUnsafeBufferPointer { matrix.append(noteID: id, bytes: $0) }
        }
        for (id, score) in matrix.nearest(to: query, limit: 10) { scores[id] = score }
        #expect(scores.count == 3)
        // A floor between the bread note and the others leaves it out; each note once, best first.
        let floor = (scores[2]! + min(scores[1]!, scores[3]!)) / 2
        let kept = matrix.nearest(to: query, limit: 10, floor: floor)
        #expect(Set(kept.map(\.noteID)) == [1, 3], "\(scores)")
        #expect(kept.map(\.score) == kept.map(\.score).sorted(by: >))
        #expect(kept.allSatisfy { $0.score >= floor })
        #expect(matrix.nearest(to: query, limit: 10, floor: 2).isEmpty)
    }
}
