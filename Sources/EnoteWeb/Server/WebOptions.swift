import Foundation
import NoteVault

/// What `enote-web` is asked to do: the vault, where to listen, whether changes are allowed,
/// and the password (from a file, or `ENOTE_SERVE_PASSWORD`). `enote serve` passes them after
/// finding the vault the way every command does.
package struct WebOptions: Sendable, Equatable {
    package var vault: String = ""
    package var host = "127.0.0.1"
    package var port = 8_765
    package var readOnly = false
    package var password: String?
    package var language: String?
    /// Host names the pages may be reached by besides the address (`--allow-host`, repeated).
    package var allowedHosts: [String] = []
    /// How long the keeper of the server's own watcher waits (``WatcherKeeper/Timings``). Tests
    /// set `ENOTE_TEST_WATCHER_RETRY` (seconds) to make every such wait that long, so that they
    /// wait milliseconds where the server waits seconds.
    package var watcherTimings = WatcherKeeper.Timings()

    /// A usage mistake, with what to type instead.
    package struct UsageError: Error, Sendable {
        package var message: LocalizedMessage
    }

    /// Parses `--vault DIR [--host ADDR] [--port N] [--read-only] [--password-file FILE]
    /// [--allow-host NAME]… [--lang L]`.
    package init(arguments: [String], environment: [String: String]) throws(UsageError) {
        var rest = arguments[...]
        func value(_ name: String) throws(UsageError) -> String {
            guard let next = rest.popFirst() else { throw UsageError(message: "\(name) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--vault": vault = try value(argument)
            case "--host": host = try value(argument)
            case "--port":
                let text = try value(argument)
                guard let number = Int(text), (0...65_535).contains(number) else {
                    throw UsageError(message: "--port: \"\(text)\" is not a port number (0 to 65535; 0 picks a free one)")
                }
                port = number
            case "--read-only": readOnly = true
            case "--allow-host":
                let name = try value(argument)
                guard !name.isEmpty, !name.contains(where: { $0 == ":" || $0 == "/" || $0.isWhitespace }) else {
                    throw UsageError(message: "--allow-host: \"\(name)\" is not a host name; give a name such as notes.example.org, without a port")
                }
                allowedHosts.append(name)
            case "--lang": language = try value(argument)
            case "--password-file":
                let file = try value(argument)
                guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                    throw UsageError(message: "--password-file: cannot read \(file)")
                }
                password = text.trimmingCharacters(in: .newlines)
            default:
                throw UsageError(message: "unknown option \(argument)")
            }
        }
        if password == nil, let fromEnvironment = environment["ENOTE_SERVE_PASSWORD"], !fromEnvironment.isEmpty {
            password = fromEnvironment
        }
        if let password, password.isEmpty { throw UsageError(message: "the password is empty") }
        if let text = environment["ENOTE_TEST_WATCHER_RETRY"], let seconds = Double(text), seconds > 0 {
            watcherTimings = WatcherKeeper.Timings(retry: seconds, longestRetry: seconds, settled: seconds)
        }
        guard !vault.isEmpty else { throw UsageError(message: "--vault is required") }
    }

    /// Why the server must not start with these options, if it must not: listening beyond this
    /// machine without a password would hand the notes to anyone on the network who sees the
    /// secret go by.
    package var refusal: LocalizedMessage? {
        if !ServerAddress.isLoopback(host), password == nil {
            return """
                --host \(host) would let other machines reach your notes, so a password is required: put one in a file \
                and add --password-file FILE (or set ENOTE_SERVE_PASSWORD); nothing was started
                """
        }
        return nil
    }
}
