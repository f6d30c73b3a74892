import ArgumentParser
import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

extension Enote {
    /// `enote watch`: keep the index live and expire notes on time.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "watch",
            abstract: "Keep the index live as files change, and destroy notes at their destroy time.",
            discussion: """
                While it runs, every other enote command asks it to catch up and skips walking \
                the vault, so searches see a save at once. One watcher runs per vault. It logs \
                one line per action on stderr; Ctrl-C or SIGTERM stops it after the step in \
                progress.

                To keep it running in the background (started at login, restarted after a \
                failure, its log in the journal), enable the systemd user unit \
                enote-watch@.service for the vault: --print-service prints the command.

                Examples:
                  enote watch
                  enote watch --quiet &
                  enote watch --log ~/.cache/enote-watch.log
                  enote watch --print-service
                """)

        @Flag(help: "Log nothing.")
        var quiet = false

        @Flag(help: "Print the command that runs this vault's watcher as a systemd user service, and exit.")
        var printService = false

        @Option(help: ArgumentHelp("Append the log to this file instead of stderr.", valueName: "file"))
        var log: String?

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            if printService { return Self.printService(vault, context) }
            let sink = try WatchLog(quiet: quiet, file: log)
            var options = VaultWatcher.Options()
            options.log = { line in sink.write(line) }
            options.trace = { step in Trace.mark(step) }
            let watcher = try VaultWatcher(vault: vault, options: options)
            watcher.stopOnSignals([SIGINT, SIGTERM])
            try watcher.run()
        }

        /// `--print-service`: the `systemctl` line on stdout (quoted for the shell when the name
        /// holds a backslash), what it does on stderr.
        private static func printService(_ vault: Vault, _ context: CommandContext) {
            let unit = WatchService.unitName(forVaultAt: vault.root)
            let shown = unit.contains("\\") ? "'" + unit + "'" : unit
            Console.out("systemctl --user enable --now \(shown)")
            context.note(
                "systemd then starts enote watch for \(vault.root) at every login and again after a failure (the unit comes with make install and the Debian package); its log: journalctl --user -u \(shown); to stop it: systemctl --user disable --now \(shown)"
            )
        }
    }
}

/// Where the watcher's lines go: stderr, a file, or nowhere.
final class WatchLog: Sendable {
    private let descriptor: Int32?

    init(quiet: Bool, file: String?) throws {
        if quiet {
            descriptor = nil
        } else if let file {
            let opened = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard opened >= 0 else { throw ValidationError(Localization.text("--log: cannot open \(file) (\(String(cString: strerror(errno))))")) }
            descriptor = opened
        } else {
            descriptor = STDERR_FILENO
        }
    }

    deinit {
        if let descriptor, descriptor != STDERR_FILENO { close(descriptor) }
    }

    func write(_ line: String) {
        guard let descriptor else { return }
        let stamp = NoteDate.stamp(Date(), in: .current).prefix(19).replacingOccurrences(of: "T", with: " ")
        let text = Array("\(stamp) \(SafeText.escaped(line))\n".utf8)
        _ = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
