import Foundation
import Testing

@testable import NoteVault

/// The repository's SampleVault: embedded correctly, and every file survives a read and an edit
/// byte for byte.
@Suite struct SampleVaultTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleVault")

    /// Every note file of SampleVault, relative to its root.
    static let notePaths: [String] = {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".md"), !path.hasPrefix(".") { paths.append(path) }
        }
        return paths.sorted()
    }()

    @Test func embeddedFilesMatchTheFolder() throws {
        var onDisk: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: Self.root.path)
        while let path = enumerator?.nextObject() as? String {
            // Tool state is not embedded; the note templates are.
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }), !path.hasPrefix(".enote/templates/") { continue }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { onDisk[path] = try Data(contentsOf: Self.root.appendingPathComponent(path)) }
        }
        let embedded = Dictionary(uniqueKeysWithValues: SampleVaultFiles.all.map { ($0.path, $0.data) })
        #expect(Set(embedded.keys) == Set(onDisk.keys), "run scripts/embed-sample-vault")
        for (path, data) in onDisk {
            #expect(embedded[path] == data, "\(path) differs from the embedded copy; run scripts/embed-sample-vault")
        }
    }

    @Test func hasAboutADozenNotesShowingEveryFeature() throws {
        #expect(Self.notePaths.count >= 12)
        let contents = try Self.notePaths.map { path in
            NoteContent(bytes: [UInt8](try Data(contentsOf: Self.root.appendingPathComponent(path))), path: path)
        }
        let colors = Set(contents.map(\.metadata.color))
        for palette in NoteColor.Palette.allCases {
            #expect(colors.contains(.palette(palette)), "a note in \(palette)")
        }
        #expect(colors.contains { if case .hsb = $0 { true } else { false } }, "a custom hsb colour")
        #expect(contents.contains { $0.metadata.destroy.validDate.map { $0.year < 2026 } ?? false }, "a past destroy date")
        #expect(contents.contains { $0.metadata.destroy.validDate.map { $0.year > 2090 } ?? false }, "a future destroy date")
        #expect(contents.contains { $0.frontMatter == .absent }, "a note without front matter")
        #expect(contents.contains { if case .unreadable = $0.frontMatter { true } else { false } }, "malformed front matter")
        #expect(contents.contains { $0.bytes.starts(with: [0xEF, 0xBB, 0xBF]) }, "a BOM file")
        #expect(contents.contains { !$0.body.imageSources.isEmpty }, "a photo note")
        #expect(contents.contains { $0.headline.title.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } }, "Russian")
        #expect(contents.contains { $0.headline.title.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) } }, "Japanese")
        #expect(Self.notePaths.contains { $0.contains("/") }, "a note in a sub-folder")
    }

    @Test(arguments: notePaths)
    func readingAndWritingBackGivesIdenticalBytes(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent(path)))
        let content = NoteContent(bytes: bytes, path: path)
        guard content.isEditable else {
            // Unreadable front matter is never rewritten: the editor refuses.
            #expect(throws: FrontMatterEditor.EditError.self) {
                try FrontMatterEditor.apply([.set(.color, "blue")], to: bytes, reading: content.frontMatter, file: path)
            }
            return
        }
        #expect(try FrontMatterEditor.apply([], to: bytes, reading: content.frontMatter, file: path) == bytes)
    }

    @Test(arguments: notePaths)
    func settingTheColourChangesOnlyTheColourAndUpdatedLines(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent(path)))
        let content = NoteContent(bytes: bytes, path: path)
        guard content.isEditable, case .parsed = content.frontMatter else { return }
        let edited = try FrontMatterEditor.apply(
            [.set(.color, "blue"), .set(.updated, "2030-01-01T00:00:00+00:00")],
            to: bytes, reading: content.frontMatter, file: path)
        // Split bytes, not Characters: "\r\n" is one Character in Swift.
        func lines(_ bytes: [UInt8]) -> [String] {
            bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        let before = lines(bytes)
        let after = lines(edited)
        let changed = Set(after).subtracting(before)
        let removed = Set(before).subtracting(after)
        for line in changed {
            #expect(line.hasPrefix("color: blue") || line.hasPrefix("colour: blue") || line.hasPrefix("updated: 2030"), "unexpected line \(line) in \(path)")
        }
        for line in removed {
            #expect(line.hasPrefix("color:") || line.hasPrefix("colour:") || line.hasPrefix("updated:"), "line \(line) disappeared from \(path)")
        }
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) == edited.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(bytes.filter { $0 == 13 }.count <= edited.filter { $0 == 13 }.count, "CR bytes kept in \(path)")
    }
}
