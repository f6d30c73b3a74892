import Foundation
import Testing

/// Finding the vault (`--vault`, `ENOTE_VAULT`, upwards from the current folder) and exit statuses.
@Suite struct GlobalOptionsTests {
    /// Where `--vault` is written on the command line.
    enum Placement: String, CaseIterable, Sendable {
        case beforeCommand, afterCommand, beforeWithEquals, afterWithEquals

        func arguments(_ vault: String, _ command: [String]) -> [String] {
            switch self {
            case .beforeCommand: ["--vault", vault] + command
            case .afterCommand: command + ["--vault", vault]
            case .beforeWithEquals: ["--vault=\(vault)"] + command
            case .afterWithEquals: command + ["--vault=\(vault)"]
            }
        }
    }

    @Test(arguments: Placement.allCases)
    func vaultOptionBeforeOrAfterTheCommand(placement: Placement) throws {
        let vault = try TemporaryVault()
        let list = try vault.run(in: vault.base, placement.arguments(vault.root.path, ["list", "--json"]))
        #expect(list.status == 0, "\(list)")
        #expect(try JSONOutput.array(list).count == SampleNotes.listed.count)

        let show = try vault.run(in: vault.base, placement.arguments(vault.root.path, ["show", "--json", "grocery"]))
        #expect(show.status == 0, "\(show)")
        #expect(try JSONOutput.object(show)["path"] as? String == "grocery-list.md")
    }

    @Test func vaultOptionBeforeASeparator() throws {
        let vault = try TemporaryVault()
        try vault.write("-v.md", "---\ntitle: Dash v\n---\nx\n")
        let result = try vault.run(in: vault.base, ["--vault", vault.root.path, "show", "--json", "--", "-v"])
        #expect(result.status == 0, "\(result)")
        #expect(try JSONOutput.object(result)["path"] as? String == "-v.md")
    }

    @Test func relativeVaultOption() throws {
        let vault = try TemporaryVault()
        let result = try vault.run(in: vault.base, ["--vault", "vault", "list", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(try JSONOutput.array(result).count == SampleNotes.listed.count)
    }

    @Test func environmentVariable() throws {
        let vault = try TemporaryVault()
        let result = try vault.run(in: vault.base, ["new", "From env", "text"], environment: ["ENOTE_VAULT": vault.root.path])
        #expect(result.status == 0, "\(result)")
        #expect(vault.exists("from-env.md"))
    }

    @Test func optionWinsOverTheEnvironment() throws {
        let vault = try TemporaryVault()
        let other = try TemporaryVault(sample: false)
        let result = try vault.run(in: vault.base, ["list", "--json", "--vault", vault.root.path], environment: ["ENOTE_VAULT": other.root.path])
        #expect(try JSONOutput.array(result).count == SampleNotes.listed.count, "\(result)")
        let fromEnvironment = try vault.run(in: vault.root, ["list", "--json"], environment: ["ENOTE_VAULT": other.root.path])
        #expect(try JSONOutput.array(fromEnvironment).isEmpty, "ENOTE_VAULT wins over the current folder")
    }

    @Test(arguments: ["travel", "archive", "attachments", ".enote"])
    func foundUpwardsFromASubFolder(folder: String) throws {
        let vault = try TemporaryVault()
        let result = try vault.run(in: vault.url(folder), ["list", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(try JSONOutput.array(result).count == SampleNotes.listed.count)
    }

    @Test func pathsAreRelativeToTheVaultNotTheCurrentFolder() throws {
        let vault = try TemporaryVault()
        let created = try vault.run(in: vault.url("travel"), ["new", "Osaka", "Dotonbori"])
        #expect(created.status == 0, "\(created)")
        #expect(created.stdout == "osaka.md\n")
        #expect(vault.exists("osaka.md"))
        let shown = try vault.run(in: vault.url("travel"), ["show", "--json", "travel/kyoto"])
        #expect(try JSONOutput.object(shown)["path"] as? String == "travel/kyoto.md")
    }

    @Test(arguments: [["list"], ["show", "grocery"], ["new", "T", "body"], ["set", "x", "--color", "red"], ["rm", "x"], ["trash", "list"]])
    func noVaultIsAnErrorWithAHint(command: [String]) throws {
        let vault = try TemporaryVault(sample: false)
        let outside = vault.base.appendingPathComponent("no-vault-here")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let result = try vault.run(in: outside, command)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no vault found in \(outside.path)"), "\(result.stderr)")
        #expect(result.stderr.contains("run `enote init`"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func vaultOptionNamingAPlainFolderIsAnError() throws {
        let vault = try TemporaryVault()
        let plain = vault.base.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let result = try vault.run(["list", "--vault", plain.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("is not an enote vault"), "\(result.stderr)")
        #expect(result.stderr.contains("enote init \(plain.path)"))
    }

    @Test(arguments: [
        ["bogus"], ["list", "--bogus"], ["list", "--sort", "nope"], ["list", "--limit", "0"], ["list", "--limit", "x"],
        ["list", "--vault"], ["show"], ["show", "a", "b"], ["new"], ["rm"], ["edit"], ["trash", "restore"], ["trash", "bogus"],
        ["init", "a", "b"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) throws {
        let vault = try TemporaryVault()
        let before = try vault.tree()
        let result = try vault.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Usage:") || result.stderr.contains("Error:"), "\(result.stderr)")
        #expect(try vault.tree() == before)
    }

    @Test(arguments: [["--help"], ["help"], ["list", "--help"], ["--version"]])
    func helpAndVersionSucceed(arguments: [String]) throws {
        let vault = try TemporaryVault()
        let result = try vault.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.isEmpty)
    }

    @Test func messagesGoToStderrAndDataToStdout() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("set", "grocery", "--color", "blue")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Updated grocery-list.md"))
        let created = try vault.run("new", "Data", "x")
        #expect(created.stdout == "data.md\n")
        #expect(!created.stderr.contains("data.md"))
    }

    @Test("COMMAND --help is the help `enote help COMMAND` prints, whichever way it is parsed", arguments: ["list", "search", "show", "watch"])
    func helpIsTheSameEitherWay(command: String) throws {
        let vault = try TemporaryVault()
        let flag = try vault.run([command, "--help"])
        let help = try vault.run(["help", command])
        #expect(flag.status == 0 && help.status == 0)
        #expect(flag.stdout == help.stdout)
        #expect(flag.stdout.contains("--version"), "the root's options are listed")
    }
}
