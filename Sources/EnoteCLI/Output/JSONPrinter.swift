import Foundation
import NoteVault

/// Every `--json` of the command line: the library's results (each `Encodable`, with its field
/// names documented on its `encode(to:)`) written by the library's one encoder,
/// ``JSONTextEncoder``, indented with two spaces, dates in the clock's time zone.
enum JSONPrinter {
    /// `value` as JSON text.
    static func text(_ value: some Encodable, clock: VaultClock) -> String {
        encoded { try encoder(clock).render(value) }
    }

    /// `value` as JSON text on one line, without indentation: what a budget of bytes counts
    /// (`enote context --json`, the same text the MCP `context` tool answers).
    static func lineText(_ value: some Encodable, clock: VaultClock) -> String {
        encoded { try JSONTextEncoder(userInfo: NoteJSONContext(clock: clock).userInfo, pretty: false).render(value) }
    }

    /// `values` as the text of a JSON array, each element written as it encodes (a listing of
    /// 100,000 notes is never built as a tree of values first).
    static func arrayText(_ values: some Sequence<some Encodable>, clock: VaultClock) -> String {
        encoded { try encoder(clock).renderEach(values) }
    }

    private static func encoder(_ clock: VaultClock) -> JSONTextEncoder {
        JSONTextEncoder(userInfo: NoteJSONContext(clock: clock).userInfo)
    }

    private static func encoded(_ body: () throws -> String) -> String {
        do {
            return try body()
        } catch {
            // Only a missing context throws, and it is always passed above.
            preconditionFailure("\(error)")
        }
    }
}
