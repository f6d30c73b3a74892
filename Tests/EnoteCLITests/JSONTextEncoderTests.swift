import Foundation
import Testing

@testable import EnoteCLI
@testable import NoteVault

/// ``JSONTextEncoder`` writes a listing straight to text; it must print byte for byte what the
/// value encoder and ``JSONValue/rendered(pretty:)`` print, for text that needs escaping too.
@Suite("JSON text encoder")
struct JSONTextEncoderTests {
    /// Strings that take every path of the escaper: plain, quotes, controls, DEL, C1 controls,
    /// the line and paragraph separators, an em dash and other text that shares their lead bytes.
    static let texts = [
        "", "plain", "say \"hi\"", "back\\slash", "line\nbreak\r\ttab", "bell\u{7}", "del\u{7F}", "c1\u{85}\u{9F}",
        "sep\u{2028}para\u{2029}", "em — dash ‘quotes’ €", "日本語のメモ", "😀 emoji", "Ünïcödé ¢",
    ]

    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// Notes whose every text field is one of ``texts``, with and without search fields.
    static var notes: [IndexedNote] {
        texts.enumerated().map { number, text in
            var note = IndexedNote(path: NotePath(trusted: "n\(number).md"))
            note.title = text
            note.description = text
            note.tags = number.isMultiple(of: 2) ? [] : [text, "tag"]
            note.images = number.isMultiple(of: 3) ? [text] : []
            note.order = number.isMultiple(of: 2) ? nil : text
            note.destroy = number.isMultiple(of: 2) ? nil : now.addingTimeInterval(Double(number) * 3600 - 20000)
            note.updated = now.addingTimeInterval(-Double(number) * 86400)
            if number.isMultiple(of: 4) {
                note.snippet = "a \u{2}\(text)\u{3} <b>"
                note.score = -Double(number) / 7
                note.titleMatches = number.isMultiple(of: 8)
            }
            return note
        }
    }

    @Test("a listing prints as the array of JSON values would", arguments: [true, false])
    func listingAgrees(pretty: Bool) throws {
        let userInfo: [CodingUserInfoKey: Any] = [NoteJSONContext.key: NoteJSONContext(timeZone: Self.zone, now: Self.now)]
        let values = try Self.notes.map { try JSONValueEncoder(userInfo: userInfo).encode($0) }
        let text = try JSONTextEncoder(userInfo: userInfo, pretty: pretty).renderEach(Self.notes)
        #expect(text == JSONValue.array(values).rendered(pretty: pretty))
        #expect(text.contains("\\u2028") && text.contains("\\u0085") && text.contains("\\\"hi\\\""))
        if pretty {
            #expect(NoteJSON.arrayText(Self.notes, timeZone: Self.zone, now: Self.now) == text)
        }
    }

    @Test("empty listings, nested containers and values that write nothing print as the value encoder's")
    func shapes() throws {
        #expect(try JSONTextEncoder().renderEach([IndexedNote]()) == "[]")
        let nested = Nested(inner: [Nested(inner: [], text: "x", nothing: Nothing())], text: "top", nothing: Nothing())
        for pretty in [true, false] {
            let expected = try JSONValueEncoder().encode(nested).rendered(pretty: pretty)
            #expect(try JSONTextEncoder(pretty: pretty).render(nested) == expected)
            #expect(try JSONTextEncoder(pretty: pretty).renderEach([nested, nested]) == JSONValue.array([try JSONValueEncoder().encode(nested), try JSONValueEncoder().encode(nested)]).rendered(pretty: pretty))
        }
    }

    /// A value with nested keyed and unkeyed containers, written after its plain members.
    struct Nested: Encodable {
        var inner: [Nested]
        var text: String
        var nothing: Nothing

        enum Keys: String, CodingKey { case inner, text, nothing, box, list, number, flag }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(text, forKey: .text)
            try container.encode(inner, forKey: .inner)
            var box = container.nestedContainer(keyedBy: Keys.self, forKey: .box)
            try box.encode(3, forKey: .number)
            var list = box.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1.5)
            try list.encode(Optional<String>.none)
            try list.encodeNil()
            try container.encode(true, forKey: .flag)
            try container.encode(nothing, forKey: .nothing)
        }
    }

    /// A value that encodes nothing: `null`.
    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }
}
