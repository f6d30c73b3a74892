import ArgumentParser
import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

extension Enote {
    /// `enote serve`: the notes in a browser. The server is a separate program, `enote-web`,
    /// installed beside `enote`, so that its libraries (SwiftNIO, Hummingbird) never load for
    /// any other command; this command finds the vault and replaces itself with it.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration.enoteCommand(
            commandName: "serve",
            abstract: "Show and edit the notes in a browser, live as they change on disk.",
            discussion: """
                Listens on 127.0.0.1 and prints a URL with a secret; open it, and the browser \
                keeps a cookie instead. Pages follow the vault as it changes (the server keeps \
                the index live as enote watch does, or uses a running enote watch). A save from \
                a page whose note changed, moved or was removed since the page read it is \
                refused and the typed text is kept as a conflict copy beside it, as enote edit \
                does; a delete from such a page is refused. To listen on another address, a \
                password is required (--password-file, or ENOTE_SERVE_PASSWORD); wrong \
                passwords and secrets are throttled to about one a second. On every interface \
                (0.0.0.0), pages answer only to this machine's addresses and the names given \
                with --allow-host. Stop it with Ctrl-C.

                Examples:
                  enote serve
                  enote serve --port 9000 --read-only
                  enote serve --host 0.0.0.0 --password-file ~/.config/enote/password
                """)

        @Option(help: ArgumentHelp("The port (default 8765; 0 picks a free one).", valueName: "n"))
        var port: Int = 8_765

        @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1).", valueName: "addr"))
        var host: String = "127.0.0.1"

        @Flag(help: "Only show notes: no editing, creating or deleting, and no note destroyed at its date.")
        var readOnly = false

        @Option(help: ArgumentHelp("A file holding the password pages ask for (needed for any address but loopback).", valueName: "file"))
        var passwordFile: String?

        @Option(help: ArgumentHelp("Another name the pages may be reached by (repeat for more), such as notes.example.org.", valueName: "name"))
        var allowHost: [String] = []

        @OptionGroup var globals: GlobalOptions

        func run() throws {
            let context = CommandContext(globals)
            let vault = try context.openVault()
            let program = Self.serverProgram()
            guard access(program, X_OK) == 0 else {
                throw CommandFailure(
                    """
                    the web server (enote-web) is not beside enote, in \((program as NSString).deletingLastPathComponent); build it \
                    with `swift build --product enote-web` (or install it next to enote), then run enote serve again
                    """)
            }
            var arguments = [program, "--vault", vault.root, "--host", host, "--port", String(port)]
            if readOnly { arguments.append("--read-only") }
            if let passwordFile { arguments += ["--password-file", passwordFile] }
            for name in allowHost { arguments += ["--allow-host", name] }
            if let lang = globals.lang { arguments += ["--lang", lang] }
            let pointers = arguments.map { strdup($0) } + [nil]
            execv(program, pointers)
            let code = errno
            throw CommandFailure("could not start \(program): \(String(cString: strerror(code)))")
        }

        /// `enote-web` in the folder of the running `enote` (links followed, as `/proc/self/exe` gives it).
        static func serverProgram() -> String {
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            return (executable as NSString).deletingLastPathComponent + "/enote-web"
        }
    }
}
