import Foundation
import Testing

@testable import NoteVault

/// Front ends reach the index only through the library's session: beside the test that keeps
/// SQL in the store, a test that fails when a front end's sources name what only the session may
/// use (opening, synchronising or reconciling the index, the watcher's catch-up socket, the old
/// one-call freshness) or a lock of their own around the index.
@Suite("Front ends use only the session")
struct FrontEndSourceTests {
    /// The front ends' source folders, as many as exist (`EnoteMCP` once it does).
    static let frontEnds = ["EnoteCLI", "EnoteLSP", "EnoteWeb", "EnoteMCP", "enote", "enote-web"]

    /// What a front end may not name.
    static let forbidden = try! NSRegularExpression(
        pattern: [
            #"\bCatchUpChannel\b"#, #"\bNoteIndex\s*\.\s*open\b"#, #"\.\s*synchronize\s*\("#, #"\.\s*reconcile\s*\("#,
            #"\bfreshIndex\b"#, #"\bFreshIndex\b"#, #"\bNSLock\b"#,
        ].joined(separator: "|"))

    /// The lines of Swift files under `root` that name something forbidden, as `file:line`;
    /// comments are skipped.
    static func offendingLines(under root: URL) throws -> [String] {
        var found: [String] = []
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        for case let file as URL in files where file.pathExtension == "swift" {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.hasPrefix("//") else { continue }
                if forbidden.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
                    found.append("\(file.lastPathComponent):\(number + 1): \(text)")
                }
            }
        }
        return found
    }

    @Test("no front end opens, synchronises or locks the index itself", arguments: frontEnds)
    func frontEndUsesOnlyTheSession(_ folder: String) throws {
        let root = IndexStoreTests.sources.appendingPathComponent(folder)
        #expect(try Self.offendingLines(under: root) == [])
    }

    @Test("the check finds what it looks for: the library itself opens and synchronises its index")
    func checkFindsTheLibrarysOwnUses() throws {
        let found = try Self.offendingLines(under: IndexStoreTests.sources.appendingPathComponent("NoteVault/Session"))
        #expect(found.contains { $0.contains("NoteIndex.open") })
        #expect(found.contains { $0.contains("CatchUpChannel") })
        #expect(found.contains { $0.contains(".synchronize(") })
        #expect(found.contains { $0.contains(".reconcile(") })
    }
}
