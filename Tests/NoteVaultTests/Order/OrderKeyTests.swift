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

    @Test("evenly spaced keys are increasing, canonical and short", arguments: [1, 2, 3, 10, 14, 15, 16, 61, 62, 100, 960, 961, 1000, 5_000, 60_000, 250_000])
    func evenlySpaced(count: Int) {
        let keys = OrderKey.evenlySpaced(count)
        #expect(keys.count == count)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "increasing")
        #expect(keys.allSatisfy(OrderKey.isCanonical), "canonical")
        let width = count < 15 ? 1 : count < 961 ? 2 : count < 59_582 ? 3 : 4
        #expect(keys.allSatisfy { $0.count <= width }, "at most \(width) digits")
        // There is room before the first, after the last and between any two.
        #expect(Self.isBetween(OrderKey.between(nil, keys[0]), nil, keys[0]))
        #expect(OrderKey.between(keys[count - 1], nil).count <= width + 1)
    }

    @Test("no keys for nothing")
    func evenlySpacedNone() {
        #expect(OrderKey.evenlySpaced(0).isEmpty)
    }
}
