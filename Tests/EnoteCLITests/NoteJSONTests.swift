import Foundation
import Testing

/// `list --json`, `search --json` and `show --json` print one JSON form of a note (IndexedNote's
/// `Encodable` conformance): the same members with the same values for the same note.
@Suite struct NoteJSONTests {
    @Test("show --json starts with the note's list --json object, member for member")
    func showAndListAgree() throws {
        let vault = try TemporaryVault()
        let listed = try JSONOutput.array(try vault.run("list", "--json"))
        #expect(listed.count >= 5)
        for note in listed {
            let path = try #require(note["path"] as? String)
            let shown = try JSONOutput.object(try vault.run("show", "--json", path))
            for (key, value) in note {
                #expect(
                    (shown[key].map { "\($0)" }) == "\(value)", "\(path): \(key) is \(String(describing: shown[key])) in show, \(value) in list")
            }
            #expect(Set(shown.keys).subtracting(note.keys) == ["fields", "body", "warnings"], "\(path)")
        }
    }
}
