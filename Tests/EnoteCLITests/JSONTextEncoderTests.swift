import Foundation
import Testing

@testable import EnoteCLI
@testable import NoteVault

/// ``JSONTextEncoder``, the one JSON encoder of every front end, writes a listing straight to
/// text: valid JSON that reads back as the values written, members in the order encoded,
/// every control character escaped.
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

    @Test("a listing reads back as the notes it was written from, with every control character escaped", arguments: [true, false])
    func listingReadsBack(pretty: Bool) throws {
        let context = NoteJSONContext(timeZone: Self.zone, now: Self.now)
        let text = try JSONTextEncoder(userInfo: context.userInfo, pretty: pretty).renderEach(Self.notes)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(objects.count == Self.notes.count)
        for (object, note) in zip(objects, Self.notes) {
            #expect(object["title"] as? String == note.title)
            #expect(object["tags"] as? [String] == note.tags)
            #expect(object["order"] as? String == note.order)
            #expect((object["snippet"] as? String) == note.snippet.map(IndexedNote.htmlSnippet))
        }
        #expect(text.contains("\\u2028") && text.contains("\\u0085") && text.contains("\\\"hi\\\""))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control character")
        #expect(text.contains("\n") == pretty)
        if pretty {
            #expect(JSONPrinter.arrayText(Self.notes, clock: .fixed(Self.now, timeZone: Self.zone)) == text)
        }
    }

    @Test("empty listings, nested containers and values that write nothing print as expected")
    func shapes() throws {
        #expect(try JSONTextEncoder().renderEach([IndexedNote]()) == "[]")
        let nested = Nested(inner: [Nested(inner: [], text: "x", nothing: Nothing())], text: "top", nothing: Nothing())
        let inner = #"{"text":"x","inner":[],"box":{"number":3,"list":[1.5,null,null]},"flag":true,"nothing":null}"#
        let compact = #"{"text":"top","inner":["# + inner + #"],"box":{"number":3,"list":[1.5,null,null]},"flag":true,"nothing":null}"#
        #expect(try JSONTextEncoder(pretty: false).render(nested) == compact)
        #expect(try JSONTextEncoder(pretty: false).renderEach([nested, nested]) == "[" + compact + "," + compact + "]")
        let pretty = try JSONTextEncoder().render(nested)
        #expect(pretty.hasPrefix("{\n  \"text\": \"top\",\n  \"inner\": [\n    {\n      \"text\": \"x\",\n      \"inner\": [],"), "\(pretty)")
        #expect(pretty.filter { !$0.isWhitespace } == compact.filter { !$0.isWhitespace })
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
