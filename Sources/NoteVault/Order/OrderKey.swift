/// Positions for manual ordering that leave room between any two notes: base-62 fractions
/// written as strings (`a`, `aV`, `b`), compared as text, never ending in `0`.
///
/// A note is moved between two others by giving it a key between theirs, so only the moved
/// note's file changes. Keys grow by about one character each time the same gap is split; no
/// other note's key is ever rewritten to make room. How these keys sort among numbers and
/// hand-written text is ``compare(_:_:)``.
///
/// For example:
///
/// ```swift
/// OrderKey.between("a", "b")   // "aV"
/// OrderKey.between(nil, "a")   // "Z"
/// OrderKey.between("y", nil)   // "z"
/// OrderKey.between("z", nil)   // "zV"
/// ```
enum OrderKey {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    /// Whether `key` can be used for a midpoint: base-62 digits, not ending in `0`.
    static func isCanonical(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard let last = bytes.last, last != UInt8(ascii: "0") else { return false }
        return bytes.allSatisfy { digits.contains($0) }
    }

    /// A key strictly between `lower` and `upper` (`nil` meaning the start or the end).
    /// Both must be canonical and `lower < upper`.
    static func between(_ lower: String?, _ upper: String?) -> String {
        // At the ends, step one digit instead of halving the rest of the range, so that moving
        // notes to the top or the bottom again and again grows keys only every ~60 moves.
        if let lower, upper == nil {
            // Past the leading `z`s, add one to the next digit: "aV" → "b", "zV" → "zW", "zz" → "zzV".
            let bytes = Array(lower.utf8)
            if let position = bytes.firstIndex(where: { $0 != digits[digits.count - 1] }), let digit = digits.firstIndex(of: bytes[position]) {
                return String(decoding: bytes[..<position] + [digits[digit + 1]], as: UTF8.self)
            }
            return lower + "V"
        }
        if lower == nil, let upper, let first = upper.utf8.first, let digit = digits.firstIndex(of: first), digit > 1 {
            let key = String(decoding: [digits[digit - 1]], as: UTF8.self)
            if key < upper { return key }
        }
        return String(decoding: midpoint(Array((lower ?? "").utf8), upper.map { Array($0.utf8) }), as: UTF8.self)
    }

    private static func midpoint(_ a: [UInt8], _ b: [UInt8]?) -> [UInt8] {
        if let b {
            var common = 0
            while common < b.count, (common < a.count ? a[common] : digits[0]) == b[common] { common += 1 }
            if common > 0 {
                return Array(b[..<common]) + midpoint(Array(a.dropFirst(min(common, a.count))), Array(b[common...]))
            }
        }
        let digitA = a.first.map(index(of:)) ?? 0
        let digitB = b?.first.map(index(of:)) ?? digits.count
        if digitB - digitA > 1 {
            return [digits[(digitA + digitB + 1) / 2]]
        }
        if let b, b.count > 1 { return [b[0]] }
        return [digits[digitA]] + midpoint(Array(a.dropFirst()), nil)
    }

    private static func index(of digit: UInt8) -> Int {
        digits.firstIndex(of: digit) ?? 0
    }
}
