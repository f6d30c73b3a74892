import ArgumentParser
import Foundation
import NoteVault

/// What a command needs from the world: environment, terminal, clock, and the vault.
struct CommandContext {
    /// `--vault`, when given.
    let vaultOption: String?
    /// `--no-pager`.
    let noPager: Bool
    let environment: [String: String]
    let terminal: Terminal
    let clock: VaultClock
    /// The session once opened and the index brought up to date, so a command syncs it once.
    private let opened = OpenedIndex()

    private final class OpenedIndex {
        var index: NoteIndex?
    }

    init(_ globals: GlobalOptions) {
        self.init(vault: globals.vault, noPager: globals.noPager)
    }

    init(vault: String?, noPager: Bool) {
        self.vaultOption = vault
        self.noPager = noPager
        self.environment = ProcessInfo.processInfo.environment
        self.terminal = Terminal.current(environment: environment)
        self.clock = .system
    }

    /// The vault the command works on.
    /// - Parameter forWriting: The command changes the vault: fail at once, before anything is
    ///   read or changed, when the vault is read-only.
    func openVault(forWriting: Bool = false) throws(VaultError) -> Vault {
        let root = try VaultLocator.locate(
            explicit: vaultOption, environment: environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        let vault = try Vault(root: root, clock: clock)
        if forWriting { try vault.requireWritable() }
        // A rename cut short (a crash, kill -9) is completed before anything reads the vault.
        completeInterruptedRename(vault)
        return vault
    }

    /// The vault's index, brought up to date with the files by the library's session
    /// (``VaultSession/fresh(progress:)``); the command shows its lines on stderr and a progress
    /// bar on a terminal when many files must be read.
    /// - Parameter purpose: ``VaultSession/Purpose/check`` for commands that may take the time
    ///   to read every page first; others find damage when a statement meets it.
    func openIndex(_ vault: Vault, purpose: VaultSession.Purpose = .answer) throws(VaultError) -> NoteIndex {
        if let index = opened.index { return index }
        Trace.mark("vault opened")
        let (session, _) = try freshSession(vault, purpose)
        let index = session.commandIndex()
        opened.index = index
        return index
    }

    /// A one-shot command's session over the vault, its index brought up to date for `purpose`,
    /// presented: the index's lines and the walk's warnings on stderr, a progress bar on a
    /// terminal. Returns the session and how the index was brought up to date.
    func freshSession(_ vault: Vault, _ purpose: VaultSession.Purpose) throws(VaultError) -> (VaultSession, VaultSession.Route) {
        let session = try VaultSession(vault: vault, role: .command, purpose: purpose) { Console.err($0) }
        let bar = ProgressBar(label: Localization.text("Indexing"), terminal: terminal)
        defer { bar.finish() }
        let route = try session.fresh { bar.update(done: $0.done, total: $0.total) }
        bar.finish()
        switch route {
        case .watcher: Trace.mark("watcher caught up")
        case .walk: Trace.mark("no watcher: index synchronized")
        }
        warn(route.warnings)
        return (session, route)
    }

    /// Dates as the user's locale shows them.
    var dates: DateDisplay {
        DateDisplay(locale: Locale(identifier: Localization.language.locale(environment: environment)), timeZone: clock.timeZone)
    }

    /// Prints long output, through a pager on a terminal.
    func page(_ text: String) {
        Pager(terminal: terminal, environment: environment, disabled: noPager).show(text)
    }

    /// Tells, in one line, that some notes have problems, naming up to three of them.
    func summarize(_ diagnostics: [Diagnostic]) {
        let errors = diagnostics.filter { $0.severity == .error || $0.kind == .notText || $0.kind == .tooLarge }
        guard !errors.isEmpty else { return }
        let files = Set(errors.map(\.file))
        let named = errors.prefix(3).map(\.location).joined(separator: ", ")
        let more = errors.count > 3 ? ", …" : ""
        let message: LocalizedMessage = "\(count: files.count) notes have problems (\(SafeText.escaped(named))\(more)); `enote show NOTE` tells more"
        Console.err("enote: \(message.text)")
    }

    /// Prints warnings (diagnostics) on stderr.
    func warn(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            Console.err("enote: \(SafeText.escaped(diagnostic.description))")
        }
    }

    /// Prints an informational message on stderr.
    func note(_ message: LocalizedMessage) {
        Console.err(SafeText.escaped(message.text, keepingNewlines: true))
    }

    /// What a command about one note starts with: the vault, the note `reference` names in it,
    /// and the vault's index, brought up to date once for both.
    /// - Parameter forWriting: As for ``openVault(forWriting:)``.
    func openNote(_ reference: String, forWriting: Bool = false) throws(VaultError) -> (vault: Vault, path: NotePath, index: NoteIndex) {
        let vault = try openVault(forWriting: forWriting)
        let index = try openIndex(vault)
        return (vault, try vault.resolve(reference, in: index), index)
    }

    /// Resolves what the user typed to a note of the vault, through the (fresh) index
    /// (``Vault/resolve(_:in:)``: an exact path is one lookup).
    func resolve(_ reference: String, in vault: Vault) throws(VaultError) -> NotePath {
        try vault.resolve(reference, in: try openIndex(vault))
    }
}
