import EnoteTestSupport
import Foundation
import NoteVault
import Testing

/// A vault where many notes link one note in every form, for `enote mv` tests, with helpers
/// that count where every link leads and what `git status` lists.
enum RenameVault {
    static let target = "notes/Café trip.md"

    /// The links of one linking note in `folder` (with a trailing `/`, or empty), each to
    /// `notes/Café trip.md`, in the forms of the link table (Tests/NoteVaultTests/Links): relative
    /// paths percent-encoded or not, with or without `.md`, angle brackets, `./`, root paths,
    /// headings and blocks, reference definitions, wikilinks by name (NFC and NFD, any case), by
    /// path, with `.md`, alias, heading and block parts, in a table, embeds; and text that is not
    /// a link (code, an escape).
    static func linkingText(folder: String, number: Int, crlf: Bool, bom: Bool) -> String {
        let up = String(repeating: "../", count: folder.split(separator: "/").count)
        let relative = folder == "notes/" ? "" : up + "notes/"
        let encoded = relative + "Caf%C3%A9%20trip"
        var lines = [
            "---", "title: Linking \(number)", "tags: [links]", "---", "# Linking \(number)", "",
            "[a](\(encoded).md) [b](\(encoded)) [c](<\(relative)Café trip.md>) [d](\(encoded).md#Day%201) [e](\(encoded).md#^block1)",
            "[f](/notes/Caf%C3%A9%20trip.md) [g][trip] [h](./\(encoded).md) [i](\(encoded).md \"a title\")",
            "[[Café trip]] [[Café trip|the trip]] [[Café trip#Day 2]] [[Café trip#^block1|b]] ![[Café trip]]",
            "[[notes/Café trip]] [[Café trip.md]] [[café TRIP]] [[Cafe\u{301} trip]]", "",
            "| a | b |", "| - | - |", "| [[Café trip\\|x]] | y |", "",
            "Not links: `[[Café trip]]` and \\[[Café trip]] and `[x](\(encoded).md)`.", "",
            "```", "[[Café trip]] [x](\(encoded).md)", "```", "",
            "- list item [[Café trip]]", "> quoted [q](\(encoded).md)", "",
            "Other: [[Unrelated \(number % 7)]] [o](\(up)other/Unrelated%20\(number % 7).md) [[Missing note]]", "",
            "[trip]: \(encoded).md \"Title\"", "",
        ]
        if number % 5 == 0 { lines.insert("See also [[Linking \(number + 1)]].", at: 6) }
        var text = lines.joined(separator: crlf ? "\r\n" : "\n")
        if bom { text = "\u{FEFF}" + text }
        return text
    }

    /// Writes the vault: the target, `linking` notes that link it, a few unrelated notes, a
    /// picture; then commits it all in a new git repository.
    static func make(_ vault: TemporaryVault, linking: Int) throws {
        let story = (1...8).map { "Day \($0) of the trip: temples, gardens, a long walk by the river and dinner late.\n" }.joined()
        try vault.write(
            target,
            "---\ntitle: Café trip\n---\n# Day 1\n\nBack to [the index](../index.md), ![map](../pics/map.png), [[Unrelated 1]].\n\n# Day 2\n\nA block ^block1\n\n"
                + story)
        try vault.write("pics/map.png", "not really a picture")
        try vault.write("index.md", "# Index\n\n[trip](notes/Caf%C3%A9%20trip.md)\n")
        for number in 0..<7 {
            try vault.write("other/Unrelated \(number).md", "# Unrelated \(number)\n\nNo links to the trip. [[Missing elsewhere]]\n")
        }
        let folders = ["notes/", "linking/", "linking/deep/er/"]
        for number in 0..<linking {
            let folder = folders[number % folders.count]
            try vault.write(
                "\(folder)Linking \(number).md", linkingText(folder: folder, number: number, crlf: number % 2 == 1, bom: number % 3 == 1))
        }
        try vault.write(".gitignore", ".enote/\n")
        try git(vault, "init", "-q")
        try git(vault, "add", "-A")
        try git(vault, "commit", "-q", "-m", "start")
    }

    /// Runs git in the vault with a fixed identity.
    @discardableResult
    static func git(_ vault: TemporaryVault, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "core.quotePath=false"] + arguments
        process.currentDirectoryURL = vault.root
        process.environment = vault.environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments) failed")
        return String(decoding: data, as: UTF8.self)
    }

    /// What `git status --porcelain -z -uall` lists: path → status letters.
    static func gitStatus(_ vault: TemporaryVault) throws -> [String: String] {
        let output = try git(vault, "status", "--porcelain", "-z", "-uall")
        var result: [String: String] = [:]
        for entry in output.split(separator: "\0") where entry.count > 3 {
            result[String(entry.dropFirst(3))] = String(entry.prefix(2))
        }
        return result
    }

    /// Every link of every note, resolved against every file of the vault: how many lead to each
    /// path, and how many lead nowhere.
    static func census(_ vault: TemporaryVault) throws -> (targets: [String: Int], dead: Int) {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: vault.root.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".") { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: vault.url(path).path, isDirectory: &isFolder), !isFolder.boolValue { files.append(path) }
        }
        let resolver = LinkResolver(paths: files.filter { $0 != ".gitignore" })
        var targets: [String: Int] = [:]
        var dead = 0
        for path in files where path.hasSuffix(".md") {
            let content = NoteContent(bytes: [UInt8](try vault.bytes(path)), path: path)
            for link in NoteLinkExtractor.extract(content).links {
                switch resolver.resolve(link, from: path) {
                case .resolved(let target): targets[target, default: 0] += 1
                case .dead, .ambiguous: dead += 1
                case .external: break
                }
            }
        }
        return (targets, dead)
    }

    /// Runs `enote mv …` (or `command`) with the test hook that stops it after `step`, waits until it says it
    /// stopped, and kills it with SIGKILL. Returns whether it was killed at that step (false
    /// when it ended first: the step is past the last).
    static func killMove(_ vault: TemporaryVault, _ arguments: [String], atStep step: Int, command: [String] = ["mv"]) throws -> Bool {
        let process = Process()
        process.executableURL = EnoteProcess.executable
        process.arguments = command + arguments
        process.currentDirectoryURL = vault.root
        process.environment = vault.environment.merging(["ENOTE_TEST_PAUSE_RENAME_AT": String(step)]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        var seen = Data()
        let marker = Data("paused at rename step \(step)\n".utf8)
        while seen.range(of: marker) == nil {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        let paused = seen.range(of: marker) != nil
        if paused { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        if paused { #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL) }
        return paused
    }
}
