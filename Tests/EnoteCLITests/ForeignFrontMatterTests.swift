import Foundation
import Testing

/// `set` never puts a second front matter block in front of a `---` block it does not read
/// (a flow mapping, a letter between fences, CR-only line endings): it refuses, says why, and
/// leaves the file as it was, as for front matter it cannot parse.
@Suite struct ForeignFrontMatterTests {
    @Test(arguments: [
        ("flow.md", "---\n{title: Flow, color: red}\n---\nBody\n"),
        ("flow-crlf.md", "---\r\n{title: Flow}\r\n---\r\nBody\r\n"),
        ("cr-only.md", "---\rtitle: Old Mac\r---\rBody\r"),
        ("cr-only-bom.md", "\u{FEFF}---\rtitle: Old Mac\rcolor: red\r---\rBody\r"),
        ("list.md", "---\n- a\n- b\n---\nBody\n"),
        ("letter.md", "---\nDear Sir,\nthis is a letter.\n---\nRegards\n"),
    ])
    func setRefusesAndLeavesTheFile(path: String, text: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(path, text)
        let before = try vault.bytes(path)

        let result = try vault.run("set", path, "--color", "green")

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("will not add"), "\(result)")
        #expect(try vault.bytes(path) == before, "the file is untouched")
    }

    @Test(arguments: [
        ("plain.md", "# Plan\nStep one\n"),
        ("noclose.md", "---\ntitle: Never closed\nbody line\n"),
        ("rule.md", "Text\n\n---\n\nMore\n"),
    ])
    func aNoteWithoutABlockStillGetsOne(path: String, text: String) throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write(path, text)

        let result = try vault.run("set", path, "--color", "green")

        #expect(result.status == 0, "\(result)")
        let after = try vault.text(path)
        #expect(after.hasPrefix("---\ncolor: green\n"), "\(after)")
        #expect(after.hasSuffix(text))
    }
}
