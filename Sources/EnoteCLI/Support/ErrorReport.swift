import ArgumentParser
import NoteVault

/// The one place that turns an error a command threw into what the user sees and the exit
/// status: 0 ok, 1 error, 2 usage (a bad value typed), 3 conflict (a race). Commands just `throw`.
///
/// A library error (``ExplainedError``) and ``CommandFailure`` print `enote: ` and their message
/// on stderr; ``UsageError`` does the same with status 2; swift-argument-parser's own errors
/// (help, version, a bad option) keep its wording and statuses; an `ExitCode` was already
/// explained by the command and only sets the status.
enum ErrorReport {
    /// Prints what `error` says and returns the exit status.
    static func report(_ error: any Error) -> Int32 {
        if let message = message(of: error) {
            Console.err("enote: \(SafeText.escaped(message.text, keepingNewlines: true))")
            return status(of: error)
        }
        let code = Enote.exitCode(for: error)
        let text = Enote.fullMessage(for: error)
        if code == .success, !text.isEmpty {
            Console.out(text)  // --help, --version
            return 0
        }
        if code == .validationFailure {
            Console.err(text)
            return 2
        }
        if !text.isEmpty { Console.err(text) }
        return code.rawValue
    }

    /// The sentence an error of enote's own carries, or `nil` for swift-argument-parser's.
    static func message(of error: any Error) -> LocalizedMessage? {
        switch error {
        case let error as UsageError: error.message
        case let error as CommandFailure: error.message
        case let error as any ExplainedError: error.message
        default: nil
        }
    }

    /// The exit status of an error of enote's own: the one place each kind of failure gets its
    /// status.
    static func status(of error: any Error) -> Int32 {
        switch error {
        case is UsageError: 2
        case let error as CommandFailure: error.status
        case let error as VaultError: status(of: error)
        case let error as HistoryError:
            if case .vault(let error) = error { status(of: error) } else { 1 }
        case let error as SyncError:
            switch error {
            case .conflict, .stoppedEarlier: 3
            default: 1
            }
        default: 1
        }
    }

    /// A library error's exit status by its kind: 2 for what the user typed (as a bad option
    /// value), 3 for a race (a file changed on disk, a sync stopped or running), 1 otherwise.
    static func status(of error: VaultError) -> Int32 {
        switch error.kind {
        case .input: 2
        case .race: 3
        case .refused, .failure: 1
        }
    }
}

/// A failure the command line itself states (the editor was cancelled, a confirmation is
/// missing, an output file cannot be written), with status 1 unless said otherwise.
struct CommandFailure: Error {
    var message: LocalizedMessage
    var status: Int32

    init(_ message: LocalizedMessage, status: Int32 = 1) {
        self.message = message
        self.status = status
    }
}
