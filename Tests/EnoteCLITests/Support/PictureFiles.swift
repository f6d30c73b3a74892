import EnoteTestSupport
import Foundation

/// Small pictures for end-to-end tests, built as bytes: just the header of each format.
enum PictureFiles {
    private static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
    private static func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) } }

    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0, 0, 0, 0, 0]
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le(width, 2) + le(height, 2) + [0, 0, 0] + Array(";".utf8)
    }

    /// An extended (VP8X) WebP header.
    static func webp(width: Int, height: Int) -> [UInt8] {
        let body = Array("WEBPVP8X".utf8) + le(10, 4) + [0, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3)
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    /// An `ftyp` box with brand `heic`, then a box holding an `ispe` property.
    static func heic(width: Int, height: Int) -> [UInt8] {
        let ftyp = be32(24) + Array("ftypheic".utf8) + be32(0) + Array("mif1heic".utf8)
        let ispe = be32(20) + Array("ispe".utf8) + [0, 0, 0, 0] + be32(width) + be32(height)
        return ftyp + be32(ispe.count + 8) + Array("ipco".utf8) + ispe
    }
}

extension TemporaryVault {
    /// Writes a file outside the vault (in the test's base folder); returns its absolute path.
    @discardableResult
    func outsideFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = base.appendingPathComponent("files/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Runs a command-line tool (git) in the vault and returns its standard output.
    @discardableResult
    func tool(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        process.environment = environment.merging([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
            "GIT_CONFIG_NOSYSTEM": "1",
        ]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let exitStatus = EnoteProcess.exitStatus(of: process)
        return (exitStatus, String(decoding: data, as: UTF8.self))
    }

    /// `git init`, add everything and commit, in the vault.
    func commitAll() throws {
        for arguments in [["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "notes"]] {
            let result = try tool(arguments)
            guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["output": result.output]) }
        }
    }

    /// `git status --porcelain` lines.
    func gitStatus() throws -> [String] {
        try tool(["git", "status", "--porcelain"]).output.split(separator: "\n").map(String.init)
    }

}
