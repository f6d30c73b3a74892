import EnoteTestSupport
import Foundation
import Testing

/// `enote serve` is a launcher: it finds the vault as every command does and replaces itself
/// with `enote-web` from its own folder; without it, it says how to build it.
@Suite struct ServeLauncherTests {
    @Test("without enote-web beside enote: a clear error that says how to build it, in the user's language")
    func missingServer() throws {
        let vault = try TemporaryVault()
        let folder = vault.base.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lonely = folder.appendingPathComponent("enote")
        try FileManager.default.copyItem(at: EnoteProcess.executable, to: lonely)
        for language in ["C.UTF-8", "ru_RU.UTF-8"] {
            let process = Process()
            process.executableURL = lonely
            process.arguments = ["serve", "--port", "0"]
            process.currentDirectoryURL = vault.root
            var environment = vault.environment
            environment["LANG"] = language
            environment["ENOTE_RESOURCES"] = EnoteProcess.executable.deletingLastPathComponent().path
            process.environment = environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let exitStatus = EnoteProcess.exitStatus(of: process)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(exitStatus == 1)
            #expect(message.contains("swift build --product enote-web"), "\(message)")
            #expect(message.contains(folder.path))
            if language.hasPrefix("ru") { #expect(message.contains("соберите")) }
        }
    }

    @Test("the vault comes from --vault, ENOTE_VAULT or the current folder, as for every command")
    func findsTheVault() throws {
        let vault = try TemporaryVault()
        let elsewhere = vault.base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let server = try ServeProcess(vault, ["--vault", vault.root.path])
        defer { server.stop() }
        let client = try server.signedInClient()
        #expect(try client.send("GET", "/").body.contains("Grocery list"))
        let outside = try EnoteProcess.run(["serve", "--port", "0"], in: elsewhere, environment: vault.environment)
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("no vault found"), "\(outside.stderr)")
    }
}
