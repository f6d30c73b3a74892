import Foundation
import Testing

@testable import NoteVault

/// Fuzzing the front matter reader and editor (rows 20–24): random and mutated notes never crash
/// or hang the reader; for every note the editor accepts, no change gives identical bytes,
/// setting a colour or a title reads back as exactly that, the body is untouched, and the
/// result is still editable.
@Suite("Fuzz: front matter")
struct FrontMatterFuzzTests {
    /// The notes of the sample vault, and edge cases, to mutate.
    static let seeds: [[UInt8]] =
        SampleVaultFiles.all.filter { $0.path.hasSuffix(".md") }.map { [UInt8]($0.data) }
        + [
            "", "---\n---\n", "---\ntitle: x\n---\n", "\u{FEFF}---\r\ntitle: CRLF\r\ncolor: red\r\n---\r\nBody\r\n",
            "---\ntitle: 'single ''quoted'''\ncolour: \"#00ff00\"\nnested:\n  a: 1\n  b: [x, y]\nlist:\n  - one\n  - two\n# comment\n---\nBody\n",
            "---\ntitle: Meeting: Q3\n---\n", "No front matter\n---\nnot: a block\n", "---\nfront matter only\n",
            "---\ncolor:\n---\n", "---\ncolor: |\n  red\n---\n", "---\ntags:\n- a\n- b\ncolor: [red]\n---\nx\n",
        ].map { Array($0.utf8) }

    /// A colour in one of the three forms, as enote would write it.
    static func randomColor(_ generator: inout SeededGenerator) -> NoteColor {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            return .palette(NoteColor.Palette.allCases.randomElement(using: &generator)!)
        case 1:
            return .rgb(
                NoteColor.RGB(
                    red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator), blue: .random(in: 0...255, using: &generator))
            )
        default:
            let hue = Double(Int.random(in: 0...360_000, using: &generator)) / 1000
            let saturation = Double(Int.random(in: 0...1000, using: &generator)) / 10
            let brightness = Double(Int.random(in: 0...100, using: &generator))
            return .hsb(NoteColor.HSB(hue: hue, saturation: saturation, brightness: brightness))
        }
    }

    /// A one-line title with characters YAML cares about (never blank at either end).
    static func randomTitle(_ generator: inout SeededGenerator) -> String {
        let pieces = [
            "Plan", "Meeting: Q3", "#1", "[draft]", "*x*", "&a", "yes", "NO", "1.10", "2024-01-01", "\"q\"", "it's",
            "a, b", "{x}", "50%", "é", "東京", "Привет", "- item", "? what", "|", ">", "~", "null", "\t", "\u{1B}]0;x\u{07}", "\\", "!", "@", "`",
        ]
        var title = ""
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            title += pieces.randomElement(using: &generator)! + (Bool.random(using: &generator) ? " " : "")
        }
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "Plan" : trimmed
    }

    /// How many inputs the editor accepted and changed, per test (so a test proves it checked
    /// something).
    let edited = FuzzCounter()

    /// Checks the editor's properties on one note; returns what failed.
    func check(_ bytes: [UInt8], color: NoteColor, title: String) -> String? {
        let content = NoteContent(bytes: bytes, path: "fuzz.md")
        guard content.isEditable else {
            // Never rewritten: the editor must refuse it too when its front matter is unreadable.
            if content.textProblem == nil, case .unreadable = content.frontMatter,
                (try? FrontMatterEditor.apply([.set(.color, "red")], to: bytes, reading: content.frontMatter, file: "fuzz.md")) != nil
            {
                return "the editor rewrote front matter the reader calls unreadable"
            }
            return nil
        }
        let reading = content.frontMatter
        do {
            let unchanged = try FrontMatterEditor.apply([], to: bytes, reading: reading, file: "fuzz.md")
            if unchanged != bytes { return "no change did not give identical bytes: \(Fuzzer.show(unchanged))" }
        } catch {
            return "an empty change list was refused: \(error)"
        }
        for (change, expectation) in [
            (FrontMatterEditor.Change.set(.color, YAMLWriter.scalar(color.description)), "color \(color)"),
            (.set(.title, YAMLWriter.scalar(title)), "title \(title.debugDescription)"),
        ] {
            let edited: [UInt8]
            do {
                edited = try FrontMatterEditor.apply([change], to: bytes, reading: reading, file: "fuzz.md")
            } catch .duplicateKey {
                continue
            } catch {
                return "setting \(expectation) was refused: \(error)"
            }
            self.edited.add()
            let after = NoteContent(bytes: edited, path: "fuzz.md")
            guard after.isEditable else { return "setting \(expectation) made the note uneditable: \(Fuzzer.show(edited)) \(after.diagnostics)" }
            if expectation.hasPrefix("color") {
                if after.metadata.color != color || !after.metadata.hasColor {
                    return "set \(expectation), read back \(after.metadata.color) (hasColor \(after.metadata.hasColor)): \(Fuzzer.show(edited))"
                }
            } else if after.metadata.title != title {
                return "set \(expectation), read back \(after.metadata.title.debugDescription): \(Fuzzer.show(edited))"
            }
            if Array(after.bodyBytes) != Array(content.bodyBytes) {
                return "setting \(expectation) changed the body: \(Fuzzer.show(edited))"
            }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) != edited.starts(with: [0xEF, 0xBB, 0xBF]) {
                return "setting \(expectation) added or dropped the BOM"
            }
        }
        return nil
    }

    @Test func mutatedSampleNotesKeepTheEditorsPromises() {
        let count = Fuzzer.run("front matter, mutated samples") { generator in
            let seed = Self.seeds.randomElement(using: &generator)!
            let bytes = Mutator.mutate(seed, using: &generator)
            let color = Self.randomColor(&generator)
            let title = Self.randomTitle(&generator)
            return (Fuzzer.show(bytes), check(bytes, color: color, title: title))
        }
        #expect(count > 0)
        #expect(edited.value > count / 10, "most mutated notes stay editable; \(count) inputs")
    }

    @Test func randomFrontMatterNeverCrashesTheReader() {
        let lines = [
            "---", "title: x", "color: red", "colour: #ff0000", "destroy: 2026-01-01", "destroy: tomorrow", "tags: [a, b", "tags:",
            "  - a", "- b", "key: 'it''s'", "key: \"esc \\\" \\u263A\"", "\tcolor: blue", "title: a: b", "# comment", "...", "",
            "nested:", "  deeper:", "    x: 1", "? complex", ": value", "title: |", "  folded", "\u{FEFF}---", "x: [a, {b: c}]",
        ]
        let count = Fuzzer.run("front matter, random lines") { generator in
            var text = Bool.random(using: &generator) ? "---\n" : ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += lines.randomElement(using: &generator)! + (Int.random(in: 0..<5, using: &generator) == 0 ? "\r\n" : "\n")
            }
            if Bool.random(using: &generator) { text += "---\nBody text\n" }
            let bytes = Array(text.utf8)
            let (_, diagnostics) = FrontMatterParser.read(bytes, file: "fuzz.md")
            if let bad = diagnostics.first(where: { !$0.location.hasPrefix("fuzz.md") }) {
                return (Fuzzer.show(bytes), "a diagnostic does not name the file: \(bad)")
            }
            return (Fuzzer.show(bytes), check(bytes, color: Self.randomColor(&generator), title: Self.randomTitle(&generator)))
        }
        #expect(count > 0)
        #expect(edited.value > 0, "\(count) inputs")
    }

    @Test func arbitraryBytesNeverCrashTheReader() {
        let count = Fuzzer.run("note content, arbitrary bytes") { generator in
            var bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if Bool.random(using: &generator) { bytes = Array("---\n".utf8) + bytes + Array("\n---\n".utf8) }
            let content = NoteContent(bytes: bytes, path: "fuzz.md")
            if content.textProblem == nil, !bytes.allSatisfy({ $0 != 0 }) {
                return (Fuzzer.show(bytes), "a note with a NUL byte was read as text")
            }
            return (Fuzzer.show(bytes), nil)
        }
        #expect(count > 0)
    }
}
