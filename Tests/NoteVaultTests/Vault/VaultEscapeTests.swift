import Foundation
import Testing

@testable import NoteVault

/// RELIABILITY row 31: a path that would leave the vault is refused by the kernel (`openat2` with
/// `RESOLVE_BENEATH` fails with EXDEV), and the refusal says so in words, without reading the file.
@Suite("Vault: paths that escape it")
struct VaultEscapeTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.writeAbsolute(sandbox.outside + "/secret.md", Array("---\ntitle: Secret\n---\nNever read.\n".utf8))
        try sandbox.write("work/plan.md", VaultSandbox.noteText(title: "Plan"))
    }

    @Test(arguments: ["../outside/secret.md", "work/../../outside/secret.md"])
    func readingAPathOutsideSaysItEscapesTheVault(_ raw: String) throws {
        // NotePath(bytes:) does not validate, so the path reaches the kernel as it is.
        let vault = try sandbox.vault()
        var message: String?
        do {
            _ = try vault.read(NotePath(bytes: Array(raw.utf8)))
        } catch {
            message = error.description
        }
        let text = try #require(message, "a path outside the vault was read")
        #expect(text == "\"\(raw)\" escapes the vault (through a symbolic link or ..); nothing outside the vault is read or written", "\(text)")
        #expect(!text.contains("Never read"))
    }
}
