import EnoteRPC
import Foundation
import NoteVault

/// The arguments of one tool call, read by name and type. Anything a tool cannot use — a
/// missing or mistyped argument, a name with a control character or a `..`, text larger than
/// the server takes — is a JSON-RPC "invalid params" error naming the argument, before the
/// tool looks at the vault.
struct ToolArguments {
    /// The largest text an argument may hold (a note's body, a replacement): 4 MiB, well
    /// under the 10 MiB a note may have.
    static let maximumTextBytes = 4 * 1_048_576
    /// The largest name, path, query or other short value.
    static let maximumNameBytes = 4096

    let values: [String: JSONValue]

    init(_ value: JSONValue?) throws(ResponseError) {
        switch value {
        case nil, .null?: values = [:]
        case .object(let members)?: values = members
        default: throw ResponseError(.invalidParams, Localization.text("the tool's arguments must be a JSON object"))
        }
    }

    func has(_ name: String) -> Bool {
        if case .null? = values[name] { return false }
        return values[name] != nil
    }

    private func wrongType(_ name: String, _ type: String) -> ResponseError {
        ResponseError(.invalidParams, Localization.text("the argument \(name) must be \(type)"))
    }

    /// A required string.
    func string(_ name: String, text: Bool = false) throws(ResponseError) -> String {
        guard let value = try optionalString(name, text: text) else {
            throw ResponseError(.invalidParams, Localization.text("the argument \(name) is missing"))
        }
        return value
    }

    /// An optional string: short (a name) unless `text`, which may span lines and be long.
    func optionalString(_ name: String, text: Bool = false) throws(ResponseError) -> String? {
        guard has(name) else { return nil }
        guard case .string(let value)? = values[name] else { throw wrongType(name, "a string") }
        return try Self.checked(value, name, text: text)
    }

    /// `value`, given as the argument `name`, when it is no longer than the server takes and
    /// holds no control character (a line break or tab only in `text`).
    static func checked(_ value: String, _ name: String, text: Bool = false) throws(ResponseError) -> String {
        let limit = text ? Self.maximumTextBytes : Self.maximumNameBytes
        let size = value.utf8.count
        guard size <= limit else {
            throw ResponseError(
                .invalidParams, Localization.text("the argument \(name) is \(String(size)) bytes long, more than the \(String(limit)) accepted"))
        }
        let allowed: Set<Unicode.Scalar> = text ? ["\n", "\r", "\t"] : ["\t"]
        if value.unicodeScalars.contains(where: { ($0.value < 0x20 || $0.value == 0x7F) && !allowed.contains($0) }) {
            throw ResponseError(
                .invalidParams, Localization.text("the argument \(name) holds a control character (such as NUL), which no note name or text may hold"))
        }
        return value
    }

    /// An optional whole number within `range`.
    func optionalInt(_ name: String, in range: ClosedRange<Int>) throws(ResponseError) -> Int? {
        guard has(name) else { return nil }
        guard let value = values[name]?.int else { throw wrongType(name, "a whole number") }
        guard range.contains(value) else {
            throw ResponseError(
                .invalidParams, Localization.text("the argument \(name) must be between \(String(range.lowerBound)) and \(String(range.upperBound))"))
        }
        return value
    }

    /// An optional boolean (false when missing).
    func bool(_ name: String) throws(ResponseError) -> Bool {
        guard has(name) else { return false }
        guard let value = values[name]?.bool else { throw wrongType(name, "true or false") }
        return value
    }

    /// An optional list of short strings.
    func strings(_ name: String) throws(ResponseError) -> [String]? {
        guard has(name) else { return nil }
        guard let items = values[name]?.array, items.count <= 1000 else { throw wrongType(name, "a list of strings") }
        var result: [String] = []
        for item in items {
            guard case .string(let one) = item else { throw wrongType(name, "a list of strings") }
            result.append(try Self.checked(one, "item"))
        }
        return result
    }

    /// An optional object of short string values (front matter keys to set).
    func stringMap(_ name: String) throws(ResponseError) -> [(String, String)] {
        guard has(name) else { return [] }
        guard let members = values[name]?.object, members.count <= 100 else { throw wrongType(name, "an object of strings") }
        var result: [(String, String)] = []
        for key in members.keys.sorted() {
            guard case .string(let value)? = members[key] else { throw wrongType(name, "an object of strings") }
            let checkedValue = try Self.checked(value, "value")
            result.append((try Self.checked(key, "key"), checkedValue))
        }
        return result
    }

    /// An optional revision (as `read` returns it).
    func revision(_ name: String = "revision") throws(ResponseError) -> NoteRevision? {
        guard let text = try optionalString(name) else { return nil }
        guard let revision = NoteRevision(text) else {
            throw ResponseError(.invalidParams, Localization.text("the argument \(name) must be a revision as read returns it (16 hexadecimal digits)"))
        }
        return revision
    }

    /// A note's reference (a path or a title). One that looks like a path (it holds a `/` or
    /// ends in `.md`) must be a path inside the vault.
    func noteReference(_ name: String = "note") throws(ResponseError) -> String {
        let reference = try string(name)
        if reference.contains("/") || NotePath.isMarkdownName(reference) || reference.hasPrefix(".") {
            _ = try Self.path(reference, argument: name, purpose: .lookup)
        }
        return reference
    }

    /// A vault-relative path for a new place (`create`, `move`): portable, inside the vault,
    /// ending in `.md`.
    func newPath(_ name: String) throws(ResponseError) -> NotePath? {
        guard let text = try optionalString(name) else { return nil }
        return try Self.path(text, argument: name, purpose: .create)
    }

    static func path(_ text: String, argument: String, purpose: NotePath.Purpose) throws(ResponseError) -> NotePath {
        do {
            return try NotePath(validating: text, purpose: purpose)
        } catch {
            throw ResponseError(.invalidParams, Localization.text("the argument \(argument): \(error.message.text)"))
        }
    }

    /// Refuses arguments the tool does not know, so a misspelt one never goes unnoticed.
    func requireKnown(_ names: Set<String>) throws(ResponseError) {
        for name in values.keys.sorted() where !names.contains(name) {
            throw ResponseError(.invalidParams, Localization.text("the tool takes no argument \(name)"))
        }
    }
}
