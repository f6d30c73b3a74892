import Foundation
import GRDB

/// The order of `order` keys, the one `list --sort order` shows, and keys between any two.
///
/// A key that is a decimal number (`9`, `10`, `-1`, `2.5`: an optional sign, digits, and
/// optionally a point and more digits) is a number. Numbers come first, smallest first,
/// compared as numbers (`9` before `10`); two spellings of one value (`2.5`, `2.50`) are then
/// compared as text. Every other key comes after all numbers, compared as text, byte by byte
/// (UTF-8), so enote's own keys (`V`, `aV`) keep their order. Equal keys are shown newest first.
extension OrderKey {
    /// Whether `key` is a decimal number: `[+-]?[0-9]+(\.[0-9]+)?`.
    static func isNumber(_ key: String) -> Bool { parts(of: key) != nil }

    /// -1, 0 or 1 as `a` comes before, with or after `b` in the order of keys.
    static func compare(_ a: String, _ b: String) -> Int {
        switch (parts(of: a), parts(of: b)) {
        case (let x?, let y?):
            let byValue = x.compare(y)
            return byValue != 0 ? byValue : compareBytes(a, b)
        case (.some, nil): return -1
        case (nil, .some): return 1
        case (nil, nil): return compareBytes(a, b)
        }
    }

    private static func compareBytes(_ a: String, _ b: String) -> Int {
        a.utf8.elementsEqual(b.utf8) ? 0 : a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }

    /// A key strictly between `lower` and `upper` in the order of keys (`nil` meaning the start
    /// or the end), in the neighbours' style: a number next to numbers (`9`, `10` → `9.5`), a
    /// base-62 key next to base-62 keys; `nil` when no key fits (`2.5` and `2.50`).
    static func key(between lower: String?, and upper: String?) -> String? {
        if let lower, let upper, compare(lower, upper) >= 0 { return nil }
        var candidates: [String] = []
        let lowerNumber = lower.flatMap(parts(of:))
        let upperNumber = upper.flatMap(parts(of:))
        switch (lower, upper) {
        case (nil, nil):
            candidates = ["V"]
        case (nil, let upper?):
            if let upperNumber {
                candidates = [upperNumber.integerBelow]
            } else {
                if isCanonical(upper) { candidates.append(textBetween(nil, upper)) }
                candidates.append("0")  // any number comes before any text
            }
        case (let lower?, nil):
            if let lowerNumber {
                candidates = [lowerNumber.integerAbove]
            } else {
                candidates = [isCanonical(lower) ? textBetween(lower, nil) : lower + "V", lower + "V"]
            }
        case (let lower?, let upper?):
            if let lowerNumber {
                candidates = [lowerNumber.integerAbove]
                if let upperNumber, let middle = lowerNumber.shortestBetween(upperNumber) { candidates.append(middle) }
            } else if isCanonical(lower), isCanonical(upper) {
                candidates = [textBetween(lower, upper)]
            } else {
                candidates = genericBetween(lower, upper)
            }
        }
        return candidates.first { candidate in
            (lower.map { compare($0, candidate) < 0 } ?? true) && (upper.map { compare(candidate, $0) < 0 } ?? true)
        }
    }

    /// A base-62 key between two canonical text keys that is not itself a number (all digits),
    /// which would sort among the numbers.
    private static func textBetween(_ lower: String?, _ upper: String?) -> String {
        var key = between(lower, upper)
        var steps = 0
        while isNumber(key), steps < 64 {
            key = between(key, upper)
            steps += 1
        }
        return key
    }

    /// Keys between two text keys, one of which is not base 62 (`first item`).
    private static func genericBetween(_ lower: String, _ upper: String) -> [String] {
        let low = Array(lower.utf8)
        let high = Array(upper.utf8)
        guard high.starts(with: low) else { return [lower + "V"] }  // they differ within lower
        // upper is lower followed by more: a key is lower followed by less than that.
        let rest = high[low.count...]
        var candidates: [String] = []
        if let first = rest.first {
            if let digit = digits.firstIndex(of: first), digit > 0 {
                candidates.append(lower + String(decoding: [digits[digit / 2]], as: UTF8.self))
                candidates.append(lower + String(decoding: [digits[digit / 2], UInt8(ascii: "V")], as: UTF8.self))
            }
            if rest.count > 1 { candidates.append(String(decoding: low + [first], as: UTF8.self)) }
            if first > 0x21 { candidates.append(String(decoding: low + [0x21 + (first - 0x21) / 2], as: UTF8.self)) }
        }
        return candidates
    }
}

extension OrderKey {
    /// A number key read exactly: `-12.50` → sign, "12", "5" (no leading zeros in the integer
    /// part, no trailing zeros in the fraction).
    struct Number {
        var negative: Bool
        var integer: [UInt8]
        var fraction: [UInt8]

        var isZero: Bool { integer.isEmpty && fraction.isEmpty }

        /// -1, 0 or 1, comparing values.
        func compare(_ other: Number) -> Int {
            let selfNegative = negative && !isZero
            let otherNegative = other.negative && !other.isZero
            if selfNegative != otherNegative { return selfNegative ? -1 : 1 }
            let magnitude = Self.compareMagnitude(self, other)
            return selfNegative ? -magnitude : magnitude
        }

        private static func compareMagnitude(_ a: Number, _ b: Number) -> Int {
            if a.integer.count != b.integer.count { return a.integer.count < b.integer.count ? -1 : 1 }
            if a.integer != b.integer { return a.integer.lexicographicallyPrecedes(b.integer) ? -1 : 1 }
            if a.fraction == b.fraction { return 0 }
            return a.fraction.lexicographicallyPrecedes(b.fraction) ? -1 : 1
        }

        /// The smallest whole number above this one.
        var integerAbove: String {
            if !negative || isZero { return Self.text(Self.increment(integer), negative: false) }
            // -3.5 → -3, -3 → -2, -0.5 → 0
            let magnitude = fraction.isEmpty ? Self.decrement(integer) : integer
            return Self.text(magnitude, negative: true)
        }

        /// The largest whole number below this one.
        var integerBelow: String {
            if negative && !isZero { return Self.text(Self.increment(integer), negative: true) }
            if isZero { return "-1" }
            // 2.5 → 2, 2 → 1, 0.5 → 0
            return Self.text(fraction.isEmpty ? Self.decrement(integer) : integer, negative: false)
        }

        /// The number with the fewest decimals strictly between this one and `upper` (greater),
        /// nearest the middle; `nil` when they are equal or too long to work with.
        func shortestBetween(_ upper: Number) -> String? {
            guard compare(upper) < 0, let low = Decimal(string: Self.text(integer, negative: negative, fraction: fraction)),
                let high = Decimal(string: Self.text(upper.integer, negative: upper.negative, fraction: upper.fraction))
            else { return nil }
            var middle = (low + high) / 2
            for places in 0...30 {
                var rounded = Decimal()
                NSDecimalRound(&rounded, &middle, places, .plain)
                if rounded > low, rounded < high { return "\(rounded)" }
            }
            return nil
        }

        static func text(_ integer: [UInt8], negative: Bool, fraction: [UInt8] = []) -> String {
            let whole = integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self)
            let sign = negative && !(integer.isEmpty && fraction.isEmpty) ? "-" : ""
            return sign + whole + (fraction.isEmpty ? "" : "." + String(decoding: fraction, as: UTF8.self))
        }

        static func increment(_ digits: [UInt8]) -> [UInt8] {
            var result = digits
            var position = result.count - 1
            while position >= 0 {
                if result[position] < UInt8(ascii: "9") {
                    result[position] += 1
                    return result
                }
                result[position] = UInt8(ascii: "0")
                position -= 1
            }
            return [UInt8(ascii: "1")] + result
        }

        /// `digits` minus one; `digits` is at least 1.
        static func decrement(_ digits: [UInt8]) -> [UInt8] {
            var result = digits
            var position = result.count - 1
            while position >= 0 {
                if result[position] > UInt8(ascii: "0") {
                    result[position] -= 1
                    break
                }
                result[position] = UInt8(ascii: "9")
                position -= 1
            }
            while result.first == UInt8(ascii: "0") { result.removeFirst() }
            return result
        }
    }

    /// `key` as a number, or `nil` when it is not one.
    static func parts(of key: String) -> Number? {
        var bytes = Array(key.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        let isDigit = { (byte: UInt8) in UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte }
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let integer = bytes[..<(point ?? bytes.endIndex)]
        let fraction = point.map { bytes[bytes.index(after: $0)...] } ?? []
        guard !integer.isEmpty, integer.allSatisfy(isDigit), point == nil || (!fraction.isEmpty && fraction.allSatisfy(isDigit)) else {
            return nil
        }
        return Number(
            negative: negative, integer: Array(integer.drop { $0 == UInt8(ascii: "0") }),
            fraction: Array(fraction.reversed().drop { $0 == UInt8(ascii: "0") }.reversed()))
    }
}

extension OrderKey {
    /// The order of keys as an SQLite collation, for `ORDER BY order_key COLLATE enote_order`.
    static let collation = DatabaseCollation("enote_order") { a, b in
        switch compare(a, b) {
        case ..<0: .orderedAscending
        case 0: .orderedSame
        default: .orderedDescending
        }
    }
}
