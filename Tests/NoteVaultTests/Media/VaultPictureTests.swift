import Foundation
import Testing

@testable import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// `Vault.readPicture`: what a front end may serve as a note's picture. Only pictures (told by
/// their bytes), only inside the vault, never through a link, never the vault's own state.
@Suite struct VaultPictureTests {
    let sandbox: VaultSandbox
    let png = ImageBytes.png(width: 2, height: 3)

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.writeAbsolute(sandbox.path("attachments/pic.png"), png)
        try sandbox.writeAbsolute(sandbox.outside + "/secret.png", png)
        try sandbox.write("attachments/text.png", "hello, not a picture")
    }

    @Test func readsAPictureInside() throws {
        let picture = try sandbox.vault().pictures.read(NotePath(trusted: "attachments/pic.png"))
        #expect(picture.format == .png)
        #expect(picture.bytes == png)
    }

    @Test(
        "refuses what is not a picture inside the vault",
        arguments: [
            "attachments/text.png", "../outside/secret.png", "attachments/../../outside/secret.png", ".enote/config", "attachments/out.png",
            "attachments/in.png", "attachments/none.png",
        ])
    func refuses(relative: String) throws {
        symlink(sandbox.outside + "/secret.png", sandbox.path("attachments/out.png"))
        symlink("pic.png", sandbox.path("attachments/in.png"))
        let vault = try sandbox.vault()
        #expect(throws: VaultError.self) { try vault.pictures.read(NotePath(trusted: relative)) }
    }
}
