import Foundation
import Testing

@testable import NoteVault

/// Fractional base-62 order keys: a key strictly between any two, canonical, and short.
@Suite("OrderKey")
struct OrderKeyTests {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// Keys compare as bytes (SQLite's BINARY collation), which for base-62 is Swift's `<`.
    static func isBetween(_ key: String, _ lower: String?, _ upper: String?) -> Bool {
        (lower.map { Array($0.utf8).lexicographicallyPrecedes(Array(key.utf8)) } ?? true)
            && (upper.map { Array(key.utf8).lexicographicallyPrecedes(Array($0.utf8)) } ?? true)
    }

    /// A random canonical key of 1…`maxLength` digits.
    static func randomKey(_ generator: inout SeededGenerator, maxLength: Int = 6) -> String {
        let length = Int.random(in: 1...maxLength, using: &generator)
        var key = (0..<length).map { _ in digits.randomElement(using: &generator)! }
        // Lean towards the edges, where carries and zeros happen.
        if Bool.random(using: &generator) { key[key.count - 1] = ["1", "z", "y", "V"].randomElement(using: &generator)! }
        if Int.random(in: 0..<4, using: &generator) == 0 { key[0] = ["0", "z"].randomElement(using: &generator)! }
        if key.last == "0" { key[key.count - 1] = "1" }
        return String(key)
    }

    @Test(
        "examples from the documentation",
        arguments: [
            ("a", "b", "aV"), (nil, "a", "Z"), ("y", nil, "z"), ("z", nil, "zV"), (nil, nil, "V"),
        ] as [(String?, String?, String)])
    func examples(lower: String?, upper: String?, expected: String) {
        #expect(OrderKey.between(lower, upper) == expected)
    }

    /// Moving to the bottom or the top again and again steps one digit at a time, so keys stay
    /// short for dozens of moves.
    @Test func repeatedMovesToTheEndsKeepKeysShort() {
        var last = "a"
        for _ in 0..<60 {
            let next = OrderKey.between(last, nil)
            #expect(next > last)
            last = next
        }
        #expect(last.count <= 3, "\(last)")
        var first = "a"
        for _ in 0..<35 {
            let next = OrderKey.between(nil, first)
            #expect(next < first && OrderKey.isCanonical(next))
            first = next
        }
        #expect(first.count <= 3, "\(first)")
    }

    @Test(
        "tight gaps",
        arguments: [
            ("a", "b"), ("a", "a1"), ("a", "a01"), ("a0V", "a1"), ("az", "b"), ("azzz", "b"), ("zzzz", nil), (nil, "0001"),
            (nil, "1"), (nil, "01"), ("0V", "1"), ("y", "z"), ("Zz", "a"), ("a", "aV"), ("aU", "aV"), ("1", "2"), ("9", "A"),
        ] as [(String?, String?)])
    func tightGaps(lower: String?, upper: String?) {
        let key = OrderKey.between(lower, upper)
        #expect(Self.isBetween(key, lower, upper), "\(lower ?? "nil") < \(key) < \(upper ?? "nil")")
        #expect(OrderKey.isCanonical(key), "\(key)")
    }

    @Test("property: strictly between, canonical, for 20 000 random canonical pairs")
    func randomPairs() {
        var generator = SeededGenerator(seed: 62)
        var checked = 0
        while checked < 20_000 {
            let a = Self.randomKey(&generator)
            let b = Self.randomKey(&generator)
            guard a != b else { continue }
            let (lower, upper) = a < b ? (a, b) : (b, a)
            let key = OrderKey.between(lower, upper)
            #expect(Self.isBetween(key, lower, upper), "\(lower) < \(key) < \(upper)")
            #expect(OrderKey.isCanonical(key) && !key.hasSuffix("0"), "\(key)")
            #expect(key.count <= max(lower.count, upper.count) + 1, "\(lower) … \(upper) gave \(key)")
            checked += 1
        }
    }

    @Test("property: top and bottom of random keys")
    func randomEnds() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let key = Self.randomKey(&generator)
            let top = OrderKey.between(nil, key)
            let bottom = OrderKey.between(key, nil)
            #expect(top < key && OrderKey.isCanonical(top), "top of \(key): \(top)")
            #expect(bottom > key && OrderKey.isCanonical(bottom), "bottom of \(key): \(bottom)")
        }
    }

    @Test(
        "repeated insertion into the same gap stays ordered",
        arguments: [
            (0, "lower end"), (1, "upper end"), (2, "alternating"),
        ])
    func repeatedInsertion(mode: Int, _: String) {
        var lower = "a"
        var upper = "b"
        var keys = [lower, upper]
        for round in 0..<200 {
            let key = OrderKey.between(lower, upper)
            #expect(Self.isBetween(key, lower, upper), "round \(round): \(lower) < \(key) < \(upper)")
            #expect(OrderKey.isCanonical(key))
            keys.append(key)
            switch mode {
            case 0: upper = key  // always just after `a`
            case 1: lower = key  // always just before `b`
            default: if round.isMultiple(of: 2) { upper = key } else { lower = key }
            }
        }
        #expect(Set(keys).count == keys.count, "no two keys are equal")
        // Growth is about one digit per split, so a rebalance is needed only after many moves.
        #expect(keys.map(\.count).max()! <= 202)
    }

    @Test("repeatedly moving a note to the top or the bottom grows keys by about a digit per five moves")
    func repeatedEnds() {
        var first = "V"
        var last = "V"
        for _ in 0..<100 {
            let top = OrderKey.between(nil, first)
            let bottom = OrderKey.between(last, nil)
            #expect(top < first && bottom > last)
            #expect(OrderKey.isCanonical(top) && OrderKey.isCanonical(bottom))
            first = top
            last = bottom
        }
        // Each move halves the room left, so about one digit per five or six moves.
        #expect(first.count <= 25 && last.count <= 25, "\(first) \(last)")
    }

    @Test(
        "isCanonical",
        arguments: [
            ("a", true), ("aV", true), ("0001", true), ("Zz9", true), ("z", true),
            ("", false), ("0", false), ("10", false), ("a0", false), ("first", true), ("a-b", false), ("é", false), ("a b", false), ("1.5", false),
        ])
    func canonical(key: String, expected: Bool) {
        #expect(OrderKey.isCanonical(key) == expected)
    }

    @Test(
        "the order of keys: numbers first, as numbers; then text, byte by byte",
        arguments: [
            ("9", "10", -1), ("2.5", "9", -1), ("10", "9", 1), ("-1", "0", -1), ("-2", "-1", -1), ("-0.5", "0", -1),
            ("0", "-0", 1), ("2.5", "2.50", -1), ("007", "7", -1), ("1", "1", 0), ("+3", "3", -1),
            ("999999999999999999999999999999999999999999", "a", -1), ("10", "1V", -1), ("4", "4V", -1), ("4V", "8", 1),
            ("1.", "1", 1), (".5", "1", 1), ("a", "b", -1), ("b", "aV", 1), ("first item", "first", 1), ("Z", "a", -1),
            ("100000000000000000000000000000000000000001", "100000000000000000000000000000000000000002", -1),
        ] as [(String, String, Int)])
    func order(a: String, b: String, expected: Int) {
        #expect(OrderKey.compare(a, b) == expected)
        #expect(OrderKey.compare(b, a) == -expected)
    }

    /// Random keys of every kind: numbers (signed, with decimals, leading and trailing zeros),
    /// base-62 keys, text with spaces and punctuation.
    private static func randomKey(_ generator: inout some RandomNumberGenerator) -> String {
        let pieces = ["0", "1", "2", "9", "10", "-", ".", "5", "00", "a", "V", "z", "Z", " ", "é", "x1"]
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            let sign = ["", "-", "+"].randomElement(using: &generator)!
            let whole = String(Int.random(in: 0..<200, using: &generator))
            let fraction = Bool.random(using: &generator) ? "." + String(Int.random(in: 0..<1000, using: &generator)) : ""
            return sign + whole + fraction
        case 1:
            let length = Int.random(in: 1...4, using: &generator)
            return String(decoding: (0..<length).map { _ in OrderKey.digits.randomElement(using: &generator)! }, as: UTF8.self)
        default:
            return (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
    }

    @Test("property: the order is total (antisymmetric, transitive) over 600 random keys of every kind")
    func totalOrder() {
        var generator = SeededGenerator(seed: 13)
        let keys = (0..<600).map { _ in Self.randomKey(&generator) }
        let sorted = keys.sorted { OrderKey.compare($0, $1) < 0 }
        for (index, key) in sorted.enumerated() {
            for later in sorted[(index + 1)...] where OrderKey.compare(key, later) > 0 {
                Issue.record("\(key) sorts before \(later) but compares after it")
                return
            }
        }
        for a in keys.prefix(100) {
            for b in keys.prefix(100) {
                #expect(OrderKey.compare(a, b) == -OrderKey.compare(b, a))
                #expect((OrderKey.compare(a, b) == 0) == (a == b))
            }
        }
    }

    @Test("property: a key between any two neighbours is strictly between them, or there is truly none")
    func betweenAnyTwo() {
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<20_000 {
            let pair = [Self.randomKey(&generator), Self.randomKey(&generator)].sorted { OrderKey.compare($0, $1) < 0 }
            let lower = Int.random(in: 0..<8, using: &generator) == 0 ? nil : pair[0]
            let upper = Int.random(in: 0..<8, using: &generator) == 0 ? nil : pair[1]
            if let lower, let upper, lower == upper { continue }
            guard let key = OrderKey.key(between: lower, and: upper) else {
                // Only two spellings of one number, or text with no printable byte between.
                let sameValue = lower.flatMap(OrderKey.parts(of:)).map { a in upper.flatMap(OrderKey.parts(of:)).map { a.compare($0) == 0 } ?? false } ?? false
                #expect(sameValue || !(lower.map(OrderKey.isNumber) ?? true), "no key between \(lower ?? "start") and \(upper ?? "end")")
                continue
            }
            #expect(lower.map { OrderKey.compare($0, key) < 0 } ?? true, "\(lower ?? "start") < \(key)")
            #expect(upper.map { OrderKey.compare(key, $0) < 0 } ?? true, "\(key) < \(upper ?? "end")")
        }
    }
}
