import Foundation
import Testing

@testable import NoteVault

/// A ``VaultError`` that wraps another library error keeps it as a value, so its sentence is
/// translated when shown, in the reader's language, rather than frozen into text when thrown.
@Suite("VaultError: wrapped errors stay sentences")
struct VaultErrorTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
    }

    /// Whether `message` reads in Russian when shown in Russian (Cyrillic letters in it).
    private func readsInRussian(_ message: LocalizedMessage) -> Bool {
        Localization.translate(message, into: .russian).contains { ("\u{0400}"..."\u{04FF}").contains($0) }
    }

    @Test("a mistake in .enote/config names the file and line, and is translated when shown")
    func vaultConfigMistake() throws {
        try sandbox.write(".enote/config", "sort = size\n")
        let error = try #require(throws: VaultError.self) { _ = try sandbox.vault() }
        #expect(error.message.english.contains("/.enote/config:1: "), "\(error.message.english)")
        #expect(readsInRussian(error.message), "\(Localization.translate(error.message, into: .russian))")
    }

    @Test("a mistake in the user's config names the file and line, and is translated when shown")
    func userConfigMistake() throws {
        try FileManager.default.createDirectory(atPath: sandbox.outside + "/enote", withIntermediateDirectories: true)
        try "nonsense\n".write(toFile: sandbox.outside + "/enote/config", atomically: true, encoding: .utf8)
        let error = try #require(throws: VaultError.self) { _ = try UserConfig.load(environment: ["XDG_CONFIG_HOME": sandbox.outside]) }
        #expect(error.message.english.contains("/enote/config:1: "), "\(error.message.english)")
        #expect(readsInRussian(error.message), "\(Localization.translate(error.message, into: .russian))")
    }

    @Test("an editor that cannot be started is named, and the sentence is translated when shown")
    func editorCannotStart() throws {
        try sandbox.write("plan.md", VaultSandbox.noteText(title: "Plan"))
        let vault = try sandbox.vault()
        let session = EditorSession(
            command: EditorCommand(arguments: [sandbox.bin + "/no-such-editor"]), environment: ["TMPDIR": sandbox.temporary])
        let error = try #require(throws: VaultError.self) { _ = try vault.edit(NotePath(trusted: "plan.md"), with: session) }
        #expect(error.message.english.contains("no-such-editor"), "\(error.message.english)")
        #expect(readsInRussian(error.message), "\(Localization.translate(error.message, into: .russian))")
    }
}
