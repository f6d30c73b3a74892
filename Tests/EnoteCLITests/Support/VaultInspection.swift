import EnoteTestSupport
import Foundation
import Testing

/// One entry of a folder tree, compared byte for byte: a file with its bytes and permission
/// bits, a symbolic link with its target, or a folder.
enum TreeEntry: Equatable, CustomStringConvertible {
    case file(Data, mode: Int)
    case link(String)
    case folder

    var description: String {
        switch self {
        case .file(let data, let mode): "file(\(data.count) bytes, mode \(String(mode, radix: 8)))"
        case .link(let target): "link(\(target))"
        case .folder: "folder"
        }
    }
}

extension TemporaryVault {
    /// Every file, link and folder below `folder` (default: the vault root), keyed by relative
    /// path, without following links. enote's lock file and index are left out: commands create
    /// and update them, and they hold no note content (the index is a cache of the notes).
    func tree(_ folder: URL? = nil) throws -> [String: TreeEntry] {
        let start = folder ?? root
        var result: [String: TreeEntry] = [:]
        func walk(_ directory: String, prefix: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
                let path = directory + "/" + name
                let relative = prefix.isEmpty ? name : prefix + "/" + name
                if relative == ".enote/lock" || relative.hasPrefix(".enote/index.sqlite") { continue }
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFLNK:
                    result[relative] = .link(try FileManager.default.destinationOfSymbolicLink(atPath: path))
                case S_IFDIR:
                    result[relative] = .folder
                    try walk(path, prefix: relative)
                default:
                    // A file renamed away between its lstat and its reading (a running watcher or
                    // server's temporary write file) is left out, as one gone before the lstat is.
                    guard let data = FileManager.default.contents(atPath: path) else {
                        if lstat(path, &status) != 0 { continue }
                        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
                    }
                    result[relative] = .file(data, mode: Int(status.st_mode & 0o7777))
                }
            }
        }
        try walk(start.path, prefix: "")
        return result
    }

    /// Runs enote in another folder than the vault root (a sub-folder, or outside any vault).
    @discardableResult
    func run(in directory: URL, _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> EnoteProcess.Result {
        try EnoteProcess.run(arguments, in: directory, environment: environment.merging(extra) { $1 }, stdin: stdin.map { Data($0.utf8) })
    }

    /// `enote list --json …`, parsed; fails the test when the command fails.
    func listJSON(_ arguments: String...) throws -> [[String: Any]] {
        let result = try run(["list", "--json"] + arguments)
        try #require(result.status == 0, "\(result)")
        return try JSONOutput.array(result)
    }

    /// `enote show NOTE --json`, parsed; fails the test when the command fails.
    func showJSON(_ note: String) throws -> [String: Any] {
        let result = try run(["show", "--json", "--", note])
        try #require(result.status == 0, "\(result)")
        return try JSONOutput.object(result)
    }

    /// The paths `enote list --json …` shows, in order.
    func listedPaths(_ arguments: String...) throws -> [String] {
        let result = try run(["list", "--json"] + arguments)
        try #require(result.status == 0, "\(result)")
        return try JSONOutput.array(result).map { $0["path"] as? String ?? "?" }
    }

    /// The file's status, not following links.
    func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(url(path).path, &status) == 0 ? status : nil
    }

    /// A file's lines split on `\n`, the way `git diff` compares them.
    func lines(_ path: String) throws -> [String] {
        try text(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Writes raw bytes to a file (creating folders).
    func write(_ path: String, bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url(path))
    }
}

/// Parsing what `--json` printed.
enum JSONOutput {
    static func array(_ result: EnoteProcess.Result) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: result.stdoutBytes)
        return try #require(value as? [[String: Any]], "not a JSON array of objects: \(result.stdout)")
    }

    static func object(_ result: EnoteProcess.Result) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: result.stdoutBytes)
        return try #require(value as? [String: Any], "not a JSON object: \(result.stdout)")
    }

    /// The keys of the first object in pretty-printed JSON, in the order they were printed.
    static func keyOrder(_ text: String, indent: String) -> [String] {
        var keys: [String] = []
        for line in text.split(separator: "\n") {
            guard line.hasPrefix(indent + "\""), !line.hasPrefix(indent + " ") else {
                if !keys.isEmpty, line.hasPrefix(String(indent.dropLast(2)) + "}") { break }
                continue
            }
            let rest = line.dropFirst(indent.count + 1)
            guard let end = rest.firstIndex(of: "\"") else { continue }
            keys.append(String(rest[..<end]))
        }
        return keys
    }

    /// An ISO 8601 date with offset, as enote prints it.
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

/// The notes of SampleVault, for tests that go through all of them.
enum SampleNotes {
    /// Every note file in SampleVault, relative path.
    static let all = [
        "archive/2025-retro.md", "broken-front-matter.md", "garden.md", "grocery-list.md", "ideas.md",
        "meeting-notes.md", "old-reminder.md", "quick-note.md", "reading-list.md", "sunset.md",
        "travel/kyoto.md", "welcome.md", "список-покупок.md",
    ]

    /// The notes `list` shows: all but the one whose destroy date has passed.
    static let listed = all.filter { $0 != "old-reminder.md" }

    /// The fields of every object `list --json` prints, in order.
    static let jsonFields = [
        "path", "title", "description", "color", "color_rgb", "destroy", "pending_expiry", "updated", "created", "tags",
        "images", "order",
    ]
}

/// Whether `data` holds the ESC byte (a raw terminal escape sequence).
func containsEscape(_ data: Data) -> Bool { data.contains(0x1B) }
