import Foundation
import Testing

@testable import NoteVault

/// Finding the vault like git finds a repository, and making one.
@Suite("VaultLocator and VaultInitializer")
struct VaultLocatorTests {
    let sandbox: VaultSandbox

    init() throws {
        sandbox = try VaultSandbox()
        try sandbox.makeFolder("work/2026/deep")
    }

    private func locate(explicit: String? = nil, environment: [String: String] = [:], from folder: String) throws(VaultError) -> String {
        try VaultLocator.locate(explicit: explicit, environment: environment, currentDirectory: folder)
    }

    @Test("--vault wins over ENOTE_VAULT and the search")
    func explicit() throws {
        let other = sandbox.base + "/other"
        _ = try VaultInitializer.initialize(at: other, sample: false)
        #expect(try locate(explicit: sandbox.root, environment: ["ENOTE_VAULT": other], from: other) == sandbox.root)
    }

    @Test("a relative --vault is taken from the current folder")
    func explicitRelative() throws {
        #expect(try locate(explicit: "../vault", from: sandbox.outside) == sandbox.root)
        #expect(try locate(explicit: "vault/work/../", from: sandbox.base) == sandbox.root)
    }

    @Test("--vault naming a folder that is not a vault is an error whose remedy is to make it one, even inside a vault")
    func explicitNotAVault() throws {
        #expect {
            try locate(explicit: sandbox.path("work"), from: sandbox.root)
        } throws: { error in
            guard case .notAVault(let path) = error as? VaultError else { return false }
            let message = (error as! VaultError).message
            return path == sandbox.path("work") && message.text.hasSuffix("(it has no .enote folder)") && message.remedy == .makeVault(path: path)
        }
    }

    @Test("ENOTE_VAULT when there is no --vault; empty means unset")
    func environment() throws {
        #expect(try locate(environment: ["ENOTE_VAULT": sandbox.root], from: sandbox.outside) == sandbox.root)
        #expect(try locate(environment: ["ENOTE_VAULT": ""], from: sandbox.path("work")) == sandbox.root)
        #expect(throws: VaultError.self) { try locate(environment: ["ENOTE_VAULT": sandbox.outside], from: sandbox.root) }
    }

    @Test("the nearest folder upwards with .enote", arguments: ["", "work", "work/2026/deep"])
    func upward(start: String) throws {
        #expect(try locate(from: sandbox.path(start)) == sandbox.root)
    }

    @Test("a nested vault is found before the outer one")
    func nested() throws {
        _ = try VaultInitializer.initialize(at: sandbox.path("work/2026"), sample: false)
        #expect(try locate(from: sandbox.path("work/2026/deep")) == sandbox.path("work/2026"))
        #expect(try locate(from: sandbox.path("work")) == sandbox.root)
    }

    @Test("a .enote that is a file does not make a vault")
    func enoteFile() throws {
        try sandbox.writeAbsolute(sandbox.outside + "/.enote", Array("not a folder\n".utf8))
        #expect(!VaultLocator.isVault(sandbox.outside))
    }

    @Test("none found: an error whose remedy is to make a vault", .enabled(if: !VaultLocator.isVault("/") && !VaultLocator.isVault(NSTemporaryDirectory())))
    func notFound() throws {
        #expect {
            try locate(from: sandbox.outside)
        } throws: { error in
            guard case .vaultNotFound(let folder) = error as? VaultError else { return false }
            let text = (error as! VaultError).description
            return folder == sandbox.outside && text.hasSuffix("or any folder above it") && (error as! VaultError).message.remedy == .makeVault(path: nil)
        }
    }

    @Test("init writes .enote/config and .gitignore, adopts existing notes, and is idempotent")
    func initialize() throws {
        let folder = sandbox.base + "/fresh"
        try sandbox.writeAbsolute(folder + "/existing.md", Array("x\n".utf8))
        try sandbox.writeAbsolute(folder + "/work/more.md", Array("y\n".utf8))

        let first = try VaultInitializer.initialize(at: folder, sample: false)
        let second = try VaultInitializer.initialize(at: folder, sample: false)

        #expect(first.created && first.adoptedNotes == 2 && first.root == folder)
        #expect(!second.created && second.adoptedNotes == 2)
        let gitignore = try String(contentsOfFile: folder + "/.enote/.gitignore", encoding: .utf8)
        #expect(gitignore.contains("\nlock\n") && gitignore.contains("index.sqlite\n"))
        #expect(try VaultConfig(parsing: String(contentsOfFile: folder + "/.enote/config", encoding: .utf8), file: "config") == VaultConfig())
    }

    @Test("opening a folder without .enote is refused")
    func openNotAVault() {
        #expect {
            try Vault(root: sandbox.outside)
        } throws: { error in
            guard case .notAVault = error as? VaultError else { return false }
            return true
        }
    }

    @Test(
        "paths are made absolute and tidied by their text",
        arguments: [
            ("/a/b/../c/./d/", "/a/c/d"), ("//a//b///", "/a/b"), ("/", "/"), ("/..", "/"), ("/a/../..", "/"),
            ("/a/.../b", "/a/.../b"), ("/заметки/./京都", "/заметки/京都"), ("/a/b/..", "/a"),
        ])
    func absolute(path: String, expected: String) {
        #expect(Vault.absolute(path) == expected)
    }

    @Test("a relative path is taken from the current folder, and ~ is the home folder")
    func absoluteRelative() throws {
        let current = FileManager.default.currentDirectoryPath
        #expect(Vault.absolute("x/../y") == Vault.absolute(current + "/y"))
        #expect(Vault.absolute(".") == Vault.absolute(current))
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(Vault.absolute("~/Notes/") == Vault.absolute(home + "/Notes"))
        #expect(Vault.absolute("~") == Vault.absolute(home))
        #expect(Vault.absolute("a/~") == Vault.absolute(current + "/a/~"))
    }

    @Test("the search climbs to / and says where it started")
    func climbsToTheRoot() throws {
        #expect {
            try locate(from: sandbox.outside + "/./")
        } throws: { error in
            guard case .vaultNotFound(let start) = error as? VaultError else { return false }
            return start == sandbox.outside
        }
    }
}
