import EnoteRPC
import Foundation
import NoteVault

/// The one rule for an item too long for its share of an answer: its long strings (a title, a
/// heading, a snippet, a tag, a link's destination) are cut at a character boundary and end
/// with ``marker(_:_:)``, its long lists keep their first items and end with the marker as one
/// more item, shorter and shorter until the item fits. The whole is always in the note.
enum AnswerBound {
    /// What ends a cut string or list: how much is left out, and where to find it.
    static func marker(_ left: Int, _ unit: String) -> String {
        "… (cut: \(left) more \(unit); the whole is in the note, read it)"
    }

    /// `item`, whole when its JSON text fits in `budget` bytes, else read back from that text
    /// and cut until it fits (the rare item too long: its members then lose their order).
    /// Returns the item and the size of its JSON text.
    static func fit<Item: Encodable & Sendable>(_ item: Item, _ budget: Int, text: AnswerText) -> (item: Bounded<Item>, size: Int) {
        let rendered = text.render(item)
        if rendered.utf8.count <= budget { return (.whole(item), rendered.utf8.count) }
        let value = (try? JSONDecoder().decode(JSONValue.self, from: Data(rendered.utf8))) ?? .string(rendered)
        let cut = fit(value, budget, text: text)
        return (.cut(cut), text.size(cut))
    }

    /// `value`, cut until its JSON text is at most `budget` bytes (unchanged when it fits).
    static func fit(_ value: JSONValue, _ budget: Int, text: AnswerText) -> JSONValue {
        if text.size(value) <= budget { return value }
        for (bytes, items) in [(4096, 1000), (1024, 200), (256, 50), (64, 10), (16, 3)] {
            let shorter = cut(value, bytes: bytes, items: items)
            if text.size(shorter) <= budget { return shorter }
        }
        return .string(marker(text.size(value), "bytes"))
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

/// An item of an answer: whole, in its own JSON form, or cut to fit (``AnswerBound``).
enum Bounded<Item: Encodable & Sendable>: Encodable, Sendable {
    case whole(Item)
    case cut(JSONValue)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .whole(let item): try item.encode(to: encoder)
        case .cut(let value): try value.encode(to: encoder)
        }
    }
}
