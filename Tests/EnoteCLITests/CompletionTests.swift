import EnoteTestSupport
import Foundation
import Testing

/// Shell completion: the scripts for bash, zsh and fish, and note names and titles completed
/// by the real bash completion function, from a fresh index.
@Suite struct CompletionTests {
    @Test("a completion script for each shell, with the hook that completes note names", arguments: ["bash", "zsh", "fish"])
    func scripts(shell: String) throws {
        let vault = try TemporaryVault()
        let result = try vault.run("--generate-completion-script", shell)
        #expect(result.status == 0, "\(result)")
        for word in ["search", "trash", "export", "---completion show", "---completion rm"] {
            #expect(result.stdout.contains(word), "\(shell) script names \(word)")
        }
    }

    /// What bash offers after `words` (the last one being completed), running enote's own bash
    /// script and its `_enote` function the way bash does on Tab.
    static func bashCompletions(_ words: [String], in vault: TemporaryVault) throws -> [String] {
        let script = vault.base.appendingPathComponent("enote.bash")
        try Data(try vault.run("--generate-completion-script", "bash").stdout.utf8).write(to: script)
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let program = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line.replacingOccurrences(of: "'", with: "'\\''"))'; COMP_POINT=${#COMP_LINE}
            cur="${COMP_WORDS[COMP_CWORD]}"
            _enote
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program]
        process.currentDirectoryURL = vault.root
        var environment = vault.environment
        environment["PATH"] = EnoteProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        _ = EnoteProcess.exitStatus(of: process)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(
        "Tab completes a note's path and title, in any script",
        arguments: [
            (["enote", "show", "gro"], ["Grocery list", "grocery-list"]),
            (["enote", "edit", "Спи"], ["Список покупок", "список-покупок"]),
            (["enote", "rm", "京"], ["京都旅行"]),
            (["enote", "move", "trav"], ["travel/kyoto"]),
        ])
    func notesAreCompleted(words: [String], expected: [String]) throws {
        let vault = try TemporaryVault()
        try vault.run("list")
        #expect(try Self.bashCompletions(words, in: vault) == expected)
    }

    @Test("before any index exists, paths come from a walk of the vault (building an index would keep Tab waiting)")
    func withoutAnIndex() throws {
        let vault = try TemporaryVault()
        #expect(try Self.bashCompletions(["enote", "show", "gro"], in: vault) == ["grocery-list"])
        #expect(!vault.exists(".enote/index.sqlite"), "no index was built")
    }

    @Test("a note written since the last command is offered too: the index is brought up to date first")
    func freshIndex() throws {
        let vault = try TemporaryVault()
        try vault.run("list")
        try vault.write("groundhog-day.md", "# Groundhog day\nAgain.\n")
        #expect(try Self.bashCompletions(["enote", "show", "grou"], in: vault) == ["Groundhog day", "groundhog-day"])
    }
}
