import Foundation
import Testing

/// Renames made in the editor's file tree (`workspace/willRenameFiles`): several notes moved at
/// once, and a whole folder. The server plans the batch as one move, so each range of a file gets
/// at most one edit, and applying the edits (before the files move, as the protocol says) leaves
/// every link leading where it led.
@Suite struct LspFileTreeRenameTests {
    static let files: [String: String] = [
        "alpha.md": "# Alpha 😀\n\n[beta](beta.md), [[beta]] и [индекс](index.md)\n",
        "beta.md": "# Beta 日本\n\n[alpha](alpha.md) [[alpha|α]]\n",
        "index.md": "[a](alpha.md) [b](beta.md#beta-日本) [[alpha]] [k](trips/kyoto.md) ![p](trips/pics/photo.png) [[trips/osaka]]\n",
        "trips/kyoto.md": "# Kyoto\n\n[o](osaka.md) ![фото](pics/photo.png) [назад](../index.md)\n",
        "trips/osaka.md": "# Osaka\n\n[[kyoto]] [k](./kyoto.md)\n",
    ]

    static func start() throws -> (TemporaryVault, LspClient) {
        let vault = try TemporaryVault(sample: false)
        for (path, text) in files { try vault.write(path, text) }
        try vault.write("trips/pics/photo.png", "not really a picture")
        let client = try LspClient(in: vault.root, environment: vault.environment)
        client.initialize()
        return (vault, client)
    }

    static func willRename(_ client: LspClient, _ vault: TemporaryVault, _ moves: [(String, String)]) -> [String: Any]? {
        let files = moves.map { ["oldUri": vault.url($0.0).absoluteString, "newUri": vault.url($0.1).absoluteString] }
        return client.request("workspace/willRenameFiles", ["files": files])
    }

    /// Every TextEdit's range by document, to check that no two edits of a document touch.
    static func expectNoOverlap(_ edit: [String: Any]) throws {
        let changes = try #require(edit["documentChanges"] as? [[String: Any]])
        var seen: Set<String> = []
        for change in changes {
            let uri = try #require((change["textDocument"] as? [String: Any])?["uri"] as? String)
            #expect(seen.insert(uri).inserted, "two TextDocumentEdits for \(uri)")
            let ranges = try (change["edits"] as? [[String: Any]] ?? []).map { edit -> [Int] in
                let range = try #require(edit["range"] as? [String: [String: Int]])
                return [range["start"]!["line"]!, range["start"]!["character"]!, range["end"]!["line"]!, range["end"]!["character"]!]
            }.sorted { $0.lexicographicallyPrecedes($1) }
            for (earlier, later) in zip(ranges, ranges.dropFirst()) {
                #expect(!later.prefix(2).lexicographicallyPrecedes(earlier.suffix(2)), "overlapping edits in \(uri): \(ranges)")
            }
        }
    }

    @Test func twoLinkedNotesMovedAtOnceGetOneEditPerRange() throws {
        let (vault, client) = try Self.start()
        let response = Self.willRename(client, vault, [("alpha.md", "n/alpha.md"), ("beta.md", "n/beta.md")])
        let edit = try #require(response?["result"] as? [String: Any], "\(String(describing: response))")
        try Self.expectNoOverlap(edit)
        try LspRenameTests.apply(edit, to: vault, encoding: "utf-16")
        try FileManager.default.createDirectory(at: vault.url("n"), withIntermediateDirectories: true)
        for name in ["alpha.md", "beta.md"] { try FileManager.default.moveItem(at: vault.url(name), to: vault.url("n/" + name)) }
        let texts = try LspRenameTests.texts(of: vault)
        // Moved together, the two notes still link each other as they did.
        #expect(texts["n/alpha.md"] == "# Alpha 😀\n\n[beta](beta.md), [[beta]] и [индекс](../index.md)\n")
        #expect(texts["n/beta.md"] == Self.files["beta.md"])
        #expect(
            texts["index.md"]
                == "[a](n/alpha.md) [b](n/beta.md#beta-日本) [[alpha]] [k](trips/kyoto.md) ![p](trips/pics/photo.png) [[trips/osaka]]\n")
        // The same as two `enote mv` one after the other.
        let oracle = try TemporaryVault(sample: false)
        for (path, text) in Self.files { try oracle.write(path, text) }
        try oracle.write("trips/pics/photo.png", "not really a picture")
        #expect(try oracle.run("mv", "alpha.md", "n/").status == 0)
        #expect(try oracle.run("mv", "beta.md", "n/").status == 0)
        #expect(try LspRenameTests.texts(of: oracle) == texts)
    }

    @Test func theServerAsksForFolderRenamesToo() throws {
        let vault = try TemporaryVault(sample: false)
        let client = try LspClient(in: vault.root, environment: vault.environment)
        let response = try #require(client.initialize())
        let capabilities = (response["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        let fileOperations = (capabilities?["workspace"] as? [String: Any])?["fileOperations"] as? [String: Any]
        let filters = (fileOperations?["willRename"] as? [String: Any])?["filters"] as? [[String: Any]] ?? []
        #expect(filters.contains { ($0["pattern"] as? [String: Any])?["matches"] as? String == "folder" }, "\(filters)")
    }

    @Test func aFolderRenamedInTheFileTreeGetsItsLinkEdits() throws {
        let (vault, client) = try Self.start()
        let response = Self.willRename(client, vault, [("trips", "archive/2024 trips")])
        let edit = try #require(response?["result"] as? [String: Any], "\(String(describing: response))")
        try Self.expectNoOverlap(edit)
        try LspRenameTests.apply(edit, to: vault, encoding: "utf-16")
        try FileManager.default.createDirectory(at: vault.url("archive"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: vault.url("trips"), to: vault.url("archive/2024 trips"))
        let texts = try LspRenameTests.texts(of: vault)
        #expect(
            texts["index.md"]
                == "[a](alpha.md) [b](beta.md#beta-日本) [[alpha]] [k](<archive/2024 trips/kyoto.md>) ![p](<archive/2024 trips/pics/photo.png>) "
                + "[[archive/2024 trips/osaka]]\n")
        // Inside the folder, links between its notes and to its pictures stay; links out follow.
        #expect(texts["archive/2024 trips/kyoto.md"] == "# Kyoto\n\n[o](osaka.md) ![фото](pics/photo.png) [назад](../../index.md)\n")
        #expect(texts["archive/2024 trips/osaka.md"] == Self.files["trips/osaka.md"])
    }

    @Test func aBatchTheRenameRulesRefuseGetsNoEditsAndALogLine() throws {
        let (vault, client) = try Self.start()
        let response = Self.willRename(client, vault, [("alpha.md", "n/x.md"), ("beta.md", "n/x.md")])
        #expect(response?["result"] is NSNull, "\(String(describing: response))")
        #expect(client.logLines.contains { $0.contains("n/x.md") }, "\(client.logLines)")
    }
}
