import Foundation
import Testing

@testable import NoteVault

/// The systemd user unit that keeps a vault's watcher running: its instance is the vault's path,
/// escaped exactly as `systemd-escape --path` escapes it.
@Suite struct WatchServiceTests {
    static let systemdEscape: String? = ["/usr/bin/systemd-escape", "/bin/systemd-escape"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "the instance is the vault's path as systemd escapes a path",
        arguments: [
            ("/home/ann/Notes", "home-ann-Notes"),
            ("/", "-"),
            ("/home/ann/My Notes", "home-ann-My\\x20Notes"),
            ("/home/ann/my-notes", "home-ann-my\\x2dnotes"),
            ("/.notes", "\\x2enotes"),
            ("/home/.notes", "home-.notes"),
            ("/srv/Заметки", "srv-\\xd0\\x97\\xd0\\xb0\\xd0\\xbc\\xd0\\xb5\\xd1\\x82\\xd0\\xba\\xd0\\xb8"),
            ("/a//b/", "a-b"),
            ("/a/b:c_d.e", "a-b:c_d.e"),
            ("/x/it's", "x-it\\x27s"),
            ("/tmp/a\\b", "tmp-a\\x5cb"),
        ])
    func instanceName(path: String, expected: String) {
        #expect(WatchService.unitName(forVaultAt: path) == "enote-watch@\(expected).service")
    }

    @Test(
        "the instance agrees with systemd-escape --path where systemd is installed",
        .enabled(if: systemdEscape != nil, "systemd-escape is not installed; the comparison with systemd's own escaping is skipped"),
        arguments: ["/home/ann/Notes", "/tmp/enote-e2e-5F1C/vault", "/mnt/USB disk/Мои заметки", "/srv/notes.d/.hidden", "/x/[a]{b}$c%d~e"])
    func agreesWithSystemd(path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.systemdEscape))
        process.arguments = ["--path", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let escaped = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .newlines)
        process.waitUntilExit()
        #expect(WatchService.unitName(forVaultAt: path) == "enote-watch@\(escaped).service")
    }
}
