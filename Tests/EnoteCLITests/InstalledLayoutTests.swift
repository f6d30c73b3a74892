import EnoteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// enote laid out as `make install` and the Debian package lay it out — `bin/enote`,
/// `bin/enote-web`, and the resource bundles in `share/enote/` — finds its translations from
/// its own location: started by the name `PATH` finds it by, from any folder, and through a
/// symbolic link in another folder.
@Suite struct InstalledLayoutTests {
    /// Lays out `prefix` as `make install PREFIX=prefix` does, with hard links to the built
    /// files (copies where a link cannot be made).
    static func install(into prefix: URL) throws {
        let built = EnoteProcess.executable.deletingLastPathComponent()
        let bin = prefix.appendingPathComponent("bin")
        let share = prefix.appendingPathComponent("share/enote")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        for program in ["enote", "enote-web"] {
            let source = built.appendingPathComponent(program)
            let target = bin.appendingPathComponent(program)
            do { try FileManager.default.linkItem(at: source, to: target) } catch { try FileManager.default.copyItem(at: source, to: target) }
        }
        let bundles = try FileManager.default.contentsOfDirectory(atPath: built.path).filter { $0.hasPrefix("enote_") && $0.hasSuffix(".resources") }
        try #require(bundles.count >= 4, "the build folder holds the resource bundles: \(bundles)")
        for bundle in bundles {
            try FileManager.default.copyItem(at: built.appendingPathComponent(bundle), to: share.appendingPathComponent(bundle))
        }
    }

    /// Runs `command` with `/bin/sh` in `folder`, with `bin` first on `PATH`, so that the
    /// program is started by its bare name, as a user's shell starts it.
    static func shell(_ command: String, in folder: URL, bin: URL, environment: [String: String]) throws -> EnoteProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var environment = environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let exitStatus = EnoteProcess.exitStatus(of: process)
        return EnoteProcess.Result(
            status: exitStatus, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self),
            stdoutBytes: output)
    }

    @Test(
        "installed in a prefix, enote speaks Russian from share/enote, found through PATH from another folder or through a link",
        arguments: ["through PATH", "through a symbolic link"])
    func translationsAreFoundFromTheProgramsOwnPlace(route: String) throws {
        let vault = try TemporaryVault()
        let prefix = vault.base.appendingPathComponent("prefix")
        try Self.install(into: prefix)
        var bin = prefix.appendingPathComponent("bin")
        if route == "through a symbolic link" {
            bin = vault.base.appendingPathComponent("links")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: bin.appendingPathComponent("enote").path, withDestinationPath: prefix.appendingPathComponent("bin/enote").path)
        }
        let elsewhere = vault.base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        var environment = vault.environment
        environment["LANG"] = "ru_RU.UTF-8"
        environment["ENOTE_VAULT"] = vault.root.path

        // The library's table and the command line's own.
        let missing = try Self.shell("enote show nothing-like-it", in: elsewhere, bin: bin, environment: environment)
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("нет заметки, подходящей под «nothing-like-it»"), "\(missing.stderr)")
        let none = try Self.shell("enote search квазиморда", in: elsewhere, bin: bin, environment: environment)
        #expect(none.stderr.contains("Подходящих заметок нет"), "\(none.stderr)")
    }

    @Test("installed in a prefix, enote serve finds enote-web beside it and serves Russian pages and the assets from share/enote")
    func serveFindsItsProgramAndAssets() throws {
        let vault = try TemporaryVault()
        let prefix = vault.base.appendingPathComponent("prefix")
        try Self.install(into: prefix)
        let output = vault.base.appendingPathComponent("serve.stdout")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec enote serve --port 0"]
        process.currentDirectoryURL = vault.base
        var environment = vault.environment
        environment["PATH"] = prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        environment["ENOTE_VAULT"] = vault.root.path
        process.environment = environment
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            _ = EnoteProcess.exitStatus(of: process)
        }
        var url = ""
        let deadline = Date().addingTimeInterval(60)
        while url.isEmpty, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.contains("?token=") }), let start = line.range(of: "http://") {
                url = String(line[start.lowerBound...])
            }
            usleep(20_000)
        }
        try #require(!url.isEmpty, "enote serve printed no URL: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
        let authority = url.dropFirst("http://".count).prefix { $0 != "/" }
        var client = HTTPClient(port: try #require(Int(authority.split(separator: ":").last ?? "")))
        let signIn = try client.send("GET", "/?token=" + (url.components(separatedBy: "token=").last ?? ""))
        #expect(signIn.status == 303, "\(signIn.status)")
        client.cookie = signIn.header("Set-Cookie").map { String($0.prefix { $0 != ";" }) }
        let page = try client.send("GET", "/", headers: ["Accept-Language": "ru"])
        #expect(page.status == 200 && page.body.contains("Новая заметка"), "\(page.status) \(page.body.prefix(300))")
        let style = try client.send("GET", "/assets/style.css")
        #expect(style.status == 200 && style.body.count > 100, "\(style.status)")
    }

    /// The repository's `Sources` folder.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test("no program finds its resources through Bundle.module, whose fallback to the build folder hides a bundle missing from an installation")
    func resourcesAreFoundByTheLibrarysOneRule() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        let users = try files.filter { file in
            let lines = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
            return lines.contains { $0.contains("Bundle.module") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        }
        #expect(users.isEmpty, "find resources with ResourceBundles.bundle(named:) instead: \(users)")
    }
}
