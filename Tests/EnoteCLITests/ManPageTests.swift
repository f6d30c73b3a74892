import Foundation
import Testing

/// The committed man page (Sources/enote/enote.1) documents every command and option the
/// binary has; `scripts/update-man-page` regenerates it.
@Suite struct ManPageTests {
    static let manPage = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/enote/enote.1")

    /// Every (command path, long option) pair the binary reports about itself.
    static func commandsAndOptions() throws -> (commands: [String], options: [String]) {
        let vault = try TemporaryVault(sample: false)
        let result = try vault.run("--experimental-dump-help")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var commands: [String] = []
        var options: Set<String> = []
        func visit(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    if let text = name["name"] as? String { options.insert(text) }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { commands.append(name) }
                visit(sub)
            }
        }
        visit(try #require(json["command"] as? [String: Any]))
        return (commands, options.sorted())
    }

    @Test func documentsEveryCommandAndOption() throws {
        let page = try String(contentsOf: Self.manPage, encoding: .utf8)
        let (commands, options) = try Self.commandsAndOptions()
        #expect(commands.count >= 15)
        for command in commands {
            #expect(page.contains(".It Em \(command)"), "the man page lacks the command \(command); run scripts/update-man-page")
        }
        // Options are items like `.It Fl -json` or `.It Fl o , -output Ar file`.
        let items = page.split(separator: "\n").filter { $0.hasPrefix(".It Fl") }
        for option in options {
            let documented = items.contains { $0.contains("Fl -\(option)") || $0.contains(", -\(option)") }
            #expect(documented, "the man page lacks --\(option); run scripts/update-man-page")
        }
    }
}
