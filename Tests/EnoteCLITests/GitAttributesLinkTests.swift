import Foundation
import Testing

/// `.gitattributes` is the vault's, and git checks out links: `enote git setup` (and `sync`,
/// which installs the driver) never reads a linked one nor copies its target into the vault.
@Suite struct GitAttributesLinkTests {
    @Test func aLinkedGitattributesIsRefusedNotCopied() throws {
        let vault = try TemporaryVault()
        try vault.tool(["git", "init", "-q"])
        let secret = try vault.outsideFile("secret.txt", Array("SECRET-OUTSIDE\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: vault.url(".gitattributes").path, withDestinationPath: secret)
        let result = try vault.run("git", "setup")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(".gitattributes is a symbolic link"), "\(result)")
        #expect(!result.stderr.contains("SECRET"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: vault.url(".gitattributes").path) == secret, "the link is left as it is")
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "SECRET-OUTSIDE\n", "the outside file is untouched")
    }
}
