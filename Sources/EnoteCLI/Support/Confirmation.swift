import Foundation
import NoteVault

#if canImport(Glibc)
import Glibc
#endif

/// A yes/no question on the terminal before something that cannot be undone.
enum Confirmation {
    /// The answers that mean yes, in every language enote speaks; anything else is no.
    static let yesAnswers: Set<String> = ["y", "yes", "д", "да", "はい", "うん"]

    /// Whether a user can be asked at all: standard input is a terminal.
    static var canAsk: Bool { isatty(STDIN_FILENO) == 1 }

    /// Asks `question` on stderr (followed by `[y/N]`) and reads the answer from stdin.
    static func ask(_ question: LocalizedMessage) -> Bool {
        Console.err("\(question.text) [y/N] ")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return yesAnswers.contains(answer)
    }
}
