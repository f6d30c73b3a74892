import Foundation
import Testing

@testable import NoteVault

/// The language server's own string tables (`enote_EnoteLSP.resources`) agree with each other as
/// the library's and the command line's do, hold no message of theirs, and are the ones the
/// running server speaks from.
@Suite("Language server translation tables")
struct LspTranslationTests {
    static let bundleName = "enote_EnoteLSP.resources"

    /// A table as the bundle ships it.
    static func table(_ language: Language, bundle name: String = bundleName) throws -> [String: String] {
        let bundle = try #require(ResourceBundles.bundle(named: name), "the resource bundle \(name) is built beside the tests")
        let path = try #require(bundle.path(forResource: "Localizable", ofType: "strings", inDirectory: nil, forLocalization: language.rawValue))
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
    }

    /// The JSON-RPC layer's tables (`enote_EnoteRPC.resources`), which the server speaks from too.
    static let rpcBundleName = "enote_EnoteRPC.resources"

    @Test(
        "Russian and Japanese translate exactly the messages of the English table (the server's, the JSON-RPC layer's)",
        arguments: [Language.russian, .japanese], [bundleName, rpcBundleName])
    func sameMessages(language: Language, bundle: String) throws {
        let english = Set(try Self.table(.english, bundle: bundle).keys)
        let other = Set(try Self.table(language, bundle: bundle).keys)
        #expect(english.count >= (bundle == Self.bundleName ? 25 : 10))
        #expect(english.subtracting(other).sorted() == [], "not translated")
        #expect(other.subtracting(english).sorted() == [], "translated, but not an English message")
    }

    @Test("every translation places exactly the values its message has", arguments: Language.allCases)
    func places(language: Language) throws {
        for (key, value) in try Self.table(language) {
            let values = (0..<StringTableTests.placeCount(key)).map { "v\($0)" }
            #expect(Localization.substitute(values, into: value) != nil, "\(language): \"\(value)\" for \"\(key)\"")
        }
    }

    @Test("no message is in two tables: the server's, the library's and the command line's")
    func disjoint() throws {
        let server = Set(try Self.table(.english).keys)
        let library = Set(try Self.table(.english, bundle: StringTableTests.Tables.library.rawValue).keys)
        let commandLine = Set(try Self.table(.english, bundle: StringTableTests.Tables.commandLine.rawValue).keys)
        #expect(server.intersection(library).sorted() == [])
        #expect(server.intersection(commandLine).sorted() == [])
    }

    @Test("the running server answers in the user's language from its own table")
    func serverSpeaksRussian() throws {
        let vault = try TemporaryVault(sample: false)
        var environment = vault.environment
        environment["LC_ALL"] = "ru_RU.UTF-8"
        let client = try LspClient(in: vault.root, environment: environment)
        client.initialize()
        let response = client.request("enote/unknown", [:])
        let message = (response?["error"] as? [String: Any])?["message"] as? String
        #expect(message == "enote lsp не отвечает на enote/unknown", "\(String(describing: response))")
    }
}
