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
    /// The index once opened and brought up to date, so a command syncs it once.
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
    func openVault(forWriting: Bool = false) throws -> Vault {
        try run { () throws(VaultError) -> Vault in
            let root = try VaultLocator.locate(
                explicit: vaultOption, environment: environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
            let vault = try Vault(root: root, clock: clock)
            if forWriting { try vault.requireWritable() }
            // A rename cut short (a crash, kill -9) is completed before anything reads the vault.
            completeInterruptedRename(vault)
            return vault
        }
    }

    /// The vault's index, brought up to date with the files (a progress bar on a terminal when
    /// many files must be read).
    /// - Parameter verify: Read every page first (`PRAGMA quick_check`) and rebuild a damaged
    ///   index, for commands that may take that time; others find damage when a statement meets it.
    func openIndex(_ vault: Vault, verify: Bool = false) throws -> NoteIndex {
        if let index = opened.index { return index }
        let index = try run { () throws(VaultError) -> NoteIndex in
            Trace.mark("vault opened")
            let index = try NoteIndex.open(vault) { message in Console.err(message) }
            Trace.mark("index opened")
            if verify { try index.verify() }
            // A running watcher keeps the index live: once it has caught up, trust it.
            if CatchUpChannel.requestCatchUp(vault) {
                Trace.mark("watcher caught up")
                return index
            }
            Trace.mark("no watcher")
            let bar = ProgressBar(label: Localization.text("Indexing"), terminal: terminal)
            defer { bar.finish() }
            let report = try index.synchronize { progress in bar.update(done: progress.done, total: progress.total) }
            Trace.mark("index synchronized")
            warn(report.warnings)
            return index
        }
        opened.index = index
        return index
    }

    /// Dates as the user's locale shows them.
    var dates: DateDisplay {
        DateDisplay(locale: Locale(identifier: Localization.language.locale(environment: environment)), timeZone: clock.timeZone)
    }

    /// Runs library code, turning a ``VaultError`` into a message on stderr and the right exit
    /// status.
    func run<T>(_ body: () throws(VaultError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw fail(error)
        }
    }

    /// Prints long output, through a pager on a terminal.
    func page(_ text: String) {
        Pager(terminal: terminal, environment: environment, disabled: noPager).show(text)
    }

    /// Reports `error` and returns the exit code to throw.
    func fail(_ error: VaultError) -> ExitCode {
        Console.err("enote: \(SafeText.escaped(error.description, keepingNewlines: true))")
        return ExitCode(error.exitCode)
    }

    /// Reports a message as an error and returns exit code 1.
    func fail(_ message: LocalizedMessage) -> ExitCode {
        Console.err("enote: \(SafeText.escaped(message.text, keepingNewlines: true))")
        return ExitCode(1)
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

    /// Resolves what the user typed to a note of the vault, through the (fresh) index.
    func resolve(_ reference: String, in vault: Vault) throws -> NotePath {
        let index = try openIndex(vault)
        return try run { () throws(VaultError) -> NotePath in
            do throws(VaultError) {
                return try NoteResolver.resolve(reference, among: try index.candidates())
            } catch .noteNotFound(let typed, let suggestions) {
                // A symbolic link is never a note. Reading it fails with the rule ("… is a symbolic
                // link; enote never follows links …"), which says more than "no note matches".
                // A named pipe, socket or device is named for what it is, and never opened.
                if let (path, kind) = Self.unlistedFile(named: reference, in: vault) {
                    if kind == .symbolicLink { _ = try vault.read(path) }
                    throw .write(.notRegularFile(path))
                }
                throw .noteNotFound(reference: typed, suggestions: suggestions)
            }
        }
    }

    /// The symbolic link, named pipe, socket or device in the vault that `reference` names as a
    /// path (with or without `.md`): files that are never notes, so the index does not list them.
    private static func unlistedFile(named reference: String, in vault: Vault) -> (NotePath, FileStatus.Kind)? {
        var typed = reference
        while typed.hasPrefix("./") { typed.removeFirst(2) }
        for candidate in [typed, typed + ".md"] {
            guard let path = try? NotePath(validating: candidate, purpose: .lookup) else { continue }
            if let status = try? vault.fileStatus(path), status.kind == .symbolicLink || status.kind == .other { return (path, status.kind) }
        }
        return nil
    }
}
