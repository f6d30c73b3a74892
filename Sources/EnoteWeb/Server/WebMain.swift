import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// The entry point of `enote-web`: reads the options `enote serve` passed, opens the vault and
/// runs the server until SIGINT or SIGTERM. Returns the exit status (0, 1 error, 2 usage).
public enum WebMain {
    /// Runs the server with `arguments` (without the program name).
    public static func run(_ arguments: [String]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        Localization.frontEnd = WebMessages.frontEnd
        let options: WebOptions
        do {
            options = try WebOptions(arguments: arguments, environment: environment)
        } catch {
            Localization.language = Language.detect(flag: nil, environment: environment)
            report(error.message)
            return 2
        }
        Localization.language = Language.detect(flag: options.language, environment: environment)
        if let refusal = options.refusal {
            report(refusal)
            return 2
        }
        do {
            let vault = try Vault(root: options.vault)
            let server = try WebServer(vault: vault, options: options)
            try await server.run()
            return 0
        } catch let error as any ExplainedError {
            report(error.message)
            return 1
        } catch {
            report("\(String(describing: error))")
            return 1
        }
    }

    /// Prints `message` on stderr as `enote serve: …`.
    static func report(_ message: LocalizedMessage) {
        FileHandle.standardError.write(Data(("enote serve: " + message.text + "\n").utf8))
    }
}
