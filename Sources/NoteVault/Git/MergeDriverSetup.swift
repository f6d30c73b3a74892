import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Installs enote's merge driver for a vault kept in git: `*.md merge=enote` in the vault's
/// `.gitattributes` (committed, so every clone asks for the driver) and the driver command in
/// the repository's own config (not committed: each clone needs it once).
///
/// Without the config a clone silently falls back to git's text merge, so `enote doctor`
/// reports a clone whose `.gitattributes` asks for the driver that is not configured, and
/// `enote sync` installs it when it is missing.
///
/// For example:
///
/// ```swift
/// let setup = MergeDriverSetup(vault: vault)
/// if !setup.isInstalled { try setup.install(executable: "enote") }
/// ```
package struct MergeDriverSetup: Sendable {
    /// The driver's name in `merge.<name>.driver` and in `merge=<name>`.
    package static let driverName = "enote"
    /// The line written to `.gitattributes`.
    package static let attributeLine = "*.md merge=\(driverName)"

    /// The vault's root folder.
    package let root: String
    /// The vault.
    let vault: Vault

    package init(vault: Vault) {
        self.root = vault.root
        self.vault = vault
    }

    /// What ``install(executable:)`` changed.
    package struct Outcome: Sendable, Equatable {
        /// Whether the line was added to `.gitattributes` (false: it was there).
        package var addedAttributes: Bool
        /// Whether the driver was written to the repository's config (false: it was there).
        package var configuredDriver: Bool
        /// Whether `.trash/.gitignore` was written (an existing trash without one).
        package var keptTrashOutOfGit = false
        /// Whether git already tracks files in `.trash/` (committed before it was kept out).
        package var trashIsTracked = false
    }

    /// Whether the vault is inside a git work tree.
    package var isInGitWorkTree: Bool {
        let output = GitRepository(folder: root).run(["rev-parse", "--is-inside-work-tree"], timeout: 10)
        return output.succeeded && output.text.hasPrefix("true")
    }

    /// Whether the vault's `.gitattributes` sends notes to the driver.
    package var attributesDeclareDriver: Bool {
        guard let data = try? readAttributes() else { return false }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).contains {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") == Self.attributeLine
        }
    }

    /// The driver command in the repository's config, if there is one.
    package var configuredCommand: String? {
        let output = GitRepository(folder: root).run(["config", "--get", "merge.\(Self.driverName).driver"], timeout: 10)
        guard output.succeeded else { return nil }
        let command = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return command.isEmpty ? nil : command
    }

    /// Whether both halves are in place, and the configured command's program exists.
    package var isInstalled: Bool {
        guard attributesDeclareDriver, let command = configuredCommand else { return false }
        return Self.programExists(of: command, root: root)
    }

    /// The program a driver command runs: its first word, with the single quotes that
    /// ``shellQuoted(_:)`` writes taken off.
    static func program(of command: String) -> String {
        var word = ""
        var quoted = false
        var escaped = false
        for character in command.drop(while: { $0 == " " || $0 == "\t" }) {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "'" {
                quoted.toggle()
            } else if !quoted, character == " " || character == "\t" {
                break
            } else if !quoted, character == "\\" {
                escaped = true  // `'\''`: the backslash makes the quote that follows literal
            } else {
                word.append(character)
            }
        }
        return word
    }

    /// Whether the program a driver command runs is there: a name without `/` is looked up on
    /// `PATH`, a path must be an executable file (a relative one is taken from `root`).
    static func programExists(
        of command: String, root: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        let program = Self.program(of: command)
        guard !program.isEmpty else { return false }
        func executableFile(_ path: String) -> Bool {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }
        if program.contains("/") {
            return executableFile(program.hasPrefix("/") ? program : root + "/" + program)
        }
        let path = environment["PATH"] ?? ""
        return path.split(separator: ":", omittingEmptySubsequences: false).contains {
            executableFile(($0.isEmpty ? "." : String($0)) + "/" + program)
        }
    }

    /// The configured driver's program when it does not exist (a stale path left by a moved or
    /// removed enote), else `nil`.
    package var missingProgram: String? {
        guard let command = configuredCommand, !Self.programExists(of: command, root: root) else { return nil }
        return Self.program(of: command)
    }

    /// The driver command for git, running `executable` (a name on PATH or a path).
    package static func command(executable: String, gitVersion: (major: Int, minor: Int)?) -> String {
        var command = "\(shellQuoted(executable)) merge-driver %O %A %B %P --marker-size %L"
        // git 2.44 added the conflict labels %S, %X and %Y.
        if let version = gitVersion, version.major > 2 || (version.major == 2 && version.minor >= 44) {
            command += " --base-label %S --ours-label %X --theirs-label %Y"
        }
        return command
    }

    /// Adds what is missing, and rewrites a driver whose program is missing; what is already
    /// there and works is left as it is.
    /// - Parameter executable: How git should run enote: `enote` when it is on PATH, else a path.
    package func install(executable: String) throws(MergeDriverSetupError) -> Outcome {
        guard isInGitWorkTree else { throw .notInGitWorkTree(path: root) }
        var outcome = Outcome(addedAttributes: false, configuredDriver: false)
        if !attributesDeclareDriver {
            var text: String
            do {
                text = String(decoding: try readAttributes(), as: UTF8.self)
            } catch let error where error.code == ENOENT {
                text = ""
            } catch let error where error.code == ELOOP || error.code == EXDEV {
                throw .linked(path: attributesPath)
            } catch {
                throw .cannotWrite(path: attributesPath, reason: error.message.text)
            }
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            text += Self.attributeLine + "\n"
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: attributesPath), options: .atomic)
            } catch {
                throw .cannotWrite(path: attributesPath, reason: error.localizedDescription)
            }
            outcome.addedAttributes = true
        }
        // The trash stays on this machine: removed and expired notes, and the log that names them.
        outcome.keptTrashOutOfGit = vault.keepTrashOutOfGit()
        let tracked = GitRepository(folder: root).run(["ls-files", "-z", "--", Vault.trashFolderName], timeout: 10)
        if tracked.succeeded {
            outcome.trashIsTracked = !tracked.stdout.isEmpty
        }
        if configuredCommand == nil || missingProgram != nil {
            let settings = [
                ("merge.\(Self.driverName).name", "enote: merges notes key by key"),
                ("merge.\(Self.driverName).driver", Self.command(executable: executable, gitVersion: gitVersion())),
            ]
            for (key, value) in settings {
                guard GitRepository(folder: root).run(["config", key, value], timeout: 10).succeeded else {
                    throw .gitConfigFailed(path: root)
                }
            }
            outcome.configuredDriver = true
        }
        return outcome
    }

    /// How git should run the enote of this process: by name when the `enote` found on `PATH`
    /// is this very binary, else by its absolute path (`/proc/self/exe`), so a driver set up from
    /// a build folder keeps working wherever git runs it from.
    package static func executableForCurrentProcess(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let running = realPath("/proc/self/exe") else { return "enote" }
        let path = environment["PATH"] ?? ""
        let onPath = path.split(separator: ":").map { "\($0)/enote" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        if let onPath, realPath(onPath) == running { return "enote" }
        return running
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private var attributesPath: String { root + "/.gitattributes" }

    /// The vault's `.gitattributes`, read beneath the root without following a link (a vault
    /// can carry a link there, and its target must never be read, nor copied into the vault).
    private func readAttributes() throws(SystemError) -> [UInt8] {
        try Vault.readStateFile(Array(".gitattributes".utf8), root: root, limit: 1 << 20)
    }

    private func gitVersion() -> (major: Int, minor: Int)? {
        let output = GitRepository(folder: root).run(["version"], timeout: 10)
        guard output.succeeded else { return nil }
        // "git version 2.39.5"
        let words = String(decoding: output.stdout, as: UTF8.self).split(separator: " ")
        guard words.count >= 3 else { return nil }
        let numbers = words[2].split(separator: ".").compactMap { Int($0.prefix { $0.isNumber }) }
        guard numbers.count >= 2 else { return nil }
        return (numbers[0], numbers[1])
    }

    /// `text` as one word for the shell git runs the driver with.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+,:@".unicodeScalars.contains($0) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Why the merge driver could not be installed.
package enum MergeDriverSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The vault is not inside a git work tree.
    case notInGitWorkTree(path: String)
    /// `git config` failed.
    case gitConfigFailed(path: String)
    /// `.gitattributes` could not be written.
    case cannotWrite(path: String, reason: String)
    /// `.gitattributes` is a symbolic link, which enote does not follow.
    case linked(path: String)

    package var description: String { message.text }

    /// What happened and what to do, as a sentence.
    package var message: LocalizedMessage {
        switch self {
        case .notInGitWorkTree(let path):
            "\(path) is not in a git repository; run git init there (or clone the vault) first"
        case .gitConfigFailed(let path):
            "git config failed in \(path); check that git is installed and the repository's .git/config is writable"
        case .cannotWrite(let path, let reason):
            "cannot write \(path) (\(reason))"
        case .linked(let path):
            VaultError.linkedStateFile(path).message
        }
    }
}
