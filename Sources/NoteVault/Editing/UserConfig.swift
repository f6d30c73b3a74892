import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The user's own settings, from `$XDG_CONFIG_HOME/enote/config` (by default
/// `~/.config/enote/config`): what belongs to the person running enote and never to a vault,
/// which anyone can write and share: the editor, and the folders agents may write (`mcp_write`,
/// see ``AgentLimits``).
///
/// The format is that of `.enote/config`: one `key = value` per line, `#` starts a comment; an
/// unknown key, a repeated key or a bad value is an error naming `file:line`.
///
/// ```
/// editor = code --wait
/// mcp_write = inbox/, projects/
/// ```
struct UserConfig: Sendable, Equatable {
    /// The editor command for `enote edit` and `enote new --edit`, before `$VISUAL` and
    /// `$EDITOR` (as git's `core.editor` comes before them).
    var editor: String?
    /// The folders an agent may write through `enote mcp` (``AgentLimits``); `nil` for the
    /// whole vault (a `nil` folder is the vault's root).
    var mcpWrite: [NotePath?]?

    init(editor: String? = nil, mcpWrite: [NotePath?]? = nil) {
        self.editor = editor
        self.mcpWrite = mcpWrite
    }

    /// Where the user's config is: `$XDG_CONFIG_HOME/enote/config` when that is an absolute
    /// path (the XDG rule), else `$HOME/.config/enote/config`; `nil` without either.
    static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/enote/config"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/.config/enote/config"
        }
        return nil
    }

    /// Reads the user's config; a missing file means no settings.
    ///
    /// A config that is there but cannot be read (a link to nothing, a folder, a file the user
    /// may not read) is an error, never no settings: it may hold `mcp_write`, and without it
    /// agents could write anywhere.
    /// - Throws: ``VaultError/config(_:)`` naming `file:line` for a mistake in it,
    ///   ``VaultError/blocked(_:)`` when it cannot be read.
    static func load(environment: [String: String]) throws(VaultError) -> UserConfig {
        guard let path = path(environment: environment) else { return UserConfig() }
        guard let data = FileManager.default.contents(atPath: path) else {
            var info = stat()
            if lstat(path, &info) != 0, errno == ENOENT || errno == ENOTDIR { return UserConfig() }
            throw .blocked(
                "your own config \(path) is there but cannot be read (\(unreadable(path))), so its settings (mcp_write, the folders agents may write; the editor) are unknown and nothing was done"
            )
        }
        do {
            return try UserConfig(parsing: String(decoding: data, as: UTF8.self), file: path)
        } catch {
            throw .config(error)
        }
    }

    /// Why the config at `path`, which is there, cannot be read.
    private static func unreadable(_ path: String) -> String {
        func text(_ message: LocalizedMessage) -> String { message.text }
        func failure(_ call: String) -> String {
            let error = SystemError(call, path: path)
            return "\(error.reasonMessage.text), \(error.codeName)"
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? text("a link to nothing") : failure("stat") }
        if info.st_mode & S_IFMT == S_IFDIR { return text("a folder") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return failure("open") }
        close(descriptor)
        return text("not a file that can be read")
    }

    /// Parses the text of a user config file.
    init(parsing text: String, file: String) throws(VaultConfig.ParseError) {
        var seen: Set<String> = []
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let hash = VaultConfig.commentStart(line) { line = line[..<hash] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            func fail(_ message: LocalizedMessage) -> VaultConfig.ParseError {
                VaultConfig.ParseError(file: file, line: index + 1, message: message)
            }
            guard let equals = trimmed.firstIndex(of: "=") else { throw fail("expected key = value") }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            guard key == "editor" || key == "mcp_write" else {
                throw fail("unknown setting \"\(key)\"; your own config knows only editor and mcp_write")
            }
            guard seen.insert(key).inserted else { throw fail("\(key) is set twice; keep one line") }
            if key == "mcp_write" {
                let parsed = AgentLimits.parseFolders(value)
                if let problem = parsed.problem { throw fail(problem) }
                mcpWrite = parsed.folders
                continue
            }
            guard !value.isEmpty else { throw fail("editor needs a command, such as nvim or \"code --wait\"") }
            editor = value
        }
    }
}
