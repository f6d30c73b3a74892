import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The notes nearest a search in meaning, looked up by the watcher for a command
/// (``NearestChannel``, ``NearestService``) or kept in memory by a server between searches
/// (``PassageMatrixCache``): the same notes as a search in the process itself, never stale.
@Suite struct NearestLookupTests {
    let sandbox: VaultSandbox
    let index: NoteIndex
    let model: EmbeddingModel
    static let recipe = PassageCutter.standard.recipe

    init() throws {
        sandbox = try VaultSandbox()
        for (path, text) in EmbeddingJobTests.notes { try sandbox.write(path, text) }
        index = try sandbox.openIndex()
        model = try #require(try? EmbeddingModel.load(environment: [:]).get())
        try index.embedPending(with: model)
    }

    // MARK: - The protocol

    @Test(arguments: [
        NearestChannel.Header(count: 200, floor: 0.82, bodyBytes: 120),
        NearestChannel.Header(count: 1, floor: -.infinity, bodyBytes: 0),
        NearestChannel.Header(count: NearestChannel.maximumCount, floor: -0.5, bodyBytes: NearestChannel.maximumBody),
    ])
    func aHeaderReadsBackAsWritten(header: NearestChannel.Header) {
        #expect(NearestChannel.Header(line: header.line) == header)
    }

    @Test(arguments: [
        "sync", "near", "near 10 3f000000", "near 10 3f000000 5 6", "near 0 3f000000 5", "near -1 3f000000 5",
        "near 10001 3f000000 5", "near 10 zz 5", "near 10 7fc00000 5", "near 10 3f000000 16385", "near 10 3f000000 -1",
        "near  10 3f000000 5", "near 10 100000000 5",
    ])
    func aMalformedHeaderIsRefused(line: String) {
        #expect(NearestChannel.Header(line: line) == nil)
    }

    @Test func anAnswerReadsBackAsWritten() {
        let notes: [(noteID: Int64, score: Float)] = [(7, 0.9), (Int64.max, -0.25), (1, 0)]
        let bytes = NearestChannel.answer(notes)
        let header = Array("ok 3\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header)
        let read = NearestChannel.notes(in: Array(bytes.dropFirst(header.count)), count: 3)
        #expect(read.map(\.noteID) == notes.map(\.noteID))
        #expect(read.map(\.score) == notes.map(\.score))
    }

    // MARK: - The watcher's answers

    @Test func theWatcherAnswersWithTheNotesASearchHereFinds() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        for text in ["instrument that measures the wind", "где спит кошка", "poem form with fourteen lines"] {
            let here = try index.nearest(to: text, model: model, limit: 3)
            let request = try #require(NearestRequest.send(text, count: 3, floor: -.infinity, recipe: Self.recipe, to: watcher.vault))
            let answer = try #require(request.answer(), "the watcher gave no answer for \(text)")
            #expect(answer.map(\.noteID) == here.map(\.noteID), "\(text)")
            for (theirs, ours) in zip(answer, here) { #expect(abs(theirs.score - ours.score) < 1e-4) }
            // The floor is the asker's.
            let floor = here[1].score
            let above = try #require(NearestRequest.send(text, count: 3, floor: floor, recipe: Self.recipe, to: watcher.vault)?.answer())
            #expect(above.map(\.noteID) == here.prefix(2).map(\.noteID), "\(text)")
        }
    }

    @Test func theWatcherDoesNotAnswerForVectorsOfAnotherRecipe() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let request = try #require(NearestRequest.send("wind", count: 3, floor: 0, recipe: "another model", to: watcher.vault))
        #expect(request.answer() == nil)
    }

    @Test func withoutAWatcherNothingIsSent() throws {
        let vault = try Vault(root: sandbox.root)
        #expect(NearestRequest.send("wind", count: 3, floor: 0, recipe: Self.recipe, to: vault) == nil)
        // A search that was to ask the watcher embeds here instead, with the same result.
        let query = try SearchQuery(parsing: "instrument that measures the wind")
        let lookup = try #require(MeaningLookup.started(for: query, limit: 10, in: vault))
        let results = try index.search(query, filter: NoteFilter(now: Date()), limit: 3, early: lookup)
        #expect(results.notes.first?.path.description == "anemometer.md")
    }

    /// A client that sends a question and never its text neither holds up the watcher's
    /// catch-ups (they are answered on the loop, questions of meaning on a thread of their own)
    /// nor is kept waiting for ever: it is told `none` once its time is up.
    @Test func aClientThatNeverSendsItsTextHoldsNothingUp() throws {
        let watcher = try RunningWatcher.start(sandbox)
        defer { watcher.stop() }
        let socket = try #require(CatchUpChannel.connectToWatcher(watcher.vault))
        defer { close(socket) }
        #expect(CatchUpChannel.send(line: NearestChannel.Header(count: 10, floor: 0, bodyBytes: 100).line + "\n", to: socket))
        #expect(watcher.catchUp())
        #expect(CatchUpChannel.receiveLine(from: socket, by: CatchUpChannel.Deadline(after: 5)) == "none")
        // And the next question is answered as usual.
        #expect(NearestRequest.send("wind", count: 3, floor: -1, recipe: Self.recipe, to: watcher.vault)?.answer()?.isEmpty == false)
    }

    // MARK: - The matrix a server keeps

    func searchPaths(_ index: NoteIndex, _ text: String, exact: Bool = false) throws -> [String] {
        try index.search(SearchQuery(parsing: text), filter: NoteFilter(now: Date()), limit: 5, exact: exact).notes.map(\.path.description)
    }

    /// A kept matrix is used only while no connection has committed since it was read: a note
    /// embedded by another process, or by this very connection, is found at the next search.
    /// The descriptions share no word with their notes: only the vectors find them.
    @Test func aKeptMatrixNeverHidesNewVectors() throws {
        let server = try sandbox.openIndex()
        server.vectorCache = PassageMatrixCache()
        let described = "predicts storms"
        #expect(try !searchPaths(server, described).isEmpty)  // the matrix is read and kept
        // Another connection (another process) writes a note and its vectors.
        try sandbox.write("barometer.md", VaultSandbox.noteText(title: "Barometer", body: "Measures atmospheric pressure; a falling reading warns of bad weather.\n"))
        let other = try sandbox.openIndex()
        try other.synchronize()
        #expect(try other.embedPending(with: model).embedded == 1)
        #expect(try searchPaths(server, described, exact: true).isEmpty)
        #expect(try searchPaths(server, described).first == "barometer.md")
        // This connection writes one itself.
        let damp = "moisture gauge"
        try sandbox.write("hygrometer.md", VaultSandbox.noteText(title: "Hygrometer", body: "Measures the humidity of the air in a room or a greenhouse.\n"))
        #expect(try !searchPaths(server, damp).contains("hygrometer.md"))
        try server.synchronize()
        #expect(try server.embedPending(with: model).embedded == 1)
        #expect(try searchPaths(server, damp, exact: true).isEmpty)
        #expect(try searchPaths(server, damp).first == "hygrometer.md")
        // A note gone is not found, whatever the matrix held.
        try FileManager.default.removeItem(atPath: sandbox.path("barometer.md"))
        try other.synchronize()
        #expect(try !searchPaths(server, described).contains("barometer.md"))
    }

    /// Scoring the rows straight from the index and scoring a matrix in memory rank alike.
    @Test func theMatrixAndTheRowsAgree() throws {
        let kept = try sandbox.openIndex()
        kept.vectorCache = PassageMatrixCache()
        for text in ["instrument that measures the wind", "где спит кошка", "bread", "a pet that naps by the window"] {
            let vector = model.embed(text, as: .query)
            let streamed = try index.read { store in try index.nearestNotes(in: store, to: vector, limit: 5, floor: -1) }
            let fromMatrix = try kept.read { store in try kept.nearestNotes(in: store, to: vector, limit: 5, floor: -1) }
            #expect(streamed.map(\.noteID) == fromMatrix.map(\.noteID), "\(text)")
            #expect(zip(streamed, fromMatrix).allSatisfy { abs($0.score - $1.score) < 1e-5 }, "\(text)")
        }
    }
}
