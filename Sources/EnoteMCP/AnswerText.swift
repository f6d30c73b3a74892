import Foundation
import NoteVault

/// An answer's JSON text as the agent gets it: written by the library's one encoder
/// (``JSONTextEncoder``) on one line, members in the order each type encodes them, dates in the
/// vault clock's time zone (``NoteJSONContext``): the same text `enote … --json` prints, less
/// the indentation.
struct AnswerText {
    let context: NoteJSONContext

    init(clock: VaultClock) {
        context = NoteJSONContext(clock: clock)
    }

    /// `value` as JSON text.
    func render(_ value: some Encodable) -> String {
        do {
            return try JSONTextEncoder(userInfo: context.userInfo, pretty: false).render(value)
        } catch {
            // Only a missing context throws, and it is always passed.
            preconditionFailure("\(error)")
        }
    }

    /// The size of `text` as a JSON string, in bytes (escapes and quotes counted).
    static func size(of text: String) -> Int {
        ((try? JSONTextEncoder(pretty: false).render(text)) ?? text).utf8.count
    }

    /// The size of `value` as JSON text, in bytes.
    func size(_ value: some Encodable) -> Int {
        render(value).utf8.count
    }
}
