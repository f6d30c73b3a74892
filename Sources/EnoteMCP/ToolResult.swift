import EnoteRPC
import Foundation
import NoteVault

/// What a tool answers: a JSON object, given to the client both as structured content and as
/// its text (as the specification asks of structured results), or an error the agent can act
/// on (`isError`), such as a refusal.
///
/// Every answer stays under ``maximumBytes`` of JSON text: lists are cut into pages with a
/// cursor (``ResultPage``), long text into ranges, and one item too long for its share (a
/// 200 KB title, 20,000 tags) is cut with a marker (``AnswerBound``).
struct ToolResult {
    /// The most JSON text one answer holds: about 15,000 tokens, under what clients accept
    /// from a tool (Claude Code warns at 10,000 tokens and refuses 25,000 by default).
    static let maximumBytes = 60_000

    var value: JSONValue
    var isError = false

    /// The result as the protocol writes it. A tool pages and cuts its answer itself; what would
    /// still pass the bound (an error's message naming a 200 KB heading) is cut here by the same
    /// rule.
    var protocolValue: JSONValue {
        var value = value
        var data = Self.encode(value)
        if data.count > Self.maximumBytes {
            value = AnswerBound.fit(value, Self.maximumBytes)
            data = Self.encode(value)
        }
        let text = String(decoding: data, as: UTF8.self)
        var members: [String: JSONValue] = ["content": .array([.object(["type": .string("text"), "text": .string(text)])])]
        members["structuredContent"] = value
        members["isError"] = .bool(isError)
        return .object(members)
    }

    /// A refusal or failure, with a kind an agent can branch on and the message.
    static func failure(_ kind: String, _ message: String, details: [String: JSONValue] = [:]) -> ToolResult {
        var members = details
        members["error"] = .string(kind)
        members["message"] = .string(message)
        return ToolResult(value: .object(members), isError: true)
    }

    /// A library error as a tool error.
    static func failure(_ error: AgentError) -> ToolResult {
        let message = error.message.text
        switch error {
        case .staleRevision(_, _, let current): return failure("stale_revision", message, details: ["current_revision": .string(current)])
        case .textNotFound: return failure("text_not_found", message)
        case .textAmbiguous: return failure("text_ambiguous", message)
        case .headingNotFound: return failure("heading_not_found", message)
        case .readOnly: return failure("read_only", message)
        case .outsideAllowList: return failure("outside_allowed_folders", message)
        case .exists: return failure("exists", message)
        case .notANotePath: return failure("not_a_note_path", message)
        case .tooLarge: return failure("too_large", message)
        case .noJournalEntry: return failure("no_such_write", message)
        case .changedSinceWrite: return failure("changed_since_write", message)
        case .journal: return failure("journal", message)
        case .vault(let error): return failure(error)
        }
    }

    /// A vault error as a tool error.
    static func failure(_ error: VaultError) -> ToolResult {
        let message = error.message.text
        switch error {
        case .noteNotFound(_, let suggestions):
            return failure("not_found", message, details: ["candidates": .array(suggestions.map(JSONValue.string))])
        case .ambiguousNote(_, let candidates):
            return failure("ambiguous", message, details: ["candidates": .array(candidates.map(JSONValue.string))])
        case .openElsewhere: return failure("open_in_editor", message)
        case .rename: return failure("move_refused", message)
        case .readOnly: return failure("read_only", message)
        case .limitReached: return failure("limit_reached", message)
        default: return failure("failed", message)
        }
    }

    static func encode(_ value: JSONValue) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }

    /// The size of `value` as JSON text.
    static func size(_ value: JSONValue) -> Int { encode(value).count }
}

/// The one rule for an item too long for its share of an answer: its long strings (a title, a
/// heading, a snippet, a tag, a link's destination) are cut at a character boundary and end
/// with ``marker(_:_:)``, its long lists keep their first items and end with the marker as one
/// more item, shorter and shorter until the item fits. The whole is always in the note.
enum AnswerBound {
    /// What ends a cut string or list: how much is left out, and where to find it.
    static func marker(_ left: Int, _ unit: String) -> String {
        "… (cut: \(left) more \(unit); the whole is in the note, read it)"
    }

    /// `value`, cut until its JSON text is at most `budget` bytes (unchanged when it fits).
    static func fit(_ value: JSONValue, _ budget: Int) -> JSONValue {
        if ToolResult.size(value) <= budget { return value }
        for (bytes, items) in [(4096, 1000), (1024, 200), (256, 50), (64, 10), (16, 3)] {
            let shorter = cut(value, bytes: bytes, items: items)
            if ToolResult.size(shorter) <= budget { return shorter }
        }
        return .string(marker(ToolResult.size(value), "bytes"))
    }

    /// The members of an answer beside its page or text, cut together to `budget` bytes.
    static func members(_ members: [String: JSONValue], _ budget: Int) -> [String: JSONValue] {
        if case .object(let kept) = fit(.object(members), budget) { return kept }
        return ["cut": .string(marker(ToolResult.size(.object(members)), "bytes"))]
    }

    /// `value` with every string longer than `bytes` and every list or object longer than
    /// `items` cut.
    static func cut(_ value: JSONValue, bytes: Int, items: Int) -> JSONValue {
        switch value {
        case .string(let text): return .string(cut(text, bytes: bytes))
        case .array(let elements):
            var kept = elements.prefix(items).map { cut($0, bytes: bytes, items: items) }
            if elements.count > items { kept.append(.string(marker(elements.count - items, "items"))) }
            return .array(kept)
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for key in members.keys.sorted().prefix(items) { kept[cut(key, bytes: bytes)] = cut(members[key]!, bytes: bytes, items: items) }
            if members.count > items { kept["…"] = .string(marker(members.count - items, "members")) }
            return .object(kept)
        default: return value
        }
    }

    /// `text`, cut after the last whole character within `bytes` bytes, with the marker.
    static func cut(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.startIndex
        var used = 0
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            if used + size > bytes { break }
            used += size
            end = next
        }
        return String(text[..<end]) + marker(text.utf8.count - used, "bytes")
    }
}

/// A page of a long list: the items that fit in an answer, from the offset a cursor names, and
/// the cursor of the next page when there is one.
struct ResultPage {
    var items: [JSONValue]
    var nextCursor: String?

    /// The offset a cursor names (`nil` cursor: the start).
    static func offset(_ cursor: String?) throws(ResponseError) -> Int {
        guard let cursor else { return 0 }
        guard let offset = Int(cursor), offset >= 0, offset < 10_000_000 else {
            throw ResponseError(.invalidParams, Localization.text("the cursor is not one this server gave; start again without it"))
        }
        return offset
    }

    /// The items of `all` from `offset` that fit in `budget` bytes (at least one, cut by
    /// ``AnswerBound`` when it alone is too long), at most `limit`; `more` says whether items
    /// follow `all` (a list fetched only this far).
    init(_ all: [JSONValue], from offset: Int, limit: Int, budget: Int = ToolResult.maximumBytes - 2000, more: Bool = false) {
        var items: [JSONValue] = []
        var used = 0
        var index = offset
        while index < all.count, items.count < limit {
            let item = AnswerBound.fit(all[index], budget)
            let size = ToolResult.size(item) + 1
            if !items.isEmpty, used + size > budget { break }
            items.append(item)
            used += size
            index += 1
        }
        self.items = items
        self.nextCursor = index < all.count || (more && index >= all.count) ? String(index) : nil
    }
}
