import Foundation
import Testing

@testable import NoteVault

/// Random edits of a note's front matter and body on two sides of a merge: the merged front
/// matter always parses, the result is the same whichever side is ours, and no change to a key
/// is lost (a value left out is recorded under `conflicts:`).
@Suite struct NoteMergePropertyTests {
    /// A note as a list of keys and values (a string or a list) and body lines.
    struct Model: Equatable {
        var keys: [(String, Value)] = []
        var body: [String] = []

        enum Value: Equatable {
            case text(String)
            case list([String])
        }

        static func == (a: Model, b: Model) -> Bool {
            a.body == b.body && a.keys.map(\.0) == b.keys.map(\.0) && a.keys.map(\.1) == b.keys.map(\.1)
        }

        subscript(key: String) -> Value? {
            get { keys.first { $0.0 == key }?.1 }
            set {
                if let index = keys.firstIndex(where: { $0.0 == key }) {
                    if let newValue { keys[index].1 = newValue } else { keys.remove(at: index) }
                } else if let newValue {
                    keys.append((key, newValue))
                }
            }
        }

        var text: String {
            var out = "---\n"
            for (key, value) in keys {
                switch value {
                case .text(let text): out += "\(key): \(YAMLWriter.scalar(text, intent: key == "updated" ? .timestamp : .string))\n"
                case .list(let items): out += "\(key): \(YAMLWriter.flowList(items))\n"
                }
            }
            return out + "---\n" + body.map { $0 + "\n" }.joined()
        }
    }

    static let words = ["red", "blue", "green", "Meeting: Q3", "yes", "#ff0000", "a b", "1.10"]
    static let tags = ["home", "work", "urgent", "later", "idea"]

    static func base(_ random: inout SeededGenerator) -> Model {
        var model = Model()
        model["title"] = .text("Plan")
        model["color"] = .text(words.randomElement(using: &random)!)
        model["updated"] = .text("2026-11-20T10:00:00Z")
        model["tags"] = .list(Array(tags.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))))
        model["order"] = .text("b")
        model["k1"] = .text(words.randomElement(using: &random)!)
        model.body = (1...12).map { "line \($0)" }
        return model
    }

    /// One side: a few random edits; body lines only in `lines`, so that the two sides' body
    /// edits do not touch the same lines.
    static func edit(_ base: Model, lines: ClosedRange<Int>, _ random: inout SeededGenerator) -> Model {
        var model = base
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let key = ["title", "color", "k1", "k2", "k3", "order"].randomElement(using: &random)!
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1: model[key] = .text(words.randomElement(using: &random)!)
            case 2: model[key] = nil
            case 3:
                var items: [String] = []
                if case .list(let current)? = model["tags"] { items = current }
                let tag = tags.randomElement(using: &random)!
                if let index = items.firstIndex(of: tag) { items.remove(at: index) } else { items.append(tag) }
                model["tags"] = .list(items)
            case 4: model["order"] = .text(["a", "aV", "c", "d"].randomElement(using: &random)!)
            default:
                let line = Int.random(in: lines, using: &random)
                model.body[line] += " edited"
            }
        }
        // Often the same time on both sides: the tie-breaker must not depend on which is ours.
        model["updated"] = .text(["2026-11-21T10:00:00Z", "2026-11-21T11:00:00Z", "2026-11-21T08:00:00+03:00"].randomElement(using: &random)!)
        return model
    }

    @Test("random edits on both sides", arguments: 0..<300)
    func randomEdits(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let base = Self.base(&random)
        let ours = Self.edit(base, lines: 0...4, &random)
        let theirs = Self.edit(base, lines: 7...11, &random)
        let utc = TimeZone(identifier: "UTC")!
        let forward = try NoteMerge.merge(base: Array(base.text.utf8), ours: Array(ours.text.utf8), theirs: Array(theirs.text.utf8), timeZone: utc)
        let backward = try NoteMerge.merge(base: Array(base.text.utf8), ours: Array(theirs.text.utf8), theirs: Array(ours.text.utf8), timeZone: utc)
        let merged = String(decoding: forward.bytes, as: UTF8.self)
        let context = ("base:\n\(base.text)\nours:\n\(ours.text)\ntheirs:\n\(theirs.text)\nmerged:\n\(merged)")

        // Front matter always parses, bodies edited on different lines merge cleanly, symmetric.
        #expect(!forward.usedTextMerge, Comment(rawValue: context))
        #expect(!forward.hasConflicts, Comment(rawValue: context))
        #expect(forward.bytes == backward.bytes, Comment(rawValue: context))
        guard case .parsed(let frontMatter) = FrontMatterParser.read(forward.bytes, file: "n.md").0 else {
            Issue.record(Comment(rawValue: "the merged front matter does not parse\n" + context))
            return
        }
        let recorded = MergeConflicts.items(in: frontMatter)

        // No change to a key is lost.
        let keys = Set(base.keys.map(\.0) + ours.keys.map(\.0) + theirs.keys.map(\.0))
        for key in keys {
            let (b, o, t) = (base[key], ours[key], theirs[key])
            let result = Self.value(frontMatter.value(for: key))
            if o == t {
                #expect(result == o, Comment(rawValue: "\(key)\n" + context))
            } else if o == b {
                #expect(result == t, Comment(rawValue: "\(key)\n" + context))
            } else if t == b {
                #expect(result == o, Comment(rawValue: "\(key)\n" + context))
            } else if key == "updated" {
                #expect(result == [o, t].compactMap { $0 }.max { Self.text($0) < Self.text($1) }, Comment(rawValue: context))
            } else if case .list(let oursItems)? = o, case .list(let theirsItems)? = t {
                let baseItems: [String] = if case .list(let items)? = b { items } else { [] }
                guard case .list(let items)? = result else {
                    Issue.record(Comment(rawValue: "\(key) is not a list\n" + context))
                    continue
                }
                for item in oursItems + theirsItems where !baseItems.contains(item) {
                    #expect(items.contains(item), Comment(rawValue: "\(key) lost \(item)\n" + context))
                }
                for item in baseItems where !oursItems.contains(item) || !theirsItems.contains(item) {
                    #expect(!items.contains(item), Comment(rawValue: "\(key) kept removed \(item)\n" + context))
                }
            } else if o == nil || t == nil {
                #expect(result == (o ?? t), Comment(rawValue: "\(key)\n" + context))
                #expect(recorded.contains("\(key):"), Comment(rawValue: "\(key)\n" + context))
            } else {
                #expect(result == o || result == t, Comment(rawValue: "\(key)\n" + context))
                if key != "order" {
                    let other = result == o ? t! : o!
                    #expect(recorded.contains("\(key): \(YAMLWriter.scalar(Self.text(other)))"), Comment(rawValue: "\(key)\n" + context))
                }
            }
        }
        // The body has both sides' edits.
        let bodyLines = ours.body.indices.map { index in ours.body[index] != base.body[index] ? ours.body[index] : theirs.body[index] }
        #expect(merged.hasSuffix("---\n" + bodyLines.map { $0 + "\n" }.joined()), Comment(rawValue: context))
    }

    static func value(_ value: FrontMatter.Value?) -> Model.Value? {
        switch value {
        case .string(let text)?: .text(text)
        case .list(let items)?: .list(items)
        default: nil
        }
    }

    static func text(_ value: Model.Value) -> String {
        if case .text(let text) = value { return text }
        return ""
    }
}
