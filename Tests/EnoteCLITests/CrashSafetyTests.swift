import EnoteTestSupport
import Foundation
import Testing

/// RELIABILITY row 1: `SIGKILL` during `enote set --color` leaves the note complete — the old
/// bytes or the new bytes, never a mix, never empty.
@Suite struct CrashSafetyTests {
    /// Size of the note: several megabytes, so writing and syncing it takes a while.
    static let noteSize = 2 * 1_048_576
    static let iterations = 30

    /// Varied Markdown text with front matter whose `color` and `updated` lines `set` rewrites.
    static func bigNote() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        // Mostly plain words (markup makes parsing, which comes before the write, slower).
        let words = ["alpha", "beta", "Привет", "мир", "東京", "の夜", "note", "vault", "—", "42", "garden", "tomato"]
        let markup = ["*bold*", "`code`", "[link](x.md)"]
        var text = "---\ntitle: Big note\ncolor: red\ntags: [load, test]\nupdated: 2026-01-01T00:00:00+00:00\n---\n# Big note\n\n"
        var line = 0
        while text.utf8.count < noteSize {
            line += 1
            let count = Int.random(in: 3...18, using: &generator)
            text += (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            if line % 11 == 0 { text += " " + markup.randomElement(using: &generator)! }
            text += line % 7 == 0 ? "\n\n" : " \(line)\n"
        }
        return Array(text.utf8)
    }

    /// The note after `set --color color`: the colour line and the `updated` line changed, as
    /// found in `actual` (its stamp is the moment the command ran).
    static func expectedAfterSet(_ old: [UInt8], color: String, actual: [UInt8]) -> [UInt8]? {
        var lines = old.split(separator: UInt8(ascii: "\n"), maxSplits: 6, omittingEmptySubsequences: false).map(Array.init)
        let actualLines = actual.split(separator: UInt8(ascii: "\n"), maxSplits: 6, omittingEmptySubsequences: false).map(Array.init)
        guard lines.count == 7, actualLines.count == 7 else { return nil }
        lines[2] = Array("color: \(color)".utf8)
        let stamp = String(decoding: actualLines[4], as: UTF8.self)
        guard stamp.hasPrefix("updated: "), NewTests.isStamp(String(stamp.dropFirst(9))) else { return nil }
        lines[4] = actualLines[4]
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// Whether a file whose name starts with `prefix` exists in `folder`.
    static func exists(prefix: String, in folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(prefix) { return true }
        }
        return false
    }

    @Test func killDuringSetLeavesTheOldOrTheNewNote() throws {
        let vault = try TemporaryVault(sample: false)
        try vault.write("small.md", "---\ntitle: Small\n---\nA neighbour that must stay listed.\n")
        var current = Self.bigNote()
        try vault.write("big.md", bytes: current)
        let notePath = vault.url("big.md").path
        var outcomes = (old: 0, new: 0, killed: 0)

        var currentColor = "red"
        for iteration in 0..<Self.iterations {
            // Always the other colour, so that every run has something to write.
            let color = currentColor == "red" ? "blue" : "red"
            let process = Process()
            process.executableURL = EnoteProcess.executable
            process.arguments = ["set", "big.md", "--color", color]
            process.currentDirectoryURL = vault.root
            process.environment = vault.environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pid = process.processIdentifier

            // Reading and parsing the note comes first; the kill is aimed at the write that
            // follows: wait until this process's temp file appears, then kill within 0–40 ms.
            let tempPrefix = ".big.md.enote-\(pid)-"
            while process.isRunning && !Self.exists(prefix: tempPrefix, in: vault.root.path) {
                usleep(500)
            }
            usleep(UInt32.random(in: 0...40_000))
            if process.isRunning {
                kill(pid, SIGKILL)
            }
            process.waitUntilExit()
            let wasKilled = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
            if wasKilled { outcomes.killed += 1 }

            let after = Array(try Data(contentsOf: URL(fileURLWithPath: notePath)))
            if after == current {
                outcomes.old += 1
            } else if let expected = Self.expectedAfterSet(current, color: color, actual: after), after == expected {
                outcomes.new += 1
                current = after
                currentColor = color
            } else {
                Issue.record(
                    "iteration \(iteration): the note is neither the old nor the new version (\(after.count) bytes, old \(current.count) bytes, killed: \(wasKilled))"
                )
                return
            }
            if !wasKilled {
                #expect(process.terminationStatus == 0, "iteration \(iteration): set failed without being killed")
            }
        }
        #expect(outcomes.killed > 0, "no run was killed: \(outcomes)")
        #expect(outcomes.old + outcomes.new == Self.iterations)

        // Leftover temp files may exist, but they are never notes (one is made here for sure).
        try vault.write(".big.md.enote-99999-12345.tmp", "---\ntitle: Leftover\n---\nhalf\n")
        try vault.write("sub/.plan.md.enote-1-2.tmp", "partial")
        let paths = try vault.listedPaths()
        #expect(Set(paths) == ["big.md", "small.md"], "\(paths)")
        #expect(!paths.contains { $0.contains(".enote-") || $0.hasSuffix(".tmp") })

        // The vault lock died with the killed processes: a normal run still works.
        let color = currentColor == "red" ? "blue" : "red"
        let final = try vault.run("set", "big.md", "--color", color)
        #expect(final.status == 0, "\(final)")
        let after = Array(try vault.bytes("big.md"))
        #expect(after != current)
        #expect(Self.expectedAfterSet(current, color: color, actual: after) == after)
    }
}
