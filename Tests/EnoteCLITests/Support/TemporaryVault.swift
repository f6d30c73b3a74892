import EnoteTestSupport
import Foundation

/// A private copy of SampleVault in a temporary folder, removed when the test ends.
///
/// Every end-to-end test works on its own copy, so tests run in parallel and never change the
/// repository's SampleVault.
final class TemporaryVault {
    /// The folder that holds the vault and the test's HOME and TMPDIR.
    let base: URL
    /// The vault root.
    let root: URL
    /// The environment for the process (HOME, TMPDIR and TZ point into `base`).
    var environment: [String: String]

    /// The repository's SampleVault folder.
    static let sampleVault: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleVault")

    /// Makes a copy of SampleVault (or an empty vault when `sample` is false).
    /// - Parameter folder: Where to put the vault (as `folder/vault`), for example on a
    ///   ``TemporaryMount``; by default in the base folder. HOME and TMPDIR stay in the base folder.
    init(sample: Bool = true, in folder: URL? = nil) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("enote-e2e-\(UUID().uuidString)")
        root = (folder ?? base).appendingPathComponent("vault")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        if sample {
            try FileManager.default.copyItem(at: Self.sampleVault, to: root)
            // Tool state from a local run of the demo is not part of the sample.
            for name in ["index.sqlite", "index.sqlite-wal", "index.sqlite-shm", "lock", "watch.lock", "watch.sock"] {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(".enote/\(name)"))
            }
        } else {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(".enote"), withIntermediateDirectories: true)
        }
        environment = EnoteProcess.baseEnvironment(home: base.path)
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    /// Runs enote in the vault's root.
    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]) throws -> EnoteProcess.Result {
        try run(arguments, stdin: stdin.map { Data($0.utf8) }, environment: extra)
    }

    /// Runs enote in the vault's root with arguments as an array.
    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> EnoteProcess.Result {
        try EnoteProcess.run(arguments, in: root, environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    /// The URL of a file in the vault.
    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// A file's bytes.
    func bytes(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

    /// A file's text.
    func text(_ path: String) throws -> String { String(decoding: try bytes(path), as: UTF8.self) }

    /// Writes a file (creating folders).
    func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(path))
    }

    /// Writes an executable shell script (a scripted editor) into the base folder; returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let path = base.appendingPathComponent(name).path
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    /// Whether a file exists in the vault.
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }
}
