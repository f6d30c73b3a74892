import EnoteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `enote serve` running on a ``TemporaryVault`` on a free port, as a user starts it: the real
/// `enote` binary, which replaces itself with `enote-web`.
///
/// End every test with `defer { server.stop() }`.
final class ServeProcess {
    let process = Process()
    private let stdoutFile: URL
    private let stderrFile: URL
    /// The URL with the secret the server printed.
    private(set) var signInURL = ""
    /// The port it listens on.
    private(set) var port = 0

    /// Starts `enote serve --port 0 arguments…` and waits for its URL line.
    /// - Parameter descriptorLimit: Starts it with at most this many open files (soft and hard
    ///   limit, as `ulimit -n` sets them in a shell that then runs it).
    init(
        _ vault: TemporaryVault, _ arguments: [String] = [], environment extra: [String: String] = [:], waitForURL: Bool = true,
        descriptorLimit: Int? = nil
    ) throws {
        let name = "serve-\(UUID().uuidString)"
        stdoutFile = vault.base.appendingPathComponent(name + ".stdout")
        stderrFile = vault.base.appendingPathComponent(name + ".stderr")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", EnoteProcess.executable.path, "serve", "--port", "0"] + arguments
        } else {
            process.executableURL = EnoteProcess.executable
            process.arguments = ["serve", "--port", "0"] + arguments
        }
        process.currentDirectoryURL = vault.root
        process.environment = vault.environment.merging(extra) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
        guard waitForURL else { return }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if let line = stdout.split(separator: "\n").first(where: { $0.contains("?token=") }),
                let start = line.range(of: "http://")
            {
                signInURL = String(line[start.lowerBound...])
                let afterHost = signInURL.dropFirst("http://".count)
                let authority = afterHost.prefix { $0 != "/" }
                port = Int(authority.split(separator: ":").last ?? "") ?? 0
                return
            }
            usleep(20_000)
        }
        try #require(Bool(false), "enote serve did not print its URL:\n\(stdout)\n\(stderr)")
    }

    var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// The secret in the printed URL.
    var token: String { signInURL.components(separatedBy: "token=").last ?? "" }

    /// Waits for the process to end by itself; returns its status, or `nil` after `timeout`.
    func waitForExit(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if !process.isRunning { return EnoteProcess.finished(process) }
            usleep(20_000)
        }
        return nil
    }

    /// Stops the server (SIGTERM, then SIGKILL) and waits for it.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        _ = EnoteProcess.exitStatus(of: process)
    }

    /// A client signed in through the printed URL (its cookie and CSRF token kept).
    func signedInClient(sourceLocation: SourceLocation = #_sourceLocation) throws -> HTTPClient {
        var client = HTTPClient(port: port)
        let answer = try client.send("GET", "/?token=\(token)")
        try #require(answer.status == 303, "signing in answered \(answer.status)", sourceLocation: sourceLocation)
        let cookie = try #require(answer.header("Set-Cookie"), sourceLocation: sourceLocation)
        client.cookie = String(cookie.prefix { $0 != ";" })
        let page = try client.send("GET", "/")
        client.csrfToken = page.body.components(separatedBy: "<meta name=\"csrf-token\" content=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        return client
    }
}
