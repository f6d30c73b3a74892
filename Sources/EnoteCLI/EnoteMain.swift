import ArgumentParser
import Foundation
import NoteVault

/// The entry point behind the `enote` executable: moves global options after the subcommand
/// name, runs the command, and hands any error to ``ErrorReport``, which prints it and gives the
/// documented exit status (0 success, 1 error, 2 usage, 3 conflict).
public enum EnoteMain {
    /// Runs enote with the arguments as the kernel passed them (without the program name):
    /// an argument that is not valid UTF-8 is refused (a usage error) rather than read with
    /// U+FFFD in place of its bytes, which would name another file or folder.
    public static func run(bytes: [[UInt8]]) -> Int32 {
        Localization.frontEnd = CommandLineMessages.frontEnd
        let arguments = bytes.map { String(decoding: $0, as: UTF8.self) }
        guard let (position, raw) = bytes.enumerated().first(where: { String(validating: $0.element, as: UTF8.self) == nil }) else {
            return run(arguments)
        }
        Localization.language = Language.detect(flag: nil, environment: ProcessInfo.processInfo.environment)
        let shown = SafeText.escaped(String(decoding: raw, as: UTF8.self))
        return ErrorReport.report(
            UsageError(
                """
                argument \(position + 1) (\(shown)) is not valid UTF-8; enote reads names and text as UTF-8 only. \
                Rename the file or folder (convmv can), or convert the text, then try again; nothing was done
                """))
    }

    /// Runs enote with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        Localization.frontEnd = CommandLineMessages.frontEnd
        let flag = languageFlag(in: arguments)
        Localization.language = Language.detect(flag: flag.flatMap { Language(code: $0) == nil ? nil : $0 }, environment: ProcessInfo.processInfo.environment)
        if let flag, Language(code: flag) == nil {
            let names = Language.allCases.map(\.rawValue).joined(separator: ", ")
            return ErrorReport.report(UsageError("--lang: \"\(flag)\" is not a language enote speaks; use one of \(names)"))
        }
        let arguments = reorderGlobalOptions(expandBareOptions(arguments))
        Trace.mark("started")
        do {
            if let merge = MergeDriverRequest.parse(arguments) {
                return merge.run()
            }
            if let search = QuickSearch.parse(arguments) {
                Trace.mark("arguments parsed")
                try search.run()
                return 0
            }
            var command = try parse(arguments)
            Trace.mark("arguments parsed")
            try command.run()
            return 0
        } catch {
            return ErrorReport.report(error)
        }
    }

    /// The command the arguments ask for.
    ///
    /// A command without subcommands is parsed on its own first: building the parser for the
    /// whole tree costs a few milliseconds, a fifth of a search with the watcher running. Any
    /// error goes through the whole tree, and so does a request for help (which a command
    /// parsed on its own would answer without the root's options), so messages and usage text
    /// are the same either way.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        let asksForHelp = arguments.prefix { $0 != "--" }.contains { ["-h", "--help", "-help", "--version"].contains($0) }
        if !asksForHelp, let name = arguments.first, let command = leafCommands[name] {
            if let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())) { return parsed }
        }
        return try Enote.parseAsRoot(arguments)
    }

    /// The commands without subcommands, by name.
    static let leafCommands: [String: any ParsableCommand.Type] = {
        var commands: [String: any ParsableCommand.Type] = [:]
        for command in Enote.configuration.subcommands where command.configuration.subcommands.isEmpty {
            if let name = command.configuration.commandName { commands[name] = command }
        }
        return commands
    }()

    /// The value of `--lang`, read before the arguments are parsed so that help and usage
    /// errors are in that language too.
    static func languageFlag(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--lang", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--lang=") { return String(argument.dropFirst("--lang=".count)) }
        }
        return nil
    }

    /// Options whose value is optional: `--expiring` alone means `--expiring all`.
    static func expandBareOptions(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if argument == "--expiring" {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                // A value that starts with a digit is meant as the duration (`5x` is then refused
                // as one); other words after a bare --expiring are search words.
                if next == nil || next!.hasPrefix("-")
                    || DateInput.Duration.seconds(parsing: next!) == nil && next != "all" && !(next!.first.map { ("0"..."9").contains($0) } ?? false)
                {
                    result.append("--expiring=all")
                    continue
                }
            }
            result.append(argument)
        }
        return result
    }

    /// Moves `--vault X` and `--lang X` written before the subcommand to the end of the
    /// arguments (before a `--`), where every subcommand accepts them.
    static func reorderGlobalOptions(_ arguments: [String]) -> [String] {
        var globals: [String] = []
        var rest: [String] = []
        var index = 0
        var seenCommand = false
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if !seenCommand {
                let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
                if GlobalOptions.flags.contains(argument) {
                    globals.append(argument)
                    index += 1
                    continue
                }
                if GlobalOptions.valueOptions.contains(name) {
                    if argument.contains("=") {
                        globals.append(argument)
                    } else if index + 1 < arguments.count {
                        globals += [argument, arguments[index + 1]]
                        index += 1
                    } else {
                        globals.append(argument)
                    }
                    index += 1
                    continue
                }
                if !argument.hasPrefix("-") { seenCommand = true }
            }
            rest.append(argument)
            index += 1
        }
        guard !globals.isEmpty else { return arguments }
        if let separator = rest.firstIndex(of: "--") {
            rest.insert(contentsOf: globals, at: separator)
            return rest
        }
        return rest + globals
    }
}
