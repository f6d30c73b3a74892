import Foundation

/// The editor to run, split into words the way a POSIX shell would split `$EDITOR`
/// (`code --wait`, `"/opt/My Editor/bin/ed" -n`), but never run through a shell: no variables,
/// globs or command substitution are expanded.
///
/// For example:
///
/// ```swift
/// try EditorCommand(parsing: "code --wait").arguments   // ["code", "--wait"]
/// ```
package struct EditorCommand: Sendable, Equatable, CustomStringConvertible {
    /// The program followed by its arguments.
    package var arguments: [String]

    /// Why an editor setting could not be used.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package var text: String
        package var reason: LocalizedMessage
        package var description: String { message.text }
        /// What is wrong with the command, as a sentence.
        package var message: LocalizedMessage { "the editor command \"\(text)\" cannot be used: \(reason)" }
    }

    package init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Splits a command line into words: spaces separate words, '…' quotes literally, "…" quotes
    /// with `\"` and `\\` escapes, and a backslash outside quotes escapes the next character.
    package init(parsing text: String) throws(ParseError) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" { closed = true; break }
                    current.append(next)
                }
                guard closed else { throw ParseError(text: text, reason: "a single quote is never closed") }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" { closed = true; break }
                    if next == "\\", let escaped = iterator.next() {
                        if escaped != "\"" && escaped != "\\" && escaped != "$" && escaped != "`" { current.append("\\") }
                        current.append(escaped)
                        continue
                    }
                    current.append(next)
                }
                guard closed else { throw ParseError(text: text, reason: "a double quote is never closed") }
            case "\\":
                inWord = true
                if let escaped = iterator.next() { current.append(escaped) }
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw ParseError(text: text, reason: "it is empty") }
        arguments = words
    }

    /// The editor the user chose for editing a note in `vault`: `editor` in their own config
    /// (``UserConfig``), else `$VISUAL`, else `$EDITOR`, else `vi` — git's order for
    /// `core.editor`. Never the vault's: a vault is shared through git, and anyone who cloned
    /// it would run the command it names.
    /// - Throws: ``VaultError/blocked(_:)`` when `.enote/config` names an editor (pointing
    ///   at the line and at the user's config), when the user's config has a mistake, or when
    ///   the chosen command cannot be split into words.
    package static func forEditing(in vault: Vault, environment: [String: String]) throws(VaultError) -> EditorCommand {
        let userFile = UserConfig.path(environment: environment) ?? "~/.config/enote/config"
        if let line = vault.config.editorLine {
            throw .blocked(
                "\(vault.configPath):\(String(line)): a vault cannot choose the program that runs as your editor (anyone who clones it would run it). Move the editor line to your own config, \(userFile), or set $VISUAL or $EDITOR; then delete it from .enote/config"
            )
        }
        let user = try UserConfig.load(environment: environment)
        do {
            return try resolve(configured: user.editor, environment: environment)
        } catch {
            throw .blocked(error.message)
        }
    }

    /// The editor a user chose: their own `editor` setting (`configured`), else `$VISUAL`, else
    /// `$EDITOR`, else `vi`.
    package static func resolve(configured: String?, environment: [String: String]) throws(ParseError) -> EditorCommand {
        for candidate in [configured, environment["VISUAL"], environment["EDITOR"]] {
            if let candidate, !candidate.trimmingCharacters(in: .whitespaces).isEmpty {
                return try EditorCommand(parsing: candidate)
            }
        }
        return EditorCommand(arguments: ["vi"])
    }

    package var description: String { arguments.joined(separator: " ") }
}
