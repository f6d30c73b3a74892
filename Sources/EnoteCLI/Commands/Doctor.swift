import ArgumentParser
import NoteVault

extension Enote {
    /// `enote doctor`: what to fix by hand.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "doctor",
            abstract: "Check the vault for problems to fix by hand; exit status 1 when there are any.",
            discussion: """
                Reports front matter enote cannot read (file:line), duplicate keys and invalid \
                values, notes that are not text, broken links and pictures, temp files left by a \
                crash, duplicate titles, names that macOS or Windows would merge or refuse, \
                symbolic links, and pictures in attachments/ that no note shows.

                Examples:
                  enote doctor
                  enote doctor --json
                """)

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let index = try context.openIndex(vault, purpose: .check)
            let findings = try VaultDoctor(vault: vault, index: index).examine()
            if json {
                Console.out(
                    JSONValue.array(
                        findings.map { finding in
                            .object([
                                ("kind", .string(finding.kind.rawValue)), ("location", .string(finding.location)), ("message", .string(finding.message.text)),
                            ])
                        }
                    ).rendered())
            } else if findings.isEmpty {
                context.note("No problems found")
            } else {
                context.page(findings.map { "\(SafeText.escaped($0.location)): \($0.kind.rawValue): \(SafeText.escaped($0.message.text))\n" }.joined())
                context.note("\(count: findings.count) problems found")
            }
            if !findings.isEmpty { throw ExitCode(1) }
        }
    }
}
